import { HeartPulse } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ACTION_BAR_SPACE } from "#app/components/card/action-bar.tsx";
import { AlertSection } from "#app/components/card/alert-section.tsx";
import type { ActiveCardData, CardActionResult } from "#app/components/card/card-data.ts";
import { ContactsSection } from "#app/components/card/contacts-section.tsx";
import { CardLanguageLinks } from "#app/components/card/language-links.tsx";
import { LocateButton } from "#app/components/card/locate-button.tsx";
import { LostCard } from "#app/components/card/lost-card.tsx";
import { ConfirmedByOwner, MedicalSection } from "#app/components/card/medical-section.tsx";
import { NotFoundCard } from "#app/components/card/not-found-card.tsx";
import { OfflineBanner } from "#app/components/card/offline-banner.tsx";
import { ResponderHandover } from "#app/components/card/responder-handover.tsx";
import { useLocalEmergencyNumber } from "#app/components/card/use-local-emergency-number.ts";
import type { DeferScriptsHandle } from "#app/lib/deferred-scripts.ts";
import type { I18nNamespacesHandle } from "#app/lib/i18n.ts";
import type { InlineCssHandle } from "#app/lib/inline-css.tsx";
import type { Route } from "./+types/card";
import { answerCardForm, loadCardPage } from "./card.server.ts";

/** `/t/{id}`: the public emergency card; its server work is in card.server.ts. */
export const loader = (args: Route.LoaderArgs) => loadCardPage(args);

export const meta = ({ data }: Route.MetaArgs) => [
  { title: data ? `${data.title} | SafeTap` : "SafeTap" },
  { name: "robots", content: "noindex, nofollow" },
];

/**
 * The card inlines its stylesheet, paints before its JavaScript starts, and
 * loads only its own strings; its links reload the page, so it never needs
 * another page's strings.
 */
export const handle: InlineCssHandle & I18nNamespacesHandle & DeferScriptsHandle = {
  inlineCss: "card",
  i18nNamespaces: ["common", "card", "offline"],
  deferScripts: true,
};

/** The card's data is fetched once; reveals and alerts answer with their own data. */
export const shouldRevalidate = () => false;

export const action = (args: Route.ActionArgs) => answerCardForm(args);

export default function PublicCard({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === "missing") {
    return <NotFoundCard tagId={loaderData.tagId} emergencyNumber={loaderData.emergencyNumber} />;
  }
  if (loaderData.state === "deactivated") {
    return (
      <LostCard
        emergencyNumber={loaderData.emergencyNumber}
        actionData={actionData?.intent === "found" ? actionData : undefined}
      />
    );
  }
  return <ActiveCard card={loaderData} actionData={actionData} />;
}

function ActiveCard({
  card,
  actionData,
}: {
  card: ActiveCardData;
  actionData: CardActionResult | undefined;
}) {
  const { t } = useTranslation("card");
  const emergency = useLocalEmergencyNumber(card.emergencyNumber);
  // Shown after a reveal posted without JavaScript: an alert posted next keeps it open.
  const medicalShown = Boolean(
    (actionData?.intent === "reveal" || actionData?.intent === "alert") && actionData.medical,
  );
  const followQuery = card.followed
    ? { alert: card.followed.alertId, token: card.followed.token }
    : actionData?.intent === "alert" && actionData.ok
      ? { alert: actionData.alertId, token: actionData.token }
      : undefined;
  return (
    <main className={`mx-auto flex min-h-dvh max-w-md flex-col gap-4 p-4 ${ACTION_BAR_SPACE}`}>
      <CardLanguageLinks keep={followQuery} />
      <header className="rounded-xl bg-primary p-4 text-primary-foreground">
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide">
          <HeartPulse className="size-4" aria-hidden="true" /> {t("title")}
        </p>
        <div className="mt-1 flex items-center gap-3">
          {card.photoSrc ? <CardPhoto src={card.photoSrc} name={card.fullName} /> : null}
          <h1 className="min-w-0 text-3xl font-bold" data-testid="card-name">
            {card.fullName || t("personInNeed")}
          </h1>
        </div>
        {card.ward ? (
          <p className="mt-1 font-semibold" data-testid="card-ward">
            {t("ward", { ward: card.ward })}
          </p>
        ) : null}
        <p className="mt-2 text-sm opacity-90">{t("intro")}</p>
        {card.hasMedical ? (
          <ConfirmedByOwner days={card.confirmedDaysAgo} className="mt-1 text-xs opacity-90" />
        ) : null}
      </header>

      {/* A child's card puts the guardians' calls first (DESIGN 1b.6); a patient's, the clinician's. */}
      {card.isMinor ? <ContactsSection contacts={card.contacts} guardians /> : null}
      {!card.isMinor && card.ward ? <ContactsSection contacts={card.contacts} /> : null}

      <AlertSection
        card={card}
        actionData={actionData}
        emergencyNumber={emergency.number}
        onPosition={emergency.fromPosition}
        medicalShown={medicalShown}
      />

      <OfflineBanner />

      {card.canAlert ? (
        <ResponderHandover idempotencyKey={card.idempotencyKey} actionData={actionData} />
      ) : null}

      {card.isMinor || card.ward ? null : <ContactsSection contacts={card.contacts} />}
      {card.hasMedical ? <MedicalSection actionData={actionData} /> : null}

      <LocateButton onLocate={emergency.locate} />

      <footer className="mt-auto pt-4 text-center text-sm">
        <Link to="/" reloadDocument className="text-muted-foreground underline" title={t("home")}>
          {t("footer")}
        </Link>
      </footer>
    </main>
  );
}

/**
 * The person's small photo beside their name: its box is fixed by width and height, so
 * nothing moves when it arrives, and it is fetched after the page's text (decision 131).
 */
function CardPhoto({ src, name }: { src: string; name: string | null }) {
  const { t } = useTranslation("card");
  return (
    <img
      src={src}
      width={64}
      height={64}
      alt={name ? t("photoAlt", { name }) : ""}
      loading="eager"
      decoding="async"
      fetchPriority="low"
      className="size-16 shrink-0 rounded-full border-2 border-primary-foreground/70 bg-primary-foreground/20 object-cover"
      data-testid="card-photo"
    />
  );
}
