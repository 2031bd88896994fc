import { BadgeCheck, CircleHelp, CircleX, OctagonX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "#app/lib/cn.ts";

/** A contact's answer as the loader sends it (server/domain/contact-consent.ts ContactStatus). */
export interface ContactStatusView {
  state: "pending" | "confirmed" | "declined";
  answeredAt: string | null;
  requestedAt: string | null;
  requests: number;
  stoppedAt: string | null;
}

function useDate() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  return (iso: string) => format.format(new Date(iso));
}

/**
 * Pending / Confirmed / Declined, or Stopped when the number replied STOP on the contact's
 * channel (decision 148), with the date and what it means.
 */
export function ConsentBadge({ status, channel }: { status: ContactStatusView; channel: string }) {
  const { t } = useTranslation("consent");
  const date = useDate();
  const stopped = status.stoppedAt !== null;
  const state = stopped ? "stopped" : status.state;
  const Icon =
    state === "confirmed"
      ? BadgeCheck
      : state === "stopped"
        ? OctagonX
        : state === "declined"
          ? CircleX
          : CircleHelp;
  const detail = stopped
    ? t("status.stoppedDetail", {
        channel: t(`status.family.${channel === "whatsapp" ? "whatsapp" : "sms"}`),
        date: date(status.stoppedAt!),
      })
    : state === "pending"
      ? status.requestedAt
        ? t("status.askedOn", { date: date(status.requestedAt) })
        : t("status.notAsked")
      : status.answeredAt
        ? t("status.answeredOn", { date: date(status.answeredAt) })
        : null;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 text-xs" data-testid="consent">
      <span
        className={cn(
          "inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-semibold",
          state === "confirmed" && "bg-success/15 text-foreground",
          state === "pending" && "bg-warning/20 text-foreground",
          (state === "declined" || state === "stopped") && "bg-destructive/15 text-foreground",
        )}
        data-testid="consent-state"
        data-state={state}
      >
        <Icon className="size-3.5" aria-hidden="true" /> {t(`status.${state}`)}
      </span>
      {detail ? <span className="text-muted-foreground">{detail}</span> : null}
    </span>
  );
}

/**
 * Above the list: who has not answered and who declined (both still alerted in a real
 * emergency), who stopped, and that test alerts reach confirmed contacts only (DESIGN 1b.4).
 */
export function ConsentSummary({
  contacts,
}: {
  contacts: { name: string; status: ContactStatusView }[];
}) {
  const { t } = useTranslation("consent");
  if (contacts.length === 0) return null;
  const unconfirmed = contacts.filter((c) => c.status.state === "pending" && !c.status.stoppedAt);
  const declined = contacts.filter((c) => c.status.state === "declined" && !c.status.stoppedAt);
  const stopped = contacts.filter((c) => c.status.stoppedAt);
  const confirmed = contacts.filter((c) => c.status.state === "confirmed" && !c.status.stoppedAt);
  return (
    <div className="space-y-2 text-sm" data-testid="consent-summary">
      {unconfirmed.length ? (
        <p
          className="rounded-lg border border-warning/50 bg-warning/10 p-3"
          data-testid="unconfirmed"
        >
          {t("summary.unconfirmed", {
            count: unconfirmed.length,
            names: unconfirmed.map((c) => c.name).join(", "),
          })}
        </p>
      ) : null}
      {declined.length ? (
        <p className="rounded-lg border border-warning/50 bg-warning/10 p-3" data-testid="declined">
          {t("summary.declined", {
            count: declined.length,
            names: declined.map((c) => c.name).join(", "),
          })}
        </p>
      ) : null}
      {stopped.length ? (
        <p
          className="rounded-lg border border-destructive/40 bg-destructive/10 p-3"
          data-testid="stopped"
        >
          {t("summary.stopped", {
            count: stopped.length,
            names: stopped.map((c) => c.name).join(", "),
          })}
        </p>
      ) : null}
      <p className="text-muted-foreground" data-testid="test-rule">
        {confirmed.length ? t("summary.testRule") : t("summary.testNobody")}
      </p>
    </div>
  );
}
