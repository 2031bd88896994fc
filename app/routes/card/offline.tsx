import { CloudOff, HeartPulse } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmergencyPage } from "#app/components/card/emergency-page.tsx";
import { useLocalEmergencyNumber } from "#app/components/card/use-local-emergency-number.ts";
import { buttonVariants } from "#app/components/ui/button.tsx";
import type { DeferScriptsHandle } from "#app/lib/deferred-scripts.ts";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import type { I18nNamespacesHandle } from "#app/lib/i18n.ts";
import type { InlineCssHandle } from "#app/lib/inline-css.tsx";
import { countryFromAcceptLanguage, emergencyNumberFor } from "#core/emergency-numbers.ts";
import { CARDS_CACHE, isCardPath } from "#core/offline.ts";
import type { Route } from "./+types/offline";

/**
 * `/offline`: the page the service worker shows for any page it cannot fetch
 * without a network and has not kept (decision 101): the cards kept on this
 * phone and the emergency number. The worker keeps it with the app shell.
 */
export function loader({ request }: Route.LoaderArgs) {
  const t = requestTranslator(request);
  return {
    title: t("offline:page.title"),
    emergencyNumber: emergencyNumberFor(
      countryFromAcceptLanguage(request.headers.get("accept-language")),
    ),
  };
}

export const meta = ({ data }: Route.MetaArgs) => [
  { title: data ? `${data.title} | SafeTap` : "SafeTap" },
  { name: "robots", content: "noindex" },
];

export const handle: InlineCssHandle & I18nNamespacesHandle & DeferScriptsHandle = {
  inlineCss: "card",
  i18nNamespaces: ["common", "card", "offline"],
  deferScripts: true,
};

interface KeptCard {
  path: string;
  name: string;
}

/** The cards the worker kept, with the name each shows, most recently viewed first. */
async function keptCards(): Promise<KeptCard[]> {
  if (!("caches" in window)) return [];
  const cache = await caches.open(CARDS_CACHE);
  const cards: KeptCard[] = [];
  for (const request of [...(await cache.keys())].reverse()) {
    const path = new URL(request.url).pathname;
    if (!isCardPath(path)) continue;
    const html = await (await cache.match(request))?.text();
    const name = html
      ? new DOMParser()
          .parseFromString(html, "text/html")
          .querySelector('[data-testid="card-name"]')
          ?.textContent?.trim()
      : null;
    cards.push({ path, name: name || path.slice("/t/".length) });
  }
  return cards;
}

export default function OfflinePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("offline");
  const [cards, setCards] = useState<KeptCard[] | null>(null);
  const local = useLocalEmergencyNumber(loaderData.emergencyNumber);
  useEffect(() => {
    keptCards()
      .then(setCards)
      .catch(() => setCards([]));
  }, []);
  return (
    <EmergencyPage
      emergencyNumber={local.number}
      icon={CloudOff}
      title={t("page.title")}
      lines={
        <>
          <p className="font-medium">{t("page.emergency")}</p>
          <p className="text-muted-foreground">{t("page.body")}</p>
        </>
      }
    >
      {cards === null ? null : cards.length === 0 ? (
        <p className="rounded-xl border p-4 text-sm">{t("page.none")}</p>
      ) : (
        <ul className="space-y-2" data-testid="kept-cards">
          {cards.map((card) => (
            <li key={card.path}>
              <a
                href={card.path}
                className="flex items-center gap-3 rounded-xl border bg-card p-4 font-semibold"
              >
                <HeartPulse className="size-5 text-primary" aria-hidden="true" /> {card.name}
              </a>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className={buttonVariants({ variant: "outline" })}
        onClick={() => {
          // Back to the page that could not load (same origin only).
          const from = new URLSearchParams(window.location.search).get("from") ?? "/";
          const target = new URL(from, window.location.origin);
          window.location.assign(target.origin === window.location.origin ? target.href : "/");
        }}
      >
        {t("page.retry")}
      </button>
    </EmergencyPage>
  );
}
