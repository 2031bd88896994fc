import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { type Channel, type ContactChannel, describeChannel } from "#core/channels.ts";
import type { Transaction } from "#server/db/client.ts";
import { user, userRoles } from "#server/db/schema.ts";
import {
  databaseRateLimiter,
  failOpen,
  type RateLimiter,
  type RateRule,
} from "#server/security/rate-limit.ts";
import type { Services } from "#server/services.ts";

/**
 * Ceilings on paid sends (SMS, WhatsApp, voice) so that a script cannot make
 * the service pay for thousands of calls (issue 13 item 2, decision 110).
 * Email is never capped: a capped delivery is skipped with its reason and the
 * contact's email, if any, still goes (DESIGN 1.3). The numbers are in
 * docs/decisions/012-rate-limits.md (## abuse).
 */
const HOUR = 3600;
const DAY = 86_400;
export const TOLL_RULES = {
  accountHour: { name: "toll:account:h", points: 40, windowSeconds: HOUR },
  accountDay: { name: "toll:account:d", points: 100, windowSeconds: DAY },
  /** Test alerts' paid sends, far below an emergency's. */
  testHour: { name: "toll:test:h", points: 5, windowSeconds: HOUR },
  testDay: { name: "toll:test:d", points: 10, windowSeconds: DAY },
  tagHour: { name: "toll:tag:h", points: 40, windowSeconds: HOUR },
  tagDay: { name: "toll:tag:d", points: 80, windowSeconds: DAY },
  /** Per country calling code, all accounts together. */
  prefixHour: { name: "toll:prefix:h", points: 1_000, windowSeconds: HOUR },
  prefixDay: { name: "toll:prefix:d", points: 5_000, windowSeconds: DAY },
  destinationHour: { name: "toll:dest:h", points: 6, windowSeconds: HOUR },
  destinationDay: { name: "toll:dest:d", points: 12, windowSeconds: DAY },
  /** A real emergency that every cap would leave unheard still messages its first phone contact. */
  floorDay: { name: "toll:floor:d", points: 5, windowSeconds: DAY },
} satisfies Record<string, RateRule>;

/** Test alerts per account (the alert itself, before any delivery). */
export const TEST_ALERT_RULES = {
  hour: { name: "test-alert:account:h", points: 3, windowSeconds: HOUR },
  day: { name: "test-alert:account:d", points: 10, windowSeconds: DAY },
} satisfies Record<string, RateRule>;

export type TollNote =
  | "limit_account"
  | "limit_test"
  | "limit_tag"
  | "limit_prefix"
  | "limit_destination"
  | "risky_destination";

/**
 * Country calling codes and ranges where international revenue-share fraud
 * concentrates: satellite and international networks, premium international
 * services, and small remote networks with high termination rates. Numbers
 * that libphonenumber classes as premium-rate, shared-cost, personal (UK 070)
 * or UAN are refused too. An operator allows a range with ALLOWED_PHONE_PREFIXES.
 */
export const HIGH_RISK_PREFIXES = [
  "+53", // Cuba
  "+224", // Guinea
  "+232", // Sierra Leone
  "+235", // Chad
  "+240", // Equatorial Guinea
  "+247", // Ascension
  "+252", // Somalia
  "+290", // St Helena
  "+500", // Falkland Islands
  "+672", // Australian external territories
  "+674", // Nauru
  "+675", // Papua New Guinea
  "+677", // Solomon Islands
  "+678", // Vanuatu
  "+682", // Cook Islands
  "+683", // Niue
  "+686", // Kiribati
  "+688", // Tuvalu
  "+690", // Tokelau
  "+691", // Micronesia
  "+692", // Marshall Islands
  "+808", // shared-cost services
  "+870", // Inmarsat
  "+881", // global satellite
  "+882", // international networks
  "+883", // international networks
  "+979", // international premium rate
];

const RISKY_TYPES = new Set(["PREMIUM_RATE", "SHARED_COST", "PERSONAL_NUMBER", "UAN"]);

/** Whether an E.164 number is in a premium-rate or high-fraud range that no operator allowed. */
export function isHighRiskNumber(e164: string, allowedPrefixes: readonly string[] = []): boolean {
  const number = e164.replace(/^whatsapp:/, "");
  if (allowedPrefixes.some((prefix) => number.startsWith(prefix))) return false;
  if (HIGH_RISK_PREFIXES.some((prefix) => number.startsWith(prefix))) return true;
  const type = parsePhoneNumberFromString(number)?.getType();
  return type !== undefined && RISKY_TYPES.has(type);
}

/** The contact forms' server check: a translated refusal, or null. */
export function riskyContactError(
  services: Services,
  contact: { channel: ContactChannel; value: string },
): "validation.highRiskNumber" | null {
  if (describeChannel(contact.channel).address !== "phone") return null;
  return isHighRiskNumber(contact.value, services.config.toll.allowedPhonePrefixes)
    ? "validation.highRiskNumber"
    : null;
}

/** The country calling code ("44"), or the first three digits when the number does not parse. */
export function callingCodeOf(e164: string): string {
  return (
    parsePhoneNumberFromString(e164)?.countryCallingCode ?? e164.replace(/\D/g, "").slice(0, 3)
  );
}

/** The limiter for counts taken inside the alert's transaction (PGlite has one connection). */
export function limiterWithin(
  services: Pick<Services, "config" | "limiter" | "logger">,
  tx: Transaction,
): RateLimiter {
  return services.config.redisUrl
    ? services.limiter
    : failOpen(databaseRateLimiter(tx), services.logger);
}

/** Numbers are keyed by an HMAC: the limiter's keys must not hold contacts' numbers. */
function destinationKey(services: Services, e164: string) {
  return createHmac("sha256", services.config.dataEncryptionKey)
    .update(`toll-destination:${e164}`)
    .digest("base64url")
    .slice(0, 22);
}

export interface PaidCandidate {
  channel: Channel;
  destination: string;
  status: "pending" | "skipped";
  note: string | null;
}

/**
 * Applies the ceilings to the planned paid deliveries, in order, and records
 * each refusal as the delivery's note. The account's own counts come first,
 * so a capped account cannot go on spending the counts of a number or a
 * country that other owners' emergencies need.
 *
 * A count that refused one delivery refuses the rest of this alert's too (a
 * fixed window's count only grows within it): those are skipped without asking
 * the limiter again, so a capped account's alert costs one limiter write per
 * count, not one per delivery (issue 13 item 2's flood of alerts to 15 numbers
 * each), and each key (a number's calling code, its HMAC) is computed only
 * when its count is reached.
 */
/** Whether `applyTollCaps` has anything to count: a pending send on a channel that costs money. */
export function tollCapsApply(planned: readonly PaidCandidate[]): boolean {
  return planned.some((d) => d.status === "pending" && describeChannel(d.channel).cost !== "free");
}

export async function applyTollCaps(
  services: Services,
  tx: Transaction,
  input: { userId: string; tagId: string | null; isTest: boolean },
  planned: PaidCandidate[],
): Promise<void> {
  const limiter = limiterWithin(services, tx);
  const allowed = services.config.toll.allowedPhonePrefixes;
  const refused = new Set<string>();
  for (const delivery of planned) {
    if (describeChannel(delivery.channel).cost === "free" || delivery.status !== "pending")
      continue;
    if (isHighRiskNumber(delivery.destination, allowed)) {
      Object.assign(delivery, { status: "skipped", note: "risky_destination" });
      continue;
    }
    let code: string | undefined;
    let hashed: string | undefined;
    const prefix = () => (code ??= callingCodeOf(delivery.destination));
    const destination = () => (hashed ??= destinationKey(services, delivery.destination));
    const steps: [TollNote, RateRule, () => string][] = [
      ["limit_account", TOLL_RULES.accountHour, () => input.userId],
      ["limit_account", TOLL_RULES.accountDay, () => input.userId],
      ...(input.isTest
        ? ([
            ["limit_test", TOLL_RULES.testHour, () => input.userId],
            ["limit_test", TOLL_RULES.testDay, () => input.userId],
          ] as [TollNote, RateRule, () => string][])
        : []),
      ...(input.tagId
        ? ([
            ["limit_tag", TOLL_RULES.tagHour, () => input.tagId!],
            ["limit_tag", TOLL_RULES.tagDay, () => input.tagId!],
          ] as [TollNote, RateRule, () => string][])
        : []),
      ["limit_prefix", TOLL_RULES.prefixHour, prefix],
      ["limit_prefix", TOLL_RULES.prefixDay, prefix],
      ["limit_destination", TOLL_RULES.destinationHour, destination],
      ["limit_destination", TOLL_RULES.destinationDay, destination],
    ];
    for (const [note, rule, keyOf] of steps) {
      const key = keyOf();
      const count = `${rule.name}:${key}`;
      if (refused.has(count) || !(await limiter.consume(rule, key)).allowed) {
        refused.add(count);
        Object.assign(delivery, { status: "skipped", note });
        break;
      }
    }
  }
}

/**
 * Whether a real emergency that the ceilings left reaching nobody may still
 * message its first phone contact: a few times a day per account, so a person
 * in trouble is heard and a script is not paid for.
 */
export async function emergencyFloorAllowed(
  services: Services,
  tx: Transaction,
  userId: string,
): Promise<boolean> {
  return (await limiterWithin(services, tx).consume(TOLL_RULES.floorDay, userId)).allowed;
}

/** Test alerts are limited per account before anything is recorded. */
export async function consumeTestAlert(services: Services, userId: string) {
  const hour = await services.limiter.consume(TEST_ALERT_RULES.hour, userId);
  if (!hour.allowed) return hour;
  return services.limiter.consume(TEST_ALERT_RULES.day, userId);
}

/** Admins' addresses, for paging when no OPERATOR_EMAIL is set. */
export async function operatorAddresses(services: Services): Promise<string[]> {
  if (services.config.toll.operatorEmail) return [services.config.toll.operatorEmail];
  const admins = await services.db
    .select({ email: user.email })
    .from(user)
    .innerJoin(userRoles, eq(userRoles.userId, user.id))
    .where(eq(userRoles.role, "admin"));
  return admins.map((a) => a.email).filter((email) => !email.endsWith(".invalid"));
}
