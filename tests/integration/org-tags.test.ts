import { and, eq, gte, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attendanceScans, auditEvents, orgImports, tags } from "#server/db/schema.ts";
import { addOrgPerson } from "#server/domain/org-people.ts";
import { mintTagsFor } from "#server/domain/org-tags.ts";
import type { OrgSummary } from "#server/domain/organizations.ts";
import { claimTag } from "#server/domain/tag-lifecycle.ts";
import { grantRole } from "#server/domain/users.ts";
import { runOperatorCommand } from "#server/operator/commands.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner, type Owner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";
import { addLocation, addOrgMember, createOrg } from "#tests/support/orgs.ts";

let app: TestApp;
let school: OrgSummary;
let other: OrgSummary;
let siteA: { id: string; name: string };
let siteB: { id: string; name: string };
/** Who is who, each signed in once. */
const as: Record<string, Client> = {};
const users: Record<string, Owner> = {};

async function person(org: OrgSummary, externalId: string, fullName: string, locationId?: string) {
  const added = await addOrgPerson(app.services.db, app.services, org, null, {
    fullName,
    externalId,
    locationId: locationId ?? null,
  });
  if (!added.ok) throw new Error(`addOrgPerson: ${added.reason}`);
  return added.profileId;
}

async function mint(org: OrgSummary | null, count: number) {
  const minted = await mintTagsFor(app.services, {
    product: "wristband",
    count,
    orgSlug: org?.slug ?? null,
  });
  if (!minted.ok) throw new Error("mint failed");
  return minted.tags;
}

const tagRow = async (id: string) =>
  (await app.services.db.select().from(tags).where(eq(tags.id, id)))[0]!;

const auditOf = (type: string, orgId: string) =>
  app.services.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.eventType, type), eq(auditEvents.organizationId, orgId)));

/** React puts comment markers between text parts; compare what a reader sees. */
const visible = async (response: Response) =>
  (await response.text()).replace(/<!-- -->/g, "").replace(/&#x27;|&#39;/g, "'");

const tagsPath = () => `/org/${school.slug}/tags`;
const post = (who: string, fields: Record<string, string>, path = tagsPath()) =>
  as[who]!.post(path, fields);

/** A multipart upload of a CSV file to the tag import, as the browser's form sends it. */
function upload(who: Client | null, content: string | Uint8Array, slug = school.slug) {
  const form = new FormData();
  const part = typeof content === "string" ? content : new Uint8Array(content);
  form.append("file", new File([part], "tags.csv", { type: "text/csv" }));
  return app.request(`/org/${slug}/tags/import`, {
    method: "POST",
    redirect: "manual",
    headers: who ? { cookie: who.cookieHeader, "x-forwarded-for": who.address } : {},
    body: form,
  });
}

const importIdOf = (response: Response) =>
  response.headers.get("location")?.match(/\/tags\/import\/([0-9a-f-]{36})$/)?.[1];

beforeAll(async () => {
  app = await createTestApp();
  school = await createOrg(app.services, { preset: "school", name: "Hillside Primary" });
  other = await createOrg(app.services, { preset: "workplace", name: "Acme Works" });
  siteA = await addLocation(app.services, school, { name: "North gate" });
  siteB = await addLocation(app.services, school, { name: "South gate" });
  const roles = [
    ["owner", "Olive Owner"],
    ["admin", "Ada Admin"],
    ["staff", "Sam Staff"],
    ["member", "Milo Member"],
    ["outsider", "Oz Outsider"],
    ["otherAdmin", "Otto Other"],
    ["safetap", "Sue SafeTap"],
  ] as const;
  for (const [key, name] of roles) {
    users[key] = await createOwner(app.services, { name, plan: "free" });
  }
  await addOrgMember(app.services, school, users.owner!.userId, "owner");
  await addOrgMember(app.services, school, users.admin!.userId, "admin");
  await addOrgMember(app.services, school, users.staff!.userId, "staff", [siteA.id]);
  await addOrgMember(app.services, school, users.member!.userId, "member");
  await addOrgMember(app.services, other, users.otherAdmin!.userId, "admin");
  await grantRole(app.services.db, users.safetap!.email, "admin");
  for (const [key] of roles) as[key] = await signIn(app, users[key]!.email);
});
afterAll(() => app?.close());

describe("minting a batch for an organisation", () => {
  it("the /admin form mints for the organisation chosen; its tags carry it and its log says so", async () => {
    const page = await visible(await as.safetap!.get("/admin"));
    expect(page).toContain(
      `<option value="${school.slug}">Hillside Primary (${school.slug})</option>`,
    );

    const response = await as.safetap!.post("/admin/mint", {
      product: "card",
      count: "3",
      org: school.slug,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain(`safetap-${school.slug}-card-`);
    const [header, ...rows] = (await response.text()).trim().split("\n");
    expect(header).toBe("tag_id,activation_token,card_url");
    expect(rows).toHaveLength(3);
    const ids = rows.map((row) => row.split(",")[0]!);
    const minted = await app.services.db.select().from(tags).where(inArray(tags.id, ids));
    expect(minted.map((tag) => tag.organizationId)).toEqual([school.id, school.id, school.id]);
    expect(minted.every((tag) => tag.userId === null && tag.activationTokenHash)).toBe(true);
    const [logged] = await auditOf("org_tags_minted", school.id);
    expect(logged).toMatchObject({
      userId: users.safetap!.userId,
      metadata: { product: "card", count: 3 },
    });
    expect(await visible(await as.safetap!.get("/admin"))).toContain("for Hillside Primary");
  });

  it("the /admin form refuses an organisation that does not exist, and mints nothing", async () => {
    const before = (await app.services.db.select({ id: tags.id }).from(tags)).length;
    const response = await as.safetap!.post("/admin/mint", {
      product: "card",
      count: "2",
      org: "no-such-school",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('no organisation has the slug "no-such-school"');
    expect((await as.admin!.post("/admin/mint", { product: "card", count: "2" })).status).toBe(403);
    expect((await app.services.db.select({ id: tags.id }).from(tags)).length).toBe(before);
  });

  it("`safetap tags mint --org` mints for the organisation; an unknown slug is refused", async () => {
    const deps = { db: app.services.db, config: app.services.config, logger: app.services.logger };
    const csv = await runOperatorCommand(deps, {
      command: "tags.mint",
      product: "keychain",
      count: 2,
      org: other.slug,
    });
    const ids = csv
      .trim()
      .split("\n")
      .slice(1)
      .map((row) => row.split(",")[0]!);
    const minted = await app.services.db.select().from(tags).where(inArray(tags.id, ids));
    expect(minted.map((tag) => [tag.product, tag.organizationId])).toEqual([
      ["keychain", other.id],
      ["keychain", other.id],
    ]);
    await expect(
      runOperatorCommand(deps, {
        command: "tags.mint",
        product: "card",
        count: 1,
        org: "nope-org",
      }),
    ).rejects.toThrow('No organisation has the slug "nope-org"');
  });

  it("an organisation's tag cannot be claimed with its token: only its admins give it out", async () => {
    const [tag] = await mint(school, 1);
    const claimer = await createOwner(app.services, { name: "Cleo Claimer", plan: "pro" });
    const result = await claimTag(app.services, {
      userId: claimer.userId,
      tagId: tag!.tagId,
      token: tag!.activationToken,
      clientAddress: "203.0.113.9",
    });
    expect(result).toEqual({ ok: false, reason: "already_claimed" });
    expect(await tagRow(tag!.tagId)).toMatchObject({ userId: null, profileId: null });
  });
});

describe("assigning the organisation's tags one by one", () => {
  it("assigns a tag to a person: it shows their card, managed by the organisation's account", async () => {
    const mia = await person(school, "S-100", "Mia Pupil", siteA.id);
    const [tag] = await mint(school, 1);
    const response = await post("admin", { intent: "assign", tag: tag!.tagId, person: mia });
    expect(response.status).toBe(200);
    expect(await visible(response)).toContain(`Tag ${tag!.tagId} assigned to Mia Pupil`);
    const row = await tagRow(tag!.tagId);
    expect(row).toMatchObject({
      userId: school.accountId,
      profileId: mia,
      organizationId: school.id,
      status: "active",
      isActive: true,
      isLost: false,
    });
    expect(row.linkedAt).not.toBeNull();
    const logged = (await auditOf("org_tag_assigned", school.id)).filter(
      (e) => e.metadata.tag_id === tag!.tagId,
    );
    expect(logged).toEqual([
      expect.objectContaining({ userId: users.admin!.userId, profileId: mia, success: true }),
    ]);

    // The card opens signed out with the person (a school's pupil: first name only).
    const card = await new Client(app).get(`/t/${tag!.tagId}`);
    expect(card.status).toBe(200);
    const html = await visible(card);
    expect(html).toContain("Mia");
    expect(html).not.toContain("Mia Pupil");

    // The same again changes nothing and logs nothing; a scanned card URL names the tag too.
    const again = await post("admin", {
      intent: "assign",
      tag: `http://localhost:3000/t/${tag!.tagId.toLowerCase()}`,
      person: mia,
    });
    expect(again.status).toBe(200);
    expect(await visible(again)).toContain(`Tag ${tag!.tagId} already shows Mia Pupil's card`);
    expect(
      (await auditOf("org_tag_assigned", school.id)).filter(
        (e) => e.metadata.tag_id === tag!.tagId,
      ),
    ).toHaveLength(1);
  });

  it("does not take a tag from someone else unless asked to Reassign, and then logs both people", async () => {
    const [tag] = await mint(school, 1);
    const noah = await person(school, "S-101", "Noah Pupil");
    const ella = await person(school, "S-102", "Ella Pupil");
    expect((await post("admin", { intent: "assign", tag: tag!.tagId, person: noah })).status).toBe(
      200,
    );
    const taken = await post("admin", { intent: "assign", tag: tag!.tagId, person: ella });
    expect(taken.status).toBe(409);
    expect(await visible(taken)).toContain(
      `${tag!.tagId} already shows Noah Pupil's card. Use Reassign to move it.`,
    );
    expect((await tagRow(tag!.tagId)).profileId).toBe(noah);

    const moved = await post("owner", { intent: "reassign", tag: tag!.tagId, person: ella });
    expect(moved.status).toBe(200);
    expect(await visible(moved)).toContain(`Tag ${tag!.tagId} moved to Ella Pupil`);
    expect((await tagRow(tag!.tagId)).profileId).toBe(ella);
    const unassigned = (await auditOf("org_tag_unassigned", school.id)).filter(
      (e) => e.metadata.tag_id === tag!.tagId,
    );
    expect(unassigned).toEqual([
      expect.objectContaining({ profileId: noah, userId: users.owner!.userId }),
    ]);
  });

  it("refuses another organisation's tag or person, a personal tag, and a missing person; nothing changes", async () => {
    const mine = await person(school, "S-103", "Liv Pupil");
    const theirs = await person(other, "E-1", "Eve Employee");
    const [schoolTag] = await mint(school, 1);
    const [otherTag] = await mint(other, 1);
    const personal = await createOwner(app.services, { name: "Pat Personal" });
    const refusals = [
      [
        { intent: "assign", tag: otherTag!.tagId, person: mine },
        404,
        "is not one of this organisation's tags",
      ],
      [
        { intent: "reassign", tag: personal.tagId, person: mine },
        404,
        "is not one of this organisation's tags",
      ],
      [
        { intent: "assign", tag: schoolTag!.tagId, person: theirs },
        404,
        "This person is not one of this organisation's people.",
      ],
      [
        { intent: "assign", tag: schoolTag!.tagId, person: personal.userId },
        404,
        "not one of this organisation's people",
      ],
      [
        { intent: "assign", tag: schoolTag!.tagId, person: "" },
        400,
        "Choose the person to give the tag to.",
      ],
      [{ intent: "assign", tag: "", person: mine }, 400, "Enter or scan a tag ID."],
      [{ intent: "burn", tag: schoolTag!.tagId }, 400, "That action does not exist."],
      [
        { intent: "unassign", tag: otherTag!.tagId, confirm: "yes" },
        404,
        "is not one of this organisation's tags",
      ],
      [
        { intent: "lost", tag: personal.tagId, confirm: "yes" },
        404,
        "is not one of this organisation's tags",
      ],
    ] as const;
    for (const [fields, status, message] of refusals) {
      const response = await post("admin", fields);
      expect(response.status, JSON.stringify(fields)).toBe(status);
      expect(await visible(response)).toContain(message);
    }
    expect(await tagRow(schoolTag!.tagId)).toMatchObject({ userId: null, profileId: null });
    expect(await tagRow(otherTag!.tagId)).toMatchObject({ userId: null, profileId: null });
    expect(await tagRow(personal.tagId)).toMatchObject({
      userId: personal.userId,
      profileId: personal.userId,
      isLost: false,
    });
  });
});

describe("unassign, mark lost, found", () => {
  it("follows the tag lifecycle: lost shows the deactivated card, found brings it back, unassign frees it", async () => {
    const zoe = await person(school, "S-200", "Zoe Pupil");
    const [tag] = await mint(school, 1);
    const id = tag!.tagId;
    await post("admin", { intent: "assign", tag: id, person: zoe });

    const unconfirmed = await post("admin", { intent: "lost", tag: id });
    expect(unconfirmed.status).toBe(400);
    expect((await tagRow(id)).isLost).toBe(false);

    const lost = await post("admin", { intent: "lost", tag: id, confirm: "yes" });
    expect(lost.status).toBe(200);
    expect(await visible(lost)).toContain("Tag marked as lost");
    expect(await tagRow(id)).toMatchObject({ isLost: true, isActive: false, profileId: zoe });
    expect(await visible(await new Client(app).get(`/t/${id}`))).toContain("Tag Deactivated");
    expect((await post("admin", { intent: "lost", tag: id, confirm: "yes" })).status).toBe(409);

    const found = await post("admin", { intent: "found", tag: id });
    expect(found.status).toBe(200);
    expect(await tagRow(id)).toMatchObject({ isLost: false, isActive: true, status: "active" });

    const freed = await post("admin", { intent: "unassign", tag: id, confirm: "yes" });
    expect(freed.status).toBe(200);
    expect(await visible(freed)).toContain(`Tag ${id} unassigned`);
    expect(await tagRow(id)).toMatchObject({
      userId: null,
      profileId: null,
      organizationId: school.id,
      status: "inactive",
      isActive: false,
      linkedAt: null,
    });
    const card = await new Client(app).get(`/t/${id}`);
    expect(card.headers.get("location")).toBe(`/claim/${id}`);
    expect((await post("admin", { intent: "unassign", tag: id, confirm: "yes" })).status).toBe(409);
    expect((await post("admin", { intent: "found", tag: id })).status).toBe(409);
    expect((await post("admin", { intent: "lost", tag: id, confirm: "yes" })).status).toBe(409);

    const types = (type: string) =>
      auditOf(type, school.id).then((rows) => rows.filter((e) => e.metadata.tag_id === id));
    expect(await types("org_tag_lost")).toHaveLength(1);
    expect(await types("org_tag_found")).toHaveLength(1);
    expect(await types("org_tag_unassigned")).toEqual([
      expect.objectContaining({ profileId: zoe, userId: users.admin!.userId }),
    ]);
  });
});

describe("the tag list", () => {
  it("shows each tag's state and person, filters by state and searches by id; staff read it without actions", async () => {
    const near = await person(school, "S-300", "Nora Northgate", siteA.id);
    const far = await person(school, "S-301", "Sid Southgate", siteB.id);
    const [a, b, c] = await mint(school, 3);
    await post("admin", { intent: "assign", tag: a!.tagId, person: near });
    await post("admin", { intent: "assign", tag: b!.tagId, person: far });
    await post("admin", { intent: "lost", tag: b!.tagId, confirm: "yes" });

    const adminPage = await visible(await as.admin!.get(tagsPath()));
    expect(adminPage).toContain('id="assign"');
    expect(adminPage).toContain("Assign by CSV");
    for (const tag of [a, b, c]) expect(adminPage).toContain(`data-testid="org-tag-${tag!.tagId}"`);

    const lostOnly = await visible(await as.admin!.get(`${tagsPath()}?state=lost`));
    expect(lostOnly).toContain(`org-tag-${b!.tagId}`);
    expect(lostOnly).not.toContain(`org-tag-${a!.tagId}`);
    const unassigned = await visible(await as.admin!.get(`${tagsPath()}?state=unassigned`));
    expect(unassigned).toContain(`org-tag-${c!.tagId}`);
    expect(unassigned).not.toContain(`org-tag-${a!.tagId}`);
    const search = await visible(
      await as.admin!.get(`${tagsPath()}?q=${a!.tagId.slice(3).toLowerCase()}`),
    );
    expect(search).toContain(`org-tag-${a!.tagId}`);
    expect(search).not.toContain(`org-tag-${c!.tagId}`);

    // Staff who work at the north gate only: read-only, and only the people of their locations.
    const staffPage = await visible(await as.staff!.get(tagsPath()));
    expect(staffPage).toContain(`org-tag-${a!.tagId}`);
    expect(staffPage).toContain("Nora Northgate");
    expect(staffPage).not.toContain(`org-tag-${b!.tagId}`);
    expect(staffPage).not.toContain("Sid Southgate");
    expect(staffPage).toContain(`org-tag-${c!.tagId}`);
    expect(staffPage).not.toContain('id="assign"');
    expect(staffPage).not.toContain("Assign by CSV");
    expect(staffPage).not.toContain('name="intent"');
  });

  it("shows 50 tags a page, in id order, with a link to the next", async () => {
    const paged = await createOrg(app.services, { preset: "events" });
    await addOrgMember(app.services, paged, users.otherAdmin!.userId, "admin");
    const ids = (await mint(paged, 55)).map((tag) => tag.tagId).sort();
    const rowsOf = (html: string) =>
      [...html.matchAll(/data-testid="org-tag-([A-Z0-9-]+)"/g)].map((m) => m[1]);
    const first = await visible(await as.otherAdmin!.get(`/org/${paged.slug}/tags`));
    expect(rowsOf(first)).toEqual(ids.slice(0, 50));
    const link = first.match(/<a[^>]*data-testid="next-page"[^>]*>/)?.[0];
    const next = link?.match(/href="([^"]*)"/)?.[1];
    expect(next).toBe(`/org/${paged.slug}/tags?after=${ids[49]}`);
    const second = await visible(await as.otherAdmin!.get(next!));
    expect(rowsOf(second)).toEqual(ids.slice(50));
    expect(second).not.toContain('data-testid="next-page"');
  });

  it("finds whom to give a tag to by name or external id, inside the organisation only", async () => {
    await person(school, "S-400", "Quentin Findme");
    await person(other, "S-400X", "Quentin Elsewhere");
    const byName = await visible(await as.admin!.get(`${tagsPath()}?who=quentin`));
    expect(byName).toContain("Quentin Findme");
    expect(byName).not.toContain("Quentin Elsewhere");
    const byId = await visible(await as.admin!.get(`${tagsPath()}?who=S-40`));
    expect(byId).toContain("Quentin Findme");
    const nobody = await visible(await as.admin!.get(`${tagsPath()}?who=zzzz`));
    expect(nobody).toContain("Nobody in this organisation matches “zzzz”.");
  });
});

describe("assigning tags by CSV", () => {
  it("previews, assigns the clean file, and re-running the same file changes nothing", async () => {
    const ids = ["C-1", "C-2", "C-3"];
    const people = await Promise.all(ids.map((id, i) => person(school, id, `Csv Pupil ${i}`)));
    const minted = await mint(school, 3);
    const file = `external_id,tag_id\r\n${ids.map((id, i) => `${id},${minted[i]!.tagId}`).join("\r\n")}\r\n`;

    const uploaded = await upload(as.admin!, file);
    expect(uploaded.status).toBe(302);
    const importId = importIdOf(uploaded)!;
    expect(importId).toBeDefined();
    const preview = await visible(await as.admin!.get(uploaded.headers.get("location")!));
    expect(preview).toContain("The file is clean: 3 tags will be assigned.");
    expect(preview).toContain("Assign 3 tags");
    for (const tag of minted) expect((await tagRow(tag.tagId)).profileId).toBeNull();

    const done = await as.admin!.post(`${tagsPath()}/import/${importId}`, { intent: "import" });
    expect(done.status).toBe(200);
    expect(await visible(done)).toContain("3 assigned, 0 already so, 0 rejected.");
    for (const [i, tag] of minted.entries()) {
      expect(await tagRow(tag.tagId)).toMatchObject({
        profileId: people[i],
        userId: school.accountId,
        isActive: true,
      });
    }
    const logged = (await auditOf("org_tag_assigned", school.id)).filter(
      (e) => e.metadata.import_id === importId,
    );
    expect(logged).toHaveLength(3);
    expect(
      (await as.admin!.post(`${tagsPath()}/import/${importId}`, { intent: "import" })).status,
    ).toBe(409);

    const since = new Date();
    const rerun = await upload(as.admin!, file);
    const rerunId = importIdOf(rerun)!;
    const rerunPreview = await visible(await as.admin!.get(rerun.headers.get("location")!));
    expect(rerunPreview).toContain("Nothing to assign: every row is already so or rejected.");
    expect(rerunPreview).toMatch(/data-testid="count-unchanged">.*?<dd[^>]*>3</s);
    const rerunDone = await as.admin!.post(`${tagsPath()}/import/${rerunId}`, { intent: "import" });
    expect(await visible(rerunDone)).toContain("0 assigned, 3 already so, 0 rejected.");
    const newAudit = await app.services.db
      .select()
      .from(auditEvents)
      .where(gte(auditEvents.createdAt, since));
    expect(newAudit.map((e) => e.eventType).sort()).toEqual([
      "org_import_completed",
      "org_import_previewed",
    ]);
  });

  it("reports every bad row in plain words, assigns only the clean ones and gives the rejected back as CSV", async () => {
    const [clean1, clean2] = await Promise.all([
      person(school, "H-1", "Hana Clean"),
      person(school, "H-2", "Hugo Clean"),
    ]);
    const holder = await person(school, "H-3", "Holly Holder");
    await person(school, "H-4", "Dina Dup");
    await person(other, "H-9", "Olga Other");
    const [t1, t2, held, dup] = await mint(school, 4);
    const [foreign] = await mint(other, 1);
    await post("admin", { intent: "assign", tag: held!.tagId, person: holder });
    const file = [
      "external_id,tag_id",
      `H-1,${t1!.tagId}`,
      `H-2,${t2!.tagId}`,
      `NOBODY,${dup!.tagId.slice(0, 3)}ZZZZZ`,
      `H-9,${foreign!.tagId}`,
      `H-4,${held!.tagId}`,
      `H-4,${dup!.tagId}`,
      `H-4,${dup!.tagId}`,
      `=HYPERLINK("http://evil.test"),${dup!.tagId}`,
      "H-4,not a tag",
      "H-4,",
      ",,",
    ].join("\n");
    const uploaded = await upload(as.admin!, file);
    expect(uploaded.status).toBe(302);
    const importId = importIdOf(uploaded)!;
    const preview = await visible(await as.admin!.get(uploaded.headers.get("location")!));
    expect(preview).toContain("2 rows can be assigned; 8 rejected rows are left out.");
    expect(preview).toContain("Assign the 2 clean rows");
    const rejected = preview.slice(preview.indexOf('data-testid="rejected-rows"'));
    for (const message of [
      "No person in this organisation has the external ID “NOBODY”.",
      "No person in this organisation has the external ID “H-9”.",
      `${foreign!.tagId} is not one of this organisation's tags.`,
      `${held!.tagId} already shows the card of Holly Holder (H-3): reassign it on the Tags page.`,
      `${dup!.tagId} is on more than one line (7, 8, 9): give each tag on one line only.`,
      "Looks like a spreadsheet formula",
      "Not a tag ID: use the ID printed on the tag",
      "Required: this cell is empty.",
    ]) {
      expect(rejected).toContain(message);
    }

    const csv = await as.admin!.get(`${tagsPath()}/import/${importId}/rejected.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("external_id,tag_id,errors");
    expect(lines).toHaveLength(9);
    expect(lines).toContain(
      `"H-9","${foreign!.tagId}","line 5, external_id: No person in this organisation has the external ID “H-9”.; line 5, tag_id: ${foreign!.tagId} is not one of this organisation's tags."`,
    );
    // The formula comes back as text, never as a formula.
    expect(lines.some((line) => line.startsWith(`"'=HYPERLINK(""http://evil.test"")"`))).toBe(true);
    const french = await (
      await as.admin!.get(`${tagsPath()}/import/${importId}/rejected.csv?lng=fr`)
    ).text();
    expect(french).toContain("ligne 11, tag_id : Obligatoire : cette cellule est vide.");

    const done = await as.admin!.post(`${tagsPath()}/import/${importId}`, { intent: "import" });
    expect(await visible(done)).toContain("2 assigned, 0 already so, 8 rejected.");
    expect((await tagRow(t1!.tagId)).profileId).toBe(clean1);
    expect((await tagRow(t2!.tagId)).profileId).toBe(clean2);
    expect((await tagRow(held!.tagId)).profileId).toBe(holder);
    expect((await tagRow(dup!.tagId)).profileId).toBeNull();
    expect((await tagRow(foreign!.tagId)).profileId).toBeNull();
  });

  it("refuses a file it cannot read, saying why, and keeps nothing", async () => {
    const kept = async () =>
      (
        await app.services.db
          .select()
          .from(orgImports)
          .where(eq(orgImports.organizationId, school.id))
      ).length;
    const before = await kept();
    const cases: [string | Uint8Array, string][] = [
      [new Uint8Array([0x65, 0x78, 0x74, 0x2c, 0xe9, 0x0a]), "The file is not UTF-8 text."],
      ["external_id\nS-1\n", "Missing columns: tag_id."],
      ["external_id,tag_id,class\nS-1,WB-AAAAA,4B\n", "Unknown columns: class."],
      ["", "Choose a CSV file to upload."],
      ['external_id,tag_id\nS-1,"WB-AAAAA\n', "The file is not valid CSV near line 2"],
    ];
    for (const [content, message] of cases) {
      const response = await upload(as.admin!, content);
      expect(response.status).toBe(400);
      expect(await visible(response)).toContain(message);
    }
    const tooBig = await upload(as.admin!, "x".repeat(2 * 1024 * 1024));
    expect(tooBig.status).toBe(413);
    expect(await kept()).toBe(before);
  });
});

describe("who may open the tag pages (permission matrix)", () => {
  it("signed out goes to sign-in; outsiders and other organisations get 404; members 403; staff read only", async () => {
    const [tag] = await mint(school, 1);
    const target = await person(school, "P-1", "Perm Pupil");
    const uploaded = await upload(as.admin!, `external_id,tag_id\nP-1,${tag!.tagId}\n`);
    const importId = importIdOf(uploaded)!;
    const [otherImport] = await app.services.db
      .insert(orgImports)
      .values({
        organizationId: other.id,
        kind: "tags",
        fileName: "x.csv",
        content: Buffer.alloc(0),
      })
      .returning({ id: orgImports.id });
    const base = tagsPath();
    const routes = {
      list: { method: "GET", path: base },
      act: {
        method: "POST",
        path: base,
        fields: { intent: "assign", tag: tag!.tagId, person: target },
      },
      importPage: { method: "GET", path: `${base}/import` },
      upload: { method: "UPLOAD", path: `${base}/import` },
      preview: { method: "GET", path: `${base}/import/${importId}` },
      confirm: { method: "POST", path: `${base}/import/${importId}`, fields: { intent: "import" } },
      rejected: { method: "GET", path: `${base}/import/${importId}/rejected.csv` },
    } as const;
    type Route = (typeof routes)[keyof typeof routes];
    const send = async (who: Client | null, route: Route) => {
      if (route.method === "UPLOAD") return upload(who, `external_id,tag_id\nP-1,${tag!.tagId}\n`);
      if (route.method === "POST") {
        return (who ?? new Client(app)).post(route.path, "fields" in route ? route.fields : {});
      }
      return (who ?? new Client(app)).get(route.path);
    };

    for (const route of Object.values(routes)) {
      const response = await send(null, route);
      expect(response.status, `${route.method} ${route.path} signed out`).toBe(302);
      expect(response.headers.get("location")).toBe(
        `/auth?mode=signin&redirect=${encodeURIComponent(route.path)}`,
      );
    }
    const expected: Record<string, Record<keyof typeof routes, number>> = {
      outsider: {
        list: 404,
        act: 404,
        importPage: 404,
        upload: 404,
        preview: 404,
        confirm: 404,
        rejected: 404,
      },
      otherAdmin: {
        list: 404,
        act: 404,
        importPage: 404,
        upload: 404,
        preview: 404,
        confirm: 404,
        rejected: 404,
      },
      member: {
        list: 403,
        act: 403,
        importPage: 403,
        upload: 403,
        preview: 403,
        confirm: 403,
        rejected: 403,
      },
      staff: {
        list: 200,
        act: 403,
        importPage: 403,
        upload: 403,
        preview: 403,
        confirm: 403,
        rejected: 403,
      },
    };
    for (const [who, statuses] of Object.entries(expected)) {
      for (const [name, route] of Object.entries(routes)) {
        const response = await send(as[who]!, route);
        expect(response.status, `${who} ${route.method} ${route.path}`).toBe(
          statuses[name as keyof typeof routes],
        );
      }
    }
    // Nothing the refused ones sent changed anything.
    expect(await tagRow(tag!.tagId)).toMatchObject({ profileId: null, userId: null });
    const [stillPreviewed] = await app.services.db
      .select({ status: orgImports.status })
      .from(orgImports)
      .where(eq(orgImports.id, importId));
    expect(stillPreviewed?.status).toBe("previewed");

    for (const who of ["owner", "safetap", "admin"]) {
      for (const name of ["list", "importPage", "preview", "rejected"] as const) {
        expect((await send(as[who]!, routes[name])).status, `${who} ${name}`).toBe(200);
      }
      expect((await send(as[who]!, routes.upload)).status, `${who} upload`).toBe(302);
    }
    expect((await send(as.safetap!, routes.act)).status).toBe(200);
    expect((await tagRow(tag!.tagId)).profileId).toBe(target);
    const [byStaff] = (await auditOf("org_tag_assigned", school.id)).filter(
      (e) => e.metadata.tag_id === tag!.tagId,
    );
    expect(byStaff?.userId).toBe(users.safetap!.userId);

    // Another organisation's import, by its id: not found, for this organisation's admin too.
    for (const suffix of ["", "/rejected.csv"]) {
      expect((await as.admin!.get(`${base}/import/${otherImport!.id}${suffix}`)).status).toBe(404);
    }
    expect(
      (await as.admin!.post(`${base}/import/${otherImport!.id}`, { intent: "import" })).status,
    ).toBe(404);
    expect((await as.admin!.get(`${base}/import/not-a-uuid`)).status).toBe(404);
  });
});

describe("reader mode for an organisation's staff", () => {
  it("records the organisation, location and person; refuses people of other organisations and places not theirs", async () => {
    const pupil = await person(school, "R-1", "Rita Reader", siteA.id);
    const [tag] = await mint(school, 1);
    await post("admin", { intent: "assign", tag: tag!.tagId, person: pupil });
    const outsider = await createOwner(app.services, { name: "Olly Outside" });
    const employee = await person(other, "R-9", "Otis Other");
    const [otherTag] = await mint(other, 1);
    await as.otherAdmin!.post(`/org/${other.slug}/tags`, {
      intent: "assign",
      tag: otherTag!.tagId,
      person: employee,
    });

    // Staff of one organisation who work at one location: it is chosen for them.
    const page = await visible(await as.staff!.get("/reader"));
    expect(page).toContain("Scanning for Hillside Primary at North gate");
    const scan = (fields: Record<string, string>) =>
      as.staff!.post("/reader", { direction: "in", org: school.slug, ...fields });

    const ok = await scan({ tag: tag!.tagId, location: siteA.id });
    expect(ok.status).toBe(200);
    expect(await visible(ok)).toContain("Checked in");
    const [stored] = await app.services.db
      .select()
      .from(attendanceScans)
      .where(eq(attendanceScans.readerUserId, users.staff!.userId));
    expect(stored).toMatchObject({
      tagId: tag!.tagId,
      organizationId: school.id,
      locationId: siteA.id,
      profileId: pupil,
      personName: "Rita Reader",
    });

    const refused = [
      [
        { tag: outsider.tagId, location: siteA.id },
        422,
        "This tag belongs to someone who is not with Hillside Primary.",
      ],
      [{ tag: otherTag!.tagId, location: siteA.id }, 422, "Not one of this organisation's people"],
      [{ tag: tag!.tagId, location: siteB.id }, 400, "Choose one of the locations you work at."],
      [{ tag: tag!.tagId, org: other.slug }, 403, "You cannot scan for this organisation."],
    ] as const;
    for (const [fields, status, message] of refused) {
      const response = await scan(fields);
      expect(response.status, JSON.stringify(fields)).toBe(status);
      expect(await visible(response)).toContain(message);
    }
    expect(
      await app.services.db
        .select()
        .from(attendanceScans)
        .where(eq(attendanceScans.readerUserId, users.staff!.userId)),
    ).toHaveLength(1);
    const [rejectedLine] = (await auditOf("reader_scan_rejected", school.id)).filter(
      (e) => e.metadata.tag_id === outsider.tagId,
    );
    expect(rejectedLine?.metadata.reason).toBe("not_in_organization");

    // An admin who works everywhere must choose among the locations before any scan.
    const choosing = await visible(await as.admin!.get("/reader"));
    expect(choosing).toContain("Choose where you are scanning.");
    expect(choosing).not.toContain('name="tag"');
    expect(choosing).not.toContain('role="alert"');
    const chose = await visible(await as.admin!.get(`/reader?org=${school.slug}&location=`));
    expect(chose).toContain("Choose the location you are scanning at.");
    expect(chose).not.toContain('name="tag"');
    const unplaced = await as.admin!.post("/reader", {
      direction: "in",
      org: school.slug,
      tag: tag!.tagId,
    });
    expect(unplaced.status).toBe(400);
    expect(await visible(unplaced)).toContain("Choose the location you are scanning at.");
    expect(
      (
        await as.admin!.post("/reader", {
          direction: "out",
          org: school.slug,
          location: siteB.id,
          tag: tag!.tagId,
        })
      ).status,
    ).toBe(200);

    // A member with a login does not scan; SafeTap's moderators still scan without an organisation.
    expect((await as.member!.get("/reader")).headers.get("location")).toBe("/dashboard");
    const moderator = await createOwner(app.services, { name: "Mo Moderator" });
    await grantRole(app.services.db, moderator.email, "moderator");
    const mod = await signIn(app, moderator.email);
    expect((await mod.post("/reader", { direction: "in", tag: tag!.tagId })).status).toBe(200);
    const [modScan] = await app.services.db
      .select()
      .from(attendanceScans)
      .where(eq(attendanceScans.readerUserId, moderator.userId));
    expect(modScan).toMatchObject({ organizationId: null, locationId: null, profileId: pupil });
  });

  it("an organisation's admins read and export its attendance with location; staff and other organisations cannot", async () => {
    const page = await visible(
      await as.admin!.get(`/reader?org=${school.slug}&location=${siteA.id}`),
    );
    expect(page).toContain('data-testid="attendance"');
    expect(page).toContain(`href="/reader/attendance.csv?org=${school.slug}"`);
    expect(page).toContain("Rita Reader");
    const staffPage = await visible(await as.staff!.get("/reader"));
    expect(staffPage).not.toContain('data-testid="attendance"');

    const csv = await as.admin!.get(`/reader/attendance.csv?org=${school.slug}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toContain(`safetap-attendance-${school.slug}`);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "scanned_at_utc,direction,tag_id,person_name,reader_name,reader_contact,organization,location",
    );
    expect(lines.slice(1).every((line) => line.includes('"Hillside Primary"'))).toBe(true);
    expect(
      lines.some((line) =>
        line.endsWith(`"Sam Staff","${users.staff!.email}","Hillside Primary","North gate"`),
      ),
    ).toBe(true);
    expect(lines.some((line) => line.endsWith('"Hillside Primary","South gate"'))).toBe(true);
    expect(lines.some((line) => line.includes("Mo Moderator"))).toBe(false);

    for (const who of ["staff", "otherAdmin", "outsider", "member"]) {
      expect((await as[who]!.get(`/reader/attendance.csv?org=${school.slug}`)).status, who).toBe(
        403,
      );
    }
    // SafeTap's admins export everything, with each scan's organisation and location.
    const all = await (await as.safetap!.get("/reader/attendance.csv")).text();
    expect(all).toContain('"Hillside Primary","North gate"');
    expect(all).toMatch(/"Mo Moderator","[^"]+","",""\r\n/);
  });
});
