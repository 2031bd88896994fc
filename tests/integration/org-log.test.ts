import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_LOG_PAGE_SIZE } from "#core/org-audit.ts";
import { auditEvents, profiles, tags } from "#server/db/schema.ts";
import { recordAudits } from "#server/domain/audit.ts";
import { addOrgPerson } from "#server/domain/org-people.ts";
import type { OrgSummary } from "#server/domain/organizations.ts";
import { mintTags } from "#server/domain/tags.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner, type Owner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";
import { addLocation, addOrgMember, createOrg } from "#tests/support/orgs.ts";

let app: TestApp;
let ward: OrgSummary;
let other: OrgSummary;
let north: { id: string };
let south: { id: string };
let elsewhere: { id: string };
const people: Record<string, string> = {};
const users: Record<string, Owner> = {};
const clients: Record<string, Client> = {};

/** The page's text as a reader sees it (React's text separators removed, entities decoded). */
const text = async (response: Response) =>
  (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");

const linesOf = (orgId: string) =>
  app.services.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.organizationId, orgId))
    .orderBy(auditEvents.chainIndex);

const profile = async (id: string) =>
  (await app.services.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;

async function addPerson(
  org: OrgSummary,
  input: { fullName: string; externalId?: string; groupName?: string; locationId?: string },
) {
  const added = await addOrgPerson(app.services.db, app.services, org, null, input);
  if (!added.ok) throw new Error(`addOrgPerson: ${added.reason}`);
  return added.profileId;
}

beforeAll(async () => {
  app = await createTestApp();
  const { services } = app;
  ward = await createOrg(services, { preset: "healthcare", name: "St Mary's Hospital" });
  other = await createOrg(services, { preset: "healthcare", name: "Other Hospital" });
  north = await addLocation(services, ward, { name: "North wing" });
  south = await addLocation(services, ward, { name: "South wing" });
  elsewhere = await addLocation(services, other, { name: "Elsewhere wing" });
  const names = ["Owen", "Ada", "Stella", "Nina", "Pip", "Oz", "Otto"] as const;
  const made = await Promise.all(names.map((name) => createOwner(services, { name })));
  const [owner, admin, staff, nurse, member, outsider, otherAdmin] = made as Owner[];
  Object.assign(users, { owner, admin, staff, nurse, member, outsider, otherAdmin });
  await addOrgMember(services, ward, owner!.userId, "owner");
  await addOrgMember(services, ward, admin!.userId, "admin");
  await addOrgMember(services, ward, staff!.userId, "staff");
  await addOrgMember(services, ward, nurse!.userId, "staff", [north.id]);
  await addOrgMember(services, ward, member!.userId, "member");
  await addOrgMember(services, other, otherAdmin!.userId, "admin");
  people.mia = await addPerson(ward, {
    fullName: "Mia Patient",
    externalId: "P-001",
    groupName: "4B",
    locationId: north.id,
  });
  people.noah = await addPerson(ward, {
    fullName: "Noah Patient",
    externalId: "P-002",
    groupName: "2A",
    locationId: north.id,
  });
  people.pip = await addPerson(ward, { fullName: "Pip Member", externalId: "P-003" });
  await services.db
    .update(profiles)
    .set({ memberUserId: member!.userId })
    .where(eq(profiles.id, people.pip));
  people.stranger = await addPerson(other, {
    fullName: "Stranger Elsewhere",
    externalId: "P-001",
    locationId: elsewhere.id,
  });
  for (const [key, user] of Object.entries(users)) clients[key] = await signIn(app, user.email);
});
afterAll(() => app?.close());

const paths = () => ({
  log: `/org/${ward.slug}/log`,
  verify: `/org/${ward.slug}/log/verify`,
  export: `/org/${ward.slug}/log/export.jsonl`,
  miaLog: `/org/${ward.slug}/people/${people.mia}/log`,
});

describe("views are logged", () => {
  it("writes org_person_viewed with who, when a staff member or admin opens a person's page", async () => {
    expect((await clients.staff!.get(`/org/${ward.slug}/people/${people.mia}`)).status).toBe(200);
    const [line] = (await linesOf(ward.id)).filter(
      (l) => l.eventType === "org_person_viewed" && l.userId === users.staff!.userId,
    );
    expect(line).toMatchObject({ profileId: people.mia, organizationId: ward.id });
    expect(line!.chainIndex).toBeGreaterThan(0);
  });

  it("does not log a person reading their own record as a view", async () => {
    expect((await clients.member!.get(`/org/${ward.slug}/people/${people.pip}`)).status).toBe(200);
    const views = (await linesOf(ward.id)).filter(
      (l) => l.eventType === "org_person_viewed" && l.userId === users.member!.userId,
    );
    expect(views).toHaveLength(0);
  });

  it("puts the organisation on the line when someone reveals the medical section of the card", async () => {
    const { tags: minted } = await mintTags(app.services.db, {
      product: "wristband",
      count: 1,
      masterKey: app.services.config.dataEncryptionKey,
      publicUrl: app.services.config.publicUrl,
    });
    const tagId = minted[0]!.tagId;
    await app.services.db
      .update(tags)
      .set({
        organizationId: ward.id,
        userId: ward.accountId,
        profileId: people.mia,
        status: "active",
        isActive: true,
        linkedAt: new Date(),
      })
      .where(eq(tags.id, tagId));
    const reader = new Client(app);
    const revealed = await reader.post(`/t/${tagId}`, { intent: "reveal" });
    expect(revealed.status).toBe(200);
    const [line] = (await linesOf(ward.id)).filter((l) => l.eventType === "medical_viewed");
    expect(line).toMatchObject({ profileId: people.mia, metadata: { tag_id: tagId } });
    const viewer = await text(await clients.admin!.get(`${paths().log}?kind=views`));
    expect(viewer).toContain(
      "Someone reading the card opened the medical details on the card of Mia Patient.",
    );
  });
});

describe("handover", () => {
  it("moves the person and logs it: Transferred from ward A to ward B by NAME", async () => {
    const answer = await clients.staff!.post(`/org/${ward.slug}/people/${people.mia}`, {
      intent: "handover",
      groupName: "5C",
      locationId: south.id,
      note: "Bed freed on the south wing",
    });
    expect(answer.status).toBe(200);
    expect(await text(answer)).toContain("Handover recorded");
    const moved = await profile(people.mia!);
    expect(moved).toMatchObject({ groupName: "5C", locationId: south.id });
    const [line] = (await linesOf(ward.id)).filter((l) => l.eventType === "org_person_handover");
    expect(line).toMatchObject({
      userId: users.staff!.userId,
      profileId: people.mia,
      metadata: {
        fromGroup: "4B",
        toGroup: "5C",
        fromLocation: "North wing",
        toLocation: "South wing",
        reason: "Bed freed on the south wing",
      },
    });
    const page = await text(await clients.admin!.get(`/org/${ward.slug}/people/${people.mia}`));
    expect(page).toContain(
      "Transferred from Ward 4B, North wing to Ward 5C, South wing by Stella. Note: Bed freed on the south wing",
    );
    const viewer = await text(await clients.admin!.get(`${paths().log}?kind=handovers`));
    expect(viewer).toContain(
      "Mia Patient: transferred from Ward 4B, North wing to Ward 5C, South wing by Stella.",
    );
  });

  it("sends a staff member who hands someone over outside their locations back to the list", async () => {
    const answer = await clients.nurse!.post(`/org/${ward.slug}/people/${people.noah}`, {
      intent: "handover",
      groupName: "2A",
      locationId: south.id,
      note: "",
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(`/org/${ward.slug}/people`);
    expect(await profile(people.noah!)).toMatchObject({ locationId: south.id, groupName: "2A" });
    expect((await clients.nurse!.get(`/org/${ward.slug}/people/${people.noah}`)).status).toBe(404);
  });

  it.each([
    ["no change", { groupName: "5C", locationId: "LOC", note: "" }, "Nothing to hand over"],
    ["a note too long", { groupName: "6D", locationId: "", note: "x".repeat(201) }, "at most 200"],
    ["a ward too long", { groupName: "w".repeat(101), locationId: "", note: "" }, "at most 100"],
    ["a malformed location", { groupName: "6D", locationId: "nope", note: "" }, "locations"],
    [
      "another organisation's location",
      { groupName: "6D", locationId: "OTHER", note: "" },
      "locations",
    ],
  ])("refuses %s and changes nothing", async (_, fields, message) => {
    const before = (await linesOf(ward.id)).length;
    const posted = {
      ...fields,
      locationId: fields.locationId.replace("LOC", south.id).replace("OTHER", elsewhere.id),
    };
    const answer = await clients.admin!.post(`/org/${ward.slug}/people/${people.mia}`, {
      intent: "handover",
      ...posted,
    });
    expect(answer.status).toBe(400);
    expect(await text(answer)).toContain(message);
    expect(await profile(people.mia!)).toMatchObject({ groupName: "5C", locationId: south.id });
    const after = await linesOf(ward.id);
    // The refused post's page view is the only new line.
    expect(after.slice(before).map((l) => l.eventType)).toEqual(["org_person_viewed"]);
  });

  it("is refused to a member, and another organisation's person is not found", async () => {
    const own = await clients.member!.post(`/org/${ward.slug}/people/${people.pip}`, {
      intent: "handover",
      groupName: "1A",
      locationId: "",
      note: "",
    });
    expect(own.status).toBe(403);
    const theirs = await clients.admin!.post(`/org/${ward.slug}/people/${people.stranger}`, {
      intent: "handover",
      groupName: "1A",
      locationId: north.id,
      note: "",
    });
    expect(theirs.status).toBe(404);
    expect(await profile(people.pip!)).toMatchObject({ groupName: null });
    expect(await profile(people.stranger!)).toMatchObject({ locationId: elsewhere.id });
  });
});

describe("the viewer", () => {
  it("shows changes with who and why, and filters by kind, person, staff member and dates", async () => {
    await clients.admin!.post(`/org/${ward.slug}/people/${people.mia}`, {
      intent: "medical",
      allergies: "Penicillin",
      reason: "Told by the family",
    });
    const all = await text(await clients.admin!.get(paths().log));
    expect(all).toContain(
      "Ada changed the medical record of Mia Patient: allergies. Why: Told by the family",
    );
    expect(all).toContain("Stella opened the record of Mia Patient.");

    const changes = await text(await clients.admin!.get(`${paths().log}?kind=changes`));
    expect(changes).toContain("changed the medical record of Mia Patient");
    expect(changes).not.toContain("opened the record");

    const noah = await text(await clients.admin!.get(`${paths().log}?person=Noah`));
    expect(noah).toContain("Noah Patient");
    expect(noah).not.toContain("Mia Patient");
    const byId = await text(await clients.admin!.get(`${paths().log}?person=P-001`));
    expect(byId).toContain("Mia Patient");
    expect(byId).not.toContain("Noah Patient");
    expect(byId).not.toContain("Stranger");

    const byStella = await text(
      await clients.admin!.get(`${paths().log}?staff=${users.staff!.userId}`),
    );
    expect(byStella).toContain("by Stella");
    expect(byStella).not.toContain("Ada changed");

    const today = new Date().toISOString().slice(0, 10);
    const inRange = await text(
      await clients.admin!.get(`${paths().log}?from=${today}&to=${today}`),
    );
    expect(inRange).toContain("Mia Patient");
    const before = await text(await clients.admin!.get(`${paths().log}?to=2020-01-01`));
    expect(before).toContain("No entries match.");
  });

  it("pages newest first, keyset on the chain", async () => {
    await recordAudits(
      app.services.db,
      app.services.logger,
      Array.from({ length: AUDIT_LOG_PAGE_SIZE + 5 }, (_, i) => ({
        type: "org_location_updated" as const,
        userId: users.owner!.userId,
        organizationId: ward.id,
        metadata: { n: i },
      })),
    );
    const first = await text(await clients.owner!.get(`${paths().log}?kind=settings`));
    const entries = [...first.matchAll(/Entry (\d+)/g)].map((m) => Number(m[1]));
    expect(entries).toHaveLength(AUDIT_LOG_PAGE_SIZE);
    expect(entries).toEqual([...entries].sort((a, b) => b - a));
    const older = first.match(/href="([^"]*before=\d+[^"]*)"/)?.[1]?.replaceAll("&amp;", "&");
    expect(older).toContain("kind=settings");
    const second = await text(await clients.owner!.get(older!));
    const rest = [...second.matchAll(/Entry (\d+)/g)].map((m) => Number(m[1]));
    expect(rest.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...rest)).toBeLessThan(Math.min(...entries));
  });

  it("answers bad filters with a clear message and no lines", async () => {
    for (const [query, message] of [
      ["from=2026-13-40", "Enter a date as YYYY-MM-DD."],
      ["kind=gossip", "Choose a kind of event from the list."],
      ["from=2026-02-02&to=2026-01-01", "The end date must not be before the start date."],
      ["before=-1", "That page of the log does not exist."],
    ]) {
      const response = await clients.admin!.get(`${paths().log}?${query}`);
      expect(response.status, query).toBe(400);
      const page = await text(response);
      expect(page, query).toContain(message);
      expect(page, query).not.toContain('data-testid="log-line"');
    }
  });

  it("shows one person's lines on their own log page", async () => {
    const page = await text(await clients.admin!.get(paths().miaLog));
    expect(page).toContain("Log of Mia Patient");
    expect(page).toContain("Mia Patient: transferred from");
    expect(page).not.toContain("Noah Patient");
    expect(page).not.toContain("changed a location");
  });

  it("checks the chain: Intact: N entries", async () => {
    const count = (await linesOf(ward.id)).length;
    const checked = await clients.admin!.post(paths().log, { intent: "check" });
    expect(checked.status).toBe(200);
    expect(await text(checked)).toContain(`Intact: ${count} entries`);
    const [line] = (await linesOf(ward.id)).filter((l) => l.eventType === "org_audit_verified");
    expect(line).toMatchObject({
      userId: users.admin!.userId,
      metadata: { ok: true, entries: count },
    });
  });
});

describe("who may read, export and check the log (the permission matrix)", () => {
  it("lets owners and admins in", async () => {
    for (const who of ["owner", "admin"]) {
      for (const path of Object.values(paths())) {
        expect((await clients[who]!.get(path)).status, `${who} ${path}`).toBe(200);
      }
    }
  });

  it("refuses staff and members with 403", async () => {
    for (const who of ["staff", "nurse", "member"]) {
      for (const path of Object.values(paths())) {
        expect((await clients[who]!.get(path)).status, `${who} ${path}`).toBe(403);
      }
      expect((await clients[who]!.post(paths().log, { intent: "check" })).status).toBe(403);
    }
  });

  it("answers outsiders and another organisation's admin as if nothing were there", async () => {
    for (const who of ["outsider", "otherAdmin"]) {
      for (const path of Object.values(paths())) {
        expect((await clients[who]!.get(path)).status, `${who} ${path}`).toBe(404);
      }
    }
    // Another organisation's person through this organisation's address.
    const theirs = `/org/${ward.slug}/people/${people.stranger}/log`;
    expect((await clients.admin!.get(theirs)).status).toBe(404);
  });

  it("sends the signed-out to sign in", async () => {
    const stranger = new Client(app);
    for (const path of Object.values(paths())) {
      const response = await stranger.get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location")).toContain("/auth?mode=signin");
    }
  });
});

describe("isolation between organisations", () => {
  it("never shows another organisation's lines in the viewer or the export", async () => {
    await clients.otherAdmin!.get(`/org/${other.slug}/people/${people.stranger}`);
    await clients.otherAdmin!.post(`/org/${other.slug}/people/${people.stranger}`, {
      intent: "handover",
      groupName: "9Z",
      locationId: elsewhere.id,
      note: "Secret transfer",
    });
    const theirs = (await linesOf(other.id)).map((l) => l.id);
    expect(theirs.length).toBeGreaterThan(1);
    const viewer = await text(await clients.admin!.get(`${paths().log}?person=Stranger`));
    expect(viewer).toContain("No entries match.");
    const everything = await text(await clients.admin!.get(paths().log));
    expect(everything).not.toContain("Stranger");
    expect(everything).not.toContain("Secret transfer");
    const exported = await (await clients.admin!.get(paths().export)).text();
    expect(exported).toContain(ward.id);
    expect(exported).not.toContain(other.id);
    for (const id of theirs) expect(exported).not.toContain(id);
    // And the other organisation's admin sees none of ours.
    const ours = await (
      await clients.otherAdmin!.get(`/org/${other.slug}/log/export.jsonl`)
    ).text();
    expect(ours).not.toContain(ward.id);
    expect(ours).not.toContain("Mia Patient");
  });

  it("keeps each person's lines to their own organisation", async () => {
    const stranger = await app.services.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.profileId, people.stranger!), eq(auditEvents.organizationId, ward.id)),
      );
    expect(stranger).toHaveLength(0);
  });
});
