import { useTranslation } from "react-i18next";
import type { Section } from "#app/content/types.ts";
import { cn } from "#app/lib/cn.ts";

/** "On this page": a link to each section's heading anchor. */
export function TableOfContents({
  sections,
  className,
}: {
  sections: Section[];
  className?: string;
}) {
  const { t } = useTranslation("content");
  return (
    <nav
      aria-labelledby="toc-heading"
      className={cn(
        "rounded-xl border bg-card p-5 text-sm lg:sticky lg:top-24 lg:max-h-[calc(100dvh-8rem)] lg:self-start lg:overflow-y-auto",
        className,
      )}
    >
      <h2 id="toc-heading" className="font-semibold">
        {t("page.onThisPage")}
      </h2>
      <ol className="mt-3 space-y-2">
        {sections.map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
            >
              {section.heading}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
