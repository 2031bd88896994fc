import path from "node:path";
import { pathToFileURL } from "node:url";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { createRequestHandler, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrgRole } from "#core/organizations.ts";
import type { RollCallFeedEvent } from "#core/roll-call.ts";
import { createDispatcher } from "#server/alerts/dispatcher.ts";
import {
  alertDeliveries,
  alerts,
  attendanceScans,
  auditEvents,
  devOutbox,
  profiles,
  rollCallEvents,
  rollCallPeople,
  rollCalls,
  tags,
  user,
} from "#server/db/schema.ts";
import { insertContact } from "#server/domain/contacts.ts";
import { addOrgPerson } from "#server/domain/org-people.ts";
import type { OrgSummary } from "#server/domain/organizations.ts";
import { orgContextFor } from "#server/domain/organizations.ts";
import {
  addRollCallEvent,
  rollCallEventsAfter,
  rollCallSafeTokens,
  startRollCall,
} from "#server/domain/roll-calls.ts";
import { mintTags } from "#server/domain/tags.ts";
import { createHttpApp } from "#server/http/app.ts";
import { clientBuildDir, projectRoot } from "#server/paths.ts";
import { createServices } from "#server/services.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { advisoryLocksWaited } from "#tests/support/database.ts";
import { deferred } from "#tests/support/deferred.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";
import { addLocation, addOrgMember, createOrg } from "#tests/support/orgs.ts";

/**
 * Roll call (issue 17 item 2, decision 143): who is listed, joining, who may run one, the three
 * ways to be marked safe, the automatic alert through the outbox, drills, the frozen end and the
 * live feed across two app instances on one database.
 */
let app: TestApp;
let org: OrgSummary;
let other: OrgSummary;
let north: { id: string; name: string };
let south: { id: string; name: string };
const staff: Record<string, { userId: string; email: string; client: Client }> = {};
const people: Record<string, { profileId: string; tagId: string }> = {};

beforeAll(async () => {
  app = await createTestApp();
  org = await createOrg(app.services, { name: "Hillview School", preset: "school" });
  other = await createOrg(app.services, { name: "Other School", preset: "school" });
  north = await addLocation(app.services, org, { name: "North Campus" });
  south = await addLocation(app.services, org, { name: "South Campus" });
  const otherSite = await addLocation(app.services, other, { name: "Elsewhere" });

  const roles: [string, OrgSummary | null, Exclude<OrgRole, "account"> | null, string[]][] = [
    ["owner", org, "owner", []],
    ["admin", org, "admin", []],
    ["staffNorth", org, "staff", [north.id]],
    ["staffSouth", org, "staff", [south.id]],
    ["member", org, "member", []],
    ["outsider", null, null, []],
    ["otherAdmin", other, "admin", []],
  ];
  for (const [key, where, role, locations] of roles) {
    const owner = await createOwner(app.services, { name: `Staff ${key}`, plan: "free" });
    if (where && role) await addOrgMember(app.services, where, owner.userId, role, locations);
    staff[key] = {
      userId: owner.userId,
      email: owner.email,
      client: await signIn(app, owner.email),
    };
  }

  const hour = 3_600_000;
  const now = Date.now();
  // name, organisation, scans (direction, location, hours ago), oldest first
  const plan: [string, OrgSummary, ["in" | "out", string, number][]][] = [
    ["Ann Archer", org, [["in", north.id, 2]]],
    ["Ben Baker", org, [["in", north.id, 3]]],
    ["Cat Carter", org, [["in", north.id, 1]]],
    [
      "Dan Dale",
      org,
      [
        ["in", north.id, 4],
        ["out", north.id, 1],
      ],
    ],
    ["Eve Ellis", org, [["in", south.id, 2]]],
    ["Fay Ford", org, [["in", north.id, 30]]],
    [
      "Gil Grant",
      org,
      [
        ["in", north.id, 5],
        ["in", south.id, 1],
      ],
    ],
    ["Hal Hart", org, [["in", south.id, 1]]],
    ["Ola Other", other, [["in", otherSite.id, 1]]],
  ];
  const { tags: minted } = await mintTags(app.services.db, {
    product: "wristband",
    count: plan.length,
    masterKey: app.services.config.dataEncryptionKey,
    publicUrl: app.services.config.publicUrl,
  });
  for (const [index, [name, where, scans]] of plan.entries()) {
    const added = await addOrgPerson(app.services.db, app.services, where, null, {
      fullName: name,
      groupName: "Class 4B",
      locationId: null,
    });
    if (!added.ok) throw new Error(added.reason);
    const tagId = minted[index]!.tagId;
    await app.services.db
      .update(tags)
      .set({
        userId: where.accountId,
        profileId: added.profileId,
        status: "active",
        isActive: true,
      })
      .where(eq(tags.id, tagId));
    await insertContact(
      app.services.db,
      app.services.cipher,
      { profileId: added.profileId, accountId: where.accountId },
      {
        name: `Guardian of ${name}`,
        channel: "email",
        value: `guardian-${index}@example.com`,
        priority: 1,
        role: "guardian",
      },
    );
    for (const [direction, locationId, hoursAgo] of scans) {
      await app.services.db.insert(attendanceScans).values({
        tagId,
        direction,
        readerUserId: staff.owner!.userId,
        personName: name,
        profileId: added.profileId,
        organizationId: where.id,
        locationId,
        createdAt: new Date(now - hoursAgo * hour),
      });
    }
    people[name.split(" ")[0]!] = { profileId: added.profileId, tagId };
  }
  // Cat has a login of her own: she gets the message with her mark-safe link.
  await app.services.db
    .update(profiles)
    .set({ memberUserId: staff.member!.userId, language: "fr" })
    .where(eq(profiles.id, people.Cat!.profileId));
});
afterAll(() => app?.close());

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
const base = () => `/org/${org.slug}/roll-call`;

async function start(who: string, fields: Record<string, string>) {
  return staff[who]!.client.post(base(), { kind: "evacuation", minutes: "10", ...fields });
}

function idFrom(response: Response) {
  const location = response.headers.get("location") ?? "";
  const match = location.match(/\/roll-call\/([0-9a-f-]{36})\?notice=(.+)$/);
  if (!match) throw new Error(`no roll call in ${response.status} ${location}`);
  return { id: match[1]!, notice: match[2]! };
}

const listed = async (rollCallId: string) =>
  app.services.db
    .select()
    .from(rollCallPeople)
    .where(eq(rollCallPeople.rollCallId, rollCallId))
    .orderBy(asc(rollCallPeople.personName));

const personRow = async (rollCallId: string, profileId: string) =>
  (
    await app.services.db
      .select()
      .from(rollCallPeople)
      .where(
        and(eq(rollCallPeople.rollCallId, rollCallId), eq(rollCallPeople.profileId, profileId)),
      )
  )[0];

const act = (who: string, rollCallId: string, fields: Record<string, string>) =>
  staff[who]!.client.post(`${base()}/${rollCallId}`, fields);

const auditOf = async (type: string) =>
  app.services.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.eventType, type), eq(auditEvents.organizationId, org.id)))
    .orderBy(desc(auditEvents.seq));

const dispatch = () => createDispatcher(app.services).runOnce();

async function endIt(rollCallId: string) {
  const ended = await act("owner", rollCallId, { intent: "end", confirm: "yes" });
  expect(ended.status).toBe(200);
}

describe("starting a roll call", () => {
  let rollCallId: string;

  it("lists only the people whose last scan in the last 24 hours was a check-in at that location", async () => {
    const response = await start("owner", { locationId: north.id });
    expect(response.status).toBe(302);
    const started = idFrom(response);
    rollCallId = started.id;
    expect(started.notice).toBe("started-3");
    const rows = await listed(rollCallId);
    // Dan checked out, Fay's check-in is 30 hours old, Gil moved on to South, Eve and Hal are at South.
    expect(rows.map((r) => r.personName)).toEqual(["Ann Archer", "Ben Baker", "Cat Carter"]);
    expect(rows.every((r) => r.status === "unaccounted" && r.groupName === "Class 4B")).toBe(true);
    const [line] = await auditOf("roll_call_started");
    expect(line).toMatchObject({ userId: staff.owner!.userId });
    expect(line!.metadata).toMatchObject({ roll_call_id: rollCallId, listed: 3, drill: false });

    const page = await text(
      await staff.owner!.client.get(`${base()}/${rollCallId}?notice=started-3`),
    );
    expect(page).toContain("Roll call started: 3 people listed.");
    expect(page).toContain("Evacuation at North Campus");
    expect(page).not.toContain("DRILL");
  });

  it("joins the open one when a second start comes for the same location, and says so", async () => {
    const response = await start("staffNorth", { locationId: north.id, kind: "lockdown" });
    const joined = idFrom(response);
    expect(joined).toEqual({ id: rollCallId, notice: "joined" });
    const page = await text(
      await staff.staffNorth!.client.get(`${base()}/${rollCallId}?notice=joined`),
    );
    expect(page).toContain("A roll call was already open at this location: you have joined it.");
    const [line] = await auditOf("roll_call_joined");
    expect(line).toMatchObject({ userId: staff.staffNorth!.userId });
    const open = await app.services.db
      .select()
      .from(rollCalls)
      .where(and(eq(rollCalls.locationId, north.id), eq(rollCalls.status, "open")));
    expect(open).toHaveLength(1);
    expect(open[0]!.kind).toBe("evacuation");
  });

  it("keeps one open roll call per location when two starts race", async () => {
    const context = (await orgContextFor(app.services.db, staff.admin!.userId, org.slug))!;
    const input = {
      locationId: south.id,
      kind: "evacuation" as const,
      drill: true,
      alertAfterMinutes: 5,
    };
    const [a, b] = await Promise.all([
      startRollCall(app.services, context, input),
      startRollCall(app.services, context, input),
    ]);
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(a.rollCallId).toBe(b.rollCallId);
    expect([a.joined, b.joined].sort()).toEqual([false, true]);
    await endIt(a.rollCallId);
  });

  it("refuses a bad start with a clear message and changes nothing", async () => {
    const before = await app.services.db.select({ n: sql<number>`count(*)::int` }).from(rollCalls);
    const badMinutes = await start("owner", { locationId: south.id, minutes: "0" });
    expect(badMinutes.status).toBe(400);
    expect(await text(badMinutes)).toContain("Enter a whole number of minutes from 1 to 120.");
    const notMine = await start("staffSouth", { locationId: north.id });
    expect(notMine.status).toBe(400);
    expect(await text(notMine)).toContain("Choose one of your locations.");
    const otherOrgs = await start("owner", {
      locationId: (await addLocation(app.services, other)).id,
    });
    expect(otherOrgs.status).toBe(400);
    const badKind = await start("owner", { locationId: south.id, kind: "party" });
    expect(await text(badKind)).toContain("Choose evacuation or lockdown.");
    const after = await app.services.db.select({ n: sql<number>`count(*)::int` }).from(rollCalls);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("lets owner, admin and staff at the location in; staff elsewhere, another organisation and strangers get 404, members 403", async () => {
    const page = `${base()}/${rollCallId}`;
    const expected: Record<string, number> = {
      owner: 200,
      admin: 200,
      staffNorth: 200,
      staffSouth: 404,
      member: 403,
      outsider: 404,
      otherAdmin: 404,
    };
    for (const [who, status] of Object.entries(expected)) {
      expect([who, (await staff[who]!.client.get(page)).status]).toEqual([who, status]);
      const feed = await staff[who]!.client.get(`${page}/events`);
      expect([who, feed.status]).toEqual([who, status]);
      await feed.body?.cancel();
    }
    const list = await staff.member!.client.get(base());
    expect(list.status).toBe(403);
    const signedOut = await new Client(app).get(page);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toContain("/auth?mode=signin");
    // Marks from those who may not see it change nothing.
    for (const who of ["staffSouth", "otherAdmin", "outsider"]) {
      const refused = await act(who, rollCallId, {
        intent: "mark",
        profileId: people.Ann!.profileId,
      });
      expect(refused.status).toBe(404);
    }
    expect((await personRow(rollCallId, people.Ann!.profileId))!.status).toBe("unaccounted");
    // Staff see only their locations' roll calls in the list.
    expect(await text(await staff.staffSouth!.client.get(base()))).not.toContain("North Campus ·");
  });

  describe("marking people safe", () => {
    it("by a tap, with undo while open", async () => {
      const tapped = await act("staffNorth", rollCallId, {
        intent: "mark",
        profileId: people.Ben!.profileId,
      });
      expect(tapped.status).toBe(200);
      expect(await text(tapped)).toContain("Ben Baker is marked safe.");
      expect(await personRow(rollCallId, people.Ben!.profileId)).toMatchObject({
        status: "safe",
        method: "tap",
        markedBy: staff.staffNorth!.userId,
        markedByName: "Staff staffNorth",
      });
      const again = await act("owner", rollCallId, {
        intent: "mark",
        profileId: people.Ben!.profileId,
      });
      expect(await text(again)).toContain("Ben Baker was already marked safe.");
      const undone = await act("staffNorth", rollCallId, {
        intent: "unmark",
        profileId: people.Ben!.profileId,
      });
      expect(await text(undone)).toContain("Ben Baker is unaccounted again.");
      expect((await personRow(rollCallId, people.Ben!.profileId))!.status).toBe("unaccounted");
      const notListed = await act("owner", rollCallId, {
        intent: "mark",
        profileId: people.Dan!.profileId,
      });
      expect(notListed.status).toBe(404);
      expect(await text(notListed)).toContain("That person is not on this roll call.");
      const lines = await auditOf("roll_call_marked");
      expect(lines[0]).toMatchObject({
        profileId: people.Ben!.profileId,
        userId: staff.staffNorth!.userId,
      });
      expect(lines[0]!.metadata).toMatchObject({ undo: true });
    });

    it("by a scan: a listed person, someone of ours not listed (added as safe), another organisation's tag refused", async () => {
      const card = `${app.services.config.publicUrl}/t/${people.Ann!.tagId}`;
      const scanned = await act("staffNorth", rollCallId, { intent: "scan", tag: card });
      expect(await text(scanned)).toContain("Ann Archer is marked safe.");
      expect(await personRow(rollCallId, people.Ann!.profileId)).toMatchObject({
        status: "safe",
        method: "scan",
      });

      const added = await act("staffNorth", rollCallId, { intent: "scan", tag: people.Eve!.tagId });
      expect(await text(added)).toContain(
        "Eve Ellis was not on the list and has been added as safe.",
      );
      expect(await personRow(rollCallId, people.Eve!.profileId)).toMatchObject({
        status: "safe",
        method: "scan",
      });

      const before = await listed(rollCallId);
      const foreign = await act("staffNorth", rollCallId, {
        intent: "scan",
        tag: people.Ola!.tagId,
      });
      expect(foreign.status).toBe(403);
      expect(await text(foreign)).toContain(
        "This tag belongs to someone outside this organisation. Nobody was marked.",
      );
      const unknown = await act("staffNorth", rollCallId, { intent: "scan", tag: "WB-ZZZZZ" });
      expect(await text(unknown)).toContain("Invalid tag: no SafeTap tag has this ID.");
      expect(await listed(rollCallId)).toEqual(before);
    });

    it("by the person's own link, which works only for its person and roll call", async () => {
      await dispatch();
      const [message] = await app.services.db
        .select()
        .from(devOutbox)
        .where(eq(devOutbox.to, staff.member!.email))
        .orderBy(desc(devOutbox.createdAt));
      expect(message!.subject).toBe("Appel à North Campus : signalez que vous êtes en sécurité");
      const link = message!.body.match(/http:\/\/localhost:3000(\/roll-call\/safe\/\S+)/)?.[1];
      expect(link).toBeTruthy();
      // Only Cat has a login: nobody else was messaged.
      const notices = await app.services.db
        .select()
        .from(alertDeliveries)
        .where(eq(alertDeliveries.kind, "roll_call"));
      expect(notices).toHaveLength(1);

      const tokens = rollCallSafeTokens(app.services.config.dataEncryptionKey);
      const catToken = link!.split("/").pop()!;
      const [, , mac] = catToken.split(".");
      const forged = `${rollCallId}.${people.Ben!.profileId}.${mac}`;
      const stranger = new Client(app);
      expect((await stranger.post(`/roll-call/safe/${forged}`, {})).status).toBe(404);
      // A true link for a roll call the person is not on does nothing either.
      const southCall = await app.services.db
        .select()
        .from(rollCalls)
        .where(eq(rollCalls.locationId, south.id));
      const elsewhere = tokens.make(southCall[0]!.id, people.Cat!.profileId);
      expect((await stranger.post(`/roll-call/safe/${elsewhere}`, {})).status).toBe(404);
      expect((await personRow(rollCallId, people.Ben!.profileId))!.status).toBe("unaccounted");

      const shown = await text(await stranger.get(link!));
      expect(shown).toContain("I&#x27;m safe");
      const pressed = await stranger.post(link!, {});
      expect(pressed.status).toBe(200);
      expect(await text(pressed)).toContain("Thank you. You are marked safe.");
      expect(await personRow(rollCallId, people.Cat!.profileId)).toMatchObject({
        status: "safe",
        method: "self",
        markedByName: "Cat Carter",
      });
      expect(await text(await stranger.post(link!, {}))).toContain("You are already marked safe.");
    });
  });

  it("streams events after the cursor, including marks made through another app instance", async () => {
    const second = await secondInstance();
    try {
      const [last] = await app.services.db
        .select({ seq: sql<number>`max(${rollCallEvents.seq})::int` })
        .from(rollCallEvents)
        .where(eq(rollCallEvents.rollCallId, rollCallId));
      const seq = last!.seq;
      const abort = new AbortController();
      const feed = await app.request(`${base()}/${rollCallId}/events`, {
        headers: {
          cookie: staff.staffNorth!.client.cookieHeader,
          "x-forwarded-for": staff.staffNorth!.client.address,
          "last-event-id": String(seq),
          "accept-encoding": "gzip",
        },
        signal: abort.signal,
      });
      expect(feed.status).toBe(200);
      expect(feed.headers.get("content-type")).toContain("text/event-stream");
      expect(feed.headers.get("content-encoding")).toBeNull();
      const events = readEvents(feed);
      // Ben tapped on the other instance, which never wakes this one: its poll finds it.
      const viaOther = await second.request(`${base()}/${rollCallId}`, {
        method: "POST",
        headers: {
          cookie: staff.owner!.client.cookieHeader,
          "x-forwarded-for": staff.owner!.client.address,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ intent: "mark", profileId: people.Ben!.profileId }).toString(),
      });
      expect(viaOther.status).toBe(200);
      const event = await events.next();
      expect(event).toMatchObject({
        type: "marked_safe",
        profileId: people.Ben!.profileId,
        personName: "Ben Baker",
        actorName: "Staff owner",
        method: "tap",
      });
      expect(event.seq).toBeGreaterThan(seq);
      abort.abort();
      await events.close();

      // ?after= replays from a cursor: everything since the start.
      const replay = await staff.owner!.client.get(`${base()}/${rollCallId}/events?after=0`);
      const replayed = readEvents(replay);
      expect((await replayed.next()).type).toBe("started");
      expect((await replayed.next()).type).toBe("joined");
      await replayed.close();
    } finally {
      await second.close();
    }
  });

  it("alerts the contacts of anyone still unaccounted when the time runs out, once, through the outbox, and escalates", async () => {
    await app.services.db
      .update(rollCalls)
      .set({ alertAt: new Date(Date.now() - 1000) })
      .where(eq(rollCalls.id, rollCallId));
    // Ann, Cat, Eve and Ben are safe now; nobody is missing on North, so use a fresh roll call.
    await endIt(rollCallId);
    const started = idFrom(await start("owner", { locationId: north.id, minutes: "5" }));
    const fresh = started.id;
    await act("owner", fresh, { intent: "mark", profileId: people.Ann!.profileId });
    await act("owner", fresh, { intent: "mark", profileId: people.Cat!.profileId });
    await app.services.db
      .update(rollCalls)
      .set({ alertAt: new Date(Date.now() - 1000) })
      .where(eq(rollCalls.id, fresh));
    await dispatch();
    await dispatch();
    const ben = await personRow(fresh, people.Ben!.profileId);
    expect(ben!.alertId).toBeTruthy();
    expect((await personRow(fresh, people.Ann!.profileId))!.alertId).toBeNull();
    const raised = await app.services.db
      .select()
      .from(alerts)
      .where(eq(alerts.source, "roll_call"));
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      profileId: people.Ben!.profileId,
      userId: org.accountId,
      isTest: false,
    });
    const [mail] = await app.services.db
      .select()
      .from(devOutbox)
      .where(eq(devOutbox.to, "guardian-1@example.com"))
      .orderBy(desc(devOutbox.createdAt));
    expect(mail!.subject).toBe("URGENT: Ben Baker was not accounted for at North Campus");
    expect(mail!.body).toContain(
      "Ben Baker was not accounted for at the roll call at North Campus",
    );
    expect(mail!.body).toContain("/ack/");
    const [event] = await app.services.db
      .select()
      .from(rollCallEvents)
      .where(and(eq(rollCallEvents.rollCallId, fresh), eq(rollCallEvents.type, "alerted")));
    expect(event).toMatchObject({ method: "automatic" });
    expect((await auditOf("roll_call_alerted"))[0]).toMatchObject({
      profileId: people.Ben!.profileId,
    });
    // A second press does nothing more.
    const again = await act("owner", fresh, { intent: "alert" });
    expect(await text(again)).toContain("Contacts have already been alerted for this roll call.");

    // Unacknowledged, it escalates like any alert.
    await app.services.db
      .update(alerts)
      .set({ escalateAt: new Date(Date.now() - 1000) })
      .where(eq(alerts.id, ben!.alertId!));
    await dispatch();
    const escalations = await app.services.db
      .select()
      .from(alertDeliveries)
      .where(
        and(eq(alertDeliveries.alertId, ben!.alertId!), eq(alertDeliveries.kind, "escalation")),
      );
    expect(escalations.length).toBeGreaterThan(0);

    await endIt(fresh);
    const report = await text(await staff.owner!.client.get(`${base()}/${fresh}`));
    expect(report).toContain("This roll call has ended; its report is frozen.");
    expect(report).toContain("The alert time passed: contacts of everyone unaccounted alerted");
    expect(report).toContain(`/org/${org.slug}/reports/roll-calls/${fresh}/report.pdf`);
  });

  it("messages no guardian in a drill and labels it DRILL everywhere", async () => {
    const drill = idFrom(await start("staffNorth", { locationId: north.id, drill: "on" })).id;
    const page = await text(await staff.staffNorth!.client.get(`${base()}/${drill}`));
    expect(page).toContain("DRILL");
    expect(page).toContain("This is a drill: no guardian or contact is messaged.");
    expect(page).not.toContain("Alert contacts now");
    await dispatch();
    const [message] = await app.services.db
      .select()
      .from(devOutbox)
      .where(eq(devOutbox.to, staff.member!.email))
      .orderBy(desc(devOutbox.createdAt));
    expect(message!.subject).toMatch(/^EXERCICE : /);
    const alertsBefore = await app.services.db.select().from(alerts);
    await app.services.db
      .update(rollCalls)
      .set({ alertAt: new Date(Date.now() - 1000) })
      .where(eq(rollCalls.id, drill));
    await dispatch();
    expect(await app.services.db.select().from(alerts)).toHaveLength(alertsBefore.length);
    const rows = await listed(drill);
    expect(rows.every((r) => r.alertId === null)).toBe(true);
    const [event] = await app.services.db
      .select()
      .from(rollCallEvents)
      .where(and(eq(rollCallEvents.rollCallId, drill), eq(rollCallEvents.type, "alerted")));
    expect(event).toMatchObject({ method: "drill" });
    expect(await text(await staff.staffNorth!.client.get(`${base()}/${drill}`))).toContain(
      "no messages, drill",
    );
    await endIt(drill);
    const list = await text(await staff.staffNorth!.client.get(base()));
    expect(list).toContain("DRILL");
  });

  it("freezes at the end: a confirming press ends it, and nothing changes after", async () => {
    const id = idFrom(await start("admin", { locationId: north.id })).id;
    const unconfirmed = await act("admin", id, { intent: "end" });
    expect(unconfirmed.status).toBe(400);
    expect(await text(unconfirmed)).toContain("Press “Yes, end it” to end the roll call.");
    expect(
      (await app.services.db.select().from(rollCalls).where(eq(rollCalls.id, id)))[0]!.status,
    ).toBe("open");
    await act("admin", id, { intent: "mark", profileId: people.Ann!.profileId });
    const ended = await act("admin", id, { intent: "end", confirm: "yes" });
    expect(await text(ended)).toContain("The roll call has ended. Its report is below.");
    const before = await listed(id);
    const attempts: Record<string, string>[] = [
      { intent: "mark", profileId: people.Ben!.profileId },
      { intent: "unmark", profileId: people.Ann!.profileId },
      { intent: "scan", tag: people.Ben!.tagId },
      { intent: "alert" },
    ];
    for (const fields of attempts) {
      const refused = await act("admin", id, fields);
      expect(refused.status).toBe(409);
      expect(await text(refused)).toContain("This roll call has ended; nothing can be changed.");
    }
    expect(await listed(id)).toEqual(before);
    const token = rollCallSafeTokens(app.services.config.dataEncryptionKey).make(
      id,
      people.Cat!.profileId,
    );
    const late = await new Client(app).post(`/roll-call/safe/${token}`, {});
    expect(late.status).toBe(409);
    expect(await text(late)).toContain("This roll call has ended.");
    expect((await personRow(id, people.Cat!.profileId))!.status).toBe("unaccounted");
    const [line] = await auditOf("roll_call_ended");
    expect(line!.metadata).toMatchObject({ roll_call_id: id, safe: 1, unaccounted: 2 });
    // The feed of an ended roll call sends what there is and closes.
    const feed = await staff.admin!.client.get(`${base()}/${id}/events`);
    const all = await feed.text();
    expect(all).toContain('"type":"ended"');
  });
});

describe("the organisation's plan", () => {
  it("counts a member's SMS: over the allowance a drill's is held back, a real roll call's still goes", async () => {
    const { db } = app.services;
    const [member] = await db
      .select({ email: user.email, phone: user.phoneNumber })
      .from(user)
      .where(eq(user.id, staff.member!.userId));
    // Cat signs in by phone only, and the organisation's plan has no SMS left.
    await db
      .update(user)
      .set({ email: `cat-${Date.now()}@phone.safetap.invalid`, phoneNumber: "+447700900321" })
      .where(eq(user.id, staff.member!.userId));
    await db.update(profiles).set({ plan: "free" }).where(eq(profiles.id, org.accountId));
    await db
      .update(rollCalls)
      .set({ status: "ended", endedAt: new Date() })
      .where(and(eq(rollCalls.locationId, north.id), eq(rollCalls.status, "open")));
    await db.insert(alertDeliveries).values(
      Array.from({ length: 3 }, () => ({
        accountId: org.accountId,
        contactName: "earlier",
        channel: "sms",
        destination: "x",
        kind: "scan_notice",
        status: "sent",
      })),
    );
    const cats = async () =>
      db
        .select({ status: alertDeliveries.status, note: alertDeliveries.note })
        .from(alertDeliveries)
        .where(
          and(
            eq(alertDeliveries.accountId, org.accountId),
            eq(alertDeliveries.kind, "roll_call"),
            eq(alertDeliveries.channel, "sms"),
          ),
        )
        .orderBy(desc(alertDeliveries.createdAt));
    try {
      const drill = idFrom(await start("staffNorth", { locationId: north.id, drill: "on" })).id;
      expect((await cats())[0]).toMatchObject({ status: "skipped", note: "quota" });
      await endIt(drill);
      const real = idFrom(await start("staffNorth", { locationId: north.id })).id;
      expect(await cats()).toHaveLength(2);
      expect((await cats())[0]).toMatchObject({ note: "emergency_overage" });
      expect((await cats())[0]!.status).not.toBe("skipped");
      await endIt(real);
    } finally {
      await db.update(profiles).set({ plan: "enterprise" }).where(eq(profiles.id, org.accountId));
      await db
        .update(user)
        .set({ email: member!.email, phoneNumber: member!.phone })
        .where(eq(user.id, staff.member!.userId));
    }
  });
});

/** A second app instance on the same database: its own services, signal and dispatcher-less. */
describe.skipIf(!process.env.TEST_DATABASE_URL)("the live feed's order on PostgreSQL", () => {
  it("shows events in seq order: a second writer waits until the first has committed", async () => {
    const { db } = app.services;
    const west = await addLocation(app.services, org, { name: "West Campus" });
    const [call] = await db
      .insert(rollCalls)
      .values({
        organizationId: org.id,
        locationId: west.id,
        kind: "evacuation",
        startedByName: "Test",
        alertAfterMinutes: 10,
        alertAt: new Date(Date.now() + 600_000),
      })
      .returning();
    const held = deferred();
    const added = deferred();
    const first = db.transaction(async (tx) => {
      await addRollCallEvent(tx, call!.id, { type: "marked_safe", personName: "First" });
      added.resolve();
      await held.promise;
    });
    await added.promise;
    const second = db.transaction((tx) =>
      addRollCallEvent(tx, call!.id, { type: "marked_safe", personName: "Second" }),
    );
    // The second writer is waiting on the roll call's lock, not ahead of the first with a
    // later seq that a phone could read before the first commits.
    await expect.poll(() => advisoryLocksWaited(db)).toBe(1);
    expect(await rollCallEventsAfter(db, call!.id, 0)).toEqual([]);
    held.resolve();
    await Promise.all([first, second]);
    const events = await rollCallEventsAfter(db, call!.id, 0);
    expect(events.map((event) => event.personName)).toEqual(["First", "Second"]);
    expect(events[0]!.seq).toBeLessThan(events[1]!.seq);
  });
});

async function secondInstance() {
  const services = createServices({
    config: app.services.config,
    logger: app.services.logger,
    database: app.database,
  });
  const build = (await import(
    pathToFileURL(path.join(projectRoot, "build", "server", "index.js")).href
  )) as ServerBuild;
  const http = createHttpApp(services, {
    handlePage: createRequestHandler(build, "production"),
    staticDir: clientBuildDir,
  });
  return {
    request: (pathname: string, init?: RequestInit) =>
      http.request(new URL(pathname, app.services.config.publicUrl).toString(), init),
    close: () => services.scans.close(),
  };
}

/** The `data:` events of a Server-Sent Events response, one at a time. */
function readEvents(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  return {
    async next(): Promise<RollCallFeedEvent> {
      for (;;) {
        const end = buffer.indexOf("\n\n");
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split("\n").find((line) => line.startsWith("data: "));
          if (data) return JSON.parse(data.slice(6)) as RollCallFeedEvent;
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error("the feed ended");
        buffer += decoder.decode(value, { stream: true });
      }
    },
    close: () => reader.cancel().catch(() => {}),
  };
}
