import { eq, inArray, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, householdMembers } from "#server/db/schema.ts";
import {
  addContacts,
  deleteContact,
  listContacts,
  moveContact,
  updateContact,
} from "#server/domain/contacts.ts";
import { removeMember } from "#server/domain/households.ts";
import { addDependant, removeDependant } from "#server/domain/people.ts";
import { saveProfile } from "#server/domain/profiles.ts";
import { householdOf, logSafetyEvent } from "#server/domain/safety-log.ts";
import {
  markTagFound,
  markTagLost,
  setScanNotices,
  setTagVisibility,
} from "#server/domain/tag-lifecycle.ts";
import { setUserPlan } from "#server/domain/users.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner, type Owner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";

/**
 * The safety log (issue 15 item 9, decision 134): every change that touches someone's safety
 * is a line naming who did it, for whom, and in which household; the owner reads their own log
 * at /dashboard/log, and nobody reads another household's.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

/** The log page's HTML and the lines it shows, top to bottom, as a reader sees them. */
const logOf = async (owner: Owner, page = "") => {
  const client = await signIn(app, owner.email);
  const response = await client.get(`/dashboard/log${page}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  const items = [...html.matchAll(/<li[^>]*data-testid="log-line"[^>]*>(.*?)<\/li>/gs)].map(
    ([, inner]) => ({
      line: inner!
        .replace(/<time[^>]*>.*?<\/time>/s, "")
        .replace(/<[^>]+>/g, "")
        .trim(),
      at: Date.parse(inner!.match(/<time[^>]*dateTime="([^"]+)"/i)?.[1] ?? ""),
    }),
  );
  const lines = items.map((item) => item.line);
  /** When each line's change was recorded, by its text. */
  const times = new Map(items.map((item) => [item.line, item.at]));
  return { html, lines, times, text: lines.join("\n") };
};

const eventsOf = (userIds: string[]) =>
  app.services.db
    .select()
    .from(auditEvents)
    .where(or(inArray(auditEvents.userId, userIds), inArray(auditEvents.profileId, userIds)));

let ana: Owner;
let bea: Owner;
let cy: Owner;
let leoId: string;
let householdId: string;

beforeAll(async () => {
  const { services } = app;
  ana = await createOwner(services, { name: "Ana Admin" });
  await setUserPlan(services.db, ana.email, "family");
  householdId = (await householdOf(services.db, ana.userId))!;

  // Ana's changes, each through the domain function the screens call.
  const added = await addDependant(services.db, services.cipher, services.logger, ana.userId, {
    fullName: "Leo",
  });
  if (!added.ok) throw new Error("seat refused");
  leoId = added.profileId;
  await addContacts(services.db, services.cipher, leoId, [
    { name: "Maria", channel: "sms", value: "+15550001111" },
    { name: "Tom", channel: "email", value: "tom-secret@example.com" },
  ]);
  const [maria, tom] = await listContacts(services.db, services.cipher, leoId);
  await updateContact(services.db, services.cipher, leoId, maria!.id, {
    name: "Maria",
    channel: "sms",
    value: "+15550002222",
  });
  await moveContact(services.db, leoId, tom!.id, "up");
  await deleteContact(services.db, leoId, tom!.id);
  await saveProfile(services.db, services.cipher, ana.userId, {
    allergies: ["Peanuts"],
    medications: ["Insulin"],
    bloodType: "O-",
  });
  await setTagVisibility(services, ana.userId, ana.tagId, {
    showMedical: false,
    showContacts: true,
  });
  await setScanNotices(services, ana.userId, ana.tagId, true);
  await markTagLost(services, ana.userId, ana.tagId, "x");
  await markTagFound(services, ana.userId, ana.tagId, "x");
  const max = await addDependant(services.db, services.cipher, services.logger, ana.userId, {
    fullName: "Max",
  });
  if (!max.ok) throw new Error("seat refused");
  await removeDependant(services.db, services.logger, ana.userId, max.profileId);

  // Bea joins Ana's household (as the household feature records it) and changes her contacts.
  bea = await createOwner(services, { name: "Bea Member" });
  await services.db
    .insert(householdMembers)
    .values({ householdId, userId: bea.userId, role: "member" });
  await logSafetyEvent(services.db, {
    type: "household_member_joined",
    userId: bea.userId,
    profileId: bea.userId,
  });
  await addContacts(services.db, services.cipher, bea.userId, [
    { name: "Zoe", channel: "email", value: "zoe-private@example.com" },
  ]);

  // Dee was in the household too, until Ana removed her.
  const dee = await createOwner(services, { name: "Dee Departed" });
  await services.db
    .insert(householdMembers)
    .values({ householdId, userId: dee.userId, role: "member" });
  expect((await removeMember(services, ana.userId, dee.userId)).ok).toBe(true);

  // Cy is on his own, in no household.
  cy = await createOwner(services, { name: "Cy Stranger" });
  await addContacts(services.db, services.cipher, cy.userId, [
    { name: "Yann", channel: "sms", value: "+15550009999" },
  ]);
  await saveProfile(services.db, services.cipher, cy.userId, { conditions: ["Epilepsy"] });
});

describe("every change that touches safety writes its line", () => {
  it("each kind of change reads as plain words in the owner's log, newest first", async () => {
    const { lines: shown, times } = await logOf(ana);
    const lines = [
      "You added Leo",
      "You added contact Maria (SMS) for Leo",
      "You added contact Tom (Email) for Leo",
      "You changed contact Maria (SMS) for Leo: number or address",
      "You changed the order of the contacts of Leo (moved Tom)",
      "You removed contact Tom (Email) for Leo",
      "You updated the medical record of Ana Admin: allergies, blood type",
      `You changed what the card of Ana Admin shows on tag ${ana.tagId}: medical information hidden`,
      `You turned on scan notices for tag ${ana.tagId}`,
      `You marked tag ${ana.tagId} as lost`,
      `You marked tag ${ana.tagId} as found`,
      "You added Max",
      "You removed Max",
      "Bea Member joined the household",
      "Bea Member added contact Zoe (Email) for Bea Member",
      "You removed Dee Departed from the household",
    ];
    for (const line of lines) expect(shown).toContain(line);
    // Newest first: the page is in time order, newest at the top, and each change was recorded
    // no earlier than the one made before it. Changes made within the same millisecond (PGlite's
    // clock has no finer steps; the two contacts added together share their transaction's time)
    // have the same time, and either order of those is newest first.
    const shownTimes = shown.map((line) => times.get(line)!);
    expect(shownTimes.every(Number.isFinite)).toBe(true);
    expect(shownTimes).toEqual([...shownTimes].sort((a, b) => b - a));
    const madeTimes = lines.map((line) => times.get(line)!);
    expect(madeTimes).toEqual([...madeTimes].sort((a, b) => a - b));
  });

  it("names the actor, the person and the household on each line", async () => {
    const rows = await app.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.profileId, leoId));
    expect(rows.map((r) => r.eventType).sort()).toEqual(
      [
        "contact_added",
        "contact_added",
        "contact_removed",
        "contact_updated",
        "contacts_reordered",
        "person_added",
      ].sort(),
    );
    for (const row of rows) {
      expect(row.userId).toBe(ana.userId);
      expect(row.householdId).toBe(householdId);
    }
    const [cyLine] = await app.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.eventType, "contact_added"))
      .then((all) => all.filter((e) => e.userId === cy.userId));
    expect(cyLine).toMatchObject({ profileId: cy.userId, householdId: null });
  });

  it("keeps no medical value and no address in the log, only what changed", async () => {
    const dump = JSON.stringify(await eventsOf([ana.userId, bea.userId, cy.userId, leoId]));
    for (const secret of [
      "Peanuts",
      "Penicillin",
      "Insulin",
      "O-",
      "Epilepsy",
      "+15550001111",
      "+15550002222",
      "tom-secret@example.com",
      "zoe-private@example.com",
    ]) {
      expect(dump).not.toContain(secret);
    }
    expect(dump).toContain('"fields":"allergies,bloodType"');
  });

  it("a card-visibility change that changes nothing writes nothing", async () => {
    const before = (await eventsOf([ana.userId])).length;
    await setTagVisibility(app.services, ana.userId, ana.tagId, {
      showMedical: false,
      showContacts: true,
    });
    expect((await eventsOf([ana.userId])).length).toBe(before);
  });
});

describe("nobody reads another household's log", () => {
  it("the stranger sees only his own lines; the household does not see his", async () => {
    const { text: theirs } = await logOf(cy);
    expect(theirs).toContain("You added contact Yann (SMS) for Cy Stranger");
    expect(theirs).toContain("You updated the medical record of Cy Stranger: conditions");
    for (const name of ["Leo", "Ana Admin", "Bea Member", "Maria", "Zoe"]) {
      expect(theirs).not.toContain(name);
    }
    for (const reader of [ana, bea]) {
      const { html } = await logOf(reader);
      expect(html).not.toContain("Yann");
      expect(html).not.toContain("Cy Stranger");
    }
  });

  it("a household member reads the household's lines, in her own words", async () => {
    const { lines } = await logOf(bea);
    expect(lines).toContain("Ana Admin added contact Maria (SMS) for Leo");
    expect(lines).toContain("You joined the household");
  });

  it("signed out, the log sends you to sign in", async () => {
    const response = await new Client(app).get("/dashboard/log");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("/auth");
  });
});

describe("the log page", () => {
  it("gives times on the owner's clock and pages 25 lines at a time", async () => {
    const owner = await createOwner(app.services, { name: "Pat Pager" });
    await addContacts(app.services.db, app.services.cipher, owner.userId, [
      { name: "Quinn", channel: "email", value: "quinn@example.com" },
    ]);
    const quinn = (await listContacts(app.services.db, app.services.cipher, owner.userId)).at(-1);
    for (let i = 0; i < 30; i++) {
      await moveContact(app.services.db, owner.userId, quinn!.id, i % 2 ? "down" : "up");
    }
    const [latest] = await app.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.userId, owner.userId))
      .orderBy(auditEvents.createdAt)
      .then((rows) => rows.slice(-1));
    const newYork = new Intl.DateTimeFormat("en", {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: "America/New_York",
    }).format(latest!.createdAt);

    const pageOne = await logOf(owner);
    expect(pageOne.html).toContain(`>${newYork}</time>`);
    expect(pageOne.lines).toEqual(
      Array(25).fill("You changed the order of the contacts of Pat Pager (moved Quinn)"),
    );
    expect(pageOne.html).toContain('href="/dashboard/log?page=2"');
    const pageTwo = await logOf(owner, "?page=2");
    expect(pageTwo.html).toContain('href="/dashboard/log"');
    expect(pageTwo.lines.slice(0, 5)).toEqual(
      Array(5).fill("You changed the order of the contacts of Pat Pager (moved Quinn)"),
    );
    expect(pageTwo.lines).toContain("You added contact Quinn (Email) for Pat Pager");
    expect(pageTwo.html).not.toContain('href="/dashboard/log?page=3"');
  });
});
