import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "#server/db/schema.ts";
import { recordAudit } from "#server/domain/audit.ts";
import { chainPage, chainText, verifyOrganizationChain } from "#server/domain/audit-chain.ts";
import { verifyExport } from "#server/domain/audit-export.ts";
import { addOrgPerson } from "#server/domain/org-people.ts";
import type { OrgSummary } from "#server/domain/organizations.ts";
import { BODY_LIMITS, limitFor } from "#server/http/body-limits.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner, type Owner } from "#tests/support/fixtures.ts";
import { type Client, signIn } from "#tests/support/http-client.ts";
import { addLocation, addOrgMember, createOrg } from "#tests/support/orgs.ts";
import { runCli } from "#tests/support/processes.ts";

let app: TestApp;
let ward: OrgSummary;
let other: OrgSummary;
let admin: Owner;
let staff: Owner;
let adminClient: Client;
let otherClient: Client;
let patient: string;

const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    unknown
  >[];

const page = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

/** Real activity: people added, their pages opened, a handover, a medical change. */
async function activity(org: OrgSummary, client: Client, name: string) {
  const location = await addLocation(app.services, org, { name: `${name} wing` });
  const added = await addOrgPerson(app.services.db, app.services, org, null, {
    fullName: `${name} Patient`,
    groupName: "4B",
    locationId: location.id,
  });
  if (!added.ok) throw new Error(added.reason);
  const person = `/org/${org.slug}/people/${added.profileId}`;
  expect((await client.get(person)).status).toBe(200);
  const moved = await client.post(person, {
    intent: "handover",
    groupName: "5C",
    locationId: location.id,
    note: "Zoë's bed “by the window” ✓",
  });
  expect(moved.status).toBe(200);
  const changed = await client.post(person, {
    intent: "medical",
    allergies: "Penicillin",
    reason: "Told by the family",
  });
  expect(changed.status).toBe(200);
  return added.profileId;
}

/** The export as the admin downloads it, split into its header and entry lines. */
async function exported(client: Client, org: OrgSummary, query = "") {
  const response = await client.get(`/org/${org.slug}/log/export.jsonl${query}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/x-ndjson");
  const lines = (await response.text()).trimEnd().split("\n");
  return { header: JSON.parse(lines[0]!), entries: lines.slice(1) };
}

const fileOf = (header: unknown, entries: string[]) =>
  `${[JSON.stringify(header), ...entries].join("\n")}\n`;

/** Uploads a file to the verify page as the admin's browser would. */
async function upload(client: Client, org: OrgSummary, body: string) {
  const form = new FormData();
  form.set("file", new File([body], "export.jsonl", { type: "application/x-ndjson" }));
  return app.request(`/org/${org.slug}/log/verify`, {
    method: "POST",
    body: form,
    headers: { cookie: client.cookieHeader, "x-forwarded-for": client.address },
  });
}

function writeTemp(body: string) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "safetap-audit-")), "export.jsonl");
  writeFileSync(file, body);
  return file;
}

beforeAll(async () => {
  app = await createTestApp();
  ward = await createOrg(app.services, { preset: "healthcare", name: "Chain Hospital" });
  other = await createOrg(app.services, { preset: "healthcare", name: "Second Hospital" });
  [admin, staff] = await Promise.all([
    createOwner(app.services, { name: "Ada" }),
    createOwner(app.services, { name: "Stella" }),
  ]);
  const otherAdmin = await createOwner(app.services, { name: "Otto" });
  await addOrgMember(app.services, ward, admin.userId, "admin");
  await addOrgMember(app.services, ward, staff.userId, "staff");
  await addOrgMember(app.services, other, otherAdmin.userId, "admin");
  adminClient = await signIn(app, admin.email);
  otherClient = await signIn(app, otherAdmin.email);
  patient = await activity(ward, adminClient, "Mia");
  await activity(other, otherClient, "Noah");
});
afterAll(() => app?.close());

describe("the audit hash chain", () => {
  it("is intact after real activity, and JavaScript's hashed text equals SQL's", async () => {
    const check = await verifyOrganizationChain(app.services.db, ward.id);
    expect(check).toMatchObject({ ok: true });
    const lines = await chainPage(app.services.db, ward.id, 1, 10_000);
    expect(lines.length).toBeGreaterThan(5);
    expect(check.lines).toBe(lines.length);
    expect(lines.some((l) => l.metadata.includes("Zoë"))).toBe(true);
    const sqlTexts = rowsOf(
      await app.services.db.execute(sql`
        select audit_chain_text(a.prev_hash, a.chain_index, a) as text
        from audit_events a where a.organization_id = ${ward.id} order by a.chain_index`),
    ).map((row) => row.text);
    expect(lines.map((line) => chainText(line.prevHash, line))).toEqual(sqlTexts);
  });

  it("leaves no gap or fork when one organisation's lines are written concurrently", async () => {
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2
          ? recordAudit(app.services.db, app.services.logger, {
              type: "org_person_viewed",
              userId: staff.userId,
              profileId: patient,
              organizationId: ward.id,
            })
          : app.services.db.transaction((tx) =>
              recordAudit(tx, app.services.logger, {
                type: "org_location_updated",
                userId: admin.userId,
                organizationId: ward.id,
                metadata: { n: i },
              }),
            ),
      ),
    );
    const indexes = (
      await app.services.db
        .select({ index: auditEvents.chainIndex })
        .from(auditEvents)
        .where(eq(auditEvents.organizationId, ward.id))
        .orderBy(auditEvents.chainIndex)
    ).map((row) => row.index);
    expect(indexes).toEqual(indexes.map((_, i) => i + 1));
    expect(await verifyOrganizationChain(app.services.db, ward.id)).toMatchObject({
      ok: true,
      lines: indexes.length,
    });
  });

  it("keeps a second organisation's chain separate", async () => {
    const theirs = await chainPage(app.services.db, other.id, 1, 10_000);
    expect(theirs[0]).toMatchObject({ chainIndex: 1, prevHash: "0".repeat(64) });
    expect(theirs.every((line) => line.organizationId === other.id)).toBe(true);
    expect(await verifyOrganizationChain(app.services.db, other.id)).toMatchObject({ ok: true });
    const ours = await chainPage(app.services.db, ward.id, 1, 10_000);
    expect(ours.some((line) => line.organizationId === other.id)).toBe(false);
  });
});

describe("an export and its verification", () => {
  it("verifies, with the command and with the page", async () => {
    const { header, entries } = await exported(adminClient, ward);
    expect(header).toMatchObject({
      format: "safetap-audit-export/1",
      organization: { id: ward.id, name: "Chain Hospital", slug: ward.slug },
      count: entries.length,
      start: { chainIndex: 1, prevHash: "0".repeat(64) },
    });
    expect(header.verify).toContain("safetap audit verify FILE");
    expect(Object.keys(JSON.parse(entries[0]!)).sort()).toEqual(
      [
        "chainIndex",
        "id",
        "eventType",
        "userId",
        "profileId",
        "householdId",
        "organizationId",
        "success",
        "clientAddress",
        "metadata",
        "createdAt",
        "prevHash",
        "hash",
      ].sort(),
    );
    const body = fileOf(header, entries);
    const check = await verifyExport(body.split("\n"));
    expect(check).toMatchObject({ ok: true, entries: entries.length });

    const cli = await runCli(["audit", "verify", writeTemp(body)], {});
    expect(cli.stderr).toBe("");
    expect(cli.code).toBe(0);
    expect(cli.stdout).toContain(`intact: ${entries.length} entries, last hash `);
    expect(cli.stdout).toContain(JSON.parse(entries.at(-1)!).hash);

    const answer = await upload(adminClient, ward, body);
    expect(answer.status).toBe(200);
    const html = await page(answer);
    expect(html).toContain(`Intact: ${entries.length} entries`);
    expect(html).toContain("The file says it is the log of Chain Hospital.");

    const logged = await app.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.organizationId, ward.id));
    const types = logged.map((line) => line.eventType);
    expect(types).toContain("org_audit_exported");
    expect(logged.find((l) => l.eventType === "org_audit_verified")?.metadata).toMatchObject({
      source: "file",
      ok: true,
      entries: entries.length,
    });
  });

  it("finds one edited field, a removed line and two swapped lines at the right entry", async () => {
    const { header, entries } = await exported(adminClient, ward);
    const k = 4;
    const edited = [...entries];
    const line = JSON.parse(edited[k - 1]!);
    line.metadata = line.metadata.replace("}", ', "extra": 1}');
    edited[k - 1] = JSON.stringify(line);
    const removed = entries.filter((_, i) => i !== k - 1);
    const swapped = [...entries];
    [swapped[k - 1], swapped[k]] = [swapped[k]!, swapped[k - 1]!];

    for (const [name, lines, reason] of [
      ["edited", edited, "hash_mismatch"],
      ["removed", removed, "gap"],
      ["swapped", swapped, "gap"],
    ] as const) {
      const check = await verifyExport(fileOf(header, lines).split("\n"));
      expect(check, name).toMatchObject({ ok: false, brokenAt: k, reason, entries: k - 1 });
      const html = await page(await upload(adminClient, ward, fileOf(header, lines)));
      expect(html, name).toContain(`Broken at entry ${k}`);
    }
    const cli = await runCli(["audit", "verify", writeTemp(fileOf(header, edited))], {});
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain(`broken at entry ${k} (the entry was changed`);

    // A cut end is found too: the header says how many entries follow.
    const cut = await verifyExport(fileOf(header, entries.slice(0, -2)).split("\n"));
    expect(cut).toMatchObject({ ok: false, reason: "count_mismatch" });
  });

  it("checks a range's export from where it starts", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const { header, entries } = await exported(adminClient, ward, `?from=${today}&to=${today}`);
    expect(header.range).toEqual({ from: today, to: today });
    expect(await verifyExport(fileOf(header, entries).split("\n"))).toMatchObject({
      ok: true,
      entries: entries.length,
    });
    const none = await exported(adminClient, ward, "?to=2020-01-01");
    expect(none.header.count).toBe(0);
    expect(none.entries).toEqual([]);
    const bad = await adminClient.get(`/org/${ward.slug}/log/export.jsonl?from=yesterday`);
    expect(bad.status).toBe(400);
  });

  it("checks another organisation's file on its own terms and says whose it claims to be", async () => {
    const { header, entries } = await exported(otherClient, other);
    const html = await page(await upload(adminClient, ward, fileOf(header, entries)));
    expect(html).toContain(`Intact: ${entries.length} entries`);
    expect(html).toContain("another organisation: Second Hospital");
    // A line of another organisation spliced into ours breaks it there.
    const ours = await exported(adminClient, ward);
    const spliced = [...ours.entries];
    spliced[2] = entries[2]!;
    expect(await verifyExport(fileOf(ours.header, spliced).split("\n"))).toMatchObject({
      ok: false,
      brokenAt: 3,
      reason: "other_organization",
    });
  });

  it("takes uploads up to the verify page's own body limit, and no other page more than a form", () => {
    expect(limitFor(`/org/${ward.slug}/log/verify`)).toBe(BODY_LIMITS.auditVerify);
    expect(limitFor(`/org/${ward.slug}/log/verify.data`)).toBe(BODY_LIMITS.auditVerify);
    expect(limitFor(`/org/${ward.slug}/log`)).toBe(BODY_LIMITS.form);
    expect(limitFor(`/org/${ward.slug}/people/x/log/verify`)).toBe(BODY_LIMITS.form);
  });

  it("refuses what is not an export, and no file at all", async () => {
    expect(await verifyExport(["hello", "world"])).toMatchObject({
      ok: false,
      reason: "not_an_export",
    });
    const html = await page(await upload(adminClient, ward, "name,email\nx,y\n"));
    expect(html).toContain("Broken at entry 0");
    expect(html).toContain("The first line is not a SafeTap log export");
    const form = new FormData();
    form.set("file", new File([], "empty.jsonl"));
    const empty = await app.request(`/org/${ward.slug}/log/verify`, {
      method: "POST",
      body: form,
      headers: { cookie: adminClient.cookieHeader, "x-forwarded-for": adminClient.address },
    });
    expect(empty.status).toBe(400);
    expect(await page(empty)).toContain("Choose an export file to check.");
  });
});

describe("an edited entry in the database", () => {
  it("is found broken at that entry by verifyOrganizationChain", async () => {
    const [target] = await chainPage(app.services.db, other.id, 3, 1);
    await app.services.db.execute(
      sql`alter table audit_events disable trigger audit_events_no_update_or_delete`,
    );
    try {
      await app.services.db.execute(
        sql`update audit_events set metadata = metadata || '{"edited": true}'::jsonb
            where id = ${target!.id}`,
      );
    } finally {
      await app.services.db.execute(
        sql`alter table audit_events enable trigger audit_events_no_update_or_delete`,
      );
    }
    expect(await verifyOrganizationChain(app.services.db, other.id)).toMatchObject({
      ok: false,
      brokenAt: 3,
      reason: "hash_mismatch",
      lines: 2,
    });
    // The other organisation's chain is untouched.
    expect(await verifyOrganizationChain(app.services.db, ward.id)).toMatchObject({ ok: true });
    // And the page's button says so.
    const otherAdminPage = await page(
      await otherClient.post(`/org/${other.slug}/log`, { intent: "check" }),
    );
    expect(otherAdminPage).toContain("Broken at entry 3");
    expect(otherAdminPage).toContain("This entry was changed");
  });
});
