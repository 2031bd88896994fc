/**
 * Migration 0007 (decision 128) on a copy of real-shaped data: a database migrated to 0006 is
 * filled the way the product filled it (onboarded accounts with encrypted medical fields, contacts,
 * claimed, lost and unclaimed tags, alerts and deliveries, an account on the Family plan, one with
 * contacts but no profile row), then migrated to the current schema. Nothing may be lost: every
 * profile becomes its account's own person, every contact, tag and alert points at it, and the
 * encrypted fields still open.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFieldCipher } from "#server/crypto.ts";
import * as schema from "#server/db/schema.ts";
import { getProfile } from "#server/domain/profiles.ts";
import { quotaHolderFor } from "#server/domain/quotas.ts";
import { migrationsFolder } from "#server/paths.ts";

const BEFORE = "0006_dispatch";

let client: PGlite;
let folder: string;
const cipher = createFieldCipher(randomBytes(32));
const db = () => drizzle({ client, schema, casing: "snake_case" });

/** The migrations up to and including `last`, in a folder of their own. */
function migrationsUpTo(last: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "safetap-migrations-"));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8"));
  const end = journal.entries.findIndex((e: { tag: string }) => e.tag === last);
  expect(end, `migration ${last}`).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, end + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

const rows = async <T>(text: string, params: unknown[] = []) =>
  (await client.query<T>(text, params)).rows;

const people = {
  ana: randomUUID(),
  ben: randomUUID(),
  fam: randomUUID(),
  noProfile: randomUUID(),
  quiet: randomUUID(),
};
const enc = (id: string, field: string, value: string) =>
  cipher.encrypt(value, `profiles.${field}:${id}`);

beforeAll(async () => {
  client = await PGlite.create();
  folder = migrationsUpTo(BEFORE);
  await migrate(db() as never, { migrationsFolder: folder });

  for (const [name, id] of Object.entries(people)) {
    await client.query(`insert into "user" (id, name, email) values ($1, $2, $3)`, [
      id,
      name,
      `${name}@example.com`,
    ]);
  }
  // Onboarded accounts as the product wrote them: medical fields sealed to the profile's id.
  for (const id of [people.ana, people.ben, people.fam, people.quiet]) {
    await client.query(
      `insert into profiles (id, full_name, language, country, blood_type, allergies, plan,
                             onboarding_completed)
       values ($1, $2, 'es', 'es', $3, $4, $5, true)`,
      [
        id,
        `Person ${id.slice(0, 4)}`,
        enc(id, "bloodType", "O+"),
        enc(id, "allergies", JSON.stringify(["Penicillin"])),
        id === people.fam ? "family" : "pro",
      ],
    );
  }
  // Contacts, including an account whose profile row was never written.
  for (const [index, id] of [people.ana, people.ana, people.ben, people.noProfile].entries()) {
    await client.query(
      `insert into contacts (user_id, name, channel, value, priority) values ($1, $2, 'email', 'x', $3)`,
      [id, `Contact ${index}`, index + 1],
    );
  }
  const tag = (id: string, userId: string | null, extra = "") =>
    client.query(
      `insert into tags (id, product, user_id, status, is_active, is_lost, activation_token_hash)
       values ($1, 'wristband', $2, $3, $4, $5, 'hash')`,
      [
        id,
        userId,
        userId ? "active" : "inactive",
        userId !== null && extra !== "lost",
        extra === "lost",
      ],
    );
  await tag("WB-AAAAA", people.ana);
  await tag("WB-BBBBB", people.ben, "lost");
  await tag("WB-CCCCC", null);
  await tag("WB-DDDDD", people.fam);
  const [alert] = await rows<{ id: string }>(
    `insert into alerts (idempotency_key, user_id, tag_id, source) values ('k1', $1, 'WB-AAAAA', 'card')
     returning id`,
    [people.ana],
  );
  await client.query(
    `insert into alert_deliveries (alert_id, contact_name, channel, destination, status)
     values ($1, 'Contact 0', 'sms', 'x', 'sent'), ($1, 'Contact 1', 'email', 'x', 'sent')`,
    [alert!.id],
  );

  await migrate(db() as never, { migrationsFolder });
});

afterAll(async () => {
  await client?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe("migration 0007: every profile becomes its account's own person (decision 128)", () => {
  it("keeps every profile, managed by its own account, with its fields still readable", async () => {
    const profiles = await rows<{ id: string; account_id: string }>(
      "select id, account_id from profiles order by id",
    );
    expect(profiles.map((p) => p.id).sort()).toEqual(
      [people.ana, people.ben, people.fam, people.noProfile, people.quiet].sort(),
    );
    for (const profile of profiles) expect(profile.account_id).toBe(profile.id);
    const ana = await getProfile(db() as never, cipher, people.ana);
    expect(ana).toMatchObject({
      accountId: people.ana,
      bloodType: "O+",
      allergies: ["Penicillin"],
      language: "es",
      onboardingCompleted: true,
      plan: "pro",
      isMinor: false,
      conditions: [],
      photoVersion: null,
    });
  });

  it("made the missing own profile of an account that had contacts, not onboarded", async () => {
    const made = await getProfile(db() as never, cipher, people.noProfile);
    expect(made).toMatchObject({ accountId: people.noProfile, onboardingCompleted: false });
  });

  it("points every contact, tag and alert at the account's own person", async () => {
    expect(
      await rows(
        "select user_id, profile_id from contacts where profile_id is distinct from user_id",
      ),
    ).toEqual([]);
    expect(await rows("select count(*)::int as n from contacts")).toEqual([{ n: 4 }]);
    const tags = await rows<{ id: string; user_id: string | null; profile_id: string | null }>(
      "select id, user_id, profile_id from tags order by id",
    );
    expect(tags).toEqual([
      { id: "WB-AAAAA", user_id: people.ana, profile_id: people.ana },
      { id: "WB-BBBBB", user_id: people.ben, profile_id: people.ben },
      { id: "WB-CCCCC", user_id: null, profile_id: null },
      { id: "WB-DDDDD", user_id: people.fam, profile_id: people.fam },
    ]);
    expect(await rows("select profile_id from alerts")).toEqual([{ profile_id: people.ana }]);
  });

  it("counts every earlier delivery against the account that paid for it", async () => {
    expect(
      await rows("select account_id, count(*)::int as n from alert_deliveries group by account_id"),
    ).toEqual([{ account_id: people.ana, n: 2 }]);
  });

  it("makes the account on the Family plan a household it owns, and no one else's", async () => {
    const households = await rows<{ owner_user_id: string; role: string; user_id: string }>(
      `select h.owner_user_id, m.role, m.user_id
         from households h join household_members m on m.household_id = h.id`,
    );
    expect(households).toEqual([{ owner_user_id: people.fam, role: "owner", user_id: people.fam }]);
    const holder = await quotaHolderFor(db() as never, people.fam);
    expect(holder).toMatchObject({ kind: "household", plan: "family", accounts: [people.fam] });
    expect(await quotaHolderFor(db() as never, people.ana)).toMatchObject({
      kind: "user",
      plan: "pro",
      accounts: [people.ana],
    });
  });
});
