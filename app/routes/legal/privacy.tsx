import { LegalPage } from "#app/components/content/legal-page.tsx";
import { loadLegalDocument } from "#app/content/legal/load.server.ts";
import { privacyPolicy } from "#app/content/legal/privacy.server.ts";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/privacy";

export const loader = ({ request }: Route.LoaderArgs) => loadLegalDocument(privacyPolicy, request);
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return <LegalPage path="/legal/privacy" {...loaderData} />;
}
