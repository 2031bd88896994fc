import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { Executor } from "#server/db/client.ts";
import { rateLimits } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";

export interface RateRule {
  /** Names the action and scope, e.g. "signin:identifier". */
  name: string;
  points: number;
  windowSeconds: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  consume(rule: RateRule, key: string): Promise<RateDecision>;
  /** Forgets a key (e.g. after a successful sign-in). */
  reset(rule: RateRule, key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The limits for account actions (numbers and reasons: decision 012, "auth").
 * What a stranger can do knowing only an address is counted per identifier *and*
 * requesting address, so it cannot lock the owner out; per-identifier rules that
 * count across addresses are high backstops, or count only what needs the password.
 */
export const AUTH_RULES = {
  signupIdentifierAddress: { name: "signup:identifier-address", points: 5, windowSeconds: 3600 },
  signupAddress: { name: "signup:address", points: 20, windowSeconds: 3600 },
  /** Password tries for one identifier from one address. */
  signinIdentifierAddress: { name: "signin:identifier-address", points: 10, windowSeconds: 900 },
  /** Backstop across addresses (a botnet guessing one account's password). */
  signinIdentifier: { name: "signin:identifier", points: 100, windowSeconds: 900 },
  signinAddress: { name: "signin:address", points: 50, windowSeconds: 900 },
  /** Sign-in codes: only someone who gave the right password reaches these. */
  codeSigninIdentifier: { name: "otp:signin:identifier", points: 5, windowSeconds: 300 },
  /** Sign-up and reset codes (no password needed): per identifier and requesting address. */
  codeRequestIdentifierAddress: {
    name: "otp:request:identifier-address",
    points: 5,
    windowSeconds: 300,
  },
  codeAddress: { name: "otp:address", points: 30, windowSeconds: 3600 },
  verifyAddress: { name: "verify:address", points: 60, windowSeconds: 900 },
  resetIdentifierAddress: { name: "reset:identifier-address", points: 5, windowSeconds: 3600 },
  resetAddress: { name: "reset:address", points: 20, windowSeconds: 3600 },
} satisfies Record<string, RateRule>;

/**
 * Fixed windows kept in the database: one atomic upsert per attempt, so every
 * instance sharing the database shares the counts.
 */
export function databaseRateLimiter(db: Executor): RateLimiter {
  return {
    async consume(rule, key) {
      const id = `${rule.name}:${key}`;
      const rows = await db
        .insert(rateLimits)
        .values({
          key: id,
          points: 1,
          resetAt: sql`now() + make_interval(secs => ${rule.windowSeconds})`,
        })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            points: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.points} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        })
        .returning({
          points: rateLimits.points,
          msLeft: sql<number>`greatest(0, extract(epoch from (${rateLimits.resetAt} - now())) * 1000)::float8`,
        });
      const row = rows[0]!;
      if (row.points <= rule.points) return { allowed: true };
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil(Number(row.msLeft) / 1000)),
      };
    },
    async reset(rule, key) {
      await db.delete(rateLimits).where(sql`${rateLimits.key} = ${`${rule.name}:${key}`}`);
    },
    async close() {},
  };
}

/** The same windows in Redis (rate-limiter-flexible), for many instances without database load. */
export function redisRateLimiter(url: string): RateLimiter {
  // A slow or absent Redis must not hold up a sign-in for long: commands give up
  // after two seconds and the limiter fails open (see failOpen).
  const client = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 2_000 });
  client.on("error", () => {}); // reported per call by failOpen
  const limiters = new Map<string, RateLimiterRedis>();
  const limiterFor = (rule: RateRule) => {
    let limiter = limiters.get(rule.name);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `safetap:rl:${rule.name}`,
        points: rule.points,
        duration: rule.windowSeconds,
      });
      limiters.set(rule.name, limiter);
    }
    return limiter;
  };
  return {
    async consume(rule, key) {
      try {
        await limiterFor(rule).consume(key);
        return { allowed: true };
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          return {
            allowed: false,
            retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
          };
        }
        throw error;
      }
    },
    async reset(rule, key) {
      await limiterFor(rule).delete(key);
    },
    async close() {
      client.disconnect();
    },
  };
}

/**
 * A broken limiter must never lock people out of an emergency product: errors
 * are logged and the attempt is allowed (spec: rate-limit failures are silent).
 */
export function failOpen(limiter: RateLimiter, logger: Logger): RateLimiter {
  return {
    async consume(rule, key) {
      try {
        return await limiter.consume(rule, key);
      } catch (error) {
        logger.error({ err: error, rule: rule.name }, "rate limiter failed; allowing the attempt");
        return { allowed: true };
      }
    },
    async reset(rule, key) {
      try {
        await limiter.reset(rule, key);
      } catch (error) {
        logger.error({ err: error, rule: rule.name }, "rate limiter reset failed");
      }
    },
    close: () => limiter.close(),
  };
}

/** Consumes each (rule, key) pair; the longest wait among refusals wins. */
export async function consumeAll(
  limiter: RateLimiter,
  checks: [RateRule, string][],
): Promise<RateDecision> {
  let wait = 0;
  for (const [rule, key] of checks) {
    const decision = await limiter.consume(rule, key);
    if (!decision.allowed) wait = Math.max(wait, decision.retryAfterSeconds);
  }
  return wait > 0 ? { allowed: false, retryAfterSeconds: wait } : { allowed: true };
}
