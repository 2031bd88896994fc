import { LegalPage } from "../components/content/legal-page.tsx";
import { loadLegalDocument } from "../content/legal/load.server.ts";
import { privacyPolicy } from "../content/legal/privacy.server.ts";
import { metaTags } from "../lib/meta.ts";
import type { Route } from "./+types/legal.privacy";

export const loader = ({ request }: Route.LoaderArgs) => loadLegalDocument(privacyPolicy, request);
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return <LegalPage path="/legal/privacy" {...loaderData} />;
}
