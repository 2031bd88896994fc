import { createHash, randomBytes, randomInt } from "node:crypto";
import { and, asc, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { deriveKey, hmacHex, safeEqualHex } from "#server/crypto.ts";
import type { Database } from "#server/db/client.ts";
import { authChallenges, oneTimeCodes } from "#server/db/schema.ts";

export const CODE_TTL_MS = 10 * 60_000;
export const CHALLENGE_TTL_MS = 30 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
export const RESEND_COOLDOWN_MS = 30_000;
/**
 * Hard daily ceilings per identifier, counted in the codes table (never fails
 * open), kept apart by how the challenge began: sign-in codes need the password,
 * so strangers who know only an address can spend the "request" budget (sign-up,
 * reset) but never the owner's sign-in codes. The short windows that let a person
 * back in within minutes are rate rules (AUTH_RULES.code*, decision 012).
 */
export const DAILY_CODE_LIMITS = { signin: 30, request: 20 } as const;
const DAY_MS = 86_400_000;

const codeClassOf = (purpose: string) => (purpose === "signin" ? "signin" : "request");

export type ChallengePurpose = "signup" | "signin" | "reset";
export type Challenge = typeof authChallenges.$inferSelect;

/** The browser keeps the challenge id in a cookie; the database keeps only its hash. */
export function hashChallengeId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/** Six digits from the CSPRNG, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

export function codeHasher(masterKey: Buffer) {
  const key = deriveKey(masterKey, "one-time-code");
  return (challengeIdHash: string, code: string) => hmacHex(key, `${challengeIdHash}:${code}`);
}

export async function createChallenge(
  db: Database,
  input: {
    purpose: ChallengePurpose;
    userId: string | null;
    identifier: string;
    channel: "email" | "sms";
    redirectTo: string | null;
    pendingName?: string | null;
    pendingPasswordHash?: string | null;
  },
): Promise<{ id: string; challenge: Challenge }> {
  const id = randomBytes(32).toString("base64url");
  const [challenge] = await db
    .insert(authChallenges)
    .values({
      idHash: hashChallengeId(id),
      ...input,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    })
    .returning();
  return { id, challenge: challenge! };
}

/** The challenge behind a cookie value, if it is still open. */
export async function findOpenChallenge(
  db: Database,
  id: string | null,
): Promise<Challenge | null> {
  if (!id || id.length > 100) return null;
  const [row] = await db
    .select()
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.idHash, hashChallengeId(id)),
        isNull(authChallenges.completedAt),
        gt(authChallenges.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row ?? null;
}

export type IssueResult =
  | { ok: true; code: string }
  | { ok: false; reason: "daily_limit" | "too_soon"; retryAfterSeconds: number };

/**
 * Makes a new code for the challenge, superseding any earlier one. At most
 * DAILY_CODE_LIMITS per identifier and kind of challenge in 24 hours, and one
 * per 30 seconds per challenge.
 */
export async function issueCode(
  db: Database,
  hash: ReturnType<typeof codeHasher>,
  challenge: Challenge,
): Promise<IssueResult> {
  return db.transaction(async (tx) => {
    // Serialise code issuing per identifier so the daily count cannot be raced.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${challenge.identifier}`}))`);
    const now = Date.now();
    const codeClass = codeClassOf(challenge.purpose);
    const recent = await tx
      .select({ createdAt: oneTimeCodes.createdAt })
      .from(oneTimeCodes)
      .innerJoin(authChallenges, eq(authChallenges.idHash, oneTimeCodes.challengeIdHash))
      .where(
        and(
          eq(oneTimeCodes.identifier, challenge.identifier),
          gt(oneTimeCodes.createdAt, new Date(now - DAY_MS)),
          codeClass === "signin"
            ? eq(authChallenges.purpose, "signin")
            : ne(authChallenges.purpose, "signin"),
        ),
      )
      .orderBy(asc(oneTimeCodes.createdAt));
    const limit = DAILY_CODE_LIMITS[codeClass];
    if (recent.length >= limit) {
      const freeAt = recent[recent.length - limit]!.createdAt.getTime() + DAY_MS;
      return {
        ok: false,
        reason: "daily_limit",
        retryAfterSeconds: Math.ceil((freeAt - now) / 1000),
      };
    }
    const [last] = await tx
      .select({ createdAt: oneTimeCodes.createdAt })
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.challengeIdHash, challenge.idHash))
      .orderBy(desc(oneTimeCodes.createdAt))
      .limit(1);
    if (last && now - last.createdAt.getTime() < RESEND_COOLDOWN_MS) {
      const wait = RESEND_COOLDOWN_MS - (now - last.createdAt.getTime());
      return { ok: false, reason: "too_soon", retryAfterSeconds: Math.ceil(wait / 1000) };
    }
    await tx
      .update(oneTimeCodes)
      .set({ supersededAt: new Date() })
      .where(
        and(eq(oneTimeCodes.challengeIdHash, challenge.idHash), isNull(oneTimeCodes.supersededAt)),
      );
    const code = newCode();
    await tx.insert(oneTimeCodes).values({
      challengeIdHash: challenge.idHash,
      identifier: challenge.identifier,
      codeHash: hash(challenge.idHash, code),
      expiresAt: new Date(now + CODE_TTL_MS),
    });
    return { ok: true, code };
  });
}

export type CheckResult =
  | { ok: true }
  | { ok: false; reason: "invalid"; attemptsLeft: number }
  | { ok: false; reason: "expired" | "locked" | "no_code" };

/**
 * Checks a code against the challenge's current code. A right code is used up
 * at once (single use, even under concurrent requests); a wrong one counts
 * toward the five tries after which the code is dead.
 */
export async function checkCode(
  db: Database,
  hash: ReturnType<typeof codeHasher>,
  challenge: Challenge,
  code: string,
): Promise<CheckResult> {
  const [current] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(eq(oneTimeCodes.challengeIdHash, challenge.idHash), isNull(oneTimeCodes.supersededAt)),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!current || current.usedAt) return { ok: false, reason: "no_code" };
  if (current.attempts >= MAX_CODE_ATTEMPTS) return { ok: false, reason: "locked" };
  if (current.expiresAt.getTime() <= Date.now()) return { ok: false, reason: "expired" };

  // Challenges without an account (no-reveal paths) never accept a code.
  const matches =
    challenge.userId !== null && safeEqualHex(hash(challenge.idHash, code), current.codeHash);
  if (matches) {
    const used = await db
      .update(oneTimeCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(oneTimeCodes.id, current.id),
          isNull(oneTimeCodes.usedAt),
          isNull(oneTimeCodes.supersededAt),
          sql`${oneTimeCodes.attempts} < ${MAX_CODE_ATTEMPTS}`,
          gt(oneTimeCodes.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: oneTimeCodes.id });
    if (used.length === 1) return { ok: true };
    return { ok: false, reason: "no_code" };
  }
  const [after] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(eq(oneTimeCodes.id, current.id), isNull(oneTimeCodes.usedAt)))
    .returning({ attempts: oneTimeCodes.attempts });
  const attempts = after?.attempts ?? MAX_CODE_ATTEMPTS;
  if (attempts >= MAX_CODE_ATTEMPTS) return { ok: false, reason: "locked" };
  return { ok: false, reason: "invalid", attemptsLeft: MAX_CODE_ATTEMPTS - attempts };
}

export async function completeChallenge(db: Database, challenge: Challenge) {
  await db
    .update(authChallenges)
    .set({ completedAt: new Date() })
    .where(eq(authChallenges.idHash, challenge.idHash));
}
