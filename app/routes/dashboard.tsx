import { PageIntro } from "../components/page-intro.tsx";
import { requireUser } from "../lib/guards.server.ts";
import { seoFor } from "../lib/i18n.server.ts";
import { metaTags } from "../lib/meta.ts";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, "/");
  return { seo: seoFor(request, "pages.dashboard") };
}
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

export default function Page() {
  return <PageIntro pageKey="pages.dashboard" />;
}
