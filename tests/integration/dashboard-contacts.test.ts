import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raiseAlert } from "#server/alerts/create.ts";
import { alertDeliveries, auditEvents, contacts, tags } from "#server/db/schema.ts";
import { listContacts } from "#server/domain/contacts.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner, type Owner } from "#tests/support/fixtures.ts";
import { signIn } from "#tests/support/http-client.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const ordered = async (owner: Owner) =>
  (await listContacts(app.services.db, app.services.cipher, owner.userId)).map(
    (c) => `${c.priority}.${c.name}`,
  );

async function ownerWith(names: string[], plan: "free" | "pro" | "family" = "family") {
  const owner = await createOwner(app.services, {
    plan,
    contacts: names.map((name, i) => ({
      name,
      channel: "email" as const,
      value: `${name.toLowerCase()}-${Date.now()}-${i}@example.com`,
    })),
  });
  return { owner, client: await signIn(app, owner.email) };
}

const contactId = async (owner: Owner, name: string) =>
  (await listContacts(app.services.db, app.services.cipher, owner.userId)).find(
    (c) => c.name === name,
  )!.id;

describe("removing a contact asks first", () => {
  it("one press changes nothing; the confirming press removes and closes the gap", async () => {
    const { owner, client } = await ownerWith(["Ann", "Bo", "Cy"]);
    const bo = await contactId(owner, "Bo");
    const single = await client.post("/dashboard", { intent: "removeContact", contactId: bo });
    expect(single.status).toBe(400);
    expect(await single.text()).toContain("Nothing was changed: confirm the removal first.");
    expect(await ordered(owner)).toEqual(["1.Ann", "2.Bo", "3.Cy"]);

    const page = await (await client.get("/dashboard")).text();
    expect(page).toContain("Remove Bo? They will no longer be alerted.");
    const confirmed = await client.post("/dashboard", {
      intent: "removeContact",
      contactId: bo,
      confirm: "yes",
    });
    expect(await confirmed.text()).toContain("Contact removed");
    expect(await ordered(owner)).toEqual(["1.Ann", "2.Cy"]);
  });
});

describe("contacts are edited and reordered", () => {
  it("edits name, channel and value; a wrong value is a per-field error and changes nothing", async () => {
    const { owner, client } = await ownerWith(["Ann"]);
    const ann = await contactId(owner, "Ann");
    const bad = await client.post("/dashboard", {
      intent: "editContact",
      contactId: ann,
      name: "Annie",
      channel: "sms",
      value: "not a number",
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    const invalid = html.match(/<input[^>]*aria-invalid="true"[^>]*>/g) ?? [];
    expect(invalid).toHaveLength(1);
    const field = invalid[0]!;
    expect(field).toContain('name="value"');
    const describedBy = field.match(/aria-describedby="([^"]+)"/)![1];
    expect(html).toMatch(
      new RegExp(`id="${describedBy}"[^>]*>Invalid phone number \\(use \\+1234567890 format\\)<`),
    );
    expect(await ordered(owner)).toEqual(["1.Ann"]);

    const good = await client.post("/dashboard", {
      intent: "editContact",
      contactId: ann,
      name: "Annie",
      channel: "sms",
      value: "+1 555 010 2030",
    });
    expect(await good.text()).toContain("Contact updated");
    const [saved] = await listContacts(app.services.db, app.services.cipher, owner.userId);
    expect(saved).toMatchObject({ name: "Annie", channel: "sms", value: "+15550102030" });
  });

  it("another user cannot edit, move or remove my contact", async () => {
    const { owner } = await ownerWith(["Ann", "Bo"]);
    const { client: stranger } = await ownerWith(["Zed"]);
    const ann = await contactId(owner, "Ann");
    const attempts: Record<string, string>[] = [
      {
        intent: "editContact",
        contactId: ann,
        name: "X",
        channel: "email",
        value: "x@example.com",
      },
      { intent: "moveContact", contactId: ann, direction: "down" },
      { intent: "removeContact", contactId: ann, confirm: "yes" },
    ];
    for (const fields of attempts) {
      const response = await stranger.post("/dashboard", fields);
      expect(response.status).toBeGreaterThanOrEqual(400);
    }
    expect(await ordered(owner)).toEqual(["1.Ann", "2.Bo"]);
    const [row] = await app.services.db.select().from(contacts).where(eq(contacts.id, ann));
    expect(row!.name).toBe("Ann");
  });

  it("moves a contact up and down; the ends do not move further", async () => {
    const { owner, client } = await ownerWith(["Ann", "Bo", "Cy"]);
    await client.post("/dashboard", {
      intent: "moveContact",
      contactId: await contactId(owner, "Cy"),
      direction: "up",
    });
    expect(await ordered(owner)).toEqual(["1.Ann", "2.Cy", "3.Bo"]);
    const stuck = await client.post("/dashboard", {
      intent: "moveContact",
      contactId: await contactId(owner, "Ann"),
      direction: "up",
    });
    expect(stuck.status).toBe(400);
    await client.post("/dashboard", {
      intent: "moveContact",
      contactId: await contactId(owner, "Ann"),
      direction: "down",
    });
    expect(await ordered(owner)).toEqual(["1.Cy", "2.Ann", "3.Bo"]);
  });
});

describe("more contacts than the plan allows (after a downgrade)", () => {
  const alertedNames = async (owner: Owner, key: string) => {
    const raised = await raiseAlert(app.services, {
      source: "sos",
      userId: owner.userId,
      tagId: owner.tagId,
      idempotencyKey: key,
      location: null,
      clientAddress: "10.9.9.9",
    });
    const rows = await app.services.db
      .select({ name: alertDeliveries.contactName })
      .from(alertDeliveries)
      .where(and(eq(alertDeliveries.alertId, raised.alertId), eq(alertDeliveries.kind, "alert")));
    return rows.map((r) => r.name).sort();
  };

  it("the dashboard says who stays alerted, the owner chooses by order, the server alerts exactly them", async () => {
    const { owner, client } = await ownerWith(["Ann", "Bo", "Cy", "Di"], "free");
    const page = await (await client.get("/dashboard")).text();
    expect(page).toContain(
      "Your Free plan alerts only your first contact: Ann. The others are kept but not alerted.",
    );
    expect(
      page.match(/data-testid="contact-alerted"[^>]*>Not alerted on your plan</g),
    ).toHaveLength(3);
    expect(await alertedNames(owner, "downgraded-sos-0001")).toEqual(["Ann"]);

    await client.post("/dashboard", {
      intent: "moveContact",
      contactId: await contactId(owner, "Bo"),
      direction: "up",
    });
    const after = await (await client.get("/dashboard")).text();
    expect(after).toContain("Your Free plan alerts only your first contact: Bo.");
    expect(await alertedNames(owner, "downgraded-sos-0002")).toEqual(["Bo"]);
  });

  it("on Pro (3 contacts) the first three are alerted, in the owner's order", async () => {
    const { owner, client } = await ownerWith(["Ann", "Bo", "Cy", "Di"], "pro");
    const page = await (await client.get("/dashboard")).text();
    expect(page).toContain("Your Pro plan alerts only your first 3 contacts: Ann, Bo, Cy.");
    expect(await alertedNames(owner, "pro-sos-key-0001")).toEqual(["Ann", "Bo", "Cy"]);
  });
});

describe("Found it", () => {
  it("reactivates a lost tag without unlinking it, audited; Mark Lost and Unlink need the confirming press", async () => {
    const { owner, client } = await ownerWith(["Ann"]);
    const row = async () =>
      (await app.services.db.select().from(tags).where(eq(tags.id, owner.tagId)))[0]!;
    const single = await client.post("/dashboard", { intent: "markLost", tagId: owner.tagId });
    expect(single.status).toBe(400);
    expect(await single.text()).toContain("Nothing was changed: confirm the action first.");
    expect(await row()).toMatchObject({ isLost: false, isActive: true });

    await client.post("/dashboard", { intent: "markLost", tagId: owner.tagId, confirm: "yes" });
    expect(await row()).toMatchObject({ isLost: true, isActive: false });
    const lostCard = await app.request(`/t/${owner.tagId}`);
    expect(await lostCard.text()).toContain("Tag Deactivated");

    expect((await client.post("/dashboard", { intent: "unlink", tagId: owner.tagId })).status).toBe(
      400,
    );
    expect((await row()).userId).toBe(owner.userId);

    const found = await client.post("/dashboard", { intent: "found", tagId: owner.tagId });
    const html = await found.text();
    expect(html).toContain("Tag found");
    expect(html).toContain("Your emergency card is live again.");
    expect(await row()).toMatchObject({
      userId: owner.userId,
      isLost: false,
      isActive: true,
      status: "active",
    });
    const card = await (await app.request(`/t/${owner.tagId}`)).text();
    expect(card).not.toContain("Tag Deactivated");
    expect(card).toContain("Send Emergency Alert");
    const events = await app.services.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, owner.userId), eq(auditEvents.eventType, "tag_found")));
    expect(events).toHaveLength(1);
    expect(events[0]!.metadata).toMatchObject({ tag_id: owner.tagId });

    // Found again, or on another user's tag: nothing to do.
    const { client: stranger } = await ownerWith(["Zed"]);
    expect(
      (await stranger.post("/dashboard", { intent: "found", tagId: owner.tagId })).status,
    ).toBe(400);
  });
});
