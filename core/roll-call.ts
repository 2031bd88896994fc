/**
 * Roll call (issue 17 item 2, decision 143): what the page, its live feed and the server share.
 */

export const ROLL_CALL_KINDS = ["evacuation", "lockdown"] as const;
export type RollCallKind = (typeof ROLL_CALL_KINDS)[number];

export function isRollCallKind(value: unknown): value is RollCallKind {
  return value === "evacuation" || value === "lockdown";
}

/**
 * Minutes after the start when the contacts of anyone still unaccounted are alerted: 10 by
 * default (a school's evacuation is usually counted within that), from 1 to 120.
 */
export const ROLL_CALL_ALERT_MINUTES = { default: 10, min: 1, max: 120 } as const;

/** How a person was marked safe. */
export const ROLL_CALL_METHODS = ["scan", "tap", "self"] as const;
export type RollCallMethod = (typeof ROLL_CALL_METHODS)[number];

export type RollCallEventType =
  | "started"
  | "joined"
  | "marked_safe"
  | "unmarked"
  | "alerted"
  | "ended";

/** One line of a roll call's timeline, as the live feed sends it. */
export interface RollCallFeedEvent {
  seq: number;
  type: RollCallEventType;
  profileId: string | null;
  personName: string | null;
  actorName: string | null;
  /** For marks: scan, tap or self. For "alerted": "drill" when no messages went out. */
  method: string | null;
  at: string;
}

/** The live feed's address under a roll call's page. */
export const rollCallEventsPath = (slug: string, rollCallId: string) =>
  `/org/${slug}/roll-call/${rollCallId}/events`;

/** The person's list entry after an event, or null when the event changes no one. */
export function statusAfter(event: RollCallFeedEvent): "safe" | "unaccounted" | null {
  if (!event.profileId) return null;
  if (event.type === "marked_safe") return "safe";
  if (event.type === "unmarked") return "unaccounted";
  return null;
}
