import { LegalPage } from "#app/components/content/legal-page.tsx";
import { cookiePolicy } from "#app/content/legal/cookies.server.ts";
import { loadLegalDocument } from "#app/content/legal/load.server.ts";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/cookies";

export const loader = ({ request }: Route.LoaderArgs) => loadLegalDocument(cookiePolicy, request);
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

export default function CookiePolicy({ loaderData }: Route.ComponentProps) {
  return <LegalPage path="/legal/cookies" {...loaderData} />;
}
