import { ComingSoonPage } from "#app/components/page-placeholder.tsx";
import { seoFor } from "#app/lib/i18n.server.ts";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/how-it-works";

export const loader = ({ request }: Route.LoaderArgs) => ({
  seo: seoFor(request, "pages.howItWorks"),
});
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

export default function Page() {
  return <ComingSoonPage pageKey="pages.howItWorks" />;
}
