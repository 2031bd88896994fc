import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDispatcher } from "#server/alerts/dispatcher.ts";
import {
  alertDeliveries,
  alerts,
  contacts,
  householdMembers,
  profiles,
  tags,
} from "#server/db/schema.ts";
import { insertContact, listContacts } from "#server/domain/contacts.ts";
import { addDependant } from "#server/domain/people.ts";
import { mintTags } from "#server/domain/tags.ts";
import { setUserPlan } from "#server/domain/users.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner, type Owner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";
import { PHONE_USER_AGENT } from "#tests/support/user-agents.ts";

// Issue 15 item 1, decision 129: the dashboard, the wizard, claim and the card are about a person;
// a person is changed only by the account that manages them.

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

let sequence = 0;

/** A dependant of `owner` with one email contact of their own. */
async function childOf(owner: Owner, name: string) {
  const { db, cipher, logger } = app.services;
  const added = await addDependant(db, cipher, logger, owner.userId, {
    fullName: name,
    isMinor: true,
    onboardingCompleted: true,
  });
  if (!added.ok) throw new Error("no seat");
  const email = `guardian-${Date.now()}-${sequence++}@example.com`;
  await insertContact(
    db,
    cipher,
    { profileId: added.profileId, accountId: owner.userId },
    { name: "Guardian", channel: "email", value: email, priority: 1 },
  );
  return { id: added.profileId, contactEmail: email };
}

async function familyOwner(name = "Pat Parent") {
  const owner = await createOwner(app.services, { name });
  await setUserPlan(app.services.db, owner.email, "family");
  return owner;
}

/** A second adult of the owner's household (a member, managing nobody of the owner's). */
async function memberOf(owner: Owner) {
  const member = await createOwner(app.services, { name: "Max Member" });
  const [row] = await app.services.db
    .select({ householdId: householdMembers.householdId })
    .from(householdMembers)
    .where(eq(householdMembers.userId, owner.userId));
  await app.services.db
    .insert(householdMembers)
    .values({ householdId: row!.householdId, userId: member.userId, role: "member" });
  return member;
}

async function freshTag() {
  const { services } = app;
  const { tags: minted } = await mintTags(services.db, {
    product: "wristband",
    count: 1,
    masterKey: services.config.dataEncryptionKey,
    publicUrl: services.config.publicUrl,
  });
  return minted[0]!;
}

const contactNames = async (profileId: string) =>
  (await listContacts(app.services.db, app.services.cipher, profileId)).map((c) => c.name);

const personExists = async (profileId: string) =>
  (await app.services.db.select().from(profiles).where(eq(profiles.id, profileId))).length === 1;

describe("the dashboard of people", () => {
  it("lists everyone the user sees and shows the chosen person's profile, contacts and tags", async () => {
    const owner = await familyOwner();
    const child = await childOf(owner, "Kim Kid");
    const tag = await freshTag();
    const client = await signIn(app, owner.email);
    const claimed = await client.post(`/claim/${tag.tagId}`, {
      token: tag.activationToken,
      person: child.id,
    });
    expect(claimed.status).toBe(302);
    expect(claimed.headers.get("location")).toBe(`/dashboard?person=${child.id}&tab=tags`);

    const own = await (await client.get("/dashboard")).text();
    expect(own).toContain('data-testid="people-strip"');
    expect(own).toContain("Kim Kid");
    expect(own).toContain("Child");
    expect(own).toContain(owner.tagId);
    expect(own).not.toContain(tag.tagId);

    const page = await client.get(`/dashboard?person=${child.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(tag.tagId);
    expect(html).not.toContain(owner.tagId);
    expect(html).toContain("Guardian");
    expect(html).not.toContain("Maria");
    expect(html).toContain(`name="person" value="${child.id}"`);
    expect(html).toContain(`/onboarding?edit=1&amp;person=${child.id}`);
  });
});

describe("who may do what with a person", () => {
  it("owner, household member, stranger and signed out: view, contacts, claim and removal", async () => {
    const owner = await familyOwner();
    const child = await childOf(owner, "Kim Kid");
    const member = await memberOf(owner);
    const stranger = await createOwner(app.services, { name: "Sam Stranger" });
    const clients = {
      owner: await signIn(app, owner.email),
      member: await signIn(app, member.email),
      stranger: await signIn(app, stranger.email),
      signedOut: new Client(app),
    };
    const [guardian] = await listContacts(app.services.db, app.services.cipher, child.id);

    // Viewing: the owner manages, the member sees read-only, the stranger gets "not found".
    const ownerView = await (await clients.owner.get(`/dashboard?person=${child.id}`)).text();
    expect(ownerView).toContain("Remove Kim Kid");
    expect(ownerView).toContain('data-testid="add-contact-form"');
    const memberPage = await clients.member.get(`/dashboard?person=${child.id}`);
    expect(memberPage.status).toBe(200);
    const memberView = await memberPage.text();
    expect(memberView).toContain("Kim Kid");
    expect(memberView).toContain("Managed by Pat Parent");
    expect(memberView).toContain("you can see this profile but not change it");
    expect(memberView).not.toContain('data-testid="add-contact-form"');
    expect(memberView).not.toContain("Remove Kim Kid");
    const strangerPage = await clients.stranger.get(`/dashboard?person=${child.id}`);
    expect(strangerPage.status).toBe(404);
    const strangerView = await strangerPage.text();
    expect(strangerView).toContain("Person not found");
    expect(strangerView).not.toContain("Kim Kid");
    expect(strangerView).not.toContain("Guardian");
    const signedOut = await clients.signedOut.get(`/dashboard?person=${child.id}`);
    expect(signedOut.status).toBe(302);

    // Contacts: only the owner adds, edits, removes; the others change nothing.
    const add = {
      intent: "addContact",
      person: child.id,
      name: "Intruder",
      channel: "email",
      value: "intruder@example.com",
    };
    const edit = {
      intent: "editContact",
      person: child.id,
      contactId: guardian!.id,
      name: "Renamed",
      channel: "email",
      value: "renamed@example.com",
    };
    const remove = {
      intent: "removeContact",
      person: child.id,
      contactId: guardian!.id,
      confirm: "yes",
    };
    for (const who of ["member", "stranger"] as const) {
      for (const fields of [add, edit, remove]) {
        const response = await clients[who].post("/dashboard", fields);
        expect(response.status, `${who} ${fields.intent}`).toBe(404);
        expect(await response.text()).toContain(
          "We could not find that person among the people you manage.",
        );
      }
    }
    for (const fields of [add, edit, remove]) {
      const response = await clients.signedOut.post("/dashboard", fields);
      expect(response.status).toBe(302);
    }
    expect(await contactNames(child.id)).toEqual(["Guardian"]);
    // The stranger's own person is untouched by a post naming the child's contact.
    expect(await contactNames(stranger.userId)).toEqual(["Maria", "Ben"]);

    const added = await clients.owner.post("/dashboard", { ...add, name: "Aunt Ada" });
    expect(added.status).toBe(200);
    expect(await contactNames(child.id)).toEqual(["Guardian", "Aunt Ada"]);
    expect(await contactNames(owner.userId)).toEqual(["Maria", "Ben"]);
    const edited = await clients.owner.post("/dashboard", edit);
    expect(edited.status).toBe(200);
    expect(await contactNames(child.id)).toEqual(["Renamed", "Aunt Ada"]);

    // Claiming a tag for the child: only the owner may.
    for (const who of ["member", "stranger"] as const) {
      const tag = await freshTag();
      const response = await clients[who].post(`/claim/${tag.tagId}`, {
        token: tag.activationToken,
        person: child.id,
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("That person is not one you manage.");
      const [row] = await app.services.db.select().from(tags).where(eq(tags.id, tag.tagId));
      expect(row!.userId).toBeNull();
    }
    const tag = await freshTag();
    expect(
      (
        await clients.owner.post(`/claim/${tag.tagId}`, {
          token: tag.activationToken,
          person: child.id,
        })
      ).status,
    ).toBe(302);
    const [claimedRow] = await app.services.db.select().from(tags).where(eq(tags.id, tag.tagId));
    expect(claimedRow).toMatchObject({ userId: owner.userId, profileId: child.id });

    // Removing the person: refused for the others and without the confirming press.
    for (const who of ["member", "stranger"] as const) {
      const response = await clients[who].post("/dashboard", {
        intent: "removePerson",
        person: child.id,
        confirm: "yes",
      });
      expect(response.status).toBe(404);
    }
    expect(
      (await clients.signedOut.post("/dashboard", { intent: "removePerson", person: child.id }))
        .status,
    ).toBe(302);
    const unconfirmed = await clients.owner.post("/dashboard", {
      intent: "removePerson",
      person: child.id,
    });
    expect(unconfirmed.status).toBe(400);
    expect(await personExists(child.id)).toBe(true);
    // The account's own person is never removed this way.
    const ownRemoval = await clients.owner.post("/dashboard", {
      intent: "removePerson",
      person: owner.userId,
      confirm: "yes",
    });
    expect(ownRemoval.status).toBe(404);
    expect(await personExists(owner.userId)).toBe(true);

    const removed = await clients.owner.post("/dashboard", {
      intent: "removePerson",
      person: child.id,
      confirm: "yes",
    });
    expect(removed.status).toBe(302);
    expect(removed.headers.get("location")).toBe("/dashboard");
    expect(await personExists(child.id)).toBe(false);
    expect(
      await app.services.db.select().from(contacts).where(eq(contacts.profileId, child.id)),
    ).toHaveLength(0);
    const [unlinked] = await app.services.db.select().from(tags).where(eq(tags.id, tag.tagId));
    expect(unlinked).toMatchObject({ userId: null, profileId: null, isActive: false });
    expect(await (await clients.owner.get("/dashboard")).text()).toContain("Person removed");
  });

  it("tag actions name the tag's person: the owner's own tag is not changed through the child", async () => {
    const owner = await familyOwner();
    const child = await childOf(owner, "Kim Kid");
    const client = await signIn(app, owner.email);
    const response = await client.post("/dashboard", {
      intent: "visibility",
      person: child.id,
      tagId: owner.tagId,
    });
    expect(response.status).toBe(400);
    const [row] = await app.services.db.select().from(tags).where(eq(tags.id, owner.tagId));
    expect(row).toMatchObject({ showMedical: true, showContacts: true });
  });
});

describe("adding a person", () => {
  const wizard = (name: string, email: string) => ({
    intent: "finish",
    person: "new",
    fullName: name,
    language: "es",
    country: "us",
    isMinor: "on",
    "contacts.0.name": "Grandma",
    "contacts.0.channel": "email",
    "contacts.0.value": email,
  });

  it("the wizard makes a dependant with their own contacts and shows them on the dashboard", async () => {
    const owner = await familyOwner();
    const client = await signIn(app, owner.email);
    const form = await (await client.get("/onboarding?person=new")).text();
    expect(form).toContain("Add a person");
    expect(form).toContain("This person is a child (under 18)");
    expect(form).toContain('name="person" value="new"');
    const response = await client.post(
      "/onboarding?person=new",
      wizard("Lee Little", "grandma@example.com"),
    );
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    const id = new URL(location, "http://x").searchParams.get("person")!;
    const [person] = await app.services.db.select().from(profiles).where(eq(profiles.id, id));
    expect(person).toMatchObject({
      accountId: owner.userId,
      fullName: "Lee Little",
      isMinor: true,
      language: "es",
    });
    expect(await contactNames(id)).toEqual(["Grandma"]);
    expect(await contactNames(owner.userId)).toEqual(["Maria", "Ben"]);
    const page = await (await client.get(location)).text();
    expect(page).toContain("Person added");
    expect(page).toContain("Lee Little");
    expect(page).toContain("Grandma");
  });

  it("on Free and Pro (one seat) it is refused with the plan's limit; nothing is added", async () => {
    for (const plan of ["free", "pro"] as const) {
      const owner = await createOwner(app.services, { plan });
      const client = await signIn(app, owner.email);
      const form = await (await client.get("/onboarding?person=new")).text();
      expect(form).toContain("Your plan includes 1 person: you.");
      expect(form).toContain("Family plan");
      expect(form).not.toContain('name="fullName"');
      const response = await client.post(
        "/onboarding?person=new",
        wizard("Lee Little", "g@example.com"),
      );
      expect(response.status).toBe(403);
      expect(await response.text()).toContain("Your plan includes 1 person: you.");
      const people = await app.services.db
        .select()
        .from(profiles)
        .where(eq(profiles.accountId, owner.userId));
      expect(people).toHaveLength(1);
    }
  });

  it("on Family five people fit, the sixth is refused", async () => {
    const owner = await familyOwner();
    const client = await signIn(app, owner.email);
    for (let i = 0; i < 4; i++) {
      const response = await client.post(
        "/onboarding?person=new",
        wizard(`Child ${i}`, `c${i}@example.com`),
      );
      expect(response.status).toBe(302);
    }
    expect(await (await client.get("/dashboard")).text()).toContain("5 of 5 people on your plan");
    const refused = await client.post(
      "/onboarding?person=new",
      wizard("One Too Many", "x@example.com"),
    );
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Your plan includes 5 people and every seat is in use.");
    const people = await app.services.db
      .select()
      .from(profiles)
      .where(eq(profiles.accountId, owner.userId));
    expect(people).toHaveLength(5);
  });
});

describe("an alert from a dependant's card", () => {
  it("reaches the dependant's contacts and is counted against the managing account", async () => {
    const owner = await familyOwner();
    const child = await childOf(owner, "Kim Kid");
    const tag = await freshTag();
    const client = await signIn(app, owner.email);
    await client.post(`/claim/${tag.tagId}`, { token: tag.activationToken, person: child.id });

    const card = await new Client(app).get(`/t/${tag.tagId}`, { "user-agent": PHONE_USER_AGENT });
    expect(await card.text()).toContain("Kim");
    const sent = await new Client(app).post(
      `/t/${tag.tagId}/alert`,
      { idempotencyKey: crypto.randomUUID() },
      { "user-agent": PHONE_USER_AGENT, accept: "application/json" },
    );
    expect(sent.status).toBe(200);
    const [alert] = await app.services.db.select().from(alerts).where(eq(alerts.tagId, tag.tagId));
    expect(alert).toMatchObject({ userId: owner.userId, profileId: child.id, source: "card" });
    const deliveries = await app.services.db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.alertId, alert!.id));
    expect(deliveries.map((d) => d.contactName)).toEqual(["Guardian"]);
    expect(deliveries.every((d) => d.accountId === owner.userId)).toBe(true);

    const dispatcher = createDispatcher(app.services);
    while ((await dispatcher.runOnce()) > 0) {}
    const outbox = (await (
      await app.request("/dev/outbox.json", { headers: { "x-forwarded-for": "127.0.0.1" } })
    ).json()) as { to: string }[];
    expect(outbox.map((m) => m.to)).toContain(child.contactEmail);
  });
});
