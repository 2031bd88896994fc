import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { SiteFooter } from "../components/site-footer.tsx";
import { SiteHeader } from "../components/site-header.tsx";
import { useRootData } from "../root.tsx";

export default function SiteLayout() {
  const root = useRootData();
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
