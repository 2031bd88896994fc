import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Channel } from "#core/channels.ts";
import { raiseAlert } from "#server/alerts/create.ts";
import { createDispatcher } from "#server/alerts/dispatcher.ts";
import { isNoticePayload, openNotice } from "#server/alerts/notices.ts";
import {
  alertDeliveries,
  alerts,
  auditEvents,
  devOutbox,
  householdInvitations,
  householdMembers,
  households,
  tags,
  user,
} from "#server/db/schema.ts";
import { addContacts } from "#server/domain/contacts.ts";
import {
  acceptInvitation,
  invitationTokenHash,
  inviteAdult,
  setExtraSeats,
} from "#server/domain/households.ts";
import { addDependant, listPeople, personAccess } from "#server/domain/people.ts";
import { allowanceUsage, tagQuota } from "#server/domain/quotas.ts";
import { mintTags } from "#server/domain/tags.ts";
import { grantRole, setUserPlan } from "#server/domain/users.ts";
import { runOperatorCommand } from "#server/operator/commands.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner, type Owner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";

// Issue 15 item 5, decision 132: invitations, joining, removal, leaving, shared quotas and the
// household routes' permissions.

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

let addressCount = 0;
const nextAddress = () => `198.51.100.${(addressCount++ % 250) + 1}`;

/** An owner on the Family plan with a household (and the fixture's one tag, no contacts). */
async function familyOwner(name = "Olivia Owner"): Promise<Owner> {
  const owner = await createOwner(app.services, { name, plan: "free", contacts: [] });
  await setUserPlan(app.services.db, owner.email, "family");
  return owner;
}

/** An adult with an account of their own on Free (one tag, no contacts unless given). */
const adult = (
  name: string,
  contacts: { name: string; channel: "sms" | "email"; value: string }[] = [],
) => createOwner(app.services, { name, plan: "free", contacts });

const invite = (owner: Owner, value: string, kind: "email" | "phone" = "email") =>
  inviteAdult(app.services, {
    userId: owner.userId,
    identifier: { kind, value },
    clientAddress: nextAddress(),
  });

/** The link in the newest invitation the owner sent, read from the outbox as the dispatcher does. */
async function lastLink(owner: Owner): Promise<{ token: string; deliveryId: string }> {
  const [row] = await app.services.db
    .select({ id: alertDeliveries.id, payload: alertDeliveries.payload })
    .from(alertDeliveries)
    .where(and(eq(alertDeliveries.kind, "invitation"), eq(alertDeliveries.accountId, owner.userId)))
    .orderBy(desc(alertDeliveries.createdAt))
    .limit(1);
  if (!row || !isNoticePayload(row.payload)) throw new Error("no invitation queued");
  const link = openNotice(row.payload, app.services.cipher, row.id).params.link!;
  return { token: link.split("/household/join/")[1]!, deliveryId: row.id };
}

/** Invites and returns the link's token. */
async function invited(owner: Owner, value: string) {
  const result = await invite(owner, value);
  expect(result).toMatchObject({ ok: true });
  return (await lastLink(owner)).token;
}

/** Makes `person` a member of `owner`'s household through an invitation. */
async function join(owner: Owner, person: Owner) {
  const token = await invited(owner, person.email);
  expect(await acceptInvitation(app.services, person.userId, token)).toMatchObject({ ok: true });
}

const householdOf = async (owner: Owner) =>
  (
    await app.services.db
      .select({ id: households.id })
      .from(households)
      .where(eq(households.ownerUserId, owner.userId))
  )[0]!.id;

const memberOf = async (userId: string) =>
  (
    await app.services.db
      .select({ householdId: householdMembers.householdId, role: householdMembers.role })
      .from(householdMembers)
      .where(eq(householdMembers.userId, userId))
  )[0] ?? null;

async function giveTags(owner: Owner, count: number) {
  const { services } = app;
  const { tags: minted } = await mintTags(services.db, {
    product: "card",
    count,
    masterKey: services.config.dataEncryptionKey,
    publicUrl: services.config.publicUrl,
  });
  await services.db
    .update(tags)
    .set({ userId: owner.userId, profileId: owner.userId })
    .where(
      inArray(
        tags.id,
        minted.map((t) => t.tagId),
      ),
    );
}

const contactsFor = (owner: Owner, count: number) =>
  addContacts(
    app.services.db,
    app.services.cipher,
    owner.userId,
    Array.from({ length: count }, (_, i) => ({
      name: `C${i}`,
      channel: "email" as const,
      value: `c${i}-${randomUUID()}@example.com`,
    })),
  );

/** Records `count` earlier sends counted against `accountId` this month. */
async function spent(accountId: string, channel: Channel, count: number) {
  const [alert] = await app.services.db
    .insert(alerts)
    .values({
      idempotencyKey: `earlier:${randomUUID()}`,
      userId: accountId,
      profileId: accountId,
      source: "sos",
    })
    .returning({ id: alerts.id });
  await app.services.db.insert(alertDeliveries).values(
    Array.from({ length: count }, () => ({
      alertId: alert!.id,
      accountId,
      contactName: "Earlier",
      channel,
      destination: "not read",
      status: "sent",
    })),
  );
}

describe("an invitation", () => {
  it("goes through the outbox naming the inviter and the link, stores only the token's HMAC, and works once", async () => {
    const owner = await familyOwner("Olivia Owner");
    const guest = await adult("Gary Guest");
    const token = await invited(owner, guest.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [row] = await app.services.db
      .select()
      .from(householdInvitations)
      .where(eq(householdInvitations.identifier, guest.email));
    expect(row!.tokenHash).toBe(invitationTokenHash(app.services.config.dataEncryptionKey, token));
    // Seven days from when it was sent (the row's own clock is the database's).
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(lifetime - 7 * 86_400_000)).toBeLessThan(5000);
    // The token is nowhere in the database in clear: not in the invitation, not in the outbox.
    const deliveries = await app.services.db
      .select({ payload: alertDeliveries.payload })
      .from(alertDeliveries)
      .where(eq(alertDeliveries.accountId, owner.userId));
    expect(JSON.stringify(deliveries)).not.toContain(token);

    await createDispatcher(app.services).runOnce();
    const [mail] = await app.services.db
      .select()
      .from(devOutbox)
      .where(eq(devOutbox.to, guest.email))
      .orderBy(desc(devOutbox.createdAt));
    expect(mail!.subject).toBe("Olivia Owner invited you to their SafeTap household");
    expect(mail!.body).toContain(`http://localhost:3000/household/join/${token}`);

    // Signed out, the page says whose household it is and offers sign-up and sign-in back here.
    const anonymous = await app.request(`/household/join/${token}`);
    expect(anonymous.headers.get("referrer-policy")).toBe("no-referrer");
    const page = await anonymous.text();
    expect(page).toContain("Olivia Owner invited you to their SafeTap household.");
    expect(page).toContain(`/auth?mode=signup&amp;redirect=%2Fhousehold%2Fjoin%2F${token}`);

    const client = await signIn(app, guest.email);
    const joined = await client.post(`/household/join/${token}`, {});
    expect(joined.status).toBe(302);
    expect(joined.headers.get("location")).toBe("/dashboard/household");
    expect(await memberOf(guest.userId)).toEqual({
      householdId: await householdOf(owner),
      role: "member",
    });
    const again = await client.post(`/household/join/${token}`, {});
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("This invitation has already been used.");

    const events = await app.services.db
      .select({ type: auditEvents.eventType, householdId: auditEvents.householdId })
      .from(auditEvents)
      .where(inArray(auditEvents.userId, [owner.userId, guest.userId]));
    const householdId = await householdOf(owner);
    expect(events).toEqual(
      expect.arrayContaining([
        { type: "household_invitation_sent", householdId },
        { type: "household_member_joined", householdId },
      ]),
    );
  });

  it("cannot be used by another identifier, after it expired or was revoked: nothing changes", async () => {
    const owner = await familyOwner();
    const guest = await adult("Gina Guest");
    const stranger = await adult("Sam Stranger");
    const token = await invited(owner, guest.email);
    const strangerClient = await signIn(app, stranger.email);
    const refused = await strangerClient.post(`/household/join/${token}`, {});
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(
      "This invitation was sent to another email address or phone number.",
    );
    expect(await memberOf(stranger.userId)).toBeNull();

    await app.services.db
      .update(householdInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(householdInvitations.identifier, guest.email));
    const guestClient = await signIn(app, guest.email);
    const expired = await guestClient.post(`/household/join/${token}`, {});
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("This invitation has expired.");
    expect(await memberOf(guest.userId)).toBeNull();

    const second = await invited(owner, guest.email);
    const [pending] = await app.services.db
      .select({ id: householdInvitations.id })
      .from(householdInvitations)
      .where(
        eq(
          householdInvitations.tokenHash,
          invitationTokenHash(app.services.config.dataEncryptionKey, second),
        ),
      );
    const ownerClient = await signIn(app, owner.email);
    expect(
      (
        await ownerClient.post("/dashboard/household", {
          intent: "revoke",
          invitationId: pending!.id,
        })
      ).status,
    ).toBe(200);
    const revoked = await guestClient.post(`/household/join/${second}`, {});
    expect(revoked.status).toBe(410);
    expect(await revoked.text()).toContain("This invitation was withdrawn");
    expect(await memberOf(guest.userId)).toBeNull();
  });

  it("is refused by text when the household's messages are used up; email always works", async () => {
    const owner = await familyOwner();
    await spent(owner.userId, "sms", 250);
    expect(await invite(owner, "+15550199001", "phone")).toEqual({
      ok: false,
      reason: "message_limit",
    });
    expect((await invite(owner, `e-${randomUUID()}@example.com`)).ok).toBe(true);
  });

  it("is rate limited per destination", async () => {
    const owner = await familyOwner();
    const target = `often-${randomUUID()}@example.com`;
    for (let i = 0; i < 3; i++) {
      expect((await invite(owner, target)).ok).toBe(true);
      await app.services.db
        .update(householdInvitations)
        .set({ revokedAt: new Date() })
        .where(eq(householdInvitations.identifier, target));
    }
    expect(await invite(owner, target)).toMatchObject({ ok: false, reason: "rate_limited" });
  });
});

describe("an invitation by phone", () => {
  it("spends a message of the household's allowance and is accepted only by a verified number", async () => {
    const owner = await familyOwner();
    const number = `+1555018${String(Date.now()).slice(-4)}`;
    expect((await invite(owner, number, "phone")).ok).toBe(true);
    const { token, deliveryId } = await lastLink(owner);
    const [delivery] = await app.services.db
      .select({ channel: alertDeliveries.channel, status: alertDeliveries.status })
      .from(alertDeliveries)
      .where(eq(alertDeliveries.id, deliveryId));
    expect(delivery).toEqual({ channel: "sms", status: "pending" });
    expect(await allowanceUsage(app.services.db, owner.userId)).toContainEqual({
      quota: "messages",
      used: 1,
      limit: 250,
    });

    const phoned = await adult("Phil Phone");
    await app.services.db
      .update(user)
      .set({ phoneNumber: number, phoneNumberVerified: false })
      .where(eq(user.id, phoned.userId));
    expect(await acceptInvitation(app.services, phoned.userId, token)).toEqual({
      ok: false,
      reason: "wrong_identifier",
    });
    await app.services.db
      .update(user)
      .set({ phoneNumberVerified: true })
      .where(eq(user.id, phoned.userId));
    expect(await acceptInvitation(app.services, phoned.userId, token)).toMatchObject({ ok: true });
  });
});

describe("at the same moment", () => {
  it("the same link accepted twice at once joins once; two invitees racing for the last seat: one gets it", async () => {
    const owner = await familyOwner();
    const guest = await adult("Twice Guest");
    const token = await invited(owner, guest.email);
    const both = await Promise.all([
      acceptInvitation(app.services, guest.userId, token),
      acceptInvitation(app.services, guest.userId, token),
    ]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.find((r) => !r.ok)).toEqual({ ok: false, reason: "used" });

    // Owner + guest + 2 dependants = 4 of 5 seats; two invitations were sent while seats were free.
    const first = await adult("Racer One");
    const second = await adult("Racer Two");
    const tokens = [await invited(owner, first.email), await invited(owner, second.email)];
    for (const name of ["Kid One", "Kid Two"]) {
      const added = await addDependant(
        app.services.db,
        app.services.cipher,
        app.services.logger,
        owner.userId,
        { fullName: name },
      );
      expect(added.ok).toBe(true);
    }
    const raced = await Promise.all([
      acceptInvitation(app.services, first.userId, tokens[0]),
      acceptInvitation(app.services, second.userId, tokens[1]),
    ]);
    expect(raced.filter((r) => r.ok)).toHaveLength(1);
    expect(raced.find((r) => !r.ok)).toEqual({ ok: false, reason: "seat_limit", limit: 5 });
    const members = await app.services.db
      .select({ userId: householdMembers.userId })
      .from(householdMembers)
      .where(eq(householdMembers.householdId, await householdOf(owner)));
    expect(members).toHaveLength(3);
  });
});

describe("the invite form", () => {
  it("refuses a malformed address or number by the field, sends nothing; the dashboard links the page on Family only", async () => {
    const owner = await familyOwner();
    const client = await signIn(app, owner.email);
    const bad = await client.post("/dashboard/household", {
      intent: "invite",
      identifier: "not-an-address@",
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*name="identifier"/);
    const sent = await app.services.db
      .select({ id: householdInvitations.id })
      .from(householdInvitations)
      .where(eq(householdInvitations.invitedByUserId, owner.userId));
    expect(sent).toEqual([]);
    expect(await (await client.get("/dashboard")).text()).toContain('data-testid="household-link"');
    const loner = await adult("Free Fran");
    const free = await signIn(app, loner.email);
    expect(await (await free.get("/dashboard")).text()).not.toContain("household-link");
  });
});

describe("seats", () => {
  it("5 seats cannot be over-invited: pending invitations hold seats; an extra seat makes room", async () => {
    const owner = await familyOwner();
    for (let i = 0; i < 4; i++)
      expect((await invite(owner, `s${i}-${randomUUID()}@example.com`)).ok).toBe(true);
    expect(await invite(owner, `s5-${randomUUID()}@example.com`)).toEqual({
      ok: false,
      reason: "seat_limit",
      limit: 5,
    });
    await setExtraSeats(app.services.db, owner.email, 1);
    expect((await invite(owner, `s6-${randomUUID()}@example.com`)).ok).toBe(true);
  });

  it("a dependant counts like an adult: a full household refuses the join and changes nothing", async () => {
    const owner = await familyOwner();
    const guest = await adult("Greta Guest");
    const token = await invited(owner, guest.email);
    for (let i = 0; i < 4; i++) {
      const added = await addDependant(
        app.services.db,
        app.services.cipher,
        app.services.logger,
        owner.userId,
        { fullName: `Child ${i}` },
      );
      expect(added.ok).toBe(true);
    }
    expect(await acceptInvitation(app.services, guest.userId, token)).toEqual({
      ok: false,
      reason: "seat_limit",
      limit: 5,
    });
    expect(await memberOf(guest.userId)).toBeNull();
  });
});

describe("joining", () => {
  it("is refused when the joiner's tags or contacts would take the household over its limits", async () => {
    const owner = await familyOwner();
    await giveTags(owner, 19); // 20 with the fixture's
    const tagged = await adult("Tina Tags");
    const tagToken = await invited(owner, tagged.email);
    expect(await acceptInvitation(app.services, tagged.userId, tagToken)).toEqual({
      ok: false,
      reason: "tag_limit",
      limit: 20,
    });
    await app.services.db.delete(tags).where(eq(tags.userId, tagged.userId));
    await contactsFor(owner, 15);
    const contacted = await adult("Cora Contacts", [
      { name: "Kim", channel: "email", value: `kim-${randomUUID()}@example.com` },
    ]);
    await app.services.db.delete(tags).where(eq(tags.userId, contacted.userId));
    const contactToken = await invited(owner, contacted.email);
    expect(await acceptInvitation(app.services, contacted.userId, contactToken)).toEqual({
      ok: false,
      reason: "contact_limit",
      limit: 15,
    });
    // Without tags of her own, Tina fits.
    expect(await acceptInvitation(app.services, tagged.userId, tagToken)).toMatchObject({
      ok: true,
    });
  });

  it("is refused for a member of another household and an owner with members; an owner alone moves over", async () => {
    const a = await familyOwner("Anna A");
    const b = await familyOwner("Bert B");
    const memberOfB = await adult("Mia B-member");
    await join(b, memberOfB);
    const token = await invited(a, memberOfB.email);
    expect(await acceptInvitation(app.services, memberOfB.userId, token)).toEqual({
      ok: false,
      reason: "in_other_household",
    });
    const tokenForB = await invited(a, b.email);
    expect(await acceptInvitation(app.services, b.userId, tokenForB)).toEqual({
      ok: false,
      reason: "owns_household",
    });

    const alone = await familyOwner("Lone Owner");
    const aloneHousehold = await householdOf(alone);
    const tokenForAlone = await invited(a, alone.email);
    expect(await acceptInvitation(app.services, alone.userId, tokenForAlone)).toMatchObject({
      ok: true,
    });
    expect(await memberOf(alone.userId)).toEqual({
      householdId: await householdOf(a),
      role: "member",
    });
    expect(
      await app.services.db.select().from(households).where(eq(households.id, aloneHousehold)),
    ).toEqual([]);
  });
});

describe("shared quotas", () => {
  it("two members raising alerts at once never spend more than the household's 250 messages", async () => {
    const owner = await createOwner(app.services, {
      name: "Quinn Owner",
      plan: "free",
      contacts: [{ name: "Ben", channel: "sms", value: "+15550100001" }],
    });
    await setUserPlan(app.services.db, owner.email, "family");
    const member = await adult("Max Member", [
      { name: "Ada", channel: "sms", value: "+15550100002" },
    ]);
    await join(owner, member);
    await spent(owner.userId, "sms", 240);
    await spent(member.userId, "sms", 7);
    const raised = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        raiseAlert(app.services, {
          source: "sos",
          userId: i % 2 ? member.userId : owner.userId,
          tagId: null,
          idempotencyKey: `shared-${i}-${randomUUID()}`,
          location: null,
          clientAddress: nextAddress(),
        }),
      ),
    );
    expect(raised.every((r) => r.created)).toBe(true);
    const texts = await app.services.db
      .select({ status: alertDeliveries.status })
      .from(alertDeliveries)
      .where(
        and(
          inArray(alertDeliveries.accountId, [owner.userId, member.userId]),
          eq(alertDeliveries.channel, "sms"),
          ne(alertDeliveries.contactName, "Earlier"),
        ),
      );
    expect(texts.filter((t) => t.status === "pending")).toHaveLength(3);
    expect(texts.filter((t) => t.status === "skipped")).toHaveLength(5);
  });

  it("tags (20) and contacts (15) are counted over every member", async () => {
    const owner = await familyOwner();
    const member = await adult("Mo Member");
    await join(owner, member);
    await giveTags(owner, 17); // 18 + the member's 1 = 19
    expect((await app.services.db.transaction((tx) => tagQuota(tx, member.userId))).ok).toBe(true);
    await giveTags(owner, 1);
    expect(await app.services.db.transaction((tx) => tagQuota(tx, member.userId))).toEqual({
      ok: false,
      reason: "tag_limit",
      limit: 20,
    });
    expect((await contactsFor(owner, 14)).ok).toBe(true);
    expect((await contactsFor(member, 1)).ok).toBe(true);
    expect(await contactsFor(member, 1)).toEqual({ ok: false, reason: "contact_limit", limit: 15 });
  });
});

describe("removing and leaving", () => {
  it("a removed member loses the household at once, in a session opened before, and keeps their own", async () => {
    const owner = await familyOwner("Rita Owner");
    const member = await adult("Ron Removed");
    await join(owner, member);
    const child = await addDependant(
      app.services.db,
      app.services.cipher,
      app.services.logger,
      owner.userId,
      { fullName: "Kid Owner" },
    );
    if (!child.ok) throw new Error("no seat");
    const memberClient = await signIn(app, member.email);
    const before = await (await memberClient.get("/dashboard/household")).text();
    expect(before).toContain("Kid Owner");
    expect(await personAccess(app.services.db, member.userId, child.profileId)).not.toBeNull();

    const ownerClient = await signIn(app, owner.email);
    const unconfirmed = await ownerClient.post("/dashboard/household", {
      intent: "remove",
      memberId: member.userId,
    });
    expect(unconfirmed.status).toBe(400);
    expect(await memberOf(member.userId)).not.toBeNull();
    const removed = await ownerClient.post("/dashboard/household", {
      intent: "remove",
      memberId: member.userId,
      confirm: "yes",
    });
    expect(removed.status).toBe(200);
    expect(await memberOf(member.userId)).toBeNull();

    const after = await (await memberClient.get("/dashboard/household")).text();
    expect(after).not.toContain("Kid Owner");
    expect(after).toContain('data-testid="no-household"');
    expect(await personAccess(app.services.db, member.userId, child.profileId)).toBeNull();
    expect((await listPeople(app.services.db, member.userId)).map((p) => p.fullName)).toEqual([
      "Ron Removed",
    ]);
    const memberTags = await app.services.db
      .select({ id: tags.id })
      .from(tags)
      .where(eq(tags.userId, member.userId));
    expect(memberTags).toHaveLength(1);
    const [event] = await app.services.db
      .select({ householdId: auditEvents.householdId })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.eventType, "household_member_removed"),
          eq(auditEvents.userId, owner.userId),
        ),
      );
    expect(event!.householdId).toBe(await householdOf(owner));
  });

  it("a member leaves after confirming; the owner cannot leave", async () => {
    const owner = await familyOwner();
    const member = await adult("Lee Leaver");
    await join(owner, member);
    const memberClient = await signIn(app, member.email);
    const left = await memberClient.post("/dashboard/household", {
      intent: "leave",
      confirm: "yes",
    });
    expect(left.status).toBe(302);
    expect(left.headers.get("location")).toBe("/dashboard");
    expect(await memberOf(member.userId)).toBeNull();
    const ownerClient = await signIn(app, owner.email);
    const refused = await ownerClient.post("/dashboard/household", {
      intent: "leave",
      confirm: "yes",
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("As the owner you cannot leave the household.");
    expect((await memberOf(owner.userId))?.role).toBe("owner");
  });
});

describe("cross-household isolation", () => {
  it("a member of household A never sees household B's people, invitations or members", async () => {
    const a = await familyOwner("Alma A");
    const memberA = await adult("Abe A-member");
    await join(a, memberA);
    const b = await familyOwner("Bea B");
    const memberB = await adult("Bo B-member");
    await join(b, memberB);
    const childB = await addDependant(
      app.services.db,
      app.services.cipher,
      app.services.logger,
      b.userId,
      { fullName: "Secret Child B" },
    );
    if (!childB.ok) throw new Error("no seat");
    const pendingB = `pending-b-${randomUUID()}@example.com`;
    await invite(b, pendingB);
    const [invitationB] = await app.services.db
      .select({ id: householdInvitations.id })
      .from(householdInvitations)
      .where(eq(householdInvitations.identifier, pendingB));

    const client = await signIn(app, memberA.email);
    const page = await (await client.get("/dashboard/household")).text();
    expect(page).toContain("Alma A");
    for (const hidden of ["Bea B", "Bo B-member", "Secret Child B", "pe•••@example.com"]) {
      expect(page).not.toContain(hidden);
    }
    expect(await personAccess(app.services.db, memberA.userId, childB.profileId)).toBeNull();
    expect(await personAccess(app.services.db, memberA.userId, b.userId)).toBeNull();
    expect((await listPeople(app.services.db, memberA.userId)).map((p) => p.fullName)).toEqual([
      "Abe A-member",
      "Alma A",
    ]);
    // The dashboard and the tag downloads, with B's ids in the address, show nothing of B.
    const dashboard = await (await client.get("/dashboard")).text();
    for (const hidden of ["Bea B", "Bo B-member", "Secret Child B", b.tagId, memberB.tagId]) {
      expect(dashboard).not.toContain(hidden);
    }
    expect((await client.get(`/dashboard/tags/${b.tagId}/qr.svg`)).status).toBe(404);

    // A's owner cannot revoke B's invitation or remove B's member with their ids.
    const ownerA = await signIn(app, a.email);
    const revoke = await ownerA.post("/dashboard/household", {
      intent: "revoke",
      invitationId: invitationB!.id,
    });
    expect(revoke.status).toBe(404);
    const remove = await ownerA.post("/dashboard/household", {
      intent: "remove",
      memberId: memberB.userId,
      confirm: "yes",
    });
    expect(remove.status).toBe(404);
    expect(await memberOf(memberB.userId)).toMatchObject({ householdId: await householdOf(b) });
    const [still] = await app.services.db
      .select({ revokedAt: householdInvitations.revokedAt })
      .from(householdInvitations)
      .where(eq(householdInvitations.id, invitationB!.id));
    expect(still!.revokedAt).toBeNull();
  });
});

describe("permissions of the household routes", () => {
  type Role = "owner" | "member" | "otherMember" | "noHousehold" | "signedOut";
  const ROLES: Role[] = ["owner", "member", "otherMember", "noHousehold", "signedOut"];

  it("owner / member / other household's member / no household / signed out × every action", async () => {
    const owner = await familyOwner("Pat Owner");
    const member = await adult("Pam Member");
    const target = await adult("Tom Target");
    await join(owner, member);
    await join(owner, target);
    const other = await familyOwner("Oscar Other");
    const otherMember = await adult("Ola Other-member");
    await join(other, otherMember);
    const loner = await adult("Nina None");
    const pendingFor = `pending-${randomUUID()}@example.com`;
    const pendingToken = await invited(owner, pendingFor);
    const [pending] = await app.services.db
      .select({ id: householdInvitations.id })
      .from(householdInvitations)
      .where(eq(householdInvitations.identifier, pendingFor));

    const clients: Record<Role, Client> = {
      owner: await signIn(app, owner.email),
      member: await signIn(app, member.email),
      otherMember: await signIn(app, otherMember.email),
      noHousehold: await signIn(app, loner.email),
      signedOut: new Client(app),
    };
    const status = async (
      role: Role,
      fields: Record<string, string> | null,
      path = "/dashboard/household",
    ) => (fields ? await clients[role].post(path, fields) : await clients[role].get(path)).status;
    const signInRedirect = async (
      role: Role,
      fields: Record<string, string> | null,
      path?: string,
    ) => {
      const response = fields
        ? await clients[role].post(path ?? "/dashboard/household", fields)
        : await clients[role].get(path ?? "/dashboard/household");
      return [response.status, response.headers.get("location")?.split("?")[0]];
    };

    // View: everyone signed in gets a page; only the household's own see its people.
    for (const role of ROLES.filter((r) => r !== "signedOut")) {
      const page = await (await clients[role].get("/dashboard/household")).text();
      expect(page.includes("Tom Target"), role).toBe(role === "owner" || role === "member");
    }
    expect(await signInRedirect("signedOut", null)).toEqual([302, "/auth"]);

    // Invite, revoke and remove: the owner only.
    const expected: Record<Role, number> = {
      owner: 200,
      member: 403,
      otherMember: 403,
      noHousehold: 403,
      signedOut: 302,
    };
    for (const role of ROLES.filter((r) => r !== "owner")) {
      expect(
        await status(role, { intent: "invite", identifier: `x-${randomUUID()}@example.com` }),
        `invite as ${role}`,
      ).toBe(expected[role]);
      expect(
        await status(role, { intent: "revoke", invitationId: pending!.id }),
        `revoke as ${role}`,
      ).toBe(expected[role]);
      expect(
        await status(role, { intent: "remove", memberId: target.userId, confirm: "yes" }),
        `remove as ${role}`,
      ).toBe(expected[role]);
    }
    expect(await memberOf(target.userId)).not.toBeNull();
    const [untouched] = await app.services.db
      .select({ revokedAt: householdInvitations.revokedAt })
      .from(householdInvitations)
      .where(eq(householdInvitations.id, pending!.id));
    expect(untouched!.revokedAt).toBeNull();
    expect(
      await status("owner", { intent: "invite", identifier: `y-${randomUUID()}@example.com` }),
    ).toBe(200);
    expect(await status("owner", { intent: "revoke", invitationId: pending!.id })).toBe(200);
    expect(
      await status("owner", { intent: "remove", memberId: target.userId, confirm: "yes" }),
    ).toBe(200);

    // Accept someone else's invitation: refused to everyone signed in; signed out goes to sign-in.
    const foreignToken = await invited(owner, `foreign-${randomUUID()}@example.com`);
    for (const role of ROLES.filter((r) => r !== "signedOut")) {
      expect(await status(role, {}, `/household/join/${foreignToken}`), `accept as ${role}`).toBe(
        403,
      );
    }
    expect(await signInRedirect("signedOut", {}, `/household/join/${foreignToken}`)).toEqual([
      302,
      "/auth",
    ]);
    // The revoked link is gone for everyone.
    expect(await status("noHousehold", {}, `/household/join/${pendingToken}`)).toBe(410);

    // Leave: members only; the owner cannot, someone in no household has nothing to leave.
    expect(await status("owner", { intent: "leave", confirm: "yes" })).toBe(403);
    expect(await status("noHousehold", { intent: "leave", confirm: "yes" })).toBe(400);
    expect(await signInRedirect("signedOut", { intent: "leave", confirm: "yes" })).toEqual([
      302,
      "/auth",
    ]);
    expect(await status("otherMember", { intent: "leave", confirm: "yes" })).toBe(302);
    expect(await memberOf(otherMember.userId)).toBeNull();
    expect(await status("member", { intent: "leave", confirm: "yes" })).toBe(302);
    expect(await memberOf(member.userId)).toBeNull();
    expect((await memberOf(owner.userId))?.role).toBe("owner");
  });
});

describe("extra seats, set by an admin", () => {
  it("on /admin and with `safetap households seats`: seats and the shared message allowance grow", async () => {
    const owner = await familyOwner("Ed Extra");
    const staff = await createOwner(app.services, { name: "Ada Admin", plan: "free" });
    await grantRole(app.services.db, staff.email, "admin");
    const admin = await signIn(app, staff.email);
    const set = await admin.post("/admin", {
      intent: "setSeats",
      identifier: owner.email,
      extra: "2",
    });
    expect(set.status).toBe(200);
    expect(await set.text()).toContain(`${owner.email}&#x27;s household now has 2 extra seats`);
    const page = await (await (await signIn(app, owner.email)).get("/dashboard/household")).text();
    expect(page).toContain("1 of 7 seats used");
    expect(page).toContain("0 of 350");

    const output = await runOperatorCommand(
      { db: app.services.db, config: app.services.config },
      { command: "households.seats", identifier: owner.email, extra: 0 },
    );
    expect(output).toBe(`Extra seats of ${owner.email}'s household set to 0\n`);
    const [row] = await app.services.db
      .select({ extraSeats: households.extraSeats })
      .from(households)
      .where(eq(households.ownerUserId, owner.userId));
    expect(row!.extraSeats).toBe(0);

    // Someone without a household, and a non-admin, change nothing.
    const loner = await adult("No Household");
    const missing = await admin.post("/admin", {
      intent: "setSeats",
      identifier: loner.email,
      extra: "1",
    });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("That account owns no household.");
    const plain = await signIn(app, loner.email);
    const forbidden = await plain.post("/admin", {
      intent: "setSeats",
      identifier: owner.email,
      extra: "5",
    });
    expect(forbidden.status).toBe(403);
    const [after] = await app.services.db
      .select({ extraSeats: households.extraSeats })
      .from(households)
      .where(eq(households.ownerUserId, owner.userId));
    expect(after!.extraSeats).toBe(0);
  });
});
