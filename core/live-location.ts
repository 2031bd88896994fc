// Live location and the responder's handover (decisions 150 and 152): the rules the sharing
// phone, the contacts' live page and the server share. No server imports: components ship it.
import { sanitizeText } from "./validation.ts";

/** How long the person sharing may choose to go on: 15 minutes, 1 hour, or until they stop. */
export const LIVE_DURATIONS = ["15m", "1h", "stop"] as const;
export type LiveDuration = (typeof LIVE_DURATIONS)[number];

export function isLiveDuration(value: unknown): value is LiveDuration {
  return typeof value === "string" && (LIVE_DURATIONS as readonly string[]).includes(value);
}

/** Milliseconds a chosen duration lasts; null is "until I stop". */
export function liveDurationMs(duration: LiveDuration): number | null {
  return duration === "15m" ? 15 * 60_000 : duration === "1h" ? 60 * 60_000 : null;
}

/**
 * "Until I stop" still ends a day after the alert: a phone forgotten on a table must not go on
 * sending someone's whereabouts for days (decision 150). Alerts older than this take no new
 * share and no handover either (decision 152).
 */
export const ALERT_LIVE_WINDOW_MS = 24 * 60 * 60_000;

/** The phone sends a position at most this often while it stands still … */
export const SEND_EVERY_MS = 10_000;
/** … and sooner (but not more often than this) once it moved this far. */
export const SEND_MOVED_METRES = 20;
export const SEND_AT_MOST_EVERY_MS = 3_000;

/** The live page asks for news this often (a small JSON poll, decision 150). */
export const LIVE_POLL_MS = 4_000;

/** Positions older than this are erased (DESIGN 1b.6). */
export const POSITION_RETENTION_DAYS = 7;

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in metres. */
export function metresBetween(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(Math.min(1, h)));
}

/** Whether the phone should send `next`, given what it last sent and when. */
export function shouldSendPosition(
  last: { at: number; position: LatLng } | null,
  next: LatLng,
  now: number,
): boolean {
  if (!last) return true;
  const since = now - last.at;
  if (since >= SEND_EVERY_MS) return true;
  return since >= SEND_AT_MOST_EVERY_MS && metresBetween(last.position, next) > SEND_MOVED_METRES;
}

/** One position as the live page shows it. */
export interface LivePosition {
  id: string;
  latitude: string;
  longitude: string;
  accuracy: number | null;
  /** ISO time the phone took it. */
  recordedAt: string;
  /** ISO time the server received it (the poll's cursor). */
  receivedAt: string;
}

/** What the sharing phone is told about its share. */
export interface LiveShareState {
  /** Whether the alert's plan allows live sharing (Pro, Family, Enterprise). */
  allowed: boolean;
  state: "none" | "live" | "ended";
  /** ISO; null while "until I stop" (the day's ceiling still applies). */
  endsAt: string | null;
  endedReason: "stopped" | "expired" | "cancelled" | null;
}

/** A responder's "I'm helping" / "I'm taking them to …" as the live page shows it. */
export interface HandoverView {
  id: string;
  kind: "helping" | "taking";
  destination: string | null;
  helperName: string | null;
  at: string;
}

/** What the live page polls for. */
export interface LiveFeed {
  share: { state: "none" | "live" | "ended"; endsAt: string | null; endedAt: string | null };
  cancelled: boolean;
  positions: LivePosition[];
  handovers: HandoverView[];
}

export const HANDOVER_KINDS = ["helping", "taking"] as const;
export type HandoverKind = (typeof HANDOVER_KINDS)[number];
/** A destination or a helper's "who I am": short, like a place name. */
export const HANDOVER_TEXT_MAX = 100;

export type HandoverInput = {
  kind: HandoverKind;
  destination: string | null;
  helperName: string | null;
};

/** Web addresses, so a stranger cannot put a link in a message SafeTap sends to the family. */
const LINK = /(https?:|www\.|:\/\/|\b[a-z0-9-]+\.(com|net|org|io|ly|me|co|info|app|link)\b)/i;

/**
 * The handover form's fields, cleaned (spec: trimmed, angle brackets removed), or the key of the
 * first problem: `taking` needs a destination; neither field may hold a link or pass the limit.
 */
export function parseHandover(input: {
  kind: unknown;
  destination: unknown;
  helperName: unknown;
}): { ok: true; value: HandoverInput } | { ok: false; error: "invalid" | "destination" | "link" } {
  if (typeof input.kind !== "string" || !(HANDOVER_KINDS as readonly string[]).includes(input.kind))
    return { ok: false, error: "invalid" };
  const long = (value: unknown) =>
    typeof value === "string" && value.trim().length > HANDOVER_TEXT_MAX;
  if (long(input.destination) || long(input.helperName)) return { ok: false, error: "destination" };
  const destination = sanitizeText(input.destination ?? "", HANDOVER_TEXT_MAX) || null;
  const helperName = sanitizeText(input.helperName ?? "", HANDOVER_TEXT_MAX) || null;
  const kind = input.kind as HandoverKind;
  if (kind === "taking" && !destination) return { ok: false, error: "destination" };
  if ((destination && LINK.test(destination)) || (helperName && LINK.test(helperName)))
    return { ok: false, error: "link" };
  return {
    ok: true,
    value: { kind, destination: kind === "taking" ? destination : null, helperName },
  };
}
