import { useTranslation } from "react-i18next";
import { ArticleCard } from "#app/components/content/article-list.tsx";
import { Eyebrow } from "#app/components/content/eyebrow.tsx";
import { ARTICLES, articleSummary, blogIndex } from "#app/content/blog/index.server.ts";
import { contentFor } from "#app/content/localized.server.ts";
import type { DeferScriptsHandle } from "#app/lib/deferred-scripts.ts";
import type { InlineCssHandle } from "#app/lib/inline-css.tsx";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/index";

export function loader({ request }: Route.LoaderArgs) {
  const { language, content } = contentFor(blogIndex, request);
  return {
    seo: content.seo,
    blog: content,
    articles: ARTICLES.map((article) => articleSummary(article, language)),
  };
}
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

/** Paints from the first round trip: its CSS inline, its scripts after load (decision 155). */
export const handle: InlineCssHandle & DeferScriptsHandle = {
  inlineCss: "site",
  deferScripts: true,
  hydrate: "signed-in",
};

export default function Blog({ loaderData: { blog, articles } }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  return (
    <main className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <header className="max-w-3xl">
        <Eyebrow>{t("blog.eyebrow")}</Eyebrow>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-5xl">{blog.title}</h1>
        <p className="mt-4 text-xl leading-8 text-muted-foreground">{blog.intro}</p>
      </header>
      <ul className="mt-12 grid gap-6 md:grid-cols-2">
        {articles.map((article, index) => (
          <li key={article.slug} className={index === 0 ? "md:col-span-2" : undefined}>
            <ArticleCard article={article} className="h-full" />
          </li>
        ))}
      </ul>
    </main>
  );
}
