import { LegalPage } from "#app/components/content/legal-page.tsx";
import { loadLegalDocument } from "#app/content/legal/load.server.ts";
import { privacyPolicy } from "#app/content/legal/privacy.server.ts";
import type { DeferScriptsHandle } from "#app/lib/deferred-scripts.ts";
import type { InlineCssHandle } from "#app/lib/inline-css.tsx";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/privacy";

export const loader = ({ request }: Route.LoaderArgs) => loadLegalDocument(privacyPolicy, request);
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

/** Paints from the first round trip: its CSS inline, its scripts after load (decision 155). */
export const handle: InlineCssHandle & DeferScriptsHandle = {
  inlineCss: "site",
  deferScripts: true,
  hydrate: "signed-in",
};

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return <LegalPage path="/legal/privacy" {...loaderData} />;
}
