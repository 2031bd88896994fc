import { and, eq, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  alertDeliveries,
  alerts,
  attendanceScans,
  auditEvents,
  orgLocations,
  profiles,
  tags,
  tagViewLogs,
} from "#server/db/schema.ts";
import { addContacts, listContacts } from "#server/domain/contacts.ts";
import { orgPeoplePageQuery } from "#server/domain/org-directory.ts";
import { addOrgPerson } from "#server/domain/org-people.ts";
import { type OrgSummary, orgContextFor, setOrgExtraSeats } from "#server/domain/organizations.ts";
import { personAccess } from "#server/domain/people.ts";
import { getProfile } from "#server/domain/profiles.ts";
import { mintTags } from "#server/domain/tags.ts";
import { grantRole } from "#server/domain/users.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner, type Owner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";
import { addLocation, addOrgMember, createOrg } from "#tests/support/orgs.ts";

let app: TestApp;
let school: OrgSummary;
let other: OrgSummary;
let siteA: { id: string };
let siteB: { id: string };
let otherSite: { id: string };
const people: Record<string, string> = {};
const users: Record<string, Owner> = {};
const clients: Record<string, Client> = {};

/** The page's text as a reader sees it (React's text separators removed). */
const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

async function addPerson(
  org: OrgSummary,
  input: { fullName: string; externalId?: string; groupName?: string; locationId?: string },
) {
  const added = await addOrgPerson(app.services.db, app.services, org, null, input);
  if (!added.ok) throw new Error(`addOrgPerson: ${added.reason}`);
  return added.profileId;
}

/** Tags the school owns, minted and each assigned to one of `profileIds`, as org-tags does. */
async function assignedTags(profileIds: string[]) {
  const { tags: minted } = await mintTags(app.services.db, {
    product: "wristband",
    count: profileIds.length,
    masterKey: app.services.config.dataEncryptionKey,
    publicUrl: app.services.config.publicUrl,
  });
  for (const [i, { tagId }] of minted.entries()) {
    await app.services.db
      .update(tags)
      .set({
        organizationId: school.id,
        userId: school.accountId,
        profileId: profileIds[i],
        status: "active",
        isActive: true,
        linkedAt: new Date(),
      })
      .where(eq(tags.id, tagId));
  }
  return minted.map((tag) => tag.tagId);
}

/** The lines about a person's changes (opening their page is a view, decision 146: not here). */
const auditOf = (profileId: string) =>
  app.services.db
    .select()
    .from(auditEvents)
    .where(
      and(eq(auditEvents.profileId, profileId), ne(auditEvents.eventType, "org_person_viewed")),
    )
    .orderBy(auditEvents.seq);

beforeAll(async () => {
  app = await createTestApp();
  const { services } = app;
  school = await createOrg(services, { preset: "school", name: "Hillside School" });
  other = await createOrg(services, { preset: "school", name: "Other School" });
  siteA = await addLocation(services, school, { name: "North site", timeZone: "Asia/Ho_Chi_Minh" });
  siteB = await addLocation(services, school, { name: "South site", timeZone: "Europe/Paris" });
  otherSite = await addLocation(services, other, { name: "Elsewhere" });
  const names = ["Owen", "Ada", "Sam", "Stella", "Pip", "Oz", "Otto", "Sue"] as const;
  const made = await Promise.all(names.map((name) => createOwner(services, { name })));
  const [owner, admin, staff, staffA, member, outsider, otherAdmin, safetap] = made as Owner[];
  Object.assign(users, { owner, admin, staff, staffA, member, outsider, otherAdmin, safetap });
  await addOrgMember(services, school, owner!.userId, "owner");
  await addOrgMember(services, school, admin!.userId, "admin");
  await addOrgMember(services, school, staff!.userId, "staff");
  await addOrgMember(services, school, staffA!.userId, "staff", [siteA.id]);
  await addOrgMember(services, school, member!.userId, "member");
  await addOrgMember(services, other, otherAdmin!.userId, "admin");
  await grantRole(services.db, safetap!.email, "admin");

  people.mia = await addPerson(school, {
    fullName: "Mia Pupil",
    externalId: "S-001",
    groupName: "4B",
    locationId: siteA.id,
  });
  people.noah = await addPerson(school, {
    fullName: "Noah South",
    externalId: "S-002",
    groupName: "5C",
    locationId: siteB.id,
  });
  people.nowhere = await addPerson(school, { fullName: "Nell Nowhere", externalId: "S-003" });
  people.pip = await addPerson(school, {
    fullName: "Pip Member",
    externalId: "S-004",
    groupName: "4B",
    locationId: siteA.id,
  });
  await services.db
    .update(profiles)
    .set({ memberUserId: member!.userId })
    .where(eq(profiles.id, people.pip));
  people.stranger = await addPerson(other, { fullName: "Stranger Elsewhere", externalId: "S-001" });
  await addContacts(services.db, services.cipher, people.mia, [
    { name: "Maria Pupil", channel: "email", value: "maria@example.com", role: "guardian" },
    { name: "Dr Lee", channel: "sms", value: "+447700900111" },
  ]);
  await addContacts(services.db, services.cipher, people.stranger, [
    { name: "Their Guardian", channel: "email", value: "guardian@example.com" },
  ]);
  for (const [key, user] of Object.entries(users)) clients[key] = await signIn(app, user.email);
});
afterAll(() => app?.close());

describe("who may open which page (the permission matrix)", () => {
  const paths = () => ({
    overview: `/org/${school.slug}`,
    people: `/org/${school.slug}/people`,
    add: `/org/${school.slug}/people/new`,
    mia: `/org/${school.slug}/people/${people.mia}`,
    pip: `/org/${school.slug}/people/${people.pip}`,
    locations: `/org/${school.slug}/locations`,
  });

  it("sends the signed-out to sign in and back, from every page and every form", async () => {
    const client = new Client(app);
    for (const path of Object.values(paths())) {
      const response = await client.get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location")).toBe(
        `/auth?mode=signin&redirect=${encodeURIComponent(path)}`,
      );
    }
    const posted = await client.post(paths().mia, {
      intent: "details",
      fullName: "Changed",
      language: "en",
    });
    expect(posted.status).toBe(302);
    const [row] = await app.services.db
      .select({ fullName: profiles.fullName })
      .from(profiles)
      .where(eq(profiles.id, people.mia!));
    expect(row?.fullName).toBe("Mia Pupil");
  });

  it("answers outsiders and another organisation's admin as if nothing were there", async () => {
    for (const who of ["outsider", "otherAdmin"]) {
      for (const path of Object.values(paths())) {
        expect((await clients[who]!.get(path)).status, `${who} ${path}`).toBe(404);
      }
    }
    // Another organisation's person through this organisation's address, even for its admin.
    const theirs = `/org/${school.slug}/people/${people.stranger}`;
    expect((await clients.admin!.get(theirs)).status).toBe(404);
    expect((await clients.otherAdmin!.get(`/org/${other.slug}/people/${people.mia}`)).status).toBe(
      404,
    );
  });

  it("gives a member with a login their own card only", async () => {
    const member = clients.member!;
    const overview = await member.get(paths().overview);
    expect(overview.status).toBe(302);
    expect(overview.headers.get("location")).toBe(paths().pip);
    const refusedList = await member.get(paths().people);
    expect(refusedList.status).toBe(403);
    expect(await text(refusedList)).toContain("Your role cannot open this page");
    expect((await member.get(paths().add)).status).toBe(403);
    expect((await member.get(paths().locations)).status).toBe(403);
    expect((await member.get(paths().mia)).status).toBe(404);
    const own = await member.get(paths().pip);
    expect(own.status).toBe(200);
    const html = await text(own);
    expect(html).toContain('data-testid="medical-form"');
    expect(html).toContain('data-testid="add-org-contact-form"');
    expect(html).not.toContain('data-testid="details-form"');
    expect(html).not.toContain('data-testid="remove-person"');
    // The organisation's fields stay the organisation's.
    const refused = await member.post(paths().pip, {
      intent: "details",
      fullName: "Pip Renamed",
      language: "en",
    });
    expect(refused.status).toBe(403);
    // personAccess (decision 135) says the same.
    expect(await personAccess(app.services.db, users.member!.userId, people.pip)).toMatchObject({
      canManage: true,
    });
    expect(await personAccess(app.services.db, users.member!.userId, people.mia)).toBeNull();
  });

  it("lets staff read, not change, and a staff member with locations see only those", async () => {
    const staff = clients.staff!;
    for (const path of [paths().overview, paths().people, paths().mia, paths().locations]) {
      expect((await staff.get(path)).status, path).toBe(200);
    }
    const list = await text(await staff.get(paths().people));
    expect(list).not.toContain("Add a person");
    const card = await text(await staff.get(paths().mia));
    expect(card).toContain("Maria Pupil");
    for (const form of ["details-form", "medical-form", "add-org-contact-form", "remove-person"]) {
      expect(card).not.toContain(`data-testid="${form}"`);
    }
    expect(await text(await staff.get(paths().locations))).not.toContain("add-location-form");
    expect((await staff.get(paths().add)).status).toBe(403);
    const posts: [string, Record<string, string>][] = [
      [paths().mia, { intent: "details", fullName: "X", language: "en" }],
      [paths().mia, { intent: "medical", allergies: "Nuts", reason: "staff try" }],
      [
        paths().mia,
        {
          intent: "addContact",
          name: "X",
          channel: "email",
          value: "x@example.com",
          role: "contact",
          reason: "r",
        },
      ],
      [paths().mia, { intent: "removePerson", confirm: "yes" }],
      [paths().add, { fullName: "New Person", language: "en" }],
      [paths().locations, { intent: "add", name: "Staff site", timeZone: "UTC", country: "GB" }],
    ];
    for (const [path, fields] of posts) {
      expect((await staff.post(path, fields)).status, `${path} ${fields.intent}`).toBe(403);
    }
    expect(await listContacts(app.services.db, app.services.cipher, people.mia!)).toHaveLength(2);
    const [mia] = await app.services.db.select().from(profiles).where(eq(profiles.id, people.mia!));
    expect(mia?.fullName).toBe("Mia Pupil");
    expect(mia?.allergies).toBeNull();

    const restricted = clients.staffA!;
    const names = await text(await restricted.get(paths().people));
    expect(names).toContain("Mia Pupil");
    expect(names).not.toContain("Noah South");
    expect(names).not.toContain("Nell Nowhere");
    expect((await restricted.get(`/org/${school.slug}/people/${people.noah}`)).status).toBe(404);
    expect((await restricted.get(`/org/${school.slug}/people/${people.nowhere}`)).status).toBe(404);
    expect((await restricted.get(paths().mia)).status).toBe(200);
  });

  it("gives the owner, the admins and SafeTap's admins every page with its forms", async () => {
    for (const who of ["owner", "admin", "safetap"]) {
      const client = clients[who]!;
      for (const path of Object.values(paths())) {
        expect((await client.get(path)).status, `${who} ${path}`).toBe(200);
      }
      const card = await text(await client.get(paths().mia));
      for (const form of [
        "details-form",
        "medical-form",
        "add-org-contact-form",
        "remove-person",
      ]) {
        expect(card, `${who} ${form}`).toContain(`data-testid="${form}"`);
      }
      expect(await text(await client.get(paths().locations))).toContain("add-location-form");
    }
  });

  it("refuses ids from another organisation in forms and changes nothing", async () => {
    const admin = clients.admin!;
    const before = await app.services.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, people.mia!));
    // Another organisation's location as Mia's location.
    const moved = await admin.post(paths().mia, {
      intent: "details",
      fullName: "Mia Pupil",
      externalId: "S-001",
      groupName: "4B",
      locationId: otherSite.id,
      language: "en",
    });
    expect(moved.status).toBe(400);
    expect(await text(moved)).toContain("Choose one of your organisation");
    // Another person's contact through Mia's page.
    const [theirs] = await listContacts(app.services.db, app.services.cipher, people.stranger!);
    const edited = await admin.post(paths().mia, {
      intent: "editContact",
      contactId: theirs!.id,
      name: "Taken Over",
      channel: "email",
      value: "attacker@example.com",
      role: "contact",
      position: "1",
      reason: "forged",
    });
    expect(edited.status).toBe(404);
    const removed = await admin.post(paths().mia, {
      intent: "removeContact",
      contactId: theirs!.id,
      confirm: "yes",
      reason: "forged",
    });
    expect(removed.status).toBe(404);
    expect(await listContacts(app.services.db, app.services.cipher, people.stranger!)).toEqual([
      expect.objectContaining({ name: "Their Guardian", value: "guardian@example.com" }),
    ]);
    // Another organisation's person changed or removed through this organisation's address.
    const theirPage = `/org/${school.slug}/people/${people.stranger}`;
    expect(
      (await admin.post(theirPage, { intent: "medical", allergies: "Nuts", reason: "forged" }))
        .status,
    ).toBe(404);
    expect((await admin.post(theirPage, { intent: "removePerson", confirm: "yes" })).status).toBe(
      404,
    );
    // Another organisation's location edited or removed.
    const locations = paths().locations;
    const forgedEdit = await admin.post(locations, {
      intent: "edit",
      locationId: otherSite.id,
      name: "Renamed",
      timeZone: "UTC",
      country: "GB",
    });
    expect(forgedEdit.status).toBe(404);
    const forgedRemove = await admin.post(locations, {
      intent: "remove",
      locationId: otherSite.id,
      confirm: "yes",
    });
    expect(forgedRemove.status).toBe(404);
    // A new person placed at another organisation's location.
    const placed = await admin.post(paths().add, {
      fullName: "Placed Elsewhere",
      locationId: otherSite.id,
      language: "en",
    });
    expect(placed.status).toBe(400);
    const after = await app.services.db.select().from(profiles).where(eq(profiles.id, people.mia!));
    expect(after).toEqual(before);
    const [site] = await app.services.db
      .select()
      .from(orgLocations)
      .where(eq(orgLocations.id, otherSite.id));
    expect(site?.name).toBe("Elsewhere");
    const [stranger] = await app.services.db
      .select({ allergies: profiles.allergies })
      .from(profiles)
      .where(eq(profiles.id, people.stranger!));
    expect(stranger?.allergies).toBeNull();
    expect(
      await app.services.db
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.fullName, "Placed Elsewhere")),
    ).toEqual([]);
  });

  it("keeps the organisation's people out of the personal dashboard's forms", async () => {
    // An admin may change Mia only where the change says who and why.
    const response = await clients.admin!.post("/dashboard", {
      intent: "addContact",
      person: people.mia!,
      name: "Side Door",
      channel: "email",
      value: "side@example.com",
    });
    expect(response.status).toBe(404);
    const confirm = await clients.admin!.post("/dashboard", {
      intent: "confirm-medical",
      person: people.mia!,
    });
    expect(confirm.status).toBe(404);
    const names = (await listContacts(app.services.db, app.services.cipher, people.mia!)).map(
      (c) => c.name,
    );
    expect(names).not.toContain("Side Door");
  });
});

describe("the people list", () => {
  it("searches by name or external id, filters by location and class, 50 to a page", async () => {
    const org = await createOrg(app.services, { preset: "school" });
    const site = await addLocation(app.services, org, { name: "Main" });
    await app.services.db.insert(profiles).values(
      Array.from({ length: 120 }, (_, i) => ({
        id: `${org.id}-p${String(i).padStart(3, "0")}`,
        accountId: org.accountId,
        organizationId: org.id,
        fullName: `Pupil ${String(i).padStart(3, "0")}`,
        externalId: `E${String(i).padStart(3, "0")}`,
        groupName: i % 2 ? "Odd" : "Even",
        locationId: i < 30 ? site.id : null,
      })),
    );
    await app.services.db.insert(profiles).values({
      id: `${org.id}-percent`,
      accountId: org.accountId,
      organizationId: org.id,
      fullName: "100% Sure_Person",
    });
    const admin = await createOwner(app.services, { name: "List Admin" });
    await addOrgMember(app.services, org, admin.userId, "admin");
    const client = await signIn(app, admin.email);
    const base = `/org/${org.slug}/people`;
    const link = (html: string, rel: string) => {
      const href = html.match(new RegExp(`rel="${rel}" href="([^"]+)"`))?.[1];
      if (!href) throw new Error(`no ${rel} link`);
      return href.replaceAll("&amp;", "&");
    };
    const rows = (html: string) =>
      [...html.matchAll(/data-testid="person-row".*?<a [^>]*>([^<]+)<\/a>/gs)].map((m) => m[1]);

    const first = await text(await client.get(base));
    expect(first).toContain("121 people");
    expect(rows(first)).toHaveLength(50);
    expect(rows(first)[0]).toBe("100% Sure_Person");
    expect(rows(first)[1]).toBe("Pupil 000");
    expect(first).not.toContain('rel="prev"');
    const second = await text(await client.get(link(first, "next")));
    expect(rows(second)[0]).toBe("Pupil 049");
    const third = await text(await client.get(link(second, "next")));
    expect(rows(third)).toHaveLength(21);
    expect(rows(third).at(-1)).toBe("Pupil 119");
    expect(third).not.toContain('rel="next"');
    const back = await text(await client.get(link(third, "prev")));
    expect(rows(back)).toEqual(rows(second));

    const byName = await text(await client.get(`${base}?q=pupil 00`));
    expect(byName).toContain("10 people match");
    const byId = await text(await client.get(`${base}?q=e11`));
    expect(rows(byId)).toEqual([
      "Pupil 110",
      "Pupil 111",
      "Pupil 112",
      "Pupil 113",
      "Pupil 114",
      "Pupil 115",
      "Pupil 116",
      "Pupil 117",
      "Pupil 118",
      "Pupil 119",
    ]);
    // % and _ are the characters typed, not patterns.
    expect(rows(await text(await client.get(`${base}?q=${encodeURIComponent("0% S")}`)))).toEqual([
      "100% Sure_Person",
    ]);
    expect(rows(await text(await client.get(`${base}?q=_`)))).toEqual(["100% Sure_Person"]);
    const atSite = await text(await client.get(`${base}?location=${site.id}&group=Odd`));
    expect(atSite).toContain("15 people match");
    // A filter naming something that is not this organisation's is dropped.
    const forged = await text(await client.get(`${base}?location=${siteA.id}`));
    expect(forged).toContain("121 people");
    const nobody = await text(await client.get(`${base}?q=zzz`));
    expect(nobody).toContain("Nobody matches");
  });

  it("reads the first of 10,000 people from the name index, not by sorting them all", async () => {
    const org = await createOrg(app.services, { preset: "workplace" });
    await setOrgExtraSeats(app.services, org.id, 10_000, null);
    await app.services.db.execute(sql`
      insert into profiles (id, account_id, organization_id, full_name, external_id, group_name)
      select ${org.id} || '-' || i, ${org.accountId}, ${org.id},
             'Person ' || lpad((i * 7919 % 10000)::text, 5, '0'), 'E' || i, 'Dept ' || (i % 40)
        from generate_series(1, 10000) as i`);
    await app.services.db.execute(sql`analyze profiles`);
    const admin = await createOwner(app.services, { name: "Big Admin" });
    await addOrgMember(app.services, org, admin.userId, "admin");
    const context = (await orgContextFor(app.services.db, admin.userId, org.slug))!;
    const query = orgPeoplePageQuery(
      app.services.db,
      context,
      { search: "", locationId: null, group: null },
      null,
    );
    const result = await app.services.db.execute(sql`explain ${query}`);
    const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
    const lines = (rows as { "QUERY PLAN": string }[]).map((row) => row["QUERY PLAN"]).join("\n");
    expect(lines).toContain("profiles_org_name_idx");
    expect(lines).not.toMatch(/Seq Scan on profiles/);
    const page = await text(await (await signIn(app, admin.email)).get(`/org/${org.slug}/people`));
    expect(page).toContain("10000 people");
    expect(page.match(/data-testid="person-row"/g)).toHaveLength(50);
  });
});

describe("a person's critical info: only authorised admins and the person change it, each change says who and why", () => {
  it("refuses an admin's medical change without a reason and changes nothing", async () => {
    const page = `/org/${school.slug}/people/${people.noah}`;
    const refused = await clients.admin!.post(page, {
      intent: "medical",
      allergies: "Peanuts",
      reason: "  ",
    });
    expect(refused.status).toBe(400);
    const html = await text(refused);
    expect(html).toContain("Say why you are making this change.");
    // The form keeps what was typed.
    expect(html).toContain('value="Peanuts"');
    const profile = await getProfile(app.services.db, app.services.cipher, people.noah!);
    expect(profile?.allergies).toEqual([]);
    expect((await auditOf(people.noah!)).map((e) => e.eventType)).toEqual(["org_person_added"]);
  });

  it("saves an admin's medical change with the reason, in the organisation's log", async () => {
    const page = `/org/${school.slug}/people/${people.noah}`;
    const saved = await clients.admin!.post(page, {
      intent: "medical",
      dateOfBirth: "2015-03-02",
      bloodType: "O+",
      allergies: "Peanuts, Penicillin",
      medications: "",
      conditions: "Asthma",
      implantedDevices: "",
      organDonor: "",
      advanceDirective: "",
      medicalNotes: "Inhaler in the office",
      reason: "Form from the parents, 12 May",
    });
    expect(saved.status).toBe(200);
    expect(await text(saved)).toContain("Medical record saved");
    const profile = await getProfile(app.services.db, app.services.cipher, people.noah!);
    expect(profile).toMatchObject({
      allergies: ["Peanuts", "Penicillin"],
      conditions: ["Asthma"],
      bloodType: "O+",
      dateOfBirth: "2015-03-02",
      medicalNotes: "Inhaler in the office",
    });
    expect(profile?.medicalConfirmedAt).not.toBeNull();
    const [line] = (await auditOf(people.noah!)).filter(
      (e) => e.eventType === "org_person_medical_updated",
    );
    expect(line).toMatchObject({
      userId: users.admin!.userId,
      organizationId: school.id,
      householdId: null,
      metadata: {
        fields: "conditions,allergies,bloodType,medicalNotes,dateOfBirth",
        reason: "Form from the parents, 12 May",
        by: "organization",
      },
    });
    // The log never holds a medical value.
    expect(JSON.stringify(line!.metadata)).not.toContain("Peanuts");
    const after = await text(await clients.admin!.get(page));
    expect(after).toContain(
      "Ada changed the medical record: conditions, allergies, blood type, medical notes, date of birth. Why: Form from the parents, 12 May",
    );
    // Staff read the record; the change log is for those who change it.
    const asStaff = await text(await clients.staff!.get(page));
    expect(asStaff).toContain("Peanuts, Penicillin");
    expect(asStaff).not.toContain('data-testid="person-changes"');
  });

  it("lets the person themself change their own record without a reason, logged as by themself", async () => {
    const page = `/org/${school.slug}/people/${people.pip}`;
    const saved = await clients.member!.post(page, { intent: "medical", allergies: "Latex" });
    expect(saved.status).toBe(200);
    const added = await clients.member!.post(page, {
      intent: "addContact",
      name: "Mum",
      channel: "sms",
      value: "+44 7700 900222",
      role: "guardian",
    });
    expect(added.status).toBe(200);
    const lines = (await auditOf(people.pip!)).filter((e) => e.eventType !== "org_person_added");
    expect(lines.map((e) => [e.eventType, e.userId, e.metadata.by, e.metadata.reason])).toEqual([
      ["org_person_medical_updated", users.member!.userId, "themself", undefined],
      ["org_person_contact_added", users.member!.userId, "themself", undefined],
    ]);
    const html = await text(await clients.member!.get(page));
    expect(html).toContain("Pip changed the medical record: allergies. (by themself)");
    expect(html).toContain("This is your own card.");
    const [mum] = await listContacts(app.services.db, app.services.cipher, people.pip!);
    expect(mum).toMatchObject({ name: "Mum", value: "+447700900222", role: "guardian" });
  });

  it("adds, edits, reorders and removes contacts with their roles, each with its reason", async () => {
    const page = `/org/${school.slug}/people/${people.nowhere}`;
    const admin = clients.admin!;
    const addGran = (fields: Record<string, string>) =>
      admin.post(page, {
        intent: "addContact",
        name: "Gran",
        channel: "email",
        value: "gran@example.com",
        role: "guardian",
        reason: "New guardian",
        ...fields,
      });
    expect((await addGran({ reason: "" })).status).toBe(400);
    const badRole = await addGran({ role: "boss" });
    expect(badRole.status).toBe(400);
    expect(await text(badRole)).toContain("Choose guardian, clinician or contact.");
    expect((await addGran({ channel: "sms", value: "12" })).status).toBe(400);
    expect(await listContacts(app.services.db, app.services.cipher, people.nowhere!)).toEqual([]);

    for (const [name, value, role] of [
      ["Gran", "gran@example.com", "guardian"],
      ["Nurse Ray", "ray@example.com", "contact"],
    ]) {
      const added = await admin.post(page, {
        intent: "addContact",
        name: name!,
        channel: "email",
        value: value!,
        role: role!,
        reason: "Enrolment form",
      });
      expect(added.status).toBe(200);
    }
    const [gran, ray] = await listContacts(app.services.db, app.services.cipher, people.nowhere!);
    expect([gran?.role, ray?.role]).toEqual(["guardian", null]);
    // Ray becomes the clinician and moves first, in one edit.
    const edited = await admin.post(page, {
      intent: "editContact",
      contactId: ray!.id,
      name: "Nurse Ray",
      channel: "email",
      value: "ray@example.com",
      role: "clinician",
      position: "1",
      reason: "School nurse leads",
    });
    expect(edited.status).toBe(200);
    const reordered = await listContacts(app.services.db, app.services.cipher, people.nowhere!);
    expect(reordered.map((c) => [c.name, c.role, c.priority])).toEqual([
      ["Nurse Ray", "clinician", 1],
      ["Gran", "guardian", 2],
    ]);
    // A place the list does not have undoes the whole edit.
    const tooFar = await admin.post(page, {
      intent: "editContact",
      contactId: gran!.id,
      name: "Granny",
      channel: "email",
      value: "gran@example.com",
      role: "guardian",
      position: "5",
      reason: "typo",
    });
    expect(tooFar.status).toBe(400);
    expect(
      (await listContacts(app.services.db, app.services.cipher, people.nowhere!))[1]?.name,
    ).toBe("Gran");
    const unconfirmed = await admin.post(page, {
      intent: "removeContact",
      contactId: gran!.id,
      reason: "Moved away",
    });
    expect(unconfirmed.status).toBe(400);
    const unexplained = await admin.post(page, {
      intent: "removeContact",
      contactId: gran!.id,
      confirm: "yes",
    });
    expect(unexplained.status).toBe(400);
    const removed = await admin.post(page, {
      intent: "removeContact",
      contactId: gran!.id,
      confirm: "yes",
      reason: "Moved away",
    });
    expect(removed.status).toBe(200);
    const lines = (await auditOf(people.nowhere!))
      .filter((e) => e.eventType.startsWith("org_person_contact"))
      .map((e) => [e.eventType, e.metadata.contact, e.metadata.reason, e.organizationId]);
    expect(lines).toEqual([
      ["org_person_contact_added", "Gran", "Enrolment form", school.id],
      ["org_person_contact_added", "Nurse Ray", "Enrolment form", school.id],
      ["org_person_contact_updated", "Nurse Ray", "School nurse leads", school.id],
      ["org_person_contacts_reordered", "Nurse Ray", "School nurse leads", school.id],
      ["org_person_contact_removed", "Gran", "Moved away", school.id],
    ]);
  });

  it("changes the details the organisation keeps, refusing an ID someone else has", async () => {
    const page = `/org/${school.slug}/people/${people.nowhere}`;
    const taken = await clients.admin!.post(page, {
      intent: "details",
      fullName: "Nell Nowhere",
      externalId: "S-001",
      groupName: "",
      locationId: "",
      language: "en",
    });
    expect(taken.status).toBe(400);
    expect(await text(taken)).toContain("Someone else in your organisation has this ID.");
    const saved = await clients.owner!.post(page, {
      intent: "details",
      fullName: "Nell Somewhere",
      externalId: "S-003",
      groupName: "6A",
      locationId: siteB.id,
      language: "fr",
    });
    expect(saved.status).toBe(200);
    const [row] = await app.services.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, people.nowhere!));
    expect(row).toMatchObject({
      fullName: "Nell Somewhere",
      externalId: "S-003",
      groupName: "6A",
      locationId: siteB.id,
      language: "fr",
    });
    const [line] = (await auditOf(people.nowhere!)).filter(
      (e) => e.eventType === "org_person_updated",
    );
    expect(line).toMatchObject({
      userId: users.owner!.userId,
      metadata: { fields: "fullName,groupName,locationId,language" },
    });
  });

  it("shows the card as a reader sees it: a pupil's first name and the guardians first", async () => {
    const html = await text(await clients.admin!.get(`/org/${school.slug}/people/${people.mia}`));
    const preview = html.slice(html.indexOf('data-testid="card-preview"'));
    expect(preview).toMatch(/data-testid="card-preview-name">Mia</);
    expect(preview.indexOf("Call a guardian")).toBeGreaterThan(-1);
    expect(preview.indexOf("Call a guardian")).toBeLessThan(preview.indexOf("Medical information"));
    expect(html).toContain("Maria Pupil");
    // An admin may invite the person to log in to their own card (decision 139).
    expect(html).toContain('data-testid="person-login-invite"');
  });

  it("shows a patient's card with their ward and the clinician first", async () => {
    const ward = await createOrg(app.services, { preset: "healthcare" });
    const patient = await addPerson(ward, { fullName: "Pat Ient", groupName: "Ward 7" });
    await addContacts(app.services.db, app.services.cipher, patient, [
      { name: "Sister Kim", channel: "email", value: "kim@example.com" },
      { name: "Dr Ortiz", channel: "email", value: "ortiz@example.com", role: "clinician" },
    ]);
    const admin = await createOwner(app.services, { name: "Ward Admin" });
    await addOrgMember(app.services, ward, admin.userId, "admin");
    const html = await text(
      await (await signIn(app, admin.email)).get(`/org/${ward.slug}/people/${patient}`),
    );
    const preview = html.slice(html.indexOf('data-testid="card-preview"'));
    expect(preview).toContain("Ward: Ward 7");
    expect(preview.indexOf("Dr Ortiz")).toBeLessThan(preview.indexOf("Sister Kim"));
    expect(preview.indexOf("Dr Ortiz")).toBeLessThan(preview.indexOf("Medical information"));
  });
});

describe("adding and removing people", () => {
  it("adds a person with their details, or says what is wrong and adds nobody", async () => {
    const path = `/org/${school.slug}/people/new`;
    const invalid = await clients.admin!.post(path, {
      fullName: " ",
      externalId: "x".repeat(65),
      dateOfBirth: "2999-01-01",
      language: "en",
    });
    expect(invalid.status).toBe(400);
    const html = await text(invalid);
    expect(html).toContain("Enter the person&#x27;s name.");
    expect(html).toContain("The ID can be at most 64 characters.");
    const duplicate = await clients.admin!.post(path, {
      fullName: "Second Mia",
      externalId: "S-001",
      language: "en",
    });
    expect(duplicate.status).toBe(400);
    expect(await text(duplicate)).toContain("Someone else in your organisation has this ID.");
    const added = await clients.admin!.post(path, {
      fullName: "Zoe New",
      externalId: "S-100",
      groupName: "4B",
      locationId: siteA.id,
      dateOfBirth: "2016-09-01",
      language: "es",
    });
    expect(added.status).toBe(302);
    const location = added.headers.get("location")!;
    const id = location.split("/").at(-1)!;
    expect(location).toBe(`/org/${school.slug}/people/${id}`);
    const profile = await getProfile(app.services.db, app.services.cipher, id);
    expect(profile).toMatchObject({
      fullName: "Zoe New",
      dateOfBirth: "2016-09-01",
      isMinor: true,
      language: "es",
    });
    const shown = await text(await clients.admin!.get(location));
    expect(shown).toContain("Person added");
    expect((await auditOf(id)).map((e) => [e.eventType, e.userId])).toEqual([
      ["org_person_added", users.admin!.userId],
    ]);
  });

  it("says so when every seat is taken, and adds nobody", async () => {
    const org = await createOrg(app.services, { preset: "events" });
    await app.services.db.insert(profiles).values(
      Array.from({ length: 100 }, (_, i) => ({
        id: `${org.id}-s${i}`,
        accountId: org.accountId,
        organizationId: org.id,
        fullName: `Guest ${i}`,
      })),
    );
    const admin = await createOwner(app.services, { name: "Seat Admin" });
    await addOrgMember(app.services, org, admin.userId, "admin");
    const client = await signIn(app, admin.email);
    const form = await text(await client.get(`/org/${org.slug}/people/new`));
    expect(form).toContain("100 of 100 seats used.");
    expect(form).toContain("All 100 seats are in use.");
    // An events organisation asks when each person's data is erased.
    expect(form).toContain('name="expiresOn"');
    const refused = await client.post(`/org/${org.slug}/people/new`, {
      fullName: "One Too Many",
      language: "en",
      expiresOn: `${new Date().getUTCFullYear() + 1}-01-01`,
    });
    expect(refused.status).toBe(403);
    expect(await text(refused)).toContain("All 100 seats are in use.");
    const [count] = await app.services.db
      .select({ n: sql<number>`count(*)::int` })
      .from(profiles)
      .where(eq(profiles.organizationId, org.id));
    expect(count?.n).toBe(100);
  });

  it("removes a person on the confirming press; their tags go back to the organisation, unassigned", async () => {
    const id = await addPerson(school, { fullName: "Leaving Pupil", externalId: "S-900" });
    const [tagId = ""] = await assignedTags([id]);
    const page = `/org/${school.slug}/people/${id}`;
    expect(
      (await clients.staff!.post(page, { intent: "removePerson", confirm: "yes" })).status,
    ).toBe(403);
    const unconfirmed = await clients.admin!.post(page, { intent: "removePerson" });
    expect(unconfirmed.status).toBe(400);
    const removed = await clients.admin!.post(page, { intent: "removePerson", confirm: "yes" });
    expect(removed.status).toBe(302);
    expect(removed.headers.get("location")).toBe(`/org/${school.slug}/people`);
    expect(await text(await clients.admin!.get(`/org/${school.slug}/people`))).toContain(
      "Person removed",
    );
    expect(await app.services.db.select().from(profiles).where(eq(profiles.id, id))).toEqual([]);
    const [tag] = await app.services.db.select().from(tags).where(eq(tags.id, tagId));
    expect(tag).toMatchObject({
      organizationId: school.id,
      profileId: null,
      userId: null,
      status: "inactive",
      isActive: false,
      linkedAt: null,
    });
    const [line] = (await auditOf(id)).filter((e) => e.eventType === "org_person_removed");
    expect(line).toMatchObject({
      userId: users.admin!.userId,
      organizationId: school.id,
      metadata: { externalId: "S-900", tags: 1 },
    });
    expect((await clients.admin!.get(page)).status).toBe(404);
  });
});

describe("locations", () => {
  it("adds a location with a name unique in the organisation, a real time zone and a country", async () => {
    const path = `/org/${school.slug}/locations`;
    const admin = clients.admin!;
    const bad = await admin.post(path, {
      intent: "add",
      name: "north SITE",
      timeZone: "Mars/Olympus",
      country: "XX",
    });
    expect(bad.status).toBe(400);
    const html = await text(bad);
    expect(html).toContain("Choose a time zone from the list");
    expect(html).toContain("Choose a country from the list.");
    const taken = await admin.post(path, {
      intent: "add",
      name: "north SITE",
      timeZone: "Asia/Ho_Chi_Minh",
      country: "vn",
    });
    expect(taken.status).toBe(400);
    expect(await text(taken)).toContain("already has a location with this name");
    const added = await admin.post(path, {
      intent: "add",
      name: "Riverside",
      address: "1 River Road",
      timeZone: "America/New_York",
      country: "us",
    });
    expect(added.status).toBe(200);
    const [row] = await app.services.db
      .select()
      .from(orgLocations)
      .where(and(eq(orgLocations.organizationId, school.id), eq(orgLocations.name, "Riverside")));
    expect(row).toMatchObject({
      address: "1 River Road",
      timeZone: "America/New_York",
      country: "US",
    });
    const list = await text(await admin.get(path));
    expect(list).toContain("America/New_York · United States (emergency number 911)");
    const renamed = await admin.post(path, {
      intent: "edit",
      locationId: row!.id,
      name: "Riverside Campus",
      address: "",
      timeZone: "America/Chicago",
      country: "US",
    });
    expect(renamed.status).toBe(200);
    const [after] = await app.services.db
      .select()
      .from(orgLocations)
      .where(eq(orgLocations.id, row!.id));
    expect(after).toMatchObject({
      name: "Riverside Campus",
      address: null,
      timeZone: "America/Chicago",
    });
    const audit = await app.services.db
      .select({ type: auditEvents.eventType, userId: auditEvents.userId })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.organizationId, school.id),
          sql`${auditEvents.metadata}->>'location_id' = ${row!.id}`,
        ),
      );
    expect(audit).toEqual([
      { type: "org_location_added", userId: users.admin!.userId },
      { type: "org_location_updated", userId: users.admin!.userId },
    ]);
  });

  it("removes a location, unlinking its people, but not while someone works only there", async () => {
    const path = `/org/${school.slug}/locations`;
    const refused = await clients.admin!.post(path, {
      intent: "remove",
      locationId: siteA.id,
      confirm: "yes",
    });
    expect(refused.status).toBe(409);
    expect(await text(refused)).toContain("Stella work only at this location.");
    expect(
      await app.services.db.select().from(orgLocations).where(eq(orgLocations.id, siteA.id)),
    ).toHaveLength(1);
    const site = await addLocation(app.services, school, { name: "Annex" });
    const pupil = await addPerson(school, { fullName: "Annex Pupil", locationId: site.id });
    const removed = await clients.admin!.post(path, {
      intent: "remove",
      locationId: site.id,
      confirm: "yes",
    });
    expect(removed.status).toBe(200);
    expect(await text(removed)).toContain("1 person no longer has a location.");
    const [row] = await app.services.db.select().from(profiles).where(eq(profiles.id, pupil));
    expect(row?.locationId).toBeNull();
  });
});

describe("the overview", () => {
  it("shows recent scans and alerts, newest first, in the location's time zone; staff see their locations only", async () => {
    const { db } = app.services;
    const [miaTag, noahTag] = await assignedTags([people.mia!, people.noah!]);
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await db.insert(attendanceScans).values([
      {
        tagId: miaTag!,
        direction: "in",
        personName: "Mia Pupil",
        profileId: people.mia!,
        organizationId: school.id,
        locationId: siteA.id,
        createdAt: at(30),
      },
      {
        tagId: noahTag!,
        direction: "out",
        personName: "Noah South",
        profileId: people.noah!,
        organizationId: school.id,
        locationId: siteB.id,
        createdAt: at(20),
      },
    ]);
    await db.insert(tagViewLogs).values({ tagId: noahTag!, createdAt: at(10) });
    await db.insert(alerts).values({
      idempotencyKey: `overview-${Date.now()}`,
      userId: school.accountId,
      profileId: people.mia!,
      tagId: miaTag!,
      source: "card",
      createdAt: at(5),
    });
    // Another organisation's activity never shows.
    await db.insert(attendanceScans).values({
      tagId: miaTag!,
      direction: "in",
      personName: "Stranger Elsewhere",
      organizationId: other.id,
      createdAt: at(1),
    });

    const html = await text(await clients.admin!.get(`/org/${school.slug}`));
    const scans = html.slice(html.indexOf('data-testid="org-recent-scans"'));
    const order = ["Card scanned", "Checked out", "Checked in"].map((label) =>
      scans.indexOf(label),
    );
    expect(order.every((i) => i > -1)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).not.toContain("Stranger Elsewhere");
    // The check-in at the North site is written in its time zone, named.
    expect(scans).toMatch(/GMT\+7 \(Asia\/Ho_Chi_Minh\)/);
    const alertsHtml = html.slice(html.indexOf('data-testid="org-recent-alerts"'));
    expect(alertsHtml).toContain("Alert from a card");
    expect(alertsHtml).toContain("Mia Pupil");
    expect(html).toMatch(/data-testid="org-people".*?>\d+</s);

    const restricted = await text(await clients.staffA!.get(`/org/${school.slug}`));
    expect(restricted).toContain("People at your locations");
    expect(restricted).toContain("Checked in");
    expect(restricted).not.toContain("Checked out");
    expect(restricted).not.toContain("Card scanned");
    expect(restricted).not.toContain("Noah South");
    expect(restricted).toContain("Alert from a card");
  });
});

describe("a managed person's contact who never answered (decision 148)", () => {
  const requestsTo = (contactName: string) =>
    app.services.db
      .select({ id: alertDeliveries.id })
      .from(alertDeliveries)
      .where(
        and(
          eq(alertDeliveries.kind, "contact_request"),
          eq(alertDeliveries.contactName, contactName),
        ),
      );

  it("an admin sends the request again; staff, other organisations and other people's contacts are refused", async () => {
    const page = `/org/${school.slug}/people/${people.mia}`;
    const list = await listContacts(app.services.db, app.services.cipher, people.mia!);
    const lee = list.find((c) => c.name === "Dr Lee")!;
    const [theirs] = await listContacts(app.services.db, app.services.cipher, people.stranger!);
    const before = (await requestsTo("Dr Lee")).length;

    expect(
      (await clients.staff!.post(page, { intent: "resendConsent", contactId: lee.id })).status,
    ).toBe(403);
    expect(
      (await clients.otherAdmin!.post(page, { intent: "resendConsent", contactId: lee.id })).status,
    ).toBe(404);
    expect(
      (await clients.admin!.post(page, { intent: "resendConsent", contactId: theirs!.id })).status,
    ).toBe(404);
    expect(await requestsTo("Dr Lee")).toHaveLength(before);

    const sent = await clients.admin!.post(page, { intent: "resendConsent", contactId: lee.id });
    expect(sent.status).toBe(200);
    expect(await requestsTo("Dr Lee")).toHaveLength(before + 1);
    expect(await requestsTo("Their Guardian")).toHaveLength(0);
    // The page offers it again for a contact still pending.
    expect(await text(await clients.admin!.get(page))).toContain(`Send again`);
  });
});
