import { LegalPage } from "#app/components/content/legal-page.tsx";
import { hipaaNotice } from "#app/content/legal/hipaa.server.ts";
import { loadLegalDocument } from "#app/content/legal/load.server.ts";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/hipaa";

export const loader = ({ request }: Route.LoaderArgs) => loadLegalDocument(hipaaNotice, request);
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

export default function HipaaNotice({ loaderData }: Route.ComponentProps) {
  return <LegalPage path="/legal/hipaa" {...loaderData} />;
}
