import { ChevronDown, Link as LinkIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { InlineText } from "#app/components/content/rich-text.tsx";
import { enhancedArrival } from "#app/lib/hydration.ts";
import { useRootData } from "#app/lib/root-data.ts";

/**
 * The help centre's questions, by section (decision 153). Each section and each answer has an
 * anchor so that other pages link straight to it: `/support#contacts` opens at the section,
 * `/support#contacts-confirm` opens that answer.
 */
export const SUPPORT_SECTIONS = [
  { id: "claiming", items: ["claim", "people", "alreadyClaimed"] },
  { id: "lost-tags", items: ["lost", "damaged", "unlink"] },
  { id: "contacts", items: ["add", "confirm", "stop", "messenger", "current"] },
  { id: "alerts", items: ["message", "ack", "quota", "offline", "sos"] },
  { id: "live-location", items: ["share", "plans", "retention", "responder"] },
  { id: "privacy", items: ["card", "logged", "delete", "hipaa"] },
  { id: "organisations", items: ["start", "rollCall", "guardians", "critical"] },
  { id: "plans", items: ["free", "upgrade", "change"] },
] as const;

/** `alreadyClaimed` → `already-claimed`: anchors read like the rest of the address. */
export const answerAnchor = (section: string, item: string) =>
  `${section}-${item.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/**
 * Opens the answer a #anchor names (the browser only scrolls to it). Without JavaScript the
 * section is still scrolled to and the answer is one press away. Before React starts,
 * enhance.ts opens it (decision 160); hydrating then leaves it as the visitor has it since.
 */
function useOpenAnchoredAnswer() {
  const { pathname, search, hash } = useLocation();
  const arrival = useRef<string | null | undefined>(undefined);
  if (arrival.current === undefined) arrival.current = enhancedArrival();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the hash decides; the address is read to compare
  useEffect(() => {
    if (arrival.current === `${pathname}${search}${hash}`) return;
    arrival.current = null;
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    const details = target?.closest("details");
    if (details) details.open = true;
  }, [hash]);
}

export function SupportTopics() {
  const { t } = useTranslation("support");
  return (
    <nav aria-label={t("onThisPage")} className="mt-8">
      <ul className="flex flex-wrap gap-2">
        {SUPPORT_SECTIONS.map(({ id }) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className="inline-flex rounded-full border bg-card px-3 py-1.5 text-sm font-medium hover:bg-secondary"
            >
              {t(`sections.${id}.title`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SupportFaq() {
  const { t } = useTranslation("support");
  const supportEmail = useRootData()?.supportEmail ?? "";
  useOpenAnchoredAnswer();
  return (
    <div className="space-y-12">
      {SUPPORT_SECTIONS.map((section) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-title`}
          className="scroll-mt-24"
        >
          <h2 id={`${section.id}-title`} className="text-2xl font-semibold tracking-tight">
            {t(`sections.${section.id}.title`)}
          </h2>
          <div className="mt-4 divide-y rounded-xl border bg-card">
            {section.items.map((item) => {
              const anchor = answerAnchor(section.id, item);
              return (
                <details
                  key={item}
                  id={anchor}
                  className="group scroll-mt-24"
                  data-testid={`answer-${anchor}`}
                >
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl p-5 text-left font-medium hover:bg-secondary/50 [&::-webkit-details-marker]:hidden">
                    <span>{t(`sections.${section.id}.items.${item}.q`)}</span>
                    <ChevronDown
                      className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                      aria-hidden="true"
                    />
                  </summary>
                  <div className="space-y-3 px-5 pb-5">
                    <p className="leading-7 text-muted-foreground">
                      <InlineText
                        text={t(`sections.${section.id}.items.${item}.a`, { supportEmail })}
                      />
                    </p>
                    <a
                      href={`#${anchor}`}
                      className="inline-flex items-center gap-1 text-xs text-muted-foreground underline underline-offset-4"
                    >
                      <LinkIcon className="size-3" aria-hidden="true" />
                      {t("linkToAnswer")}
                    </a>
                  </div>
                </details>
              );
            })}
          </div>
        </section>
      ))}
    </div>
  );
}
