import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLAIM_ORDER_SQL } from "#server/db/schema.ts";
import { projectRoot } from "#server/paths.ts";
import { DELIVERY_PRIORITY, DELIVERY_PRIORITY_SQL } from "./notices.ts";

describe("the dispatcher's order and the claim index (decision 144)", () => {
  it("alerts first, mass notices last", () => {
    expect(DELIVERY_PRIORITY.alert).toBeLessThan(DELIVERY_PRIORITY.mass_notice!);
    expect(Math.max(...Object.values(DELIVERY_PRIORITY))).toBe(DELIVERY_PRIORITY.mass_notice);
  });

  it("the index orders by the claim's own expression, in the schema and in the migration", () => {
    expect(CLAIM_ORDER_SQL).toBe(DELIVERY_PRIORITY_SQL);
    // The last migration that (re)creates the index is the one the database runs with.
    const folder = path.join(projectRoot, "drizzle");
    const migration = readdirSync(folder)
      .filter((name) => name.endsWith(".sql"))
      .sort()
      .map((name) => readFileSync(path.join(folder, name), "utf8"))
      .findLast((text) => text.includes('CREATE INDEX "alert_deliveries_claim_idx"'));
    expect(migration).toContain(
      `CREATE INDEX "alert_deliveries_claim_idx" ON "alert_deliveries" USING btree ((${DELIVERY_PRIORITY_SQL}),"next_attempt_at") WHERE "alert_deliveries"."status" = 'pending';`,
    );
  });
});
