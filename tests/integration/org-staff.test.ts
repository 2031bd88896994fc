import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrgRole } from "#core/organizations.ts";
import { createDispatcher } from "#server/alerts/dispatcher.ts";
import { isNoticePayload } from "#server/alerts/notices.ts";
import {
  alertDeliveries,
  auditEvents,
  devOutbox,
  invitation,
  member,
  orgMemberLocations,
  profiles,
  rateLimits,
} from "#server/db/schema.ts";
import { addOrgPerson } from "#server/domain/org-people.ts";
import { type OrgSummary, orgContextFor } from "#server/domain/organizations.ts";
import { grantRole } from "#server/domain/users.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner, type Owner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";
import { addLocation, addOrgMember, createOrg } from "#tests/support/orgs.ts";

/**
 * /org/{slug}/staff and /org/invitations/{id} (issue 16 item 2, decision 139): members with a
 * login, their roles and locations, invitations through Better Auth's plugin and the outbox.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

interface Someone extends Owner {
  client: Client;
  memberId?: string;
}

/** A signed-in person, with a role in `org` when one is given. */
async function someone(
  name: string,
  org?: OrgSummary,
  role?: Exclude<OrgRole, "account">,
  locationIds: string[] = [],
  language = "en",
): Promise<Someone> {
  const owner = await createOwner(app.services, { name, plan: "free", language });
  const memberId =
    org && role
      ? await addOrgMember(app.services, org, owner.userId, role, locationIds)
      : undefined;
  return { ...owner, memberId, client: await signIn(app, owner.email) };
}

/** The organisation's newest invitation to `email`. */
async function invitationTo(org: OrgSummary, email: string) {
  const [row] = await app.services.db
    .select()
    .from(invitation)
    .where(and(eq(invitation.organizationId, org.id), eq(invitation.email, email.toLowerCase())))
    .orderBy(desc(invitation.createdAt))
    .limit(1);
  return row ?? null;
}

const memberRow = async (memberId: string) =>
  (await app.services.db.select().from(member).where(eq(member.id, memberId)))[0] ?? null;

const locationsOf = async (memberId: string) =>
  (
    await app.services.db
      .select({ id: orgMemberLocations.locationId })
      .from(orgMemberLocations)
      .where(eq(orgMemberLocations.memberId, memberId))
  )
    .map((r) => r.id)
    .sort();

const invite = (client: Client, org: OrgSummary, fields: Record<string, string>) =>
  client.post(`/org/${org.slug}/staff`, { intent: "invite", role: "staff", ...fields });

/** A form post with repeated fields (checkboxes). */
function postList(client: Client, path: string, fields: [string, string][]) {
  return app.request(path, {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie: client.cookieHeader,
      "x-forwarded-for": client.address,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields).toString(),
  });
}

describe("an invitation into an organisation", () => {
  it("is sent through the plugin and the outbox in the recipient's language, and accepted only by its address", async () => {
    const org = await createOrg(app.services, { name: "Hillview School", preset: "school" });
    const [north, south] = [
      await addLocation(app.services, org, { name: "North" }),
      await addLocation(app.services, org, { name: "South" }),
    ];
    const owner = await someone("Olive Owner", org, "owner");
    const recipient = await someone("Rémi Reader", undefined, undefined, [], "fr");

    const sent = await postList(owner.client, `/org/${org.slug}/staff`, [
      ["intent", "invite"],
      ["email", recipient.email.toUpperCase()],
      ["role", "staff"],
      ["locationIds", north.id],
    ]);
    expect(sent.status).toBe(200);
    expect(await text(sent)).toContain(`Invitation sent to ${recipient.email}.`);
    const row = await invitationTo(org, recipient.email);
    expect(row).toMatchObject({
      role: "staff",
      status: "pending",
      inviterId: owner.userId,
      locationIds: JSON.stringify([north.id]),
    });
    const staffPage = await text(await owner.client.get(`/org/${org.slug}/staff`));
    expect(staffPage.slice(staffPage.indexOf('data-testid="org-invitations"'))).toContain(
      recipient.email,
    );

    // The outbox holds it for the organisation's account, the link sealed; it goes out in French.
    const [queued] = await app.services.db
      .select()
      .from(alertDeliveries)
      .where(
        and(eq(alertDeliveries.kind, "invitation"), eq(alertDeliveries.accountId, org.accountId)),
      );
    expect(isNoticePayload(queued?.payload) && queued.payload).toMatchObject({
      template: "orgInvitation",
      language: "fr",
    });
    expect(JSON.stringify(queued!.payload)).not.toContain(row!.id);
    await createDispatcher(app.services).runOnce();
    const [mail] = await app.services.db
      .select()
      .from(devOutbox)
      .where(eq(devOutbox.to, recipient.email))
      .orderBy(desc(devOutbox.createdAt));
    expect(mail!.subject).toBe("Olive Owner vous invite à rejoindre Hillview School sur SafeTap");
    expect(mail!.body).toContain("en tant que membre du personnel");
    const link = `/org/invitations/${row!.id}`;
    expect(mail!.body).toContain(`http://localhost:3000${link}`);

    // Signed out: the organisation, the role, and sign-in or sign-up that come back here.
    const anonymous = await new Client(app).get(link);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("referrer-policy")).toBe("no-referrer");
    expect(anonymous.headers.get("cache-control")).toBe("no-store");
    const page = await text(anonymous);
    expect(page).toContain("Hillview School invites you to join it on SafeTap as: Staff.");
    expect(page).toContain(`/auth?mode=signin&amp;redirect=${encodeURIComponent(link)}`);

    const signedOutAccept = await new Client(app).post(link, { intent: "accept" });
    expect(signedOutAccept.status).toBe(302);
    expect(signedOutAccept.headers.get("location")).toBe(
      `/auth?mode=signin&redirect=${encodeURIComponent(link)}`,
    );

    // Someone else, signed in, is told whose it is and cannot accept it.
    const other = await someone("Oscar Other");
    expect(await text(await other.client.get(link))).toContain("This invitation was sent to");
    const wrong = await other.client.post(link, { intent: "accept" });
    expect(wrong.status).toBe(403);
    expect(await text(wrong)).toContain("This invitation was sent to another email address.");
    expect((await invitationTo(org, recipient.email))!.status).toBe("pending");
    expect(await orgContextFor(app.services.db, other.userId, org.slug)).toBeNull();

    // The recipient accepts: staff at North, and the organisation's pages open.
    const accepted = await recipient.client.post(link, { intent: "accept" });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe(`/org/${org.slug}`);
    const context = await orgContextFor(app.services.db, recipient.userId, org.slug);
    expect(context).toMatchObject({ role: "staff", locationIds: [north.id] });
    expect(context!.locationIds).not.toContain(south.id);
    expect((await invitationTo(org, recipient.email))!.status).toBe("accepted");
    expect((await recipient.client.get(`/org/${org.slug}`)).status).toBe(200);
    const again = await recipient.client.post(link, { intent: "accept" });
    expect(again.status).toBe(410);
    expect(await text(again)).toContain("This invitation has already been accepted.");
    const events = await app.services.db
      .select({ type: auditEvents.eventType, userId: auditEvents.userId })
      .from(auditEvents)
      .where(eq(auditEvents.organizationId, org.id));
    expect(events).toEqual(
      expect.arrayContaining([
        { type: "org_member_invited", userId: owner.userId },
        { type: "org_member_joined", userId: recipient.userId },
      ]),
    );
  });

  it("can be declined, cancelled or expire, and an unknown link is said to be one", async () => {
    const org = await createOrg(app.services, { preset: "workplace" });
    const admin = await someone("Ada Admin", org, "admin");
    const [decliner, late, dropped] = await Promise.all(
      ["Dee Decline", "Lee Late", "Dru Dropped"].map((name) => someone(name)),
    );
    for (const person of [decliner!, late!, dropped!]) {
      expect((await invite(admin.client, org, { email: person.email })).status).toBe(200);
    }
    const linkOf = async (person: Someone) =>
      `/org/invitations/${(await invitationTo(org, person.email))!.id}`;

    const declined = await decliner!.client.post(await linkOf(decliner!), { intent: "decline" });
    expect(declined.status).toBe(200);
    expect(await text(declined)).toContain("You declined the invitation. Nothing else changed.");
    expect((await invitationTo(org, decliner!.email))!.status).toBe("rejected");
    const afterDecline = await decliner!.client.get(await linkOf(decliner!));
    expect(afterDecline.status).toBe(410);
    expect(await text(afterDecline)).toContain("This invitation was declined.");
    expect(await orgContextFor(app.services.db, decliner!.userId, org.slug)).toBeNull();

    await app.services.db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.id, (await invitationTo(org, late!.email))!.id));
    const expired = await late!.client.get(await linkOf(late!));
    expect(expired.status).toBe(410);
    expect(await text(expired)).toContain(
      "This invitation has expired. Ask the organisation for a new one.",
    );
    expect((await late!.client.post(await linkOf(late!), { intent: "accept" })).status).toBe(410);
    expect(await orgContextFor(app.services.db, late!.userId, org.slug)).toBeNull();

    const cancelled = await admin.client.post(`/org/${org.slug}/staff`, {
      intent: "cancel",
      invitationId: (await invitationTo(org, dropped!.email))!.id,
    });
    expect(cancelled.status).toBe(200);
    expect(await text(cancelled)).toContain("Invitation cancelled: its link no longer works.");
    const gone = await dropped!.client.get(await linkOf(dropped!));
    expect(gone.status).toBe(410);
    expect(await text(gone)).toContain("This invitation was cancelled by the organisation.");
    expect((await dropped!.client.post(await linkOf(dropped!), { intent: "accept" })).status).toBe(
      410,
    );

    const unknown = await new Client(app).get("/org/invitations/NoSuchInvitationAtAll1234");
    expect(unknown.status).toBe(404);
    expect(await text(unknown)).toContain("This invitation link is not valid.");
  });

  it("is limited per address and per organisation; a refused one sends nothing", async () => {
    const org = await createOrg(app.services, { preset: "other" });
    const admin = await someone("Rita Rate", org, "admin");
    const address = `limited-${Date.now()}@example.com`;
    for (let i = 0; i < 3; i++) {
      expect((await invite(admin.client, org, { email: address })).status).toBe(200);
    }
    const fourth = await invite(admin.client, org, { email: address });
    expect(fourth.status).toBe(429);
    expect(await text(fourth)).toMatch(/Too many invitations\. Try again in \d+ minutes?\./);
    // Each new invitation replaced the pending one: one link works.
    const rows = await app.services.db
      .select({ status: invitation.status })
      .from(invitation)
      .where(eq(invitation.email, address));
    expect(rows.map((r) => r.status).sort()).toEqual(["canceled", "canceled", "pending"]);

    // The organisation's day is spent (as after 200 invitations): nobody more is invited.
    await app.services.db
      .update(rateLimits)
      .set({ points: 200 })
      .where(eq(rateLimits.key, `org-invite:organization:${org.id}`));
    const fresh = `fresh-${Date.now()}@example.com`;
    expect((await invite(admin.client, org, { email: fresh })).status).toBe(429);
    expect(await invitationTo(org, fresh)).toBeNull();
  });
});

describe("roles and the last owner", () => {
  it("only owners make, change or remove owners, and the last owner stays", async () => {
    const org = await createOrg(app.services, { preset: "workplace" });
    const owner = await someone("Orla Owner", org, "owner");
    const admin = await someone("Arlo Admin", org, "admin");
    const staff = await someone("Stan Staff", org, "staff");
    const role = (client: Client, target: Someone, to: string) =>
      client.post(`/org/${org.slug}/staff`, {
        intent: "role",
        memberId: target.memberId!,
        role: to,
      });
    const remove = (client: Client, target: Someone, confirm = "yes") =>
      client.post(`/org/${org.slug}/staff`, {
        intent: "remove",
        memberId: target.memberId!,
        confirm,
      });
    const roleOf = async (target: Someone) => (await memberRow(target.memberId!))?.role ?? null;

    expect((await role(admin.client, staff, "admin")).status).toBe(200);
    expect(await roleOf(staff)).toBe("admin");
    for (const attempt of [
      await role(admin.client, staff, "owner"),
      await role(admin.client, owner, "admin"),
      await remove(admin.client, owner),
    ]) {
      expect(attempt.status).toBe(403);
      expect(await text(attempt)).toContain("Only an owner can make, change or remove an owner.");
    }
    const ownerInvite = await invite(admin.client, org, {
      email: `would-be-owner-${Date.now()}@example.com`,
      role: "owner",
    });
    expect(ownerInvite.status).toBe(403);
    const badRole = await role(admin.client, staff, "account");
    expect(badRole.status).toBe(400);
    expect(await text(badRole)).toContain("Choose one of the roles");

    // The only owner can neither step down nor leave.
    for (const attempt of [
      await role(owner.client, owner, "admin"),
      await remove(owner.client, owner),
    ]) {
      expect(attempt.status).toBe(409);
      expect(await text(attempt)).toContain("The organisation&#x27;s last owner cannot be removed");
    }
    expect(await roleOf(owner)).toBe("owner");

    // With a second owner, either may step the other down; the last one stays.
    expect((await role(owner.client, admin, "owner")).status).toBe(200);
    expect((await role(admin.client, owner, "staff")).status).toBe(200);
    expect(await roleOf(owner)).toBe("staff");
    expect((await remove(admin.client, admin)).status).toBe(409);
    expect(await roleOf(admin)).toBe("owner");

    // Removing needs the confirmation; then the login loses the organisation at once.
    const unconfirmed = await remove(admin.client, staff, "");
    expect(unconfirmed.status).toBe(400);
    expect(await text(unconfirmed)).toContain("Please confirm first.");
    expect((await remove(admin.client, staff)).status).toBe(200);
    expect(await memberRow(staff.memberId!)).toBeNull();
    expect((await staff.client.get(`/org/${org.slug}`)).status).toBe(404);

    const changes = await app.services.db
      .select({ type: auditEvents.eventType })
      .from(auditEvents)
      .where(eq(auditEvents.organizationId, org.id));
    expect(changes.filter((e) => e.type === "org_member_role_changed")).toHaveLength(3);
    expect(changes.filter((e) => e.type === "org_member_removed")).toHaveLength(1);
  });

  it("lists members with logins and their roles, never the organisation's own account", async () => {
    const org = await createOrg(app.services, { preset: "school", name: "Listing School" });
    const owner = await someone("Lena Lister", org, "owner");
    await someone("Sid Staffer", org, "staff");
    const page = await text(await owner.client.get(`/org/${org.slug}/staff`));
    const list = page.slice(page.indexOf('data-testid="org-members"'));
    expect(list).toContain("Lena Lister");
    expect(list).toContain("Sid Staffer");
    expect(page).not.toContain(org.accountId);
    expect(page).not.toContain("organizations.safetap.invalid");
  });
});

describe("where staff work", () => {
  it("sets a staff member's locations from the organisation's own; none means everywhere", async () => {
    const org = await createOrg(app.services, { preset: "school" });
    const other = await createOrg(app.services, { preset: "school" });
    const [a, b] = [await addLocation(app.services, org), await addLocation(app.services, org)];
    const foreign = await addLocation(app.services, other);
    const admin = await someone("Lola Locations", org, "admin");
    const staff = await someone("Stu Sites", org, "staff");
    const path = `/org/${org.slug}/staff`;
    const set = (memberId: string, ids: string[]) =>
      postList(admin.client, path, [
        ["intent", "locations"],
        ["memberId", memberId],
        ...ids.map((id): [string, string] => ["locationIds", id]),
      ]);

    expect((await set(staff.memberId!, [a.id, b.id])).status).toBe(200);
    expect(await locationsOf(staff.memberId!)).toEqual([a.id, b.id].sort());
    const forged = await set(staff.memberId!, [a.id, foreign.id]);
    expect(forged.status).toBe(400);
    expect(await text(forged)).toContain("One of the locations is not this organisation&#x27;s.");
    expect(await locationsOf(staff.memberId!)).toEqual([a.id, b.id].sort());
    expect((await set(staff.memberId!, [])).status).toBe(200);
    expect(await locationsOf(staff.memberId!)).toEqual([]);
    expect((await orgContextFor(app.services.db, staff.userId, org.slug))?.locationIds).toBeNull();
    const notStaff = await set(admin.memberId!, [a.id]);
    expect(notStaff.status).toBe(400);
    expect(await text(notStaff)).toContain("Locations are set for staff only");

    // A staff member made admin works everywhere again.
    await set(staff.memberId!, [a.id]);
    await admin.client.post(path, { intent: "role", memberId: staff.memberId!, role: "admin" });
    expect(await locationsOf(staff.memberId!)).toEqual([]);
  });
});

describe("a person's own login", () => {
  it("is invited from the person and, once accepted, links them to their card", async () => {
    const org = await createOrg(app.services, { preset: "events", name: "City Marathon" });
    const other = await createOrg(app.services, { preset: "events" });
    const admin = await someone("Mo Marshal", org, "admin");
    const added = await addOrgPerson(app.services.db, app.services, org, admin.userId, {
      fullName: "Rhea Runner",
      externalId: "BIB-42",
    });
    const elsewhere = await addOrgPerson(app.services.db, app.services, other, null, {
      fullName: "Not Ours",
    });
    if (!added.ok || !elsewhere.ok) throw new Error("people not added");
    const path = `/org/${org.slug}/people/${added.profileId}/invite`;
    expect(await text(await admin.client.get(path))).toContain("Log in to their own card");

    const runner = await someone("Rhea Runner");
    const sent = await admin.client.post(path, { email: runner.email });
    expect(sent.status).toBe(200);
    const row = await invitationTo(org, runner.email);
    expect(row).toMatchObject({ role: "member", profileId: added.profileId });
    const [queued] = await app.services.db
      .select({ payload: alertDeliveries.payload })
      .from(alertDeliveries)
      .where(
        and(eq(alertDeliveries.kind, "invitation"), eq(alertDeliveries.accountId, org.accountId)),
      );
    expect(queued!.payload).toMatchObject({ template: "orgCardInvitation" });

    const link = `/org/invitations/${row!.id}`;
    expect(await text(await runner.client.get(link))).toContain(
      "City Marathon keeps your emergency card on SafeTap",
    );
    const accepted = await runner.client.post(link, { intent: "accept" });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe(`/org/${org.slug}/people/${added.profileId}`);
    const [person] = await app.services.db
      .select({ memberUserId: profiles.memberUserId })
      .from(profiles)
      .where(eq(profiles.id, added.profileId));
    expect(person!.memberUserId).toBe(runner.userId);
    expect((await orgContextFor(app.services.db, runner.userId, org.slug))?.role).toBe("member");

    expect(await text(await admin.client.get(path))).toContain(
      "This person already logs in to their own card.",
    );
    const twice = await admin.client.post(path, { email: `second-${Date.now()}@example.com` });
    expect(twice.status).toBe(409);

    // Another organisation's person is nobody here.
    const foreign = `/org/${org.slug}/people/${elsewhere.profileId}/invite`;
    expect((await admin.client.get(foreign)).status).toBe(404);
    const forged = await admin.client.post(foreign, { email: `forged-${Date.now()}@example.com` });
    expect(forged.status).toBe(404);
    const none = await app.services.db
      .select()
      .from(invitation)
      .where(eq(invitation.profileId, elsewhere.profileId));
    expect(none).toEqual([]);
  });
});

describe("who may open the staff pages (permission matrix)", () => {
  it("answers each role as decision 139 says, and ids of another organisation are nobody", async () => {
    const org = await createOrg(app.services, { preset: "school" });
    const other = await createOrg(app.services, { preset: "school" });
    const person = await addOrgPerson(app.services.db, app.services, org, null, {
      fullName: "Pia Pupil",
    });
    if (!person.ok) throw new Error("no person");
    const owner = await someone("Mx Owner", org, "owner");
    const admin = await someone("Mx Admin", org, "admin");
    const staff = await someone("Mx Staff", org, "staff");
    const memberLogin = await someone("Mx Member", org, "member");
    const outsider = await someone("Mx Outsider");
    const otherAdmin = await someone("Mx Other Admin", other, "admin");
    const safetap = await createOwner(app.services, { name: "Mx SafeTap", plan: "free" });
    await grantRole(app.services.db, safetap.email, "admin");
    const safetapClient = await signIn(app, safetap.email);

    const staffPath = `/org/${org.slug}/staff`;
    const invitePath = `/org/${org.slug}/people/${person.profileId}/invite`;
    const expected: [string, Client, number][] = [
      ["outsider", outsider.client, 404],
      ["other organisation's admin", otherAdmin.client, 404],
      ["member", memberLogin.client, 403],
      ["staff", staff.client, 403],
      ["admin", admin.client, 200],
      ["owner", owner.client, 200],
      ["SafeTap admin", safetapClient, 200],
    ];
    let n = 0;
    for (const [who, client, status] of expected) {
      for (const path of [staffPath, invitePath]) {
        const response = await client.get(path);
        expect(response.status, `${who} GET ${path}`).toBe(status);
        if (status === 403) expect(await text(response)).toContain("Access Denied");
      }
      const email = `matrix-${n++}-${Date.now()}@example.com`;
      const posted = await invite(client, org, { email });
      expect(posted.status, `${who} invites`).toBe(status);
      expect(Boolean(await invitationTo(org, email)), `${who} invitation`).toBe(status === 200);
      const personEmail = `matrix-person-${n++}-${Date.now()}@example.com`;
      expect((await client.post(invitePath, { email: personEmail })).status, who).toBe(status);
    }
    for (const path of [staffPath, invitePath]) {
      const signedOut = await new Client(app).get(path);
      expect(signedOut.status).toBe(302);
      expect(signedOut.headers.get("location")).toBe(
        `/auth?mode=signin&redirect=${encodeURIComponent(path)}`,
      );
    }
    expect(
      (
        await new Client(app).post(staffPath, {
          intent: "invite",
          email: "x@example.com",
          role: "staff",
        })
      ).status,
    ).toBe(302);

    // SafeTap's admin acts through the plugin's adapter: their invitation and changes are real.
    const safetapInvited = (
      await app.services.db
        .select()
        .from(invitation)
        .where(and(eq(invitation.organizationId, org.id), eq(invitation.inviterId, safetap.userId)))
    ).filter((i) => !i.profileId);
    expect(safetapInvited).toHaveLength(1);
    expect(
      (
        await safetapClient.post(staffPath, {
          intent: "role",
          memberId: memberLogin.memberId!,
          role: "staff",
        })
      ).status,
    ).toBe(200);
    expect((await memberRow(memberLogin.memberId!))?.role).toBe("staff");
    expect(
      (
        await safetapClient.post(staffPath, {
          intent: "cancel",
          invitationId: safetapInvited[0]!.id,
        })
      ).status,
    ).toBe(200);

    // Forged ids: another organisation's invitation, member and location change nothing here.
    const otherStaff = await someone("Mx Other Staff", other, "staff");
    const otherOwner = await someone("Mx Other Owner", other, "owner");
    await invite(otherOwner.client, other, { email: `theirs-${Date.now()}@example.com` });
    const [theirs] = await app.services.db
      .select()
      .from(invitation)
      .where(and(eq(invitation.organizationId, other.id), eq(invitation.status, "pending")));
    const foreignLocation = await addLocation(app.services, other);
    const forged: [Record<string, string>, number][] = [
      [{ intent: "cancel", invitationId: theirs!.id }, 404],
      [{ intent: "role", memberId: otherStaff.memberId!, role: "admin" }, 404],
      [{ intent: "remove", memberId: otherStaff.memberId!, confirm: "yes" }, 404],
      [
        { intent: "locations", memberId: otherStaff.memberId!, locationIds: foreignLocation.id },
        404,
      ],
      [
        {
          intent: "invite",
          email: `forged-loc-${Date.now()}@example.com`,
          role: "staff",
          locationIds: foreignLocation.id,
        },
        400,
      ],
    ];
    for (const [fields, status] of forged) {
      expect((await admin.client.post(staffPath, fields)).status, fields.intent).toBe(status);
    }
    expect((await invitationTo(other, theirs!.email))!.status).toBe("pending");
    expect((await memberRow(otherStaff.memberId!))?.role).toBe("staff");
    expect(await locationsOf(otherStaff.memberId!)).toEqual([]);
    // And the other organisation's admin reaches none of this organisation's pages or ids.
    expect(
      (
        await otherAdmin.client.post(staffPath, {
          intent: "role",
          memberId: staff.memberId!,
          role: "admin",
        })
      ).status,
    ).toBe(404);
    expect((await memberRow(staff.memberId!))?.role).toBe("staff");
  });
});
