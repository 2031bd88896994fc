import { data } from "react-router";
import { NotFound } from "#app/components/not-found.tsx";
import { seoFor } from "#app/lib/i18n.server.ts";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/not-found";

export const loader = ({ request }: Route.LoaderArgs) =>
  data({ seo: seoFor(request, "notFound") }, { status: 404 });
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

export default function NotFoundRoute() {
  return <NotFound />;
}
