import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textArrayParam } from "#server/db/prepared.ts";
import {
  createTestDatabase,
  TEST_DATABASE_URL,
  type TestDatabase,
} from "#tests/support/database.ts";

// DatabaseHandle.prepared: the card's hot read, prepared once per connection.
// On PGlite the values travel as quoted literals, so quoting must be exact.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.destroy());

describe("prepared statements", () => {
  it("return values exactly, whatever characters they hold", async () => {
    const echo = database.prepared<{ v: string }>("echo_text", "select $1::text as v");
    for (const value of [
      "plain",
      "O'Brien",
      "back\\slash and 'quote'",
      "'); drop table tags; --",
      "Đặng Văn Lâm 🚑",
      "",
    ]) {
      expect(await echo([value])).toEqual([{ v: value }]);
    }
    // The table the injected text names is still there.
    const [count] = await database.prepared<{ n: number }>(
      "count_tags",
      "select count(*)::int as n from tags where id <> $1",
    )(["none"]);
    expect(count!.n).toBeGreaterThanOrEqual(0);
  });

  it("a list travels as one text parameter, each string exactly (textArrayParam)", async () => {
    const list = database.prepared<{ v: string[] }>("echo_list", "select $1::text[] as v");
    const values = [
      "plain",
      'a "quoted", word',
      "back\\slash\\",
      "{braces}",
      "NULL",
      "",
      "Đặng 🚑",
    ];
    expect(await list([textArrayParam(values)])).toEqual([{ v: values }]);
    expect(await list([textArrayParam([])])).toEqual([{ v: [] }]);
  });

  it("prepare once per name, and refuse a second text under the same name", async () => {
    const first = database.prepared("twice_named", "select $1::text as v");
    expect(database.prepared("twice_named", "select $1::text as v")).toBe(first);
    await first(["a"]);
    await first(["b"]);
    expect(() => database.prepared("twice_named", "select 2 as v where $1 = ''")).toThrow();
    expect(() => database.prepared("bad name; drop", "select 1")).toThrow(RangeError);
  });
});

// Decision 165: on PostgreSQL every pool connection plans a named statement once, generically.
describe.runIf(TEST_DATABASE_URL)("the pool's connections on PostgreSQL", () => {
  it("plan named statements generically, on every connection, from their first query", async () => {
    const modes = await Promise.all(
      Array.from({ length: 4 }, () =>
        database.prepared<{ mode: string }>(
          "plan_mode",
          "select current_setting('plan_cache_mode') as mode",
        )([]),
      ),
    );
    expect(modes.flat()).toEqual(Array(4).fill({ mode: "force_generic_plan" }));
  });
});
