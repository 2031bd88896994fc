import { ProductPage } from "#app/components/content/product-page.tsx";
import { contentFor } from "#app/content/localized.server.ts";
import { CARD_EXAMPLE_ID, cardPage } from "#app/content/products/cards.server.ts";
import type { DeferScriptsHandle } from "#app/lib/deferred-scripts.ts";
import type { InlineCssHandle } from "#app/lib/inline-css.tsx";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/cards";

export function loader({ request }: Route.LoaderArgs) {
  const { content } = contentFor(cardPage, request);
  return { seo: content.seo, product: content, exampleTagId: CARD_EXAMPLE_ID };
}
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

/** Paints from the first round trip: its CSS inline, its scripts after load (decision 155). */
export const handle: InlineCssHandle & DeferScriptsHandle = {
  inlineCss: "site",
  deferScripts: true,
  hydrate: "signed-in",
};

export default function CardsPage({ loaderData }: Route.ComponentProps) {
  return <ProductPage kind="cards" {...loaderData} />;
}
