import { afterAll, describe, expect, it } from "vitest";
import {
  consumeAll,
  databaseRateLimiter,
  type RateLimiter,
  redisRateLimiter,
} from "#server/security/rate-limit.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database.ts";

const TEST_REDIS_URL = process.env.TEST_REDIS_URL;

function behavesAsAFixedWindow(make: () => Promise<RateLimiter>) {
  it("allows N attempts per window, then answers with the seconds left", async () => {
    const limiter = await make();
    const rule = { name: `test-${Math.random()}`, points: 3, windowSeconds: 120 };
    for (let i = 0; i < 3; i++)
      expect(await limiter.consume(rule, "key")).toEqual({ allowed: true });
    const refused = await limiter.consume(rule, "key");
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) {
      expect(refused.retryAfterSeconds).toBeGreaterThan(100);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(120);
    }
    expect(await limiter.consume(rule, "other-key")).toEqual({ allowed: true });
    await limiter.reset(rule, "key");
    expect(await limiter.consume(rule, "key")).toEqual({ allowed: true });
  });

  it("starts a new window once the old one is over", async () => {
    const limiter = await make();
    const rule = { name: `short-${Math.random()}`, points: 1, windowSeconds: 1 };
    expect((await limiter.consume(rule, "k")).allowed).toBe(true);
    expect((await limiter.consume(rule, "k")).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await limiter.consume(rule, "k")).allowed).toBe(true);
  });

  it("consumeInOrder goes on only while each step is allowed, and spends nothing after a refusal", async () => {
    const limiter = await make();
    const rule = (name: string, points: number) => ({
      name: `${name}-${Math.random()}`,
      points,
      windowSeconds: 300,
    });
    const [first, second, third] = [rule("first", 1), rule("second", 2), rule("third", 5)];
    const steps = [
      [first, "k"],
      [second, "k"],
      [third, "k"],
    ] as const;
    expect(await limiter.consumeInOrder(steps)).toEqual([
      { allowed: true },
      { allowed: true },
      { allowed: true },
    ]);
    // The first step is spent: the press stops there, and neither later window counts it.
    const refusedFirst = await limiter.consumeInOrder(steps);
    expect(refusedFirst).toHaveLength(1);
    expect(refusedFirst[0]!.allowed).toBe(false);
    if (!refusedFirst[0]!.allowed) expect(refusedFirst[0]!.retryAfterSeconds).toBeGreaterThan(200);
    // The second window still has its second point; a chain that starts with it spends it and
    // goes on to the third (its third point), then stops at the second from then on.
    expect(await limiter.consumeInOrder([steps[1], steps[2]])).toEqual([
      { allowed: true },
      { allowed: true },
    ]);
    const refusedSecond = await limiter.consumeInOrder([steps[1], steps[2]]);
    expect(refusedSecond.map((d) => d.allowed)).toEqual([false]);
    // The third window was counted twice above, never on a refusal: three of five points left.
    for (let i = 0; i < 3; i++) expect((await limiter.consume(third, "k")).allowed).toBe(true);
    expect((await limiter.consume(third, "k")).allowed).toBe(false);
    // One window named twice in a chain is counted twice, one step at a time.
    const twice = rule("twice", 1);
    expect(
      (
        await limiter.consumeInOrder([
          [twice, "k"],
          [twice, "k"],
        ])
      ).map((d) => d.allowed),
    ).toEqual([true, false]);
    expect(await limiter.consumeInOrder([])).toEqual([]);
  });

  it("consumeAll reports the longest wait", async () => {
    const limiter = await make();
    const a = { name: `a-${Math.random()}`, points: 1, windowSeconds: 30 };
    const b = { name: `b-${Math.random()}`, points: 1, windowSeconds: 300 };
    await consumeAll(limiter, [
      [a, "x"],
      [b, "x"],
    ]);
    const decision = await consumeAll(limiter, [
      [a, "x"],
      [b, "x"],
    ]);
    expect(decision.allowed).toBe(false);
    if (!decision.allowed) expect(decision.retryAfterSeconds).toBeGreaterThan(200);
  });
}

describe("rate limits in the database", () => {
  let database: TestDatabase;
  afterAll(() => database?.destroy());
  behavesAsAFixedWindow(async () => {
    database ??= await createTestDatabase();
    return databaseRateLimiter(database.db);
  });

  it("counts concurrent attempts exactly", async () => {
    database ??= await createTestDatabase();
    const limiter = databaseRateLimiter(database.db);
    const rule = { name: `burst-${Math.random()}`, points: 5, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 12 }, () => limiter.consume(rule, "k")));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });
});

// Decision 165: the pool's limiter runs each chain of windows as a statement prepared once per
// connection; a transaction's runs the same text with its parameters.
describe("rate limits in the database, as prepared statements", () => {
  let database: TestDatabase;
  afterAll(() => database?.destroy());
  behavesAsAFixedWindow(async () => {
    database ??= await createTestDatabase();
    return databaseRateLimiter(database.db, database.prepared);
  });

  it("counts concurrent chains exactly, and a transaction's limiter counts the same windows", async () => {
    database ??= await createTestDatabase();
    const limiter = databaseRateLimiter(database.db, database.prepared);
    const first = { name: `first-${Math.random()}`, points: 20, windowSeconds: 60 };
    const second = { name: `second-${Math.random()}`, points: 4, windowSeconds: 60 };
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        limiter.consumeInOrder([
          [first, "a"],
          [second, "b"],
        ]),
      ),
    );
    expect(results.filter((r) => r.length === 2 && r[1]!.allowed)).toHaveLength(4);
    const inTransaction = await database.db.transaction((tx) =>
      databaseRateLimiter(tx).consumeInOrder([
        [first, "a"],
        [second, "b"],
      ]),
    );
    expect(inTransaction[0]).toEqual({ allowed: true });
    expect(inTransaction[1]!.allowed).toBe(false);
  });
});

describe.runIf(TEST_REDIS_URL)("rate limits in Redis", () => {
  const limiters: RateLimiter[] = [];
  afterAll(async () => {
    for (const limiter of limiters) await limiter.close();
  });
  behavesAsAFixedWindow(async () => {
    const limiter = redisRateLimiter(TEST_REDIS_URL!);
    limiters.push(limiter);
    return limiter;
  });
});
