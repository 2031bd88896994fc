import { LegalPage } from "../components/content/legal-page.tsx";
import { privacyPolicy } from "../content/legal/privacy.server.ts";
import { legalUpdated } from "../content/legal/updated.server.ts";
import { contentFor } from "../content/localized.server.ts";
import { metaTags } from "../lib/meta.ts";
import type { Route } from "./+types/legal.privacy";

export function loader({ request }: Route.LoaderArgs) {
  const { language, content } = contentFor(privacyPolicy, request);
  return { seo: content.seo, document: content, updated: legalUpdated(language) };
}
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage path="/legal/privacy" document={loaderData.document} updated={loaderData.updated} />
  );
}
