import { redirect } from "react-router";
import { PageIntro } from "../components/page-intro.tsx";
import { seoFor } from "../lib/i18n.server.ts";
import { metaTags } from "../lib/meta.ts";
import { getSessionUser } from "../lib/session.server.ts";
import type { Route } from "./+types/auth";

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getSessionUser(request, context)) throw redirect("/dashboard");
  return { seo: seoFor(request, "pages.auth") };
}
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

export default function AuthPage() {
  return <PageIntro pageKey="pages.auth" />;
}
