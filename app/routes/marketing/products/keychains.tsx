import { ProductPage } from "#app/components/content/product-page.tsx";
import { contentFor } from "#app/content/localized.server.ts";
import { KEYCHAIN_EXAMPLE_ID, keychainPage } from "#app/content/products/keychains.server.ts";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/keychains";

export function loader({ request }: Route.LoaderArgs) {
  const { content } = contentFor(keychainPage, request);
  return { seo: content.seo, product: content, exampleTagId: KEYCHAIN_EXAMPLE_ID };
}
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

export default function KeychainsPage({ loaderData }: Route.ComponentProps) {
  return <ProductPage kind="keychains" {...loaderData} />;
}
