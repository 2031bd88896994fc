/**
 * How an alert and its messages read in words, the same on the history page, in the CSV and in
 * the PDF (decision 133): channels by their translated name, statuses and notes explained.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface DeliveryFacts {
  contactName: string;
  channel: string;
  kind: string;
  status: string;
  note: string | null;
  acknowledgedAt: Date | string | null;
}

export function deliveryTexts(t: Translate, delivery: DeliveryFacts) {
  return {
    contact:
      delivery.kind === "quota_notice" ? t("history:kind.quota_notice") : delivery.contactName,
    kind: t(`history:kind.${delivery.kind}`, { defaultValue: delivery.kind }),
    channel: t(`history:channels.${delivery.channel}`, { defaultValue: delivery.channel }),
    status: delivery.acknowledgedAt
      ? t("history:delivery.acknowledged")
      : t(`history:delivery.${delivery.status}`, { defaultValue: delivery.status }),
    note: delivery.note
      ? t(`history:note.${delivery.note}`, { defaultValue: t("history:note.other") })
      : "",
  };
}

export interface AlertFacts {
  source: string;
  status: string;
  acknowledgedAt: Date | string | null;
}

export function alertTexts(t: Translate, alert: AlertFacts) {
  return {
    source: t(`history:source.${alert.source}`, { defaultValue: alert.source }),
    status:
      alert.acknowledgedAt && alert.status === "active"
        ? t("history:status.acknowledged")
        : t(`history:status.${alert.status}`, { defaultValue: alert.status }),
  };
}

/** A time as "YYYY-MM-DD HH:MM" in UTC, as the exports write it. */
export function utcMinute(value: Date | string | null | undefined): string {
  if (!value) return "";
  return new Date(value).toISOString().slice(0, 16).replace("T", " ");
}
