import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { LegalDocument } from "#app/content/types.ts";
import { Eyebrow } from "./eyebrow.tsx";
import { ContentSection, InlineText, linkClass } from "./rich-text.tsx";
import { TableOfContents } from "./table-of-contents.tsx";

const LEGAL_PAGES = [
  { to: "/legal/privacy", key: "footer.privacy" },
  { to: "/legal/terms", key: "footer.terms" },
  { to: "/legal/hipaa", key: "footer.hipaa" },
  { to: "/legal/cookies", key: "footer.cookies" },
] as const;

export interface LegalPageProps {
  document: LegalDocument;
  path: (typeof LEGAL_PAGES)[number]["to"];
  /** ISO date and the same date written in the reader's language. */
  updated: { iso: string; text: string };
}

/** A legal text: title, date, a plain summary, a table of contents and its sections. */
export function LegalPage({ document, path, updated }: LegalPageProps) {
  const { t } = useTranslation("content");
  const { t: tCommon } = useTranslation();
  return (
    <main className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <header className="max-w-3xl">
        <Eyebrow>{t("legal.eyebrow")}</Eyebrow>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{document.title}</h1>
        <p className="mt-3 text-sm text-muted-foreground">
          {t("legal.lastUpdated")} <time dateTime={updated.iso}>{updated.text}</time>
        </p>
      </header>

      <div className="mt-10 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12">
        <TableOfContents sections={document.sections} className="mb-10 lg:mb-0" />

        <article className="max-w-[70ch] text-base">
          <aside aria-labelledby="summary-heading" className="rounded-xl border bg-card p-5 sm:p-6">
            <h2 id="summary-heading" className="text-lg font-semibold">
              {t("legal.inShort")}
            </h2>
            <ul className="mt-3 list-disc space-y-2 pl-6 leading-7 marker:text-primary">
              {document.summary.map((point) => (
                <li key={point}>
                  <InlineText text={point} />
                </li>
              ))}
            </ul>
          </aside>

          <div className="mt-12">
            {document.sections.map((section) => (
              <ContentSection key={section.id} section={section} />
            ))}
          </div>

          <footer className="mt-16 border-t pt-8 text-sm">
            <p className="text-muted-foreground">
              <InlineText
                text={`${t("legal.questions")} [{{supportEmail}}](mailto:{{supportEmail}}).`}
              />
            </p>
            <nav aria-labelledby="other-legal-heading" className="mt-6">
              <h2 id="other-legal-heading" className="font-semibold">
                {t("legal.otherDocuments")}
              </h2>
              <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
                {LEGAL_PAGES.filter((page) => page.to !== path).map((page) => (
                  <li key={page.to}>
                    <Link to={page.to} className={linkClass}>
                      {tCommon(page.key)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </footer>
        </article>
      </div>
    </main>
  );
}
