import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ArticleSummary } from "#app/content/blog/index.server.ts";
import { cn } from "#app/lib/cn.ts";

/** One article in a list: title (a link), date, reading time, summary and "Read more". */
export function ArticleCard({
  article,
  headingLevel = 2,
  className,
}: {
  article: ArticleSummary;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const { t } = useTranslation("content");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = `/blog/${article.slug}`;
  return (
    <article className={cn("flex flex-col rounded-xl border bg-card p-6 shadow-sm", className)}>
      <p className="text-sm text-muted-foreground">
        <time dateTime={article.date}>{article.dateText}</time>
        <span aria-hidden="true"> · </span>
        {t("blog.readingTime", { minutes: article.minutes })}
      </p>
      <Heading className="mt-2 text-xl font-semibold leading-snug tracking-tight">
        <Link to={href} className="hover:text-primary hover:underline underline-offset-4">
          {article.title}
        </Link>
      </Heading>
      <p className="mt-3 flex-1 leading-7 text-muted-foreground">{article.summary}</p>
      <Link
        to={href}
        className="mt-4 self-start font-semibold text-primary underline-offset-4 hover:underline"
      >
        {t("blog.readMore")}
        <span className="sr-only">: {article.title}</span>
      </Link>
    </article>
  );
}
