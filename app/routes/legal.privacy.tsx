import { PageIntro } from "../components/page-intro.tsx";
import { seoFor } from "../lib/i18n.server.ts";
import { metaTags } from "../lib/meta.ts";
import type { Route } from "./+types/legal.privacy";

export const loader = ({ request }: Route.LoaderArgs) => ({
  seo: seoFor(request, "pages.privacy"),
});
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

export default function Page() {
  return <PageIntro pageKey="pages.privacy" />;
}
