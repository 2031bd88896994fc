import { ProductPage } from "#app/components/content/product-page.tsx";
import { contentFor } from "#app/content/localized.server.ts";
import { WRISTBAND_EXAMPLE_ID, wristbandPage } from "#app/content/products/wristbands.server.ts";
import type { DeferScriptsHandle } from "#app/lib/deferred-scripts.ts";
import type { InlineCssHandle } from "#app/lib/inline-css.tsx";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/wristbands";

export function loader({ request }: Route.LoaderArgs) {
  const { content } = contentFor(wristbandPage, request);
  return { seo: content.seo, product: content, exampleTagId: WRISTBAND_EXAMPLE_ID };
}
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

/** Paints from the first round trip: its CSS inline, its scripts after load (decision 155). */
export const handle: InlineCssHandle & DeferScriptsHandle = {
  inlineCss: "site",
  deferScripts: true,
  hydrate: "signed-in",
};

export default function WristbandsPage({ loaderData }: Route.ComponentProps) {
  return <ProductPage kind="wristbands" {...loaderData} />;
}
