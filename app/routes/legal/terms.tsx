import { LegalPage } from "#app/components/content/legal-page.tsx";
import { loadLegalDocument } from "#app/content/legal/load.server.ts";
import { termsOfService } from "#app/content/legal/terms.server.ts";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/terms";

export const loader = ({ request }: Route.LoaderArgs) => loadLegalDocument(termsOfService, request);
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

export default function TermsOfService({ loaderData }: Route.ComponentProps) {
  return <LegalPage path="/legal/terms" {...loaderData} />;
}
