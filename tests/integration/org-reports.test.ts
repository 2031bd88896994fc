import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  alertDeliveries,
  alerts,
  attendanceScans,
  auditEvents,
  rollCallEvents,
  rollCallPeople,
  rollCalls,
  tags,
} from "#server/db/schema.ts";
import { addOrgPerson } from "#server/domain/org-people.ts";
import type { OrgSummary } from "#server/domain/organizations.ts";
import { mintTags } from "#server/domain/tags.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner, type Owner } from "#tests/support/fixtures.ts";
import { type Client, signIn } from "#tests/support/http-client.ts";
import { addLocation, addOrgMember, createOrg } from "#tests/support/orgs.ts";

let app: TestApp;
let school: OrgSummary;
let other: OrgSummary;
let north: { id: string };
let south: { id: string };
let bulk: { id: string };
let elsewhere: { id: string };
const people: Record<string, string> = {};
const tagOf: Record<string, string> = {};
const users: Record<string, Owner> = {};
const clients: Record<string, Client> = {};
const rollCall: Record<string, string> = {};

async function addPerson(org: OrgSummary, fullName: string, locationId: string, groupName = "4B") {
  const added = await addOrgPerson(app.services.db, app.services, org, null, {
    fullName,
    groupName,
    locationId,
  });
  if (!added.ok) throw new Error(`addOrgPerson: ${added.reason}`);
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
      organizationId: org.id,
      userId: org.accountId,
      profileId: added.profileId,
      status: "active",
      isActive: true,
      linkedAt: new Date(),
    })
    .where(eq(tags.id, tagId));
  tagOf[added.profileId] = tagId;
  return added.profileId;
}

async function scan(
  org: OrgSummary,
  profileId: string,
  name: string,
  locationId: string,
  direction: "in" | "out",
  at: string,
  readerUserId: string | null = null,
) {
  await app.services.db.insert(attendanceScans).values({
    tagId: tagOf[profileId]!,
    direction,
    personName: name,
    profileId,
    organizationId: org.id,
    locationId,
    readerUserId,
    createdAt: new Date(at),
  });
}

/** A roll call as the roll-call pages leave it (seeded here; another part builds those pages). */
async function seedRollCall(input: {
  org: OrgSummary;
  locationId: string;
  drill?: boolean;
  open?: boolean;
  start: string;
  people: {
    profileId: string;
    name: string;
    safe?: { after: number; by: string; method: "scan" | "tap" | "self" };
    alertId?: string;
  }[];
  extraEvents?: number;
}) {
  const { db } = app.services;
  const start = new Date(input.start);
  const plus = (seconds: number) => new Date(start.getTime() + seconds * 1000);
  const [row] = await db
    .insert(rollCalls)
    .values({
      organizationId: input.org.id,
      locationId: input.locationId,
      kind: "evacuation",
      drill: input.drill ?? false,
      status: input.open ? "open" : "ended",
      startedBy: users.staff!.userId,
      startedByName: "Sam Staff",
      alertAfterMinutes: 10,
      alertAt: plus(600),
      endedAt: input.open ? null : plus(754),
      endedBy: input.open ? null : users.admin!.userId,
      endedByName: input.open ? null : "Ada Admin",
      createdAt: start,
    })
    .returning();
  const id = row!.id;
  await db.insert(rollCallPeople).values(
    input.people.map((p) => ({
      rollCallId: id,
      profileId: p.profileId,
      personName: p.name,
      groupName: "4B",
      status: p.safe ? "safe" : "unaccounted",
      markedAt: p.safe ? plus(p.safe.after) : null,
      markedByName: p.safe?.by ?? null,
      method: p.safe?.method ?? null,
      alertId: p.alertId ?? null,
    })),
  );
  const events: (typeof rollCallEvents.$inferInsert)[] = [
    { rollCallId: id, type: "started", actorName: "Sam Staff", createdAt: start },
  ];
  // Marked in the order of their times, whatever the list's order.
  for (const p of [...input.people]
    .filter((p) => p.safe)
    .sort((a, b) => a.safe!.after - b.safe!.after)) {
    events.push({
      rollCallId: id,
      type: "marked_safe",
      profileId: p.profileId,
      personName: p.name,
      actorName: p.safe!.by,
      method: p.safe!.method,
      createdAt: plus(p.safe!.after),
    });
  }
  for (let i = 0; i < (input.extraEvents ?? 0); i++) {
    events.push({ rollCallId: id, type: "joined", actorName: `Helper ${i}`, createdAt: plus(300) });
  }
  if (input.people.some((p) => p.alertId)) {
    events.push({ rollCallId: id, type: "alerted", createdAt: plus(600) });
  }
  if (!input.open) {
    events.push({ rollCallId: id, type: "ended", actorName: "Ada Admin", createdAt: plus(754) });
  }
  await db.insert(rollCallEvents).values(events);
  return id;
}

async function seedAlert(
  org: OrgSummary,
  profileId: string,
  at: string,
  deliveries: (Partial<typeof alertDeliveries.$inferInsert> & { contactName: string })[] = [],
  source = "card",
) {
  const { db } = app.services;
  const [alert] = await db
    .insert(alerts)
    .values({
      idempotencyKey: `report-${Math.random()}`,
      userId: org.accountId,
      profileId,
      source,
      createdAt: new Date(at),
    })
    .returning();
  for (const [i, d] of deliveries.entries()) {
    await db.insert(alertDeliveries).values({
      alertId: alert!.id,
      accountId: org.accountId,
      channel: "email",
      destination: "x",
      createdAt: new Date(Date.parse(at) + i * 1000),
      ...d,
    });
  }
  return alert!.id;
}

const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");

async function pdfPages(data: Uint8Array) {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const pdf = await pdfjs.getDocument({ data, useSystemFonts: false, isEvalSupported: false })
    .promise;
  const texts: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    texts.push(content.items.map((item) => ("str" in item ? item.str : "")).join("\n"));
  }
  return texts;
}

async function pdfOf(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  expect(response.headers.get("cache-control")).toBe("no-store");
  const data = new Uint8Array(await response.arrayBuffer());
  expect(new TextDecoder().decode(data.slice(0, 5))).toBe("%PDF-");
  return pdfPages(data);
}

const base = () => `/org/${school.slug}/reports`;
const RANGE = "from=2026-03-02&to=2026-03-02";

beforeAll(async () => {
  app = await createTestApp();
  const { services } = app;
  school = await createOrg(services, { preset: "school", name: "Hillside School" });
  other = await createOrg(services, { preset: "school", name: "Other School" });
  north = await addLocation(services, school, { name: "North site", timeZone: "Asia/Ho_Chi_Minh" });
  south = await addLocation(services, school, { name: "South site", timeZone: "Europe/Paris" });
  bulk = await addLocation(services, school, { name: "Bulk site", timeZone: "UTC" });
  elsewhere = await addLocation(services, other, { name: "Elsewhere", timeZone: "UTC" });
  const names = ["Owen", "Ada Admin", "Sam Staff", "Sid South", "Mo", "Oz", "Otto", "Eve"];
  const made = await Promise.all(names.map((name) => createOwner(services, { name })));
  const [owner, admin, staff, staffSouth, member, outsider, otherAdmin, eager] = made as Owner[];
  Object.assign(users, { owner, admin, staff, staffSouth, member, outsider, otherAdmin, eager });
  await addOrgMember(services, school, owner!.userId, "owner");
  await addOrgMember(services, school, admin!.userId, "admin");
  await addOrgMember(services, school, staff!.userId, "staff", [north.id]);
  await addOrgMember(services, school, staffSouth!.userId, "staff", [south.id]);
  await addOrgMember(services, school, member!.userId, "member");
  await addOrgMember(services, school, eager!.userId, "admin");
  await addOrgMember(services, other, otherAdmin!.userId, "admin");

  people.mia = await addPerson(school, "Mia Pupil", north.id);
  people.pip = await addPerson(school, "Pip Early", north.id);
  people.nell = await addPerson(school, "Nell Missing", north.id);
  people.noah = await addPerson(school, "Noah South", south.id);
  people.bulk = await addPerson(school, "Bulk Person", bulk.id);
  people.stranger = await addPerson(other, "Stranger Elsewhere", elsewhere.id);

  // North site is UTC+7: 2026-03-02 local runs from 2026-03-01T17:00Z to 2026-03-02T17:00Z.
  await scan(
    school,
    people.pip,
    "Pip Early",
    north.id,
    "in",
    "2026-03-01T20:00:00Z",
    staff!.userId,
  );
  await scan(
    school,
    people.mia,
    "Mia Pupil",
    north.id,
    "in",
    "2026-03-02T01:00:00Z",
    staff!.userId,
  );
  await scan(
    school,
    people.mia,
    "Mia Pupil",
    north.id,
    "out",
    "2026-03-02T09:30:00Z",
    staff!.userId,
  );
  await scan(school, people.mia, "Mia Pupil", north.id, "in", "2026-03-02T18:00:00Z"); // 03-03 local
  await scan(school, people.mia, "Mia Pupil", north.id, "in", "2026-03-05T01:00:00Z"); // out of range
  // South site is UTC+1 in March.
  await scan(school, people.noah, "Noah South", south.id, "in", "2026-03-02T07:00:00Z");
  await scan(
    other,
    people.stranger,
    "Stranger Elsewhere",
    elsewhere.id,
    "in",
    "2026-03-02T07:00:00Z",
  );

  for (const [key, user] of Object.entries(users)) clients[key] = await signIn(app, user.email);

  const nellAlert = await seedAlert(
    school,
    people.nell,
    "2026-03-02T02:10:00Z",
    [{ contactName: "Nora Missing", status: "sent", sentAt: new Date("2026-03-02T02:10:05Z") }],
    "roll_call",
  );
  rollCall.ended = await seedRollCall({
    org: school,
    locationId: north.id,
    start: "2026-03-02T02:00:00Z",
    people: [
      {
        profileId: people.mia,
        name: "Mia Pupil",
        safe: { after: 120, by: "Sam Staff", method: "scan" },
      },
      {
        profileId: people.pip,
        name: "Pip Early",
        safe: { after: 60, by: "Themself", method: "self" },
      },
      { profileId: people.nell, name: "Nell Missing", alertId: nellAlert },
    ],
  });
  rollCall.drill = await seedRollCall({
    org: school,
    locationId: north.id,
    drill: true,
    start: "2026-03-03T02:00:00Z",
    people: [
      {
        profileId: people.mia,
        name: "Mia Pupil",
        safe: { after: 30, by: "Sam Staff", method: "tap" },
      },
    ],
    extraEvents: 120,
  });
  rollCall.open = await seedRollCall({
    org: school,
    locationId: south.id,
    open: true,
    start: "2026-03-02T08:00:00Z",
    people: [{ profileId: people.noah, name: "Noah South" }],
  });
  rollCall.other = await seedRollCall({
    org: other,
    locationId: elsewhere.id,
    start: "2026-03-02T08:00:00Z",
    people: [{ profileId: people.stranger, name: "Stranger Elsewhere" }],
  });

  await seedAlert(school, people.mia, "2026-03-02T03:00:00Z", [
    {
      contactName: "Maria Pupil",
      channel: "email",
      status: "sent",
      sentAt: new Date("2026-03-02T03:00:10Z"),
      acknowledgedAt: new Date("2026-03-02T03:04:00Z"),
    },
    { contactName: "Dr Lee", channel: "sms", status: "skipped", note: "quota" },
  ]);
  await seedAlert(school, people.mia, "2026-02-20T03:00:00Z", [{ contactName: "Too Early" }]);
  await seedAlert(other, people.stranger, "2026-03-02T03:00:00Z", [
    { contactName: "Their Guardian" },
  ]);
});
afterAll(() => app?.close());

describe("attendance by day, location and person", () => {
  it("counts each location's own days: people checked in, check-ins and check-outs", async () => {
    const response = await clients.owner!.get(`${base()}/attendance-days.csv?${RANGE}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="safetap-${school.slug}-attendance-days-2026-03-02-to-2026-03-02.csv"`,
    );
    const lines = csvLines(await response.text());
    expect(lines).toEqual([
      '"Day","Location","People checked in","Check-ins","Check-outs"',
      '"2026-03-02","North site","2","2","1"',
      '"2026-03-02","South site","1","1","0"',
    ]);
  });

  it("filters by location: another location's scans are absent", async () => {
    const lines = csvLines(
      await (
        await clients.admin!.get(`${base()}/attendance-days.csv?${RANGE}&location=${south.id}`)
      ).text(),
    );
    expect(lines).toEqual([lines[0], '"2026-03-02","South site","1","1","0"']);
  });

  it("per person: first in and last out in the location's time, and the scans", async () => {
    const lines = csvLines(
      await (await clients.owner!.get(`${base()}/attendance-people.csv?${RANGE}`)).text(),
    );
    expect(lines[0]).toBe('"Day","Location","Person","Tags","First in","Last out","Scans"');
    expect(lines).toContain(
      `"2026-03-02","North site","Mia Pupil","${tagOf[people.mia!]}","08:00","16:30","2"`,
    );
    expect(lines).toContain(
      `"2026-03-02","North site","Pip Early","${tagOf[people.pip!]}","03:00","","1"`,
    );
    expect(lines).toContain(
      `"2026-03-02","South site","Noah South","${tagOf[people.noah!]}","08:00","","1"`,
    );
    expect(lines).toHaveLength(4);
  });

  it("the raw scans: who was scanned, when, where and by whom; other organisations' never", async () => {
    const body = await (
      await clients.owner!.get(`${base()}/attendance-scans.csv?${RANGE}&lng=es`)
    ).text();
    const lines = csvLines(body);
    expect(lines[0]).toBe(
      '"Hora","Zona horaria","Sentido","Persona","Etiqueta","Lugar","Escaneado por"',
    );
    expect(lines.slice(1)).toEqual([
      `"2026-03-02 03:00:00","Asia/Ho_Chi_Minh","Entrada","Pip Early","${tagOf[people.pip!]}","North site","Sam Staff"`,
      `"2026-03-02 08:00:00","Asia/Ho_Chi_Minh","Entrada","Mia Pupil","${tagOf[people.mia!]}","North site","Sam Staff"`,
      `"2026-03-02 08:00:00","Europe/Paris","Entrada","Noah South","${tagOf[people.noah!]}","South site",""`,
      `"2026-03-02 16:30:00","Asia/Ho_Chi_Minh","Salida","Mia Pupil","${tagOf[people.mia!]}","North site","Sam Staff"`,
    ]);
    expect(body).not.toContain("Stranger");
  });

  it("a large range streams in several chunks and is complete (50,000 scans)", async () => {
    await app.services.db.execute(sql`insert into attendance_scans
        (tag_id, direction, person_name, profile_id, organization_id, location_id, created_at)
      select ${tagOf[people.bulk!]}, case when g % 2 = 0 then 'out' else 'in' end, 'Bulk Person',
        ${people.bulk}, ${school.id}, ${bulk.id}::uuid,
        '2026-06-01T00:00:00Z'::timestamptz + g * interval '1 second'
      from generate_series(1, 50000) g`);
    const response = await clients.owner!.get(
      `${base()}/attendance-scans.csv?from=2026-06-01&to=2026-06-01&location=${bulk.id}`,
    );
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let chunks = 0;
    let text = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks += 1;
      text += decoder.decode(value, { stream: true });
    }
    expect(chunks).toBeGreaterThan(10);
    const lines = csvLines(text);
    expect(lines).toHaveLength(50_001);
    expect(lines[1]).toContain('"2026-06-01 00:00:01"');
    expect(lines[50_000]).toContain('"2026-06-01 13:53:20"');
    expect(new Set(lines.slice(1)).size).toBe(50_000);
  });

  it("a large range's PDF streams too, and says where it stops listing (the CSV has every row)", async () => {
    const response = await clients.owner!.get(
      `${base()}/attendance.pdf?from=2026-06-01&to=2026-06-01&location=${bulk.id}`,
    );
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    expect(chunks.length).toBeGreaterThan(3);
    const pages = await pdfPages(new Uint8Array(Buffer.concat(chunks)));
    expect(pages.length).toBeGreaterThan(50);
    const text = pages.join("\n");
    expect(text).toContain(
      "This PDF lists the first 5000 rows of this table; the CSV has every row.",
    );
    expect(text).toContain(`Page ${pages.length}`);
    // Drawing and then reading back a hundred pages takes a while on a busy two-core machine.
  }, 120_000);

  it("the PDF holds the three tables, readable in Vietnamese too", async () => {
    const pages = await pdfOf(await clients.owner!.get(`${base()}/attendance.pdf?${RANGE}&lng=vi`));
    const text = pages.join("\n");
    for (const expected of [
      "Báo cáo ra vào — Hillside School",
      "Theo ngày và địa điểm",
      "Theo người",
      "Mọi lần quét",
      "Mia Pupil",
      "North site",
      "Trang 1",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Stranger");
  });
});

describe("the alerts report", () => {
  it("lists the organisation's alerts in range with each delivery, who answered and when", async () => {
    const response = await clients.owner!.get(`${base()}/alerts.csv?${RANGE}`);
    expect(response.status).toBe(200);
    const lines = csvLines(await response.text());
    expect(lines[0]).toBe(
      '"Time","Time zone","Person","Location","Source","Alert status","Answered at","Answered by","Escalated","Contact","Message","Channel","Delivery status","Sent","Note"',
    );
    const mia = lines.filter((line) => line.includes("Mia Pupil"));
    expect(mia).toHaveLength(2);
    expect(mia[0]).toContain(
      '"2026-03-02 10:00","Asia/Ho_Chi_Minh","Mia Pupil","North site","Card scan"',
    );
    expect(mia[0]).toContain('"Maria Pupil","Alert","Email","On the way","2026-03-02 10:00"');
    expect(mia[1]).toContain('"Dr Lee","Alert","SMS","Not sent"');
    expect(mia[1]).toContain("allowance was used up");
    expect(lines.some((line) => line.includes('"Nell Missing","North site","Roll call"'))).toBe(
      true,
    );
    const all = lines.join("\n");
    expect(all).not.toContain("Too Early");
    expect(all).not.toContain("Their Guardian");
  });

  it("the PDF lists the same alerts and messages", async () => {
    const text = (await pdfOf(await clients.admin!.get(`${base()}/alerts.pdf?${RANGE}`))).join(
      "\n",
    );
    for (const expected of [
      "Alerts report — Hillside School",
      "Maria Pupil",
      "Dr Lee",
      "Nell Missing",
      "Page 1",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Their Guardian");
  });
});

describe("the roll-call report", () => {
  const report = (id: string, format: "csv" | "pdf") =>
    `/org/${school.slug}/reports/roll-calls/${id}/report.${format}`;

  it("CSV: header, timeline in order, who was marked safe when and by whom, who was missing", async () => {
    const response = await clients.owner!.get(report(rollCall.ended!, "csv"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="safetap-${school.slug}-roll-call-2026-03-02-evacuation.csv"`,
    );
    const lines = csvLines(await response.text());
    expect(lines).toContain('"Location","North site (Asia/Ho_Chi_Minh)"');
    expect(lines).toContain('"Started by, at","Sam Staff · 2026-03-02 09:00:00"');
    expect(lines).toContain('"Ended by, at","Ada Admin · 2026-03-02 09:12:34"');
    expect(lines).toContain('"Duration","12 min 34 s"');
    expect(lines).toContain('"People","3 to account for: 2 safe, 1 missing"');
    const timeline = lines.filter((l) =>
      /^"2026-03-02 09:\d\d:\d\d","(Roll call|Marked|Contacts)/.test(l),
    );
    expect(timeline).toEqual([
      '"2026-03-02 09:00:00","Roll call started","","Sam Staff",""',
      '"2026-03-02 09:01:00","Marked safe","Pip Early","Themself","Themself (own link)"',
      '"2026-03-02 09:02:00","Marked safe","Mia Pupil","Sam Staff","Tag scanned"',
      '"2026-03-02 09:10:00","Contacts alerted","","",""',
      '"2026-03-02 09:12:34","Roll call ended","","Ada Admin",""',
    ]);
    const safe = lines.indexOf('"Marked safe"');
    expect(lines.slice(safe + 2, safe + 4)).toEqual([
      '"Pip Early","4B","2026-03-02 09:01:00","Themself","Themself (own link)"',
      '"Mia Pupil","4B","2026-03-02 09:02:00","Sam Staff","Tag scanned"',
    ]);
    const missing = lines.indexOf('"Missing (not marked safe)"');
    expect(lines[missing + 2]).toBe('"Nell Missing","4B","Yes, at 2026-03-02 09:10:00"');
  });

  it("PDF: DRILL on every page of a drill's report, and its text reads back", async () => {
    const pages = await pdfOf(await clients.owner!.get(report(rollCall.drill!, "pdf")));
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toContain("DRILL — an exercise, not a real emergency");
    const text = pages.join("\n");
    expect(text).toContain("Roll-call report — Hillside School");
    expect(text).toContain("Evacuation — DRILL");
    expect(text).toContain("Nobody was missing.");
    expect(text).toContain(`Page ${pages.length}`);
  });

  it("an open roll call's report says it is in progress", async () => {
    const csv = await (await clients.owner!.get(report(rollCall.open!, "csv"))).text();
    expect(csv).toContain('"Status","In progress"');
    expect(csv).toContain('"Ended by, at","Not ended yet"');
    const pages = await pdfOf(await clients.owner!.get(report(rollCall.open!, "pdf")));
    expect(pages[0]).toContain("IN PROGRESS");
    expect(pages.join("\n")).toContain("Noah South");
  });

  it("staff download the reports of roll calls at their own locations only", async () => {
    expect((await clients.staff!.get(report(rollCall.ended!, "csv"))).status).toBe(200);
    expect((await clients.staff!.get(report(rollCall.open!, "csv"))).status).toBe(404);
    expect((await clients.staffSouth!.get(report(rollCall.open!, "pdf"))).status).toBe(200);
    expect((await clients.staffSouth!.get(report(rollCall.ended!, "pdf"))).status).toBe(404);
  });

  it("another organisation's roll call, a made-up id or an unknown file is not found", async () => {
    expect((await clients.owner!.get(report(rollCall.other!, "csv"))).status).toBe(404);
    expect((await clients.owner!.get(report("not-a-uuid", "csv"))).status).toBe(404);
    expect((await clients.owner!.get(report(crypto.randomUUID(), "pdf"))).status).toBe(404);
    expect(
      (
        await clients.owner!.get(
          `/org/${school.slug}/reports/roll-calls/${rollCall.ended}/report.xls`,
        )
      ).status,
    ).toBe(404);
    expect((await clients.otherAdmin!.get(report(rollCall.ended!, "csv"))).status).toBe(404);
  });
});

describe("who may see and download (the permission matrix)", () => {
  it("the page: owners and admins see everything, staff their roll calls, members nothing", async () => {
    for (const who of ["owner", "admin"]) {
      const response = await clients[who]!.get(`${base()}?from=2026-03-01&to=2026-03-03`);
      expect(response.status, who).toBe(200);
      const html = (await response.text()).replaceAll("<!-- -->", "");
      expect(html).toContain(`${base()}/attendance-days.csv?from=2026-03-01&amp;to=2026-03-03`);
      expect(html).toContain(`${base()}/alerts.pdf?from=2026-03-01&amp;to=2026-03-03`);
      expect(html).toContain(`${base()}/roll-calls/${rollCall.ended}/report.pdf`);
      expect(html).toContain(`${base()}/roll-calls/${rollCall.drill}/report.csv`);
      expect(html).not.toContain(rollCall.other!);
    }
    const staff = await clients.staff!.get(`${base()}?from=2026-03-01&to=2026-03-03`);
    expect(staff.status).toBe(200);
    const staffHtml = await staff.text();
    expect(staffHtml).toContain(`${base()}/roll-calls/${rollCall.ended}/report.csv`);
    expect(staffHtml).not.toContain(rollCall.open!); // South site's
    expect(staffHtml).not.toContain("attendance-days.csv");
    expect((await clients.member!.get(base())).status).toBe(403);
    expect((await clients.outsider!.get(base())).status).toBe(404);
    expect((await clients.otherAdmin!.get(base())).status).toBe(404);
    const signedOut = await app.request(base(), { redirect: "manual" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toContain("/auth?mode=signin");
  });

  it("the downloads: owners and admins only; refusals are audited too", async () => {
    const path = `${base()}/attendance-scans.csv?${RANGE}`;
    expect((await clients.owner!.get(path)).status).toBe(200);
    expect((await clients.admin!.get(path)).status).toBe(200);
    const staff = await clients.staff!.get(path);
    expect(staff.status).toBe(403);
    expect(await staff.text()).toBe("Your role in this organisation cannot download this report.");
    expect((await clients.member!.get(path)).status).toBe(403);
    expect(
      (
        await clients.member!.get(
          `/org/${school.slug}/reports/roll-calls/${rollCall.ended}/report.csv`,
        )
      ).status,
    ).toBe(403);
    expect((await clients.outsider!.get(path)).status).toBe(404);
    expect((await clients.otherAdmin!.get(path)).status).toBe(404);
    expect((await app.request(path, { redirect: "manual" })).status).toBe(302);
    expect((await clients.owner!.get(`${base()}/secrets.csv?${RANGE}`)).status).toBe(404);

    const lines = await app.services.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.organizationId, school.id),
          eq(auditEvents.eventType, "org_report_exported"),
        ),
      );
    expect(
      lines.some(
        (l) =>
          l.success &&
          l.userId === users.admin!.userId &&
          l.metadata.report === "attendance-scans" &&
          l.metadata.format === "csv" &&
          l.metadata.from === "2026-03-02" &&
          l.metadata.to === "2026-03-02" &&
          l.metadata.location === "all",
      ),
    ).toBe(true);
    expect(
      lines.some(
        (l) => !l.success && l.userId === users.staff!.userId && l.metadata.reason === "forbidden",
      ),
    ).toBe(true);
    expect(
      lines.some(
        (l) =>
          l.success && l.metadata.report === "roll-call" && l.metadata.rollCall === rollCall.ended,
      ),
    ).toBe(true);
    expect(lines.every((l) => l.chainIndex !== null)).toBe(true);
  });
});

describe("bad input", () => {
  it("downloads answer 400 with the field's message, and nothing is exported", async () => {
    const cases: [string, string][] = [
      ["from=2026-03-05&to=2026-03-01", "The last day cannot be before the first day."],
      ["from=yesterday&to=2026-03-01", "Enter the first day as a date (YYYY-MM-DD)."],
      ["from=2026-03-01&to=2026-02-30", "Enter the last day as a date (YYYY-MM-DD)."],
      [
        "from=2024-01-01&to=2026-03-01",
        "Choose at most 366 days; export a longer period in parts.",
      ],
      [`${RANGE}&location=${elsewhere.id}`, "Pick a location from the list."],
      [`${RANGE}&location=nowhere`, "Pick a location from the list."],
    ];
    for (const [query, message] of cases) {
      const response = await clients.owner!.get(`${base()}/attendance-days.csv?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.text(), query).toBe(message);
    }
    const french = await clients.owner!.get(
      `${base()}/alerts.pdf?from=2026-03-05&to=2026-03-01&lng=fr`,
    );
    expect(await french.text()).toBe("Le dernier jour ne peut pas précéder le premier.");
  });

  it("the page names each bad field beside it and offers no download", async () => {
    const response = await clients.owner!.get(
      `${base()}?from=2026-03-05&to=2026-03-01&location=${elsewhere.id}`,
    );
    expect(response.status).toBe(200);
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("The last day cannot be before the first day.");
    expect(html).toContain("Pick a location from the list.");
    expect(html).toMatch(
      /id="reports-to"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="reports-to"/,
    );
    expect(html).not.toContain("attendance-days.csv");
  });

  it("downloads are limited per user, then refused in words with a Retry-After", async () => {
    const path = `${base()}/attendance-days.csv?${RANGE}`;
    for (let i = 0; i < 30; i++) expect((await clients.eager!.get(path)).status).toBe(200);
    const refused = await clients.eager!.get(
      `/org/${school.slug}/reports/roll-calls/${rollCall.ended}/report.pdf`,
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toBe(
      "Too many downloads in a short time. Try again in a few minutes.",
    );
    expect((await clients.eager!.get(base())).status).toBe(200);
  });
});
