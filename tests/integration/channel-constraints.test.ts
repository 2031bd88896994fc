import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANNEL_IDS, CONTACT_CHANNELS } from "#core/channels.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.destroy());

/** The words a migrated database's CHECK constraint admits, in its order. */
async function checkedWords(name: string): Promise<string[]> {
  const result = await database.db.execute(
    sql`select pg_get_constraintdef(oid) as definition from pg_constraint where conname = ${name}`,
  );
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  const [row] = rows as { definition: string }[];
  expect(row, name).toBeDefined();
  return [...row!.definition.matchAll(/'([^']*)'/g)].map((match) => match[1]!);
}

describe("the database admits exactly the descriptor's channels (decision 125)", () => {
  it("contacts: the contact channels", async () => {
    expect(await checkedWords("contacts_channel_check")).toEqual([...CONTACT_CHANNELS]);
  });

  it("alert deliveries: every channel", async () => {
    expect(await checkedWords("alert_deliveries_channel_check")).toEqual(CHANNEL_IDS);
  });
});
