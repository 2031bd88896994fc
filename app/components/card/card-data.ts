import type { CardAlertResult } from "#server/alerts/card-alert.ts";
import type { ActiveCard, AlertStatus, MedicalInfo } from "#server/domain/public-card.ts";
import type { HandoverResult } from "#server/domain/responder-handover.ts";
import type { FoundResult } from "./lost-card.tsx";

/** What an active card's page is made from (the card's loader). */
export interface ActiveCardData {
  state: "active";
  tagId: string;
  title: string;
  fullName: string | null;
  /** A child-safe card (DESIGN 1b.6): the guardians' calls come first. */
  isMinor: boolean;
  /** A healthcare organisation's patient's ward: shown first with the clinician (decision 139). */
  ward: string | null;
  /** The person's small photo's address, or null. */
  photoSrc: string | null;
  hasMedical: boolean;
  /** Days since the owner confirmed the medical record (null: never); shown with the medical. */
  confirmedDaysAgo: number | null;
  contacts: ActiveCard["contacts"];
  canAlert: boolean;
  emergencyNumber: string;
  idempotencyKey: string;
  /** A browser without JavaScript follows its alert's status through the address. */
  followed: { alertId: string; token: string; status: AlertStatus } | null;
}

export type CardContact = ActiveCardData["contacts"][number];

/** An alert posted without JavaScript carries the medical details the page was showing. */
type AlertActionResult = CardAlertResult & { medical?: MedicalInfo | null };

/** What the card's form posts answer: a reveal, an alert, a finder's notice or a responder's update. */
export type CardActionResult =
  | { intent: "reveal"; medical: MedicalInfo | null; limited?: boolean }
  | AlertActionResult
  | FoundResult
  | HandoverResult;
