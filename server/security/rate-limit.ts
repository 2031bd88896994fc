import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { type DatabaseHandle, type Executor, rowsOf } from "#server/db/client.ts";
import { withParams } from "#server/db/prepared.ts";
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
 * instance sharing the database shares the counts. With `prepared` (the pool's, not a
 * transaction's), each chain of windows is a statement prepared once per connection
 * (decision 165).
 */
export function databaseRateLimiter(
  db: Executor,
  prepared?: DatabaseHandle["prepared"],
): RateLimiter {
  type Counted = { step: number; allowed: boolean; ms_left: number };
  const decide = (row: Counted): RateDecision =>
    row.allowed
      ? { allowed: true }
      : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Number(row.ms_left) / 1000)) };
  const run = async (text: string, params: string[]): Promise<Counted[]> =>
    prepared
      ? prepared<Counted>(`rate_limits_${params.length / 3}`, text)(params)
      : rowsOf<Counted>(await db.execute(withParams(text, params)));
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
      const byStep = await run(
        consumeInOrderSql(steps.length),
        steps.flatMap(([rule], index) => [
          ids[index]!,
          String(rule.windowSeconds),
          String(rule.points),
        ]),
      );
      const decisions: RateDecision[] = [];
      for (const index of steps.keys()) {
        const row = byStep.find((r) => Number(r.step) === index);
        if (!row) break;
        const decision = decide(row);
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
 * The fixed-window upserts of `count` steps as one statement, its parameters three a step (the
 * window's key, its length in seconds and the rule's points): each step's upsert runs only when
 * the step before it returned a count within its rule, so a refused step spends none after it.
 */
function consumeInOrderSql(count: number): string {
  const param = (step: number, which: 1 | 2 | 3) => `$${step * 3 + which}`;
  const upserts = Array.from({ length: count }, (_, step) => {
    const source =
      step === 0
        ? `values (${param(step, 1)}, 1, now() + make_interval(secs => ${param(step, 2)}::int))`
        : `select ${param(step, 1)}, 1, now() + make_interval(secs => ${param(step, 2)}::int)
                from s${step - 1} where points <= ${param(step - 1, 3)}::int`;
    return `s${step} as (
      insert into rate_limits (key, points, reset_at) ${source}
      on conflict (key) do update set
        points = case when rate_limits.reset_at <= now() then 1 else rate_limits.points + 1 end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
      returning points, greatest(0, extract(epoch from (reset_at - now())) * 1000)::float8 as ms_left
    )`;
  });
  const results = Array.from(
    { length: count },
    (_, step) =>
      `select ${step} as step, points <= ${param(step, 3)}::int as allowed, ms_left from s${step}`,
  );
  return `with ${upserts.join(", ")} ${results.join(" union all ")}`;
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
