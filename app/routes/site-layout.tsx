import { useTranslation } from "react-i18next";
import { data, Outlet, useLoaderData } from "react-router";
import { Notices } from "#app/components/notices.tsx";
import { SiteFooter } from "#app/components/site-footer.tsx";
import { SiteHeader } from "#app/components/site-header.tsx";
import { takeNotice } from "#app/lib/notices.server.ts";
import { useRootData } from "#app/lib/root-data.ts";
import type { Route } from "./+types/site-layout";

/** Announces a notice left by a redirect (e.g. 'Plan updated to Free'), once. */
export function loader({ request, context }: Route.LoaderArgs) {
  const taken = takeNotice(request, "toast", context.services.config.isProduction);
  if (!taken) return { notice: null };
  return data({ notice: taken.notice }, { headers: taken.headers });
}

export default function SiteLayout() {
  const root = useRootData();
  const { notice } = useLoaderData<typeof loader>();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:p-2"
      >
        {/* visible only when focused by keyboard */}
        <SkipLabel />
      </a>
      <SiteHeader signedIn={root?.signedIn ?? false} storeUrl={root?.storeUrl ?? "/"} />
      <Notices notice={notice} />
      <div id="main" className="flex-1">
        <Outlet />
      </div>
      <SiteFooter />
    </div>
  );
}

function SkipLabel() {
  const { t } = useTranslation();
  return <>{t("nav.skipToContent")}</>;
}
