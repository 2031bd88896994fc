import { createHmac } from "node:crypto";
import { createChallenge, verifySolution } from "altcha-lib/v1";
import { and, eq, gte, isNotNull } from "drizzle-orm";
import type { Location } from "#server/alerts/create.ts";
import { alerts } from "#server/db/schema.ts";
import type { Services } from "#server/services.ts";
import type { RateRule } from "./rate-limit.ts";

/**
 * Limits on alerts from a public card (issue 13 item 9, decision 111). The
 * numbers are in docs/decisions/012-rate-limits.md (## abuse).
 */
export const CARD_ALERT_RULES = {
  /** Per address (an IPv6 /64), all tags together. */
  address: { name: "card-alert:address", points: 10, windowSeconds: 3600 },
  /** Per tag: what anyone may use. */
  tag: { name: "card-alert:tag", points: 3, windowSeconds: 600 },
  /** Per tag: kept for a press from a new device or a new place, with a proof of work. */
  reserve: { name: "card-alert:tag-reserve", points: 2, windowSeconds: 600 },
  /** A device (address) that has not alerted this tag today. */
  firstFromDevice: { name: "card-alert:device", points: 1, windowSeconds: 86_400 },
  /** A proof of work is good for one alert. */
  proofUsed: { name: "card-alert:proof", points: 1, windowSeconds: 900 },
} satisfies Record<string, RateRule>;

/** A press this far (metres) from every located alert of the last window is from a new place. */
export const FRESH_LOCATION_METRES = 250;
/** The proof of work's size: about 50,000 SHA-256 hashes on average, well under a second on a phone. */
export const CHALLENGE_MAX_NUMBER = 100_000;
const CHALLENGE_SECONDS = 300;

export interface CardChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

export type Pressure =
  | { outcome: "allowed" }
  | { outcome: "challenge" }
  | { outcome: "limited"; retryAfterSeconds: number };

const hmacKey = (services: Services) =>
  createHmac("sha256", services.config.dataEncryptionKey).update("altcha").digest("hex");

/** A self-hosted ALTCHA challenge, signed, valid for five minutes. */
export async function issueAlertChallenge(services: Services): Promise<CardChallenge> {
  return createChallenge({
    hmacKey: hmacKey(services),
    maxNumber: CHALLENGE_MAX_NUMBER,
    expires: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
  });
}

async function validProof(services: Services, proof: FormDataEntryValue | null) {
  if (typeof proof !== "string" || proof.length > 2000) return false;
  const valid = await verifySolution(proof, hmacKey(services), true).catch(() => false);
  if (!valid) return false;
  // The same solution twice is one proof: the signature identifies it.
  const signature = String(
    (JSON.parse(Buffer.from(proof, "base64").toString("utf8")) as { signature?: string }).signature,
  );
  return (await services.limiter.consume(CARD_ALERT_RULES.proofUsed, signature)).allowed;
}

function metresBetween(a: Location, b: Location) {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** No located alert on this tag in the window came from near here. */
async function isFreshLocation(services: Services, tagId: string, location: Location) {
  const since = new Date(Date.now() - CARD_ALERT_RULES.tag.windowSeconds * 1000);
  const recent = await services.db
    .select({ latitude: alerts.latitude, longitude: alerts.longitude })
    .from(alerts)
    .where(and(eq(alerts.tagId, tagId), gte(alerts.createdAt, since), isNotNull(alerts.latitude)))
    .limit(50);
  return recent.every(
    (r) =>
      metresBetween(location, { latitude: Number(r.latitude), longitude: Number(r.longitude) }) >
      FRESH_LOCATION_METRES,
  );
}

/**
 * Whether a card alert may go ahead. Under its share, it goes (no challenge:
 * a real person without JavaScript is never asked for one). Beyond it the tag
 * is under load: a press needs a proof of work and must come from a device
 * that has not alerted this tag today or from a new place, and then uses the
 * tag's reserve, which an attacker from one place and one device cannot spend.
 */
export async function cardAlertPressure(
  services: Services,
  input: {
    tagId: string;
    address: string;
    location: Location | null;
    proof: FormDataEntryValue | null;
  },
): Promise<Pressure> {
  const { limiter } = services;
  // Every press marks its device (address) for this tag, so only a device
  // that has not alerted the tag today counts as new under load.
  const device = `${input.tagId}:${input.address}`;
  // In order, each only if the one before allowed the press (one statement on the database,
  // decision 162): an address over its limit spends none of the tag's share, and a press
  // beyond the share marks its device only after the proof below.
  const [byAddress, shared] = await limiter.consumeInOrder([
    [CARD_ALERT_RULES.address, input.address],
    [CARD_ALERT_RULES.tag, input.tagId],
    [CARD_ALERT_RULES.firstFromDevice, device],
  ]);
  if (!byAddress!.allowed) return { outcome: "limited", ...byAddress! };
  if (shared!.allowed) return { outcome: "allowed" };
  if (!(await validProof(services, input.proof))) return { outcome: "challenge" };
  const fresh =
    (await limiter.consume(CARD_ALERT_RULES.firstFromDevice, device)).allowed ||
    (input.location !== null && (await isFreshLocation(services, input.tagId, input.location)));
  if (!fresh) return { outcome: "limited", retryAfterSeconds: shared!.retryAfterSeconds };
  const reserve = await limiter.consume(CARD_ALERT_RULES.reserve, input.tagId);
  return reserve.allowed ? { outcome: "allowed" } : { outcome: "limited", ...reserve };
}
