import type { MetaDescriptor } from "react-router";

export interface Seo {
  title: string;
  description: string;
}

/** Title, description and link-preview tags from a loader's translated `seo`. */
export function metaTags(seo: Seo | undefined): MetaDescriptor[] {
  if (!seo) return [{ title: "SafeTap" }];
  const title = `${seo.title} | SafeTap`;
  return [
    { title },
    { name: "description", content: seo.description },
    { property: "og:title", content: title },
    { property: "og:description", content: seo.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "SafeTap" },
    { name: "twitter:card", content: "summary" },
  ];
}
