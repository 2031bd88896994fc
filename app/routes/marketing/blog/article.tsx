import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, isRouteErrorResponse, Link } from "react-router";
import { ArticleCard } from "#app/components/content/article-list.tsx";
import { Eyebrow } from "#app/components/content/eyebrow.tsx";
import { ContentSection } from "#app/components/content/rich-text.tsx";
import { NotFound } from "#app/components/not-found.tsx";
import { ARTICLES, articleSummary, findArticle } from "#app/content/blog/index.server.ts";
import type { DeferScriptsHandle } from "#app/lib/deferred-scripts.ts";
import type { InlineCssHandle } from "#app/lib/inline-css.tsx";
import { metaTags } from "#app/lib/meta.ts";
import { detectRequestLanguage } from "#core/languages.ts";
import type { Route } from "./+types/article";

const MORE_ARTICLES = 2;

export function loader({ request, params }: Route.LoaderArgs) {
  const article = findArticle(params.slug);
  if (!article) throw data(null, { status: 404, statusText: "Not Found" });
  const language = detectRequestLanguage(request);
  const summary = articleSummary(article, language);
  return {
    seo: { title: summary.title, description: summary.summary },
    article: { ...summary, sections: article.text[language].sections },
    more: ARTICLES.filter((other) => other.slug !== article.slug)
      .slice(0, MORE_ARTICLES)
      .map((other) => articleSummary(other, language)),
  };
}
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

/** Paints from the first round trip: its CSS inline, its scripts after load (decision 155). */
export const handle: InlineCssHandle & DeferScriptsHandle = {
  inlineCss: "site",
  deferScripts: true,
  hydrate: "signed-in",
};

export default function BlogArticle({ loaderData: { article, more } }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <Link
        to="/blog"
        className="inline-flex items-center gap-2 text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t("blog.backToBlog")}
      </Link>
      <article className="mt-6">
        <header className="border-b pb-8">
          <Eyebrow>{t("blog.eyebrow")}</Eyebrow>
          <h1 className="mt-2 text-3xl font-bold leading-tight tracking-tight sm:text-4xl">
            {article.title}
          </h1>
          <p className="mt-4 text-sm text-muted-foreground">
            {t("blog.published")} <time dateTime={article.date}>{article.dateText}</time>
            <span aria-hidden="true"> · </span>
            {t("blog.readingTime", { minutes: article.minutes })}
          </p>
          <p className="mt-6 text-xl leading-8 text-muted-foreground">{article.summary}</p>
        </header>
        <div className="mt-10 max-w-[70ch]">
          {article.sections.map((section) => (
            <ContentSection key={section.id} section={section} />
          ))}
        </div>
      </article>
      <section aria-labelledby="more-articles" className="mt-16 border-t pt-10">
        <h2 id="more-articles" className="text-xl font-semibold">
          {t("blog.moreArticles")}
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2">
          {more.map((other) => (
            <li key={other.slug}>
              <ArticleCard article={other} headingLevel={3} className="h-full" />
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

/** An unknown article is a 404 inside the site's header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}
