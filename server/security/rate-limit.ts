import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { type Executor, rowsOf } from "#server/db/client.ts";
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
  /**
   * Consumes each (rule, key) pair in order, going on only while every one before was allowed:
   * the decisions made, up to and with the first refusal. The database does it in one statement
   * (decision 162), so a guard that counts a press three ways costs one round trip.
   */
  consumeInOrder(steps: readonly (readonly [RateRule, string])[]): Promise<RateDecision[]>;
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
  const decide = (rule: RateRule, row: { points: number; ms_left: number }): RateDecision =>
    row.points <= rule.points
      ? { allowed: true }
      : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Number(row.ms_left) / 1000)) };
  const limiter: RateLimiter = {
    async consume(rule, key) {
      const [decision] = await limiter.consumeInOrder([[rule, key]]);
      return decision!;
    },
    async consumeInOrder(steps) {
      if (!steps.length) return [];
      const ids = steps.map(([rule, key]) => `${rule.name}:${key}`);
      // One window counted twice in a statement is refused by PostgreSQL: one at a time then.
      if (new Set(ids).size !== ids.length) return consumeEachInOrder(limiter, steps);
      const rows = await db.execute<{ step: number; points: number; ms_left: number }>(
        consumeInOrderSql(steps, ids),
      );
      const byStep = rowsOf<{ step: number; points: number; ms_left: number }>(rows);
      const decisions: RateDecision[] = [];
      for (const [index, [rule]] of steps.entries()) {
        const row = byStep.find((r) => Number(r.step) === index);
        if (!row) break;
        const decision = decide(rule, row);
        decisions.push(decision);
        if (!decision.allowed) break;
      }
      return decisions;
    },
    async reset(rule, key) {
      await db.delete(rateLimits).where(sql`${rateLimits.key} = ${`${rule.name}:${key}`}`);
    },
    async close() {},
  };
  return limiter;
}

/**
 * The fixed-window upserts of `steps` as one statement: each step's upsert runs only when the
 * step before it returned a count within its rule, so a refused step spends none after it.
 */
function consumeInOrderSql(steps: readonly (readonly [RateRule, string])[], ids: string[]) {
  const upserts = steps.map(([rule], index) => {
    const source =
      index === 0
        ? sql`values (${ids[index]}, 1, now() + make_interval(secs => ${rule.windowSeconds}))`
        : sql`select ${ids[index]}, 1, now() + make_interval(secs => ${rule.windowSeconds})
                from ${sql.raw(`s${index - 1}`)} where points <= ${steps[index - 1]![0].points}`;
    return sql`${sql.raw(`s${index}`)} as (
      insert into rate_limits (key, points, reset_at) ${source}
      on conflict (key) do update set
        points = case when rate_limits.reset_at <= now() then 1 else rate_limits.points + 1 end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
      returning points, greatest(0, extract(epoch from (reset_at - now())) * 1000)::float8 as ms_left
    )`;
  });
  const results = steps.map(
    (_, index) =>
      sql`select ${sql.raw(String(index))} as step, points, ms_left from ${sql.raw(`s${index}`)}`,
  );
  return sql`with ${sql.join(upserts, sql`, `)} ${sql.join(results, sql` union all `)}`;
}

/** `consumeInOrder` one call at a time, for limiters without a single statement. */
async function consumeEachInOrder(
  limiter: RateLimiter,
  steps: readonly (readonly [RateRule, string])[],
): Promise<RateDecision[]> {
  const decisions: RateDecision[] = [];
  for (const [rule, key] of steps) {
    const decision = await limiter.consume(rule, key);
    decisions.push(decision);
    if (!decision.allowed) break;
  }
  return decisions;
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
    consumeInOrder(steps) {
      return consumeEachInOrder(this, steps);
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
    async consumeInOrder(steps) {
      try {
        return await limiter.consumeInOrder(steps);
      } catch (error) {
        logger.error(
          { err: error, rules: steps.map(([rule]) => rule.name) },
          "rate limiter failed; allowing the attempt",
        );
        return steps.map(() => ({ allowed: true }) as const);
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
