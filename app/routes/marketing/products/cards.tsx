import { ProductPage } from "#app/components/content/product-page.tsx";
import { contentFor } from "#app/content/localized.server.ts";
import { CARD_EXAMPLE_ID, cardPage } from "#app/content/products/cards.server.ts";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/cards";

export function loader({ request }: Route.LoaderArgs) {
  const { content } = contentFor(cardPage, request);
  return { seo: content.seo, product: content, exampleTagId: CARD_EXAMPLE_ID };
}
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

export default function CardsPage({ loaderData }: Route.ComponentProps) {
  return <ProductPage kind="cards" {...loaderData} />;
}
