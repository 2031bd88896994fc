import { ComingSoonPage } from "#app/components/page-placeholder.tsx";
import { seoFor } from "#app/lib/i18n.server.ts";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/support";

export const loader = ({ request }: Route.LoaderArgs) => ({
  seo: seoFor(request, "pages.support"),
});
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

export default function Page() {
  return <ComingSoonPage pageKey="pages.support" />;
}
