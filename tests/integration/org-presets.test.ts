import { gunzipSync } from "node:zlib";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContactChannel } from "#core/channels.ts";
import {
  attendanceScans,
  auditEvents,
  contacts,
  invitation,
  member,
  orgImports,
  profilePhotos,
  profiles,
  tags,
} from "#server/db/schema.ts";
import { insertContact } from "#server/domain/contacts.ts";
import {
  createOrgExpiryJob,
  eraseExpiredOrgPeople,
  IMPORT_RETENTION_DAYS,
  purgeOldImports,
} from "#server/domain/org-expiry.ts";
import { previewImport } from "#server/domain/org-import.ts";
import { addOrgPerson, type OrgPersonInput } from "#server/domain/org-people.ts";
import type { OrgSummary } from "#server/domain/organizations.ts";
import { mintTags } from "#server/domain/tags.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { addOrgMember, createOrg } from "#tests/support/orgs.ts";

/**
 * Presets change defaults, not code paths (issue 16 item 6, decision 139): a healthcare card
 * shows the ward and the clinician first, a school's the guardians first on the child-safe card,
 * and an events organisation's people are erased once they expire.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

/** One of the organisation's people with contacts (role as given) and a tag showing their card. */
async function personWithTag(
  org: OrgSummary,
  input: OrgPersonInput,
  people: { name: string; channel: ContactChannel; value: string; role?: string }[],
) {
  const added = await addOrgPerson(app.services.db, app.services, org, null, input);
  if (!added.ok) throw new Error(added.reason);
  const { profileId } = added;
  for (const [index, contact] of people.entries()) {
    const { id } = await insertContact(
      app.services.db,
      app.services.cipher,
      { profileId, accountId: org.accountId },
      { name: contact.name, channel: contact.channel, value: contact.value, priority: index + 1 },
    );
    if (contact.role) {
      await app.services.db.update(contacts).set({ role: contact.role }).where(eq(contacts.id, id));
    }
  }
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
      userId: org.accountId,
      profileId,
      organizationId: org.id,
      status: "active",
      isActive: true,
      linkedAt: new Date(),
    })
    .where(eq(tags.id, tagId));
  return { profileId, tagId };
}

const cardHtml = async (tagId: string) => {
  const response = await app.request(`/t/${tagId}`, { headers: { "user-agent": PHONE_UA } });
  expect(response.status).toBe(200);
  return (await response.text()).replaceAll("<!-- -->", "");
};

describe("a healthcare organisation's card", () => {
  it("shows the ward and the clinician's contact first, within the card's first-round-trip budget", async () => {
    const hospital = await createOrg(app.services, { preset: "healthcare", name: "St Jude" });
    const { tagId } = await personWithTag(
      hospital,
      { fullName: "Paul Patient", groupName: "Ward 7B", allergies: ["Latex"] },
      [
        { name: "Nora Neighbour", channel: "sms", value: "+15550101234" },
        { name: "Sam Sister", channel: "email", value: "sam@example.com" },
        { name: "Dr Chen", channel: "sms", value: "+15550109999", role: "clinician" },
      ],
    );
    const html = await cardHtml(tagId);
    expect(html).toContain("Paul Patient");
    expect(html).toMatch(/data-testid="card-ward"[^>]*>Ward: Ward 7B</);
    const clinician = html.indexOf("Dr Chen");
    expect(clinician).toBeGreaterThan(0);
    expect(clinician).toBeLessThan(html.indexOf("Nora Neighbour"));
    expect(html.slice(clinician, clinician + 200)).toContain("Clinician");
    // The contacts come before the alert button, as a child's guardians do.
    expect(html.indexOf('id="contacts-title"')).toBeLessThan(html.indexOf("Send Emergency Alert"));

    const compressed = await app.request(`/t/${tagId}`, {
      headers: { "accept-encoding": "gzip", "user-agent": PHONE_UA },
    });
    const bytes = new Uint8Array(await compressed.arrayBuffer());
    expect(bytes.byteLength).toBeLessThanOrEqual(14 * 1024);
    expect(new TextDecoder().decode(gunzipSync(bytes))).toContain("Ward: Ward 7B");
  });
});

describe("a school's card", () => {
  it("is the child-safe card with the guardians first, and never shows the class", async () => {
    const school = await createOrg(app.services, { preset: "school", name: "Oak Primary" });
    const { tagId } = await personWithTag(
      school,
      { fullName: "Mia Rose Pupil", groupName: "Class 4B", dateOfBirth: "2016-03-04" },
      [
        { name: "Aunt Ann", channel: "sms", value: "+15550104444" },
        { name: "Papa Pupil", channel: "sms", value: "+15550105555", role: "guardian" },
        { name: "Mama Pupil", channel: "email", value: "mama@example.com", role: "guardian" },
      ],
    );
    const html = await cardHtml(tagId);
    expect(html).toMatch(/data-testid="card-name"[^>]*>Mia</);
    expect(html).not.toContain("Mia Rose Pupil");
    expect(html).not.toContain("Class 4B");
    expect(html).not.toContain('data-testid="card-ward"');
    expect(html).toContain("Call a guardian");
    const order = ["Papa Pupil", "Mama Pupil", "Aunt Ann"].map((name) => html.indexOf(name));
    expect(order.every((i) => i > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html.indexOf("Call a guardian")).toBeLessThan(html.indexOf("Send Emergency Alert"));
  });
});

describe("an events organisation's people after their expiry", () => {
  it("are erased with everything naming them; their tags go back unassigned; one audit line stays", async () => {
    const events = await createOrg(app.services, { preset: "events", name: "Summer Fest" });
    const past = new Date(Date.now() - 60_000);
    const expired = await personWithTag(
      events,
      {
        fullName: "Eve Expired",
        expiresAt: past,
        allergies: ["Peanuts"],
        medicalNotes: "Asthma",
        dateOfBirth: "1990-01-01",
      },
      [{ name: "Ed Emergency", channel: "email", value: "ed@example.com" }],
    );
    const staying = await personWithTag(
      events,
      { fullName: "Stella Staying", expiresAt: new Date(Date.now() + 86_400_000) },
      [{ name: "Sol Contact", channel: "email", value: "sol@example.com" }],
    );
    const forever = await addOrgPerson(app.services.db, app.services, events, null, {
      fullName: "Nolan No Expiry",
    });
    // Her photo, a check-in naming her, her own login, and a pending invitation for her card.
    await app.services.db.insert(profilePhotos).values({
      profileId: expired.profileId,
      version: "v1",
      contentType: "image/webp",
      small: Buffer.from("small"),
      large: Buffer.from("large"),
    });
    await app.services.db.insert(attendanceScans).values({
      tagId: expired.tagId,
      direction: "in",
      personName: "Eve Expired",
      profileId: expired.profileId,
      organizationId: events.id,
    });
    const login = await createOwner(app.services, { name: "Eve Expired", plan: "free" });
    const memberId = await addOrgMember(app.services, events, login.userId, "member");
    await app.services.db
      .update(profiles)
      .set({ memberUserId: login.userId })
      .where(eq(profiles.id, expired.profileId));
    await app.services.db.insert(invitation).values({
      id: `inv${Date.now()}expiredcardinvite`,
      organizationId: events.id,
      email: "eve.other@example.com",
      role: "member",
      status: "pending",
      expiresAt: new Date(Date.now() + 86_400_000),
      inviterId: login.userId,
      profileId: expired.profileId,
    });

    // Two instances at once: each person is erased once.
    const counts = await Promise.all([
      eraseExpiredOrgPeople(app.services),
      eraseExpiredOrgPeople(app.services),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);

    const left = async <T>(rows: Promise<T[]>) => (await rows).length;
    const db = app.services.db;
    expect(await left(db.select().from(profiles).where(eq(profiles.id, expired.profileId)))).toBe(
      0,
    );
    expect(
      await left(db.select().from(contacts).where(eq(contacts.profileId, expired.profileId))),
    ).toBe(0);
    expect(
      await left(
        db.select().from(profilePhotos).where(eq(profilePhotos.profileId, expired.profileId)),
      ),
    ).toBe(0);
    const [tag] = await db.select().from(tags).where(eq(tags.id, expired.tagId));
    expect(tag).toMatchObject({
      organizationId: events.id,
      profileId: null,
      userId: null,
      isActive: false,
      status: "inactive",
    });
    const [scan] = await db
      .select()
      .from(attendanceScans)
      .where(eq(attendanceScans.tagId, expired.tagId));
    expect(scan).toMatchObject({ personName: "", profileId: null, organizationId: events.id });
    expect(await left(db.select().from(member).where(eq(member.id, memberId)))).toBe(0);
    const [cardInvite] = await db
      .select({ status: invitation.status })
      .from(invitation)
      .where(eq(invitation.organizationId, events.id));
    expect(cardInvite?.status).toBe("canceled");
    // The tag's card no longer names anyone: it is the organisation's, to assign again.
    expect((await app.request(`/t/${expired.tagId}`, { redirect: "manual" })).status).toBe(302);

    const trail = await db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.organizationId, events.id),
          eq(auditEvents.eventType, "org_person_expired"),
        ),
      );
    expect(trail).toEqual([
      expect.objectContaining({ profileId: expired.profileId, userId: null, metadata: {} }),
    ]);
    const everything = JSON.stringify(
      await db.select().from(auditEvents).where(eq(auditEvents.organizationId, events.id)),
    );
    expect(everything).not.toContain("Eve Expired");

    // Everyone else is untouched.
    const remaining = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(inArray(profiles.id, [staying.profileId, forever.ok ? forever.profileId : "none"]));
    expect(remaining).toHaveLength(2);
    const [stayingTag] = await db.select().from(tags).where(eq(tags.id, staying.tagId));
    expect(stayingTag?.profileId).toBe(staying.profileId);
  });

  it("are erased by the server's periodic job, which has nothing to do once they are gone", async () => {
    const events = await createOrg(app.services, { preset: "events" });
    const due = await addOrgPerson(app.services.db, app.services, events, null, {
      fullName: "Jo Job",
      expiresAt: new Date(Date.now() - 1000),
    });
    if (!due.ok) throw new Error(due.reason);
    const job = createOrgExpiryJob(app.services);
    expect(await job.runOnce()).toBe(1);
    expect(await job.runOnce()).toBe(0);
    await job.stop();
    const [row] = await app.services.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, due.profileId));
    expect(row).toBeUndefined();
  });
});

describe("an organisation's uploaded CSV files", () => {
  it("are deleted 30 days after their upload, not before, and not while importing", async () => {
    const school = await createOrg(app.services, { preset: "school" });
    const csv = Buffer.from(
      "external_id,full_name,date_of_birth,class,guardian_name,guardian_channel,guardian_value\n" +
        "S-1,Ana Old,2015-03-02,4B,Marta Old,email,marta.old@example.com\n",
    );
    const uploads = [];
    for (const name of ["old.csv", "running.csv", "recent.csv"]) {
      const preview = await previewImport(app.services, school, null, { name, bytes: csv });
      if (!preview.ok) throw new Error(JSON.stringify(preview.problems));
      uploads.push(preview.importId);
    }
    const [old, running, recent] = uploads as [string, string, string];
    const day = 86_400_000;
    const aged = new Date(Date.now() - (IMPORT_RETENTION_DAYS + 1) * day);
    await app.services.db.update(orgImports).set({ createdAt: aged }).where(eq(orgImports.id, old));
    await app.services.db
      .update(orgImports)
      .set({ createdAt: aged, status: "importing" })
      .where(eq(orgImports.id, running));
    await app.services.db
      .update(orgImports)
      .set({ createdAt: new Date(Date.now() - (IMPORT_RETENTION_DAYS - 1) * day) })
      .where(eq(orgImports.id, recent));

    expect(await purgeOldImports(app.services)).toBe(1);
    const left = await app.services.db
      .select({ id: orgImports.id })
      .from(orgImports)
      .where(inArray(orgImports.id, uploads));
    expect(left.map((r) => r.id).sort()).toEqual([running, recent].sort());
    // The periodic job does it too: nothing is left to do.
    expect(await purgeOldImports(app.services)).toBe(0);
  });
});
