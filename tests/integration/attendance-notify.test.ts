import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localClock } from "#core/attendance-rules.ts";
import type { OrgRole } from "#core/organizations.ts";
import { composeNotice, isNoticePayload } from "#server/alerts/notices.ts";
import {
  alertDeliveries,
  attendanceRules,
  attendanceScans,
  auditEvents,
  contacts,
  orgNotifyRecipients,
  profiles,
} from "#server/db/schema.ts";
import { insertContact } from "#server/domain/contacts.ts";
import { addOrgPerson } from "#server/domain/org-people.ts";
import { assignOrgTag, mintTagsFor } from "#server/domain/org-tags.ts";
import { type OrgSummary, orgContextFor } from "#server/domain/organizations.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";
import { addLocation, addOrgMember, createOrg } from "#tests/support/orgs.ts";

/**
 * Attendance notifications (issue 17 item 1, decision 142): the rules per location, the HR and
 * security list, the messages a scan queues in the outbox, quiet hours at the location, the
 * 2-minute repeat rule, the plan's allowance, and who may change the settings.
 */
let app: TestApp;
let school: OrgSummary;
let other: OrgSummary;
let north: { id: string; name: string };
let south: { id: string; name: string };
const as: Record<string, Client> = {};
const ids: Record<string, string> = {};

const visible = async (response: Response) =>
  (await response.text()).replace(/<!-- -->/g, "").replace(/&#x27;|&#39;/g, "'");

async function member(
  key: string,
  name: string,
  org: OrgSummary,
  role: Exclude<OrgRole, "account">,
  at: string[] = [],
) {
  const owner = await createOwner(app.services, { name, plan: "free" });
  await addOrgMember(app.services, org, owner.userId, role, at);
  ids[key] = owner.userId;
  as[key] = await signIn(app, owner.email);
}

/** One of the organisation's people with a wristband, and the contacts given. */
async function pupil(
  org: OrgSummary,
  fullName: string,
  options: {
    language?: string;
    locationId?: string | null;
    contacts?: {
      name: string;
      channel: "email" | "sms";
      value: string;
      role?: "guardian";
      language?: string;
    }[];
  } = {},
) {
  const added = await addOrgPerson(app.services.db, app.services, org, null, {
    fullName,
    locationId: options.locationId ?? null,
    language: options.language ?? "en",
  });
  if (!added.ok) throw new Error(added.reason);
  for (const [index, contact] of (options.contacts ?? []).entries()) {
    const row = await insertContact(
      app.services.db,
      app.services.cipher,
      { profileId: added.profileId, accountId: org.accountId },
      { ...contact, priority: index + 1, role: contact.role ?? null },
    );
    if (contact.language) {
      await app.services.db
        .update(contacts)
        .set({ language: contact.language })
        .where(eq(contacts.id, row.id));
    }
  }
  const minted = await mintTagsFor(app.services, {
    product: "wristband",
    count: 1,
    orgSlug: org.slug,
  });
  if (!minted.ok) throw new Error("mint failed");
  const context = await orgContextFor(app.services.db, ids.admin!, org.slug);
  const tagId = minted.tags[0]!.tagId;
  const assigned = await assignOrgTag(
    app.services.db,
    app.services.logger,
    { context: context! },
    { tagId, profileId: added.profileId, move: false },
  );
  if (!assigned.ok) throw new Error(assigned.reason);
  return { profileId: added.profileId, tagId };
}

const scan = (who: string, org: OrgSummary, locationId: string, tagId: string, direction = "in") =>
  as[who]!.post("/reader", { direction, org: org.slug, location: locationId, tag: tagId });

/** The attendance notices queued for the organisation's account, oldest first, texts opened. */
async function noticesOf(org: OrgSummary) {
  const rows = await app.services.db
    .select()
    .from(alertDeliveries)
    .where(
      and(
        eq(alertDeliveries.accountId, org.accountId),
        eq(alertDeliveries.kind, "attendance_notice"),
      ),
    )
    .orderBy(alertDeliveries.createdAt);
  const opened = rows.map((row) => {
    const to = app.services.cipher.decrypt(
      row.destination,
      `alert_deliveries.destination:${row.id}`,
    );
    if (!isNoticePayload(row.payload)) throw new Error("not a notice");
    const message = composeNotice(row.payload, row.channel as "email", to);
    return { ...row, to, language: row.payload.language, message };
  });
  // One scan's notices share its transaction's time: by address within it.
  return opened.sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.to.localeCompare(b.to),
  );
}

const scansOf = (tagId: string) =>
  app.services.db.select().from(attendanceScans).where(eq(attendanceScans.tagId, tagId));

const auditOf = (type: string, orgId: string) =>
  app.services.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.eventType, type), eq(auditEvents.organizationId, orgId)));

const notificationsPath = (org: OrgSummary) => `/org/${org.slug}/notifications`;

const saveRule = (
  who: string,
  org: OrgSummary,
  locationId: string,
  audience: string,
  fields: Record<string, string>,
) =>
  as[who]!.post(notificationsPath(org), {
    intent: "rule",
    locationId,
    audience,
    directions: "both",
    quietStart: "",
    quietEnd: "",
    ...fields,
  });

/**
 * Fixed-offset zones (Etc/GMT+5 is five hours behind UTC): one whose local time now is the hour
 * wanted, so a test picks "now is 02:xx there" by choosing the zone instead of waiting.
 */
function zoneWhereHourIs(hours: number[]): string {
  const now = new Date();
  for (let offset = -14; offset <= 12; offset++) {
    const zone = offset === 0 ? "Etc/GMT" : `Etc/GMT${offset > 0 ? "+" : ""}${offset}`;
    const clock = localClock(now, zone);
    const hour = Number(clock.slice(0, 2));
    const minute = Number(clock.slice(3));
    // Near the end of an hour the next one must qualify too, so the test's own seconds cannot
    // cross out of the window (every whole-hour zone is at the same minute: skipping the
    // hour's edges left no zone at all for six minutes of every hour).
    if (hours.includes(hour) && (minute < 57 || hours.includes((hour + 1) % 24))) return zone;
  }
  throw new Error(`no zone where the hour is one of ${hours}`);
}

beforeAll(async () => {
  app = await createTestApp();
  school = await createOrg(app.services, { preset: "school", name: "Hillside Primary" });
  other = await createOrg(app.services, { preset: "school", name: "Brookside Academy" });
  north = await addLocation(app.services, school, {
    name: "North gate",
    timeZone: "Europe/London",
  });
  south = await addLocation(app.services, school, {
    name: "South gate",
    timeZone: "Europe/London",
  });
  await member("owner", "Olive Owner", school, "owner");
  await member("admin", "Ada Admin", school, "admin");
  await member("staff", "Sam Staff", school, "staff", [north.id]);
  await member("member", "Milo Member", school, "member");
  await member("otherAdmin", "Otto Other", other, "admin");
  const outsider = await createOwner(app.services, { name: "Oz Outsider", plan: "free" });
  as.outsider = await signIn(app, outsider.email);
});
afterAll(() => app?.close());

describe("who is told of a check-in", () => {
  it("a school's guardians by default: the guardian contact only, in their language, with the name, place, time and staff member", async () => {
    const rita = await pupil(school, "Rita Reyes", {
      language: "es",
      contacts: [
        {
          name: "Marie Reyes",
          channel: "email",
          value: "marie.reyes@example.com",
          role: "guardian",
          language: "fr",
        },
        {
          name: "Pablo Reyes",
          channel: "email",
          value: "pablo.reyes@example.com",
          role: "guardian",
        },
        { name: "Family doctor", channel: "email", value: "doctor@example.com" },
      ],
    });
    const page = await visible(await as.admin!.get(notificationsPath(school)));
    expect(page).toContain("guardians are told of every check-in and check-out (school preset)");
    expect(page).toContain("Preset default (not yet changed)");

    const response = await scan("staff", school, north.id, rita.tagId);
    expect(response.status).toBe(200);
    expect(await visible(response)).toContain("Checked in");
    const notices = await noticesOf(school);
    expect(notices.map((n) => [n.to, n.language, n.status])).toEqual([
      ["marie.reyes@example.com", "fr", "pending"],
      // No language of their own: the person's.
      ["pablo.reyes@example.com", "es", "pending"],
    ]);
    const [french, spanish] = notices;
    expect(french!.message.subject).toBe("Rita Reyes est arrivé·e à North gate");
    expect(french!.message.body).toContain("Scanné par Sam Staff");
    const [scanRow] = await scansOf(rita.tagId);
    const london = new Intl.DateTimeFormat("fr", {
      timeStyle: "short",
      timeZone: "Europe/London",
    }).format(scanRow!.createdAt);
    expect(french!.message.body).toContain(`à ${london}`);
    expect(spanish!.message.subject).toBe("Rita Reyes registró su entrada en North gate");
    expect(notices.every((n) => n.contactName !== "Family doctor")).toBe(true);

    // Every organisation reader scan is in the organisation's log, in the scan's transaction.
    const [line] = (await auditOf("attendance_scanned", school.id)).filter(
      (e) => e.metadata.tag_id === rita.tagId,
    );
    expect(line).toMatchObject({
      userId: ids.staff,
      profileId: rita.profileId,
      metadata: { direction: "in", location: "North gate", tag_id: rita.tagId },
    });
  });

  it("all of a person's contacts when none is marked guardian", async () => {
    const before = (await noticesOf(school)).length;
    const ned = await pupil(school, "Ned North", {
      contacts: [
        { name: "Nora North", channel: "email", value: "nora@example.com" },
        { name: "Nils North", channel: "email", value: "nils@example.com" },
      ],
    });
    expect((await scan("staff", school, north.id, ned.tagId)).status).toBe(200);
    const added = (await noticesOf(school)).slice(before);
    expect(added.map((n) => n.to).sort()).toEqual(["nils@example.com", "nora@example.com"]);
  });

  it("directions: a rule for check-outs only tells nothing of a check-in; a disabled rule tells nobody", async () => {
    const olly = await pupil(school, "Olly Out", {
      contacts: [
        { name: "Opal Out", channel: "email", value: "opal@example.com", role: "guardian" },
      ],
    });
    expect(
      (await saveRule("admin", school, south.id, "guardians", { enabled: "on", directions: "out" }))
        .status,
    ).toBe(200);
    const before = (await noticesOf(school)).length;
    expect((await scan("admin", school, south.id, olly.tagId, "in")).status).toBe(200);
    expect(await noticesOf(school)).toHaveLength(before);
    expect((await scan("admin", school, south.id, olly.tagId, "out")).status).toBe(200);
    const [told] = (await noticesOf(school)).slice(before);
    expect(told?.message.subject).toBe("Olly Out checked out of South gate");
    expect(told?.message.body).toContain("Scanned by Ada Admin");

    expect(
      (await saveRule("admin", school, south.id, "guardians", { directions: "both" })).status,
    ).toBe(200);
    expect((await scan("admin", school, south.id, olly.tagId, "in")).status).toBe(200);
    expect(await noticesOf(school)).toHaveLength(before + 1);
    const [rule] = await app.services.db
      .select()
      .from(attendanceRules)
      .where(
        and(eq(attendanceRules.locationId, south.id), eq(attendanceRules.audience, "guardians")),
      );
    expect(rule).toMatchObject({ enabled: false, directions: "both", organizationId: school.id });
    const lines = await auditOf("attendance_rules_changed", school.id);
    expect(lines.at(-1)).toMatchObject({
      userId: ids.admin,
      metadata: {
        location: "South gate",
        audience: "guardians",
        enabled: false,
        directions: "both",
      },
    });
  });

  it("the HR and security list: added on the page (address encrypted), told when the location's rule names it", async () => {
    const added = await as.admin!.post(notificationsPath(school), {
      intent: "addRecipient",
      name: "Security desk",
      channel: "email",
      value: "Security@Example.com",
      language: "vi",
    });
    expect(added.status).toBe(200);
    expect(await visible(added)).toContain("Security desk was added to the list.");
    const [row] = await app.services.db
      .select()
      .from(orgNotifyRecipients)
      .where(eq(orgNotifyRecipients.organizationId, school.id));
    expect(row!.destination).not.toContain("example.com");
    expect(await visible(await as.admin!.get(notificationsPath(school)))).toContain(
      "security@example.com",
    );
    const [logged] = await auditOf("org_notify_list_changed", school.id);
    expect(logged).toMatchObject({
      userId: ids.admin,
      metadata: { change: "added", name: "Security desk" },
    });
    expect(JSON.stringify(logged!.metadata)).not.toContain("security@example.com");

    const sid = await pupil(school, "Sid Staffed");
    const before = (await noticesOf(school)).length;
    expect(
      (await saveRule("admin", school, north.id, "staff_list", { enabled: "on", directions: "in" }))
        .status,
    ).toBe(200);
    expect((await scan("staff", school, north.id, sid.tagId)).status).toBe(200);
    const [told] = (await noticesOf(school)).slice(before);
    expect(told).toMatchObject({
      to: "security@example.com",
      language: "vi",
      contactName: "Security desk",
    });
    expect(told!.message.subject).toBe("Sid Staffed đã vào North gate");
    expect((await saveRule("admin", school, north.id, "staff_list", {})).status).toBe(200);
  });
});

describe("quiet hours, at the location's local time", () => {
  it("nothing is sent inside a window across midnight; outside it the message goes", async () => {
    const night = await addLocation(app.services, school, {
      name: "Night gate",
      timeZone: zoneWhereHourIs([23, 0, 1, 2, 3, 4]),
    });
    const day = await addLocation(app.services, school, {
      name: "Day gate",
      timeZone: zoneWhereHourIs([7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]),
    });
    for (const location of [night, day]) {
      const saved = await saveRule("admin", school, location.id, "guardians", {
        enabled: "on",
        quietStart: "22:00",
        quietEnd: "06:00",
      });
      expect(saved.status).toBe(200);
    }
    const quiet = await pupil(school, "Quinn Quiet", {
      contacts: [
        { name: "Q Parent", channel: "email", value: "q.parent@example.com", role: "guardian" },
      ],
    });
    const before = (await noticesOf(school)).length;
    expect((await scan("admin", school, night.id, quiet.tagId, "in")).status).toBe(200);
    expect(await noticesOf(school)).toHaveLength(before);
    expect(await scansOf(quiet.tagId)).toHaveLength(1);
    expect((await scan("admin", school, day.id, quiet.tagId, "out")).status).toBe(200);
    const [told] = (await noticesOf(school)).slice(before);
    expect(told?.message.subject).toBe("Quinn Quiet checked out of Day gate");
  });

  it("a workplace's default: the HR and security list is told outside 08:00–18:00 only", async () => {
    const works = await createOrg(app.services, { preset: "workplace", name: "Acme Works" });
    await addOrgMember(app.services, works, ids.admin!, "admin");
    const lateSite = await addLocation(app.services, works, {
      name: "Depot",
      timeZone: zoneWhereHourIs([19, 20, 21, 22, 23, 0, 1, 2, 3, 4, 5, 6]),
    });
    const daySite = await addLocation(app.services, works, {
      name: "Office",
      timeZone: zoneWhereHourIs([9, 10, 11, 12, 13, 14, 15, 16]),
    });
    expect(
      (
        await as.admin!.post(notificationsPath(works), {
          intent: "addRecipient",
          name: "Night security",
          channel: "email",
          value: "night@example.com",
          language: "en",
        })
      ).status,
    ).toBe(200);
    const page = await visible(await as.admin!.get(notificationsPath(works)));
    expect(page).toContain("outside working hours, 08:00 to 18:00 (workplace preset)");
    const worker = await pupil(works, "Wes Worker", {
      contacts: [{ name: "Wes's partner", channel: "email", value: "partner@example.com" }],
    });
    expect((await scan("admin", works, daySite.id, worker.tagId, "in")).status).toBe(200);
    expect(await noticesOf(works)).toHaveLength(0);
    expect((await scan("admin", works, lateSite.id, worker.tagId, "out")).status).toBe(200);
    const notices = await noticesOf(works);
    expect(notices.map((n) => n.to)).toEqual(["night@example.com"]);
    expect(notices[0]!.message.subject).toBe("Wes Worker checked out of Depot");
  });
});

describe("the 2-minute rule", () => {
  it("a second scan within 2 minutes is recorded once and notifies once; the reader is told plainly", async () => {
    const dee = await pupil(school, "Dee Double", {
      contacts: [
        { name: "Dee's mum", channel: "email", value: "dee.mum@example.com", role: "guardian" },
      ],
    });
    const before = (await noticesOf(school)).length;
    expect((await scan("staff", school, north.id, dee.tagId)).status).toBe(200);
    const again = await scan("staff", school, north.id, dee.tagId);
    expect(again.status).toBe(200);
    const [first] = await scansOf(dee.tagId);
    const time = new Intl.DateTimeFormat("en", {
      timeStyle: "short",
      timeZone: "Europe/London",
    }).format(first!.createdAt);
    const html = await visible(again);
    expect(html).toContain(`Already checked in at ${time}`);
    expect(html).not.toContain('role="alert"');
    expect(await scansOf(dee.tagId)).toHaveLength(1);
    expect(await noticesOf(school)).toHaveLength(before + 1);
    // The repeat is in the log too (every reader scan is), marked as a repeat.
    const lines = (await auditOf("attendance_scanned", school.id)).filter(
      (e) => e.metadata.tag_id === dee.tagId,
    );
    expect(lines.map((l) => l.metadata.repeat_of ?? null)).toEqual([null, first!.id]);

    // Checking out at once is not a repeat.
    expect((await scan("staff", school, north.id, dee.tagId, "out")).status).toBe(200);
    expect(await scansOf(dee.tagId)).toHaveLength(2);

    // After 2 minutes the same direction is a new scan.
    await app.services.db
      .update(attendanceScans)
      .set({ createdAt: sql`${attendanceScans.createdAt} - interval '3 minutes'` })
      .where(eq(attendanceScans.tagId, dee.tagId));
    expect((await scan("staff", school, north.id, dee.tagId, "out")).status).toBe(200);
    expect(await scansOf(dee.tagId)).toHaveLength(3);
    expect(await noticesOf(school)).toHaveLength(before + 3);
  });

  it("two staff phones scanning one tag at once record it once", async () => {
    const tia = await pupil(school, "Tia Twice", {
      contacts: [
        { name: "Tia's dad", channel: "email", value: "tia.dad@example.com", role: "guardian" },
      ],
    });
    const before = (await noticesOf(school)).length;
    const answers = await Promise.all([
      scan("staff", school, north.id, tia.tagId),
      scan("admin", school, north.id, tia.tagId),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await scansOf(tia.tagId)).toHaveLength(1);
    expect(await noticesOf(school)).toHaveLength(before + 1);
  });
});

describe("the plan's allowance", () => {
  it("SMS counts against the organisation's plan and is recorded skipped when used up; email always goes", async () => {
    const small = await createOrg(app.services, { preset: "school", name: "Tiny School" });
    const site = await addLocation(app.services, small, { name: "Door" });
    await addOrgMember(app.services, small, ids.admin!, "admin");
    // Free: 3 non-email messages in all.
    await app.services.db
      .update(profiles)
      .set({ plan: "free" })
      .where(eq(profiles.id, small.accountId));
    const kid = await pupil(small, "Kit Counted", {
      contacts: [
        { name: "Kit's mum", channel: "sms", value: "+15550001234", role: "guardian" },
        { name: "Kit's dad", channel: "email", value: "kit.dad@example.com", role: "guardian" },
      ],
    });
    for (const direction of ["in", "out", "in", "out"]) {
      expect((await scan("admin", small, site.id, kid.tagId, direction)).status).toBe(200);
    }
    const notices = await noticesOf(small);
    const sms = notices.filter((n) => n.channel === "sms");
    expect(sms.map((n) => [n.status, n.note])).toEqual([
      ["pending", null],
      ["pending", null],
      ["pending", null],
      ["skipped", "quota"],
    ]);
    expect(sms[0]!.message.body).toMatch(
      /^SafeTap: Kit Counted checked in at Door at .+ \(scanned by Ada Admin\)\.$/,
    );
    const email = notices.filter((n) => n.channel === "email");
    expect(email.map((n) => n.status)).toEqual(["pending", "pending", "pending", "pending"]);
  });
});

describe("/org/{slug}/notifications: who may change the settings", () => {
  it("owners and admins; staff and members get 403, outsiders 404, signed out goes to sign-in", async () => {
    for (const who of ["owner", "admin"]) {
      expect((await as[who]!.get(notificationsPath(school))).status, who).toBe(200);
      expect(
        (await saveRule(who, school, north.id, "guardians", { enabled: "on" })).status,
        who,
      ).toBe(200);
    }
    const rulesBefore = await app.services.db.select().from(attendanceRules);
    for (const [who, status] of [
      ["staff", 403],
      ["member", 403],
      ["outsider", 404],
      ["otherAdmin", 404],
    ] as const) {
      expect((await as[who]!.get(notificationsPath(school))).status, who).toBe(status);
      expect((await saveRule(who, school, north.id, "guardians", {})).status, who).toBe(status);
      const listed = await as[who]!.post(notificationsPath(school), {
        intent: "addRecipient",
        name: "Sneaky",
        channel: "email",
        value: "sneaky@example.com",
        language: "en",
      });
      expect(listed.status, who).toBe(status);
    }
    const signedOut = new Client(app);
    const away = await signedOut.get(notificationsPath(school));
    expect(away.status).toBe(302);
    expect(away.headers.get("location")).toContain("/auth?mode=signin");
    expect(
      (
        await signedOut.post(notificationsPath(school), {
          intent: "rule",
          locationId: north.id,
          audience: "guardians",
        })
      ).status,
    ).toBe(302);
    expect(await app.services.db.select().from(attendanceRules)).toEqual(rulesBefore);
    expect(
      await app.services.db
        .select()
        .from(orgNotifyRecipients)
        .where(eq(orgNotifyRecipients.name, "Sneaky")),
    ).toHaveLength(0);
    const layout = await visible(await as.staff!.get(`/org/${school.slug}`));
    expect(layout).not.toContain(`href="/org/${school.slug}/notifications"`);
    expect(await visible(await as.admin!.get(`/org/${school.slug}`))).toContain(
      `href="/org/${school.slug}/notifications"`,
    );
  });

  it("another organisation's locations and list are invisible and unchangeable: 404, nothing changed", async () => {
    const theirs = await addLocation(app.services, other, { name: "Brook gate" });
    const added = await as.otherAdmin!.post(notificationsPath(other), {
      intent: "addRecipient",
      name: "Brook office",
      channel: "email",
      value: "brook.office@example.com",
      language: "en",
    });
    expect(added.status).toBe(200);
    const [theirRecipient] = await app.services.db
      .select()
      .from(orgNotifyRecipients)
      .where(eq(orgNotifyRecipients.organizationId, other.id));

    const page = await visible(await as.admin!.get(notificationsPath(school)));
    expect(page).not.toContain("Brook gate");
    expect(page).not.toContain("brook.office@example.com");
    expect(
      (await saveRule("admin", school, theirs.id, "guardians", { enabled: "on" })).status,
    ).toBe(404);
    const removed = await as.admin!.post(notificationsPath(school), {
      intent: "removeRecipient",
      recipientId: theirRecipient!.id,
      confirm: "yes",
    });
    expect(removed.status).toBe(404);
    expect(
      await app.services.db
        .select()
        .from(attendanceRules)
        .where(eq(attendanceRules.locationId, theirs.id)),
    ).toHaveLength(0);
    expect(
      await app.services.db
        .select()
        .from(orgNotifyRecipients)
        .where(eq(orgNotifyRecipients.id, theirRecipient!.id)),
    ).toHaveLength(1);

    // Their own admin removes it; the line is in their log, not in ours.
    const own = await as.otherAdmin!.post(notificationsPath(other), {
      intent: "removeRecipient",
      recipientId: theirRecipient!.id,
      confirm: "yes",
    });
    expect(own.status).toBe(200);
    expect(await visible(own)).toContain("Brook office was removed from the list.");
    const lines = await auditOf("org_notify_list_changed", other.id);
    expect(lines.map((l) => l.metadata.change)).toEqual(["added", "removed"]);
    expect(
      (await auditOf("org_notify_list_changed", school.id)).some(
        (l) => l.metadata.name === "Brook office",
      ),
    ).toBe(false);
  });

  it("refuses bad input with each field's message and changes nothing", async () => {
    const rulesBefore = await app.services.db.select().from(attendanceRules);
    const badTime = await saveRule("admin", school, north.id, "guardians", {
      enabled: "on",
      quietStart: "25:00",
      quietEnd: "",
    });
    expect(badTime.status).toBe(400);
    const html = await visible(badTime);
    expect(html).toContain("Enter a time as HH:MM (24-hour), or leave it empty.");
    expect(html).toContain('aria-invalid="true"');
    const oneTime = await visible(
      await saveRule("admin", school, north.id, "guardians", { quietStart: "22:00" }),
    );
    expect(oneTime).toContain("Enter both times of the quiet hours, or neither.");
    const same = await visible(
      await saveRule("admin", school, north.id, "guardians", {
        quietStart: "22:00",
        quietEnd: "22:00",
      }),
    );
    expect(same).toContain("Quiet hours must end at a different time than they start.");
    const direction = await saveRule("admin", school, north.id, "guardians", {
      directions: "sideways",
    });
    expect(direction.status).toBe(400);
    expect(await visible(direction)).toContain("Choose which scans are told.");
    expect((await saveRule("admin", school, north.id, "teachers", {})).status).toBe(404);
    expect((await saveRule("admin", school, "not-a-uuid", "guardians", {})).status).toBe(404);
    expect(await app.services.db.select().from(attendanceRules)).toEqual(rulesBefore);

    const listBefore = await app.services.db.select().from(orgNotifyRecipients);
    const badRecipient = await as.admin!.post(notificationsPath(school), {
      intent: "addRecipient",
      name: "",
      channel: "sms",
      value: "call me",
      language: "de",
    });
    expect(badRecipient.status).toBe(400);
    const refused = await visible(badRecipient);
    expect(refused).toContain("Contact names must be between 1 and 100 characters");
    expect(refused).toContain("Invalid phone number (use +1234567890 format)");
    expect(refused).toContain("Please choose a language");
    expect(refused).toContain('value="call me"');
    const badEmail = await as.admin!.post(notificationsPath(school), {
      intent: "addRecipient",
      name: "Mail",
      channel: "email",
      value: "not-an-address",
      language: "en",
    });
    expect(await visible(badEmail)).toContain("Invalid email address");
    expect(await app.services.db.select().from(orgNotifyRecipients)).toEqual(listBefore);
    expect((await saveRule("admin", school, north.id, "guardians", { enabled: "on" })).status).toBe(
      200,
    );
  });
});
