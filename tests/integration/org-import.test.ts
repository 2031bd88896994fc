import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_MAX_BYTES, OPERATOR_IMPORT_PATH } from "#core/org-import.ts";
import { auditEvents, contacts, orgImports, profiles } from "#server/db/schema.ts";
import { runImport } from "#server/domain/org-import.ts";
import { addOrgPerson } from "#server/domain/org-people.ts";
import { type OrgSummary, setOrgExtraSeats } from "#server/domain/organizations.ts";
import { getProfile } from "#server/domain/profiles.ts";
import { grantRole } from "#server/domain/users.ts";
import { runMembersImport } from "#server/operator/commands.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createTestDatabase, EMBEDDED_PASS, TEST_DATABASE_URL } from "#tests/support/database.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";
import { addLocation, addOrgMember, createOrg } from "#tests/support/orgs.ts";
import { runCli, startServer } from "#tests/support/processes.ts";

let app: TestApp;
let school: OrgSummary;
let otherSchool: OrgSummary;
let admin: Client;
let adminId: string;
let mainSite: { id: string };

const HEADER =
  "external_id,full_name,date_of_birth,class,guardian_name,guardian_channel,guardian_value,guardian2_name,guardian2_channel,guardian2_value,location";

const csv = (...rows: string[]) => `${[HEADER, ...rows].join("\r\n")}\r\n`;

beforeAll(async () => {
  app = await createTestApp();
  school = await createOrg(app.services, { preset: "school", name: "Hillside Primary" });
  otherSchool = await createOrg(app.services, { preset: "school", name: "Riverside School" });
  mainSite = await addLocation(app.services, school, { name: "Main Site" });
  // A location of another organisation: its name means nothing here.
  await addLocation(app.services, otherSchool, { name: "North Campus" });
  const owner = await createOwner(app.services, { name: "Ada Admin", plan: "free" });
  adminId = owner.userId;
  await addOrgMember(app.services, school, owner.userId, "admin");
  admin = await signIn(app, owner.email);
});
afterAll(() => app?.close());

/** Posts the page's upload form as a browser does (multipart), without following redirects. */
async function upload(
  client: Client,
  org: OrgSummary,
  content: string | Buffer,
  name = "pupils.csv",
) {
  const form = new FormData();
  form.set("intent", "upload");
  form.set("file", new File([new Uint8Array(Buffer.from(content))], name, { type: "text/csv" }));
  return app.request(`/org/${org.slug}/members/import`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { cookie: client.cookieHeader, "x-forwarded-for": client.address },
  });
}

/** Uploads and returns the stored import's id (the preview's address). */
async function previewed(content: string, org = school, client = admin) {
  const response = await upload(client, org, content);
  expect(response.status, await response.clone().text()).toBe(303);
  const id = new URL(response.headers.get("location")!, "http://x").searchParams.get("import");
  return id!;
}

async function importRow(importId: string) {
  const [row] = await app.services.db.select().from(orgImports).where(eq(orgImports.id, importId));
  return row!;
}

const peopleOf = (org: OrgSummary) =>
  app.services.db
    .select()
    .from(profiles)
    .where(eq(profiles.organizationId, org.id))
    .orderBy(profiles.externalId);

async function auditCount(org: OrgSummary) {
  const [row] = await app.services.db
    .select({ n: count() })
    .from(auditEvents)
    .where(eq(auditEvents.organizationId, org.id));
  return row!.n;
}

/** What the page shows: text without React's comment markers. */
const pageText = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

describe("the preview: counts and every rejected row's errors in plain words", () => {
  it("counts new and rejected rows and names the row, column, problem and rule of each error", async () => {
    const before = await auditCount(school);
    const content = csv(
      "S-001,Mia Lee,2015-04-02,4B,Ann Lee,sms,+44 7700 900101,Bo Lee,email,bo@example.com,Main Site",
      "S-002,Noah Kim,2014-09-30,5A,Kai Kim,whatsapp,+447700900102,,,,main site",
      "S-003,,2015-01-01,4B,Eve Ng,email,eve@,,,,",
      "S-004,Zoe Park,31/12/2014,4B,Max Park,fax,+447700900104,,,,North Campus",
      'S-005,Leo Chan,2015-02-02,"=HYPERLINK(""http://evil"")",Sue Chan,sms,+449098790000,,,,',
      ",,,,,,,,,,",
      "S-001,Mia Again,2015-04-02,4B,Ann Lee,sms,+447700900101,,,,",
      "S-006,Ivy Wu,2015-03-03,4B,Ray Wu,email,ray@example.com,Ray Wu,sms,,",
      "S-007,Tom Fox,2015-05-05,4C,Kim Fox,email,kim@example.com,,,",
      `S-008,Una Ray,2015-06-06,${"x".repeat(101)},Kit Ray,sms,+12,,,,`,
      "",
      "",
    );
    const id = await previewed(content);
    const stored = await importRow(id);
    expect(stored.status).toBe("previewed");
    expect(stored.fileName).toBe("pupils.csv");
    const summary = stored.summary as {
      counts: Record<string, number>;
      rejected: { row: number; problems: { column: string | null; key: string }[] }[];
    };
    expect(summary.counts).toEqual({ new: 1, changed: 0, unchanged: 0, rejected: 9 });
    const problems = summary.rejected.map((r) => [
      r.row,
      r.problems.map((p) => `${p.column}:${p.key.split(":")[1]}`),
    ]);
    expect(problems).toEqual([
      [2, ["external_id:errors.duplicateExternalId"]],
      [4, ["full_name:validation.invalidName", "guardian_value:validation.invalidEmail"]],
      [5, ["date_of_birth:validation.invalidDate", "guardian_channel:validation.invalidChannel"]],
      [6, ["class:errors.formula", "guardian_value:validation.highRiskNumber"]],
      [7, ["null:errors.emptyRow"]],
      [8, ["external_id:errors.duplicateExternalId"]],
      [9, ["guardian2_value:errors.contactIncomplete"]],
      [10, ["null:errors.cellCount"]],
      [11, ["class:validation.textTooLong", "guardian_value:validation.invalidPhone"]],
    ]);
    // Zoe Park's location is another organisation's: refused once her other problems are fixed.
    const fixed = await previewed(
      csv("S-004,Zoe Park,2014-12-31,4B,Max Park,sms,+447700900104,,,,North Campus"),
    );
    expect((await importRow(fixed)).summary).toMatchObject({
      counts: { new: 0, rejected: 1 },
      rejected: [
        {
          row: 2,
          problems: [
            {
              column: "location",
              key: "org-import:errors.unknownLocation",
              values: { name: "North Campus" },
            },
          ],
        },
      ],
    });

    const page = await pageText(await admin.get(`/org/${school.slug}/members/import?import=${id}`));
    expect(page).toContain("Hillside Primary");
    expect(page).toMatch(/data-testid="count-new".*?>1</s);
    expect(page).toMatch(/data-testid="count-rejected".*?>9</s);
    expect(page).toContain("The id S-001 is on rows 2, 8: each person needs their own id");
    expect(page).toContain("Name must be between 1 and 100 characters");
    expect(page).toContain("Invalid email address");
    expect(page).toContain("Please enter a valid date in the past");
    expect(page).toContain("A date written YYYY-MM-DD (for example 2014-03-27)");
    expect(page).toContain("Invalid channel");
    expect(page).toContain("The cell starts with “=”, which a spreadsheet would run as a formula.");
    expect(page).toContain("premium-rate or high-cost range");
    expect(page).toContain("The row is empty.");
    expect(page).toContain("The row has 10 cells; the header has 11 columns.");
    expect(page).toContain("Must be at most 100 characters");
    expect(page).toContain("Invalid phone number (use +1234567890 format)");
    expect(page).toContain("Import the 1 clean row");
    expect(page).toContain("Download the rejected rows (CSV)");
    // Each rejected row is listed with its row number and column.
    expect(page).toMatch(/data-row="6" data-column="class"/);

    // Previews change nothing and write no audit lines.
    expect(await peopleOf(school)).toEqual([]);
    expect(await auditCount(school)).toBe(before);
  });

  it("shows the page in the reader's language", async () => {
    const id = await previewed(csv("S-900,,2015-04-02,4B,Ann,sms,+447700900101,,,,"));
    const page = await pageText(
      await admin.get(`/org/${school.slug}/members/import?import=${id}`, {
        "accept-language": "fr",
      }),
    );
    expect(page).toContain("Lignes refusées");
    expect(page).toContain("Obligatoire. De 1 à 100 caractères.");
  });
});

describe("a file that cannot be read as a whole is refused with one clear message, and not kept", () => {
  const refusals: [string, string | Buffer, string][] = [
    ["an empty file", "", "The file is empty."],
    ["a header without rows", `${HEADER}\r\n`, "The file has a header but no rows."],
    [
      "Latin-1 text",
      Buffer.from(`${HEADER}\nS-1,Zoé,2015-01-01,4B,Ann,sms,+447700900101,,,,\n`, "latin1"),
      "The file is not UTF-8 text: line 2 is the first with a character in another encoding.",
    ],
    [
      "UTF-16 text",
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${HEADER}\n`, "utf16le")]),
      "The file is saved as UTF-16.",
    ],
    [
      "a spreadsheet file",
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]),
      "it holds binary data",
    ],
    [
      "a missing column",
      "external_id,full_name,class\nS-1,Ann,4B\n",
      "These columns are missing from the header: date_of_birth, guardian_name, guardian_channel, guardian_value.",
    ],
    ["an unknown column", `${HEADER},nickname\n`, "This template has no columns called: nickname."],
    [
      "a column twice",
      `${HEADER},class\n`,
      "These columns are in the header more than once: class.",
    ],
    ["semicolons", `${HEADER.replaceAll(",", ";")}\n`, "The columns are separated by semicolons."],
    [
      "a quote never closed",
      `${HEADER}\nS-1,"Ann,2015-01-01,4B,Ann,sms,+447700900101,,,,\n`,
      "the quoted cell on line 2 is never closed.",
    ],
    [
      "100,000 rows",
      `${HEADER}\n${"1,A,,,,,,,,,\n".repeat(100_000)}`,
      "The file has more than 20000 rows.",
    ],
  ];

  it.each(refusals)("%s", async (_, content, message) => {
    const before = await app.services.db.select({ n: count() }).from(orgImports);
    const response = await upload(admin, school, content);
    expect(response.status).toBe(422);
    const page = await pageText(response);
    expect(page).toContain("The file cannot be imported");
    expect(page.replaceAll("&quot;", '"').replaceAll("&#x27;", "'")).toContain(message);
    expect(await app.services.db.select({ n: count() }).from(orgImports)).toEqual(before);
  });

  it("no file chosen", async () => {
    const form = new FormData();
    form.set("intent", "upload");
    const response = await app.request(`/org/${school.slug}/members/import`, {
      method: "POST",
      body: form,
      redirect: "manual",
      headers: { cookie: admin.cookieHeader, "x-forwarded-for": admin.address },
    });
    expect(response.status).toBe(400);
    expect(await pageText(response)).toContain("Choose a CSV file to upload.");
  });

  it("a file over the byte cap is refused before it is read, and the page says why", async () => {
    const response = await upload(admin, school, Buffer.alloc(IMPORT_MAX_BYTES + 512 * 1024, "a"));
    expect(response.status).toBe(303);
    const location = response.headers.get("location")!;
    expect(location).toBe(`/org/${school.slug}/members/import?refused=too-large`);
    const page = await pageText(await admin.get(location));
    expect(page).toContain(
      "The file is larger than 8 MB. Split it into files of at most 20000 rows.",
    );
    // The command's own endpoint takes the file alone, up to the cap, refused before the token.
    const direct = await app.request(OPERATOR_IMPORT_PATH, {
      method: "POST",
      headers: { "content-type": "text/csv", "content-length": String(IMPORT_MAX_BYTES + 1) },
      body: Buffer.alloc(IMPORT_MAX_BYTES + 1, "a"),
    });
    expect(direct.status).toBe(413);
  });

  it("a file far over a page form's 256 KB goes through the page's script's data request too", async () => {
    const rows = Array.from(
      { length: 9000 },
      (_, i) =>
        `D-${i},Pupil ${i},2015-01-01,1A,${"Guardian ".repeat(8)}${i},email,g${i}@example.com,,,,`,
    );
    const content = csv(...rows);
    expect(Buffer.byteLength(content)).toBeGreaterThan(1024 * 1024);
    const form = new FormData();
    form.set("intent", "upload");
    form.set("file", new File([content], "big.csv", { type: "text/csv" }));
    const before = await app.services.db.select({ n: count() }).from(orgImports);
    const response = await app.request(`/org/${school.slug}/members/import.data`, {
      method: "POST",
      body: form,
      headers: { cookie: admin.cookieHeader, "x-forwarded-for": admin.address },
    });
    expect(response.status).toBeLessThan(400);
    const [after] = await app.services.db.select({ n: count() }).from(orgImports);
    expect(after!.n).toBe(before[0]!.n + 1);
  });

  it("a UTF-8 file with a byte order mark and mixed line ends is fine", async () => {
    const id = await previewed(
      `\uFEFF${HEADER}\nS-500,Amélie Dubois,2015-06-07,4B,Édith Dubois,sms,+33 6 12 34 56 78,,,,\r\n`,
    );
    expect((await importRow(id)).summary).toMatchObject({ counts: { new: 1, rejected: 0 } });
  });
});

describe("importing: clean files at once, the clean rows of others, once only", () => {
  const file = csv(
    "P-001,Mia Lee,2015-04-02,4B,Ann Lee,sms,+44 7700 900101,Bo Lee,email,Bo@Example.com,Main Site",
    "P-002,Noah Kim,2014-09-30,5A,Kai Kim,whatsapp,+447700900102,,,,",
  );

  it("creates the people with their group, location, encrypted date of birth and guardians", async () => {
    const id = await previewed(file);
    const page = await pageText(await admin.get(`/org/${school.slug}/members/import?import=${id}`));
    expect(page).toContain("Every row can be imported.");
    expect(page).toContain("Import 2 people");
    const answer = await admin.post(`/org/${school.slug}/members/import?import=${id}`, {
      intent: "import",
      importId: id,
    });
    expect(answer.status).toBe(303);
    const result = await pageText(await admin.get(answer.headers.get("location")!));
    expect(result).toContain("2 created, 0 updated, 0 unchanged, 0 rejected");
    expect(await importRow(id)).toMatchObject({ status: "imported", importedAt: expect.any(Date) });

    const people = (await peopleOf(school)).filter((p) => p.externalId?.startsWith("P-"));
    expect(people.map((p) => [p.externalId, p.fullName, p.groupName, p.isMinor])).toEqual([
      ["P-001", "Mia Lee", "4B", true],
      ["P-002", "Noah Kim", "5A", true],
    ]);
    expect(people[0]!.locationId).toBe(mainSite.id);
    expect(people[0]!.accountId).toBe(school.accountId);
    expect(people[0]!.dateOfBirth).not.toContain("2015");
    expect(
      (await getProfile(app.services.db, app.services.cipher, people[0]!.id))?.dateOfBirth,
    ).toBe("2015-04-02");
    const guardians = await app.services.db
      .select()
      .from(contacts)
      .where(eq(contacts.profileId, people[0]!.id))
      .orderBy(contacts.priority);
    expect(guardians.map((c) => [c.name, c.channel, c.priority, c.role, c.userId])).toEqual([
      ["Ann Lee", "sms", 1, "guardian", school.accountId],
      ["Bo Lee", "email", 2, "guardian", school.accountId],
    ]);
    expect(guardians[1]!.value).not.toContain("example.com");
    const lines = await app.services.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.organizationId, school.id),
          inArray(
            auditEvents.profileId,
            people.map((p) => p.id),
          ),
        ),
      );
    expect(lines.map((l) => [l.eventType, l.userId])).toEqual([
      ["org_person_added", adminId],
      ["org_person_added", adminId],
    ]);
    expect(lines[0]!.metadata).toMatchObject({ importId: id, reason: "CSV import pupils.csv" });

    // An import runs once.
    const again = await admin.post(`/org/${school.slug}/members/import?import=${id}`, {
      intent: "import",
      importId: id,
    });
    expect(again.status).toBe(303);
    expect((await peopleOf(school)).filter((p) => p.externalId?.startsWith("P-"))).toHaveLength(2);
  });

  it("re-importing the same file changes nothing: unchanged rows, no writes, no audit lines", async () => {
    const people = async () =>
      (await peopleOf(school)).filter((p) => p.externalId?.startsWith("P-"));
    const before = { people: await people(), audit: await auditCount(school) };
    const guardians = () =>
      app.services.db
        .select({ id: contacts.id })
        .from(contacts)
        .where(
          inArray(
            contacts.profileId,
            before.people.map((p) => p.id),
          ),
        )
        .orderBy(contacts.id);
    const guardiansBefore = await guardians();
    const id = await previewed(file);
    expect((await importRow(id)).summary).toMatchObject({
      counts: { new: 0, changed: 0, unchanged: 2, rejected: 0 },
    });
    const page = await pageText(await admin.get(`/org/${school.slug}/members/import?import=${id}`));
    expect(page).toContain("Nothing to import: every row matches what SafeTap already holds.");
    const result = await runImport(app.services, school, adminId, id, "all");
    expect(result).toMatchObject({ ok: true, summary: { counts: { unchanged: 2 } } });
    expect(await people()).toEqual(before.people);
    expect(await guardians()).toEqual(guardiansBefore);
    expect(await auditCount(school)).toBe(before.audit);
  });

  it("a changed row updates that person, fields and contacts, logged with who and why", async () => {
    const changed = csv(
      "P-001,Mia Lee-Smith,2015-04-02,5B,Ann Lee,sms,+44 7700 900101,Cy Lee,email,cy@example.com,",
      "P-002,Noah Kim,2014-09-30,5A,Kai Kim,whatsapp,+447700900102,,,,",
    );
    const id = await previewed(changed);
    expect((await importRow(id)).summary).toMatchObject({
      counts: { new: 0, changed: 1, unchanged: 1, rejected: 0 },
    });
    const answer = await admin.post(`/org/${school.slug}/members/import?import=${id}`, {
      intent: "import",
      importId: id,
    });
    expect(answer.status).toBe(303);
    const [mia] = (await peopleOf(school)).filter((p) => p.externalId === "P-001");
    expect([mia!.fullName, mia!.groupName, mia!.locationId]).toEqual(["Mia Lee-Smith", "5B", null]);
    const guardians = await app.services.db
      .select({ name: contacts.name, role: contacts.role })
      .from(contacts)
      .where(eq(contacts.profileId, mia!.id))
      .orderBy(contacts.priority);
    expect(guardians).toEqual([
      { name: "Ann Lee", role: "guardian" },
      { name: "Cy Lee", role: "guardian" },
    ]);
    const [line] = await app.services.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.profileId, mia!.id), eq(auditEvents.eventType, "org_person_updated")),
      );
    expect(line).toMatchObject({ userId: adminId, organizationId: school.id });
    expect(line!.metadata).toMatchObject({
      externalId: "P-001",
      fields: "fullName,groupName,locationId,contacts",
      reason: "CSV import pupils.csv",
    });
    // The person's page lists it in the organisation's log, with who and why.
    const personPage = await pageText(await admin.get(`/org/${school.slug}/people/${mia!.id}`));
    expect(personPage).toContain("Ada Admin changed name, group, location, contacts.");
    expect(personPage).toContain("Why: CSV import pupils.csv");
  });

  it("imports the clean rows only, and the rejected ones download as CSV that can be fixed and sent again", async () => {
    const id = await previewed(
      csv(
        "C-001,Ava Stone,2015-01-01,4B,Jo Stone,sms,+447700900201,,,,",
        "C-002,Ben Stone,2015-13-01,4B,Jo Stone,sms,+447700900201,,,,",
        'C-003,"Cat ""Kitty"" Stone",2015-02-02,4B,Jo Stone,sms,+447700900201,,,,Nowhere',
      ),
    );
    // "Import" (all) refuses while rows are rejected, and writes nothing.
    const refused = await admin.post(`/org/${school.slug}/members/import?import=${id}`, {
      intent: "import",
      importId: id,
    });
    expect(refused.headers.get("location")).toBe(
      `/org/${school.slug}/members/import?import=${id}&changed=2`,
    );
    expect((await importRow(id)).status).toBe("previewed");
    expect((await peopleOf(school)).some((p) => p.externalId?.startsWith("C-"))).toBe(false);

    const answer = await admin.post(`/org/${school.slug}/members/import?import=${id}`, {
      intent: "import-clean",
      importId: id,
    });
    expect(answer.status).toBe(303);
    expect(
      (await peopleOf(school))
        .filter((p) => p.externalId?.startsWith("C-"))
        .map((p) => p.externalId),
    ).toEqual(["C-001"]);
    const download = await admin.get(`/org/${school.slug}/members/import/${id}/rejected.csv`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = await download.text();
    const lines = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      `${HEADER.split(",")
        .map((c) => `"${c}"`)
        .join(",")},"errors"`,
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"C-002","Ben Stone","2015-13-01"');
    expect(lines[1]).toContain("date_of_birth: Please enter a valid date in the past (Rule: ");
    expect(lines[2]).toContain('"Cat ""Kitty"" Stone"');
    expect(lines[2]).toContain("+447700900201");
    expect(lines[2]).toContain("This organisation has no location called “Nowhere”.");

    // Fixed in place and sent back as it is: the errors column is ignored.
    const fixed = text.replace("2015-13-01", "2015-12-01").replace(',"Nowhere"', ',"Main Site"');
    const again = await previewed(fixed);
    expect((await importRow(again)).summary).toMatchObject({
      counts: { new: 2, changed: 0, unchanged: 0, rejected: 0 },
    });
    expect(await runImport(app.services, school, adminId, again, "all")).toMatchObject({
      ok: true,
    });
    expect(
      (await peopleOf(school)).filter((p) => p.externalId?.startsWith("C-")).map((p) => p.fullName),
    ).toEqual(["Ava Stone", "Ben Stone", 'Cat "Kitty" Stone']);
  });

  it("a discarded preview cannot be imported any more, and is listed as discarded", async () => {
    const id = await previewed(csv("V-001,Val Moss,2015-04-02,4B,Ann Moss,sms,+447700900601,,,,"));
    const discarded = await admin.post(`/org/${school.slug}/members/import?import=${id}`, {
      intent: "discard",
      importId: id,
    });
    expect(discarded.headers.get("location")).toBe(
      `/org/${school.slug}/members/import?import=${id}`,
    );
    const page = await pageText(await admin.get(discarded.headers.get("location")!));
    expect(page).toContain("This preview was discarded; nothing was imported.");
    expect(page).toMatch(/data-testid="recent-imports".*Discarded.*?1 \/ 0 \/ 0 \/ 0/s);
    expect(await runImport(app.services, school, adminId, id, "clean")).toEqual({
      ok: false,
      reason: "already_run",
    });
    expect((await peopleOf(school)).some((p) => p.externalId === "V-001")).toBe(false);
  });

  it("the run address streams progress, then names the page to open", async () => {
    const rows = Array.from(
      { length: 600 },
      (_, i) =>
        `R-${String(i).padStart(4, "0")},Pupil ${i},2015-01-01,3C,Guardian ${i},email,g${i}@example.com,,,,`,
    );
    await setOrgExtraSeats(app.services, school.id, 1000, null);
    const id = await previewed(csv(...rows));
    const form = new FormData();
    form.set("intent", "import");
    const response = await app.request(`/org/${school.slug}/members/import/${id}/run`, {
      method: "POST",
      body: form,
      headers: { cookie: admin.cookieHeader, "x-forwarded-for": admin.address },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
    const lines = (await response.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.slice(0, -1).map((l) => l.progress.done)).toEqual([
      0, 100, 200, 300, 400, 500, 600,
    ]);
    expect(new Set(lines.slice(0, -1).map((l) => l.progress.total))).toEqual(new Set([600]));
    expect(lines.at(-1)).toEqual({
      done: true,
      location: `/org/${school.slug}/members/import?import=${id}`,
      counts: { new: 600, changed: 0, unchanged: 0, rejected: 0 },
    });
    // The same people again with another class and new guardians: 600 updates, in batches.
    const moved = await previewed(
      csv(...rows.map((row) => row.replace(",3C,", ",4C,").replace("Guardian ", "Carer "))),
    );
    expect(await runImport(app.services, school, adminId, moved, "all")).toMatchObject({
      ok: true,
      summary: { counts: { new: 0, changed: 600, unchanged: 0, rejected: 0 } },
    });
    const after = (await peopleOf(school)).filter((p) => p.externalId?.startsWith("R-"));
    expect(new Set(after.map((p) => p.groupName))).toEqual(new Set(["4C"]));
    const carers = await app.services.db
      .select({ name: contacts.name })
      .from(contacts)
      .where(
        inArray(
          contacts.profileId,
          after.map((p) => p.id),
        ),
      );
    expect(carers).toHaveLength(600);
    expect(carers.every((c) => c.name.startsWith("Carer "))).toBe(true);
    await setOrgExtraSeats(app.services, school.id, 0, null);
  });
});

describe("seats", () => {
  it("rows past the organisation's seats are rejected with a message naming the limit", async () => {
    const org = await createOrg(app.services, { preset: "workplace" });
    await app.services.db.insert(profiles).values(
      Array.from({ length: 97 }, (_, i) => ({
        id: `${org.id}-p${i}`,
        accountId: org.accountId,
        organizationId: org.id,
        externalId: `E-${i}`,
        fullName: `Person ${i}`,
      })),
    );
    const header = "external_id,full_name,department,contact_name,contact_channel,contact_value";
    const content = [
      header,
      "E-0,Person 0 Renamed,Sales,Pat,email,pat@example.com",
      ...["N-1", "N-2", "N-3", "N-4", "N-5"].map(
        (id) => `${id},New ${id},Sales,Pat,email,pat@example.com`,
      ),
    ].join("\n");
    const outcome = await runMembersImport(
      { db: app.services.db, config: app.services.config },
      { org: org.slug, fileName: "staff.csv", bytes: Buffer.from(content) },
    );
    expect(outcome.summary).toBe("3 created, 1 updated, 0 unchanged, 2 rejected");
    expect(outcome.exitCode).toBe(1);
    expect(outcome.errors).toEqual([
      expect.stringMatching(
        /^row 6, whole row: The organisation's 100 seats are all taken: this new person does not fit\./,
      ),
      expect.stringMatching(/^row 7, whole row: The organisation's 100 seats are all taken/),
    ]);
    const [people] = await app.services.db
      .select({ n: count() })
      .from(profiles)
      .where(eq(profiles.organizationId, org.id));
    expect(people!.n).toBe(100);
  });
});

describe("another organisation's people", () => {
  it("share no ids with this one: the same external id adds this organisation's own person", async () => {
    const [ourSchool, theirSchool] = [
      await createOrg(app.services, { preset: "school" }),
      await createOrg(app.services, { preset: "school" }),
    ];
    const theirs = await addOrgPerson(app.services.db, app.services, theirSchool!, null, {
      fullName: "Their Pupil",
      externalId: "X-100",
      groupName: "9Z",
    });
    expect(theirs.ok).toBe(true);
    const outcome = await runMembersImport(
      { db: app.services.db, config: app.services.config },
      {
        org: ourSchool!.slug,
        fileName: "ours.csv",
        bytes: Buffer.from(csv("X-100,Our Pupil,2015-01-01,1A,Ann,sms,+447700900701,,,,")),
      },
    );
    expect(outcome.summary).toBe("1 created, 0 updated, 0 unchanged, 0 rejected");
    const [other] = await peopleOf(theirSchool!);
    expect([other!.fullName, other!.groupName]).toEqual(["Their Pupil", "9Z"]);
    const [ours] = await peopleOf(ourSchool!);
    expect([ours!.externalId, ours!.fullName]).toEqual(["X-100", "Our Pupil"]);
  });
});

describe("safetap members import (in-process: the summary line, the errors, the exit code)", () => {
  it("imports a clean file with exit code 0, refuses an unreadable one whole, and an unknown organisation", async () => {
    const org = await createOrg(app.services, { preset: "events" });
    const deps = { db: app.services.db, config: app.services.config };
    const day = new Date(Date.now() + 7 * 864e5).toISOString().slice(0, 10);
    const header =
      "external_id,full_name,group,expires_on,contact_name,contact_channel,contact_value";
    const clean = await runMembersImport(deps, {
      org: org.slug,
      fileName: "crew.csv",
      bytes: Buffer.from(`${header}\nX-1,Sam Crew,Stage,${day},Kim,email,kim@example.com\n`),
    });
    expect(clean).toEqual({
      summary: "1 created, 0 updated, 0 unchanged, 0 rejected",
      errors: [],
      exitCode: 0,
    });
    const [sam] = await peopleOf(org);
    // The end of that day, as the person form stores it (core/org-forms.ts `expiryOf`).
    expect(sam!.expiresAt?.toISOString()).toBe(`${day}T23:59:59.999Z`);
    const broken = await runMembersImport(deps, {
      org: org.slug,
      fileName: "crew.csv",
      bytes: Buffer.from("external_id;full_name\n"),
    });
    expect(broken.summary).toBeNull();
    expect(broken.exitCode).toBe(1);
    expect(broken.errors).toEqual([
      expect.stringContaining("crew.csv: The columns are separated by semicolons."),
    ]);
    await expect(
      runMembersImport(deps, { org: "no-such-org", fileName: "x.csv", bytes: Buffer.from("x") }),
    ).rejects.toThrow("No organisation at /org/no-such-org");
  });
});

describe("who may use the import: admins, owners and SafeTap admins of this organisation only", () => {
  it("answers each route by role; refused requests change nothing", async () => {
    const people = await Promise.all(
      ["Owen", "Stan", "Mel", "Otto", "Oz", "Sue"].map((name) =>
        createOwner(app.services, { name, plan: "free" }),
      ),
    );
    const [owner, staff, member, otherAdmin, outsider, safetapAdmin] = people as [
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
    ];
    await addOrgMember(app.services, school, owner.userId, "owner");
    await addOrgMember(app.services, school, staff.userId, "staff");
    await addOrgMember(app.services, school, member.userId, "member");
    await addOrgMember(app.services, otherSchool, otherAdmin.userId, "admin");
    await grantRole(app.services.db, safetapAdmin.email, "admin");
    const id = await previewed(
      csv("Q-001,Quinn Lake,2015-04-02,4B,Ann Lake,sms,+447700900301,,,,"),
    );
    const base = `/org/${school.slug}/members/import`;
    const actors: [string, Client, number][] = [
      ["signed out", new Client(app), 302],
      ["outsider", await signIn(app, outsider.email), 404],
      ["another organisation's admin", await signIn(app, otherAdmin.email), 404],
      ["staff", await signIn(app, staff.email), 403],
      ["member", await signIn(app, member.email), 403],
      ["admin", admin, 200],
      ["owner", await signIn(app, owner.email), 200],
      ["SafeTap admin", await signIn(app, safetapAdmin.email), 200],
    ];
    const state = async () => ({
      imports: await app.services.db
        .select({ id: orgImports.id, status: orgImports.status })
        .from(orgImports)
        .where(eq(orgImports.organizationId, school.id))
        .orderBy(orgImports.id),
      people: (await peopleOf(school)).length,
    });
    for (const [who, client, allowed] of actors) {
      const reads = [
        `${base}`,
        `${base}?import=${id}`,
        `${base}/template.csv`,
        `${base}/${id}/rejected.csv`,
        `${base}/${id}/run`,
      ];
      for (const path of reads) {
        const response = await client.get(path);
        // GET on the run address is the import's page again.
        const expected = allowed === 200 && path.endsWith("/run") ? 302 : allowed;
        expect(response.status, `${who} GET ${path}`).toBe(expected);
        if (expected === 302) {
          expect(response.headers.get("location")).toMatch(
            allowed === 200
              ? new RegExp(`^${base}\\?import=${id}$`)
              : /^\/auth\?mode=signin&redirect=/,
          );
        }
      }
      if (allowed === 200) continue;
      const before = await state();
      const writes = [
        () => upload(client, school, csv("Z-1,Zed,2015-01-01,4B,Ann,sms,+447700900101,,,,")),
        () => client.post(`${base}?import=${id}`, { intent: "import", importId: id }),
        () => client.post(`${base}?import=${id}`, { intent: "discard", importId: id }),
        () => client.post(`${base}/${id}/run`, { intent: "import" }),
      ];
      for (const write of writes) {
        expect((await write()).status, who).toBe(allowed);
      }
      expect(await state(), who).toEqual(before);
    }

    // Another organisation's admin cannot reach this import through their own organisation.
    const otherClient = actors[2]![1];
    const otherBase = `/org/${otherSchool.slug}/members/import`;
    expect((await otherClient.get(`${otherBase}/${id}/rejected.csv`)).status).toBe(404);
    const crossRun = await otherClient.post(`${otherBase}/${id}/run`, { intent: "import" });
    expect(crossRun.status).toBe(404);
    const crossPage = await otherClient.post(`${otherBase}?import=${id}`, {
      intent: "import",
      importId: id,
    });
    expect(crossPage.status).toBe(404);
    expect((await otherClient.get(`${otherBase}?import=${id}`)).status).toBe(200);
    expect(await pageText(await otherClient.get(`${otherBase}?import=${id}`))).toContain(
      "There is no such import in this organisation.",
    );
    expect((await importRow(id)).status).toBe("previewed");

    // The template is the preset's header.
    const template = await admin.get(`${base}/template.csv`);
    expect(template.headers.get("content-disposition")).toBe(
      'attachment; filename="safetap-school-template.csv"',
    );
    expect((await template.text()).split("\r\n")[0]).toMatch(
      /^external_id,full_name,date_of_birth,class,guardian_name,guardian_channel,guardian_value,guardian2_name/,
    );
  });
});

describe("safetap members import (the command, as an operator runs it)", () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), "safetap-import-cli-"));
  const school = (dir: string, rows: string[]) => {
    const file = path.join(dir, "pupils.csv");
    writeFileSync(file, csv(...rows));
    return file;
  };

  // The embedded database is the same in both passes: the PGlite pass runs these two (decision 167).
  it.runIf(EMBEDDED_PASS)(
    "through the running server on the embedded database: one summary line, errors on stderr, exit 1",
    async () => {
      const dir = dataDir();
      const server = await startServer({ DATA_DIR: dir, SEED_DEMO: "false", LOG_LEVEL: "warn" });
      try {
        const created = await runCli(
          ["orgs", "create", "--name", "Oak School", "--slug", "oak-school", "--preset", "school"],
          { DATA_DIR: dir },
        );
        expect(created.code, created.stderr).toBe(0);
        const file = school(dir, [
          "K-1,Kit Oak,2015-01-01,1A,Ann Oak,sms,+447700900401,,,,",
          "K-2,Lou Oak,2015-01-01,1A,Ann Oak,email,ann@,,,,",
        ]);
        const result = await runCli(["members", "import", file, "--org", "oak-school"], {
          DATA_DIR: dir,
        });
        expect(result.stdout).toBe("1 created, 0 updated, 0 unchanged, 1 rejected\n");
        expect(result.stderr).toBe(
          "row 3, guardian_value: Invalid email address (Rule: For sms and whatsapp, a phone number with its country code (+1234567890; spaces allowed; premium-rate numbers are refused); for email, an address such as name@example.com, at most 255 characters.)\n",
        );
        expect(result.code).toBe(1);
      } finally {
        expect(await server.stop()).toBe(0);
      }
    },
    120_000,
  );

  it.runIf(EMBEDDED_PASS)("refuses a file over the byte cap before reading it", async () => {
    const dir = dataDir();
    const big = path.join(dir, "big.csv");
    writeFileSync(big, Buffer.alloc(IMPORT_MAX_BYTES + 1, "a"));
    const refused = await runCli(["members", "import", big, "--org", "oak-school"], {
      DATA_DIR: dir,
    });
    expect(refused).toMatchObject({ code: 1, stdout: "" });
    expect(refused.stderr).toContain("is larger than 8 MB: split it into smaller files");
  });

  it.runIf(TEST_DATABASE_URL)("directly on PostgreSQL: a clean file exits 0", async () => {
    const database = await createTestDatabase();
    try {
      const env = { DATABASE_URL: database.url!, DATA_DIR: dataDir() };
      const created = await runCli(
        ["orgs", "create", "--name", "Elm School", "--slug", "elm-school", "--preset", "school"],
        env,
      );
      expect(created.code, created.stderr).toBe(0);
      const file = school(env.DATA_DIR, [
        "M-1,Max Elm,2015-01-01,2B,Eva Elm,sms,+447700900501,,,,",
      ]);
      const result = await runCli(["members", "import", file, "--org", "elm-school"], env);
      expect(result).toEqual({
        code: 0,
        stdout: "1 created, 0 updated, 0 unchanged, 0 rejected\n",
        stderr: "",
      });
      const again = await runCli(["members", "import", file, "--org", "elm-school"], env);
      expect(again.stdout).toBe("0 created, 0 updated, 1 unchanged, 0 rejected\n");
      expect(again.code).toBe(0);
    } finally {
      await database.destroy();
    }
  });
});
