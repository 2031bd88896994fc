import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { member, organization, profiles, user } from "#server/db/schema.ts";
import { addOrgPerson } from "#server/domain/org-people.ts";
import {
  createOrganization,
  orgCan,
  orgContextFor,
  setOrgExtraSeats,
} from "#server/domain/organizations.ts";
import { personAccess } from "#server/domain/people.ts";
import { seatQuota } from "#server/domain/quotas.ts";
import { grantRole } from "#server/domain/users.ts";
import { runOperatorCommand } from "#server/operator/commands.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";
import { addOrgMember, createOrg } from "#tests/support/orgs.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

describe("creating an organisation", () => {
  it("makes the organisation through Better Auth's plugin, with its own account that nobody can sign in as", async () => {
    const result = await createOrganization(app.services, {
      name: "  Hillside   Primary ",
      slug: "hillside-primary",
      preset: "school",
    });
    expect(result).toMatchObject({
      ok: true,
      organization: { name: "Hillside Primary", slug: "hillside-primary", preset: "school" },
    });
    if (!result.ok) return;
    const { accountId, id } = result.organization;
    const [row] = await app.services.db.select().from(organization).where(eq(organization.id, id));
    expect(row).toMatchObject({ slug: "hillside-primary", preset: "school", accountId });
    const members = await app.services.db
      .select()
      .from(member)
      .where(eq(member.organizationId, id));
    expect(members).toEqual([expect.objectContaining({ userId: accountId, role: "account" })]);
    const [account] = await app.services.db.select().from(user).where(eq(user.id, accountId));
    expect(account?.email).toMatch(/@organizations\.safetap\.invalid$/);
    const [plan] = await app.services.db
      .select({ plan: profiles.plan })
      .from(profiles)
      .where(eq(profiles.id, accountId));
    expect(plan?.plan).toBe("enterprise");

    // Signing in as the organisation's account, or resetting its password, is answered as for
    // an address nobody has, and sends nothing.
    const notice = (html: string) => html.match(/data-testid="notice".*?<\/div><\/div>/s)?.[0];
    const asOrg = await new Client(app, "192.0.2.80").post("/auth", {
      intent: "signin",
      identifier: account!.email,
      password: "Str0ng!Passw0rd",
    });
    const asNobody = await new Client(app, "192.0.2.81").post("/auth", {
      intent: "signin",
      identifier: `nobody-${Date.now()}@example.com`,
      password: "Str0ng!Passw0rd",
    });
    expect(asOrg.status).toBe(asNobody.status);
    expect(notice(await asOrg.text())).toBe(notice(await asNobody.text()));
    const [still] = await app.services.db.select().from(user).where(eq(user.id, accountId));
    expect(still?.emailVerified).toBe(false);
  });

  it("refuses a bad name, slug or preset and a slug in use, and creates nothing", async () => {
    const before = await app.services.db.select({ id: organization.id }).from(organization);
    const refusals = await Promise.all([
      createOrganization(app.services, { name: "X", slug: "fine-slug", preset: "school" }),
      createOrganization(app.services, { name: "<b>Org</b>", slug: "fine-slug", preset: "school" }),
      createOrganization(app.services, { name: "Fine", slug: "Bad Slug", preset: "school" }),
      createOrganization(app.services, { name: "Fine", slug: "-bad", preset: "school" }),
      createOrganization(app.services, { name: "Fine", slug: "ab", preset: "school" }),
      createOrganization(app.services, { name: "Fine", slug: "fine-slug", preset: "prison" }),
      createOrganization(app.services, { name: "Fine", slug: "hillside-primary", preset: "other" }),
    ]);
    expect(refusals.map((r) => (r.ok ? "ok" : r.reason))).toEqual([
      "invalid_name",
      "invalid_name",
      "invalid_slug",
      "invalid_slug",
      "invalid_slug",
      "invalid_preset",
      "slug_taken",
    ]);
    const after = await app.services.db.select({ id: organization.id }).from(organization);
    expect(after).toHaveLength(before.length);
  });

  it("`safetap orgs create` creates one and says where it is; a slug in use is refused", async () => {
    const deps = { db: app.services.db, config: app.services.config, auth: app.services.auth };
    const output = await runOperatorCommand(deps, {
      command: "orgs.create",
      name: "Acme Works",
      slug: "acme-works",
      preset: "workplace",
    });
    expect(output).toBe("Organisation Acme Works created: /org/acme-works (workplace)\n");
    await expect(
      runOperatorCommand(deps, {
        command: "orgs.create",
        name: "Acme Again",
        slug: "acme-works",
        preset: "workplace",
      }),
    ).rejects.toThrow("An organisation with that slug already exists");
  });
});

describe("who may do what in an organisation", () => {
  it("answers members by role, outsiders and other organisations' admins with nothing, SafeTap admins as admins", async () => {
    const school = await createOrg(app.services, { preset: "school" });
    const other = await createOrg(app.services, { preset: "school" });
    const [admin, staff, outsider, otherAdmin, safetap, pupilLogin] = await Promise.all(
      ["Ada", "Sam", "Oz", "Otto", "Sue", "Pip"].map((name) =>
        createOwner(app.services, { name, plan: "free" }),
      ),
    );
    await addOrgMember(app.services, school, admin!.userId, "admin");
    await addOrgMember(app.services, school, staff!.userId, "staff");
    await addOrgMember(app.services, other, otherAdmin!.userId, "admin");
    await addOrgMember(app.services, school, pupilLogin!.userId, "member");
    await grantRole(app.services.db, safetap!.email, "admin");

    const context = (userId: string) => orgContextFor(app.services.db, userId, school.slug);
    const adminContext = await context(admin!.userId);
    expect(adminContext?.role).toBe("admin");
    expect(orgCan(adminContext!, { people: ["import"], medical: ["update"] })).toBe(true);
    const staffContext = await context(staff!.userId);
    expect(orgCan(staffContext!, { reader: ["scan"], people: ["read"] })).toBe(true);
    expect(orgCan(staffContext!, { people: ["update"] })).toBe(false);
    expect(orgCan(staffContext!, { reports: ["export"] })).toBe(false);
    expect(orgCan((await context(pupilLogin!.userId))!, { people: ["read"] })).toBe(false);
    expect(await context(outsider!.userId)).toBeNull();
    expect(await context(otherAdmin!.userId)).toBeNull();
    expect(await context(school.accountId)).toBeNull();
    expect(await orgContextFor(app.services.db, admin!.userId, "no-such-org")).toBeNull();
    expect(await orgContextFor(app.services.db, admin!.userId, "../etc")).toBeNull();
    expect((await context(safetap!.userId))?.role).toBe("safetap_admin");

    // A managed person: admins change them, staff read them, the person themself changes
    // their own, nobody else even sees them.
    const added = await addOrgPerson(app.services.db, app.services, school, admin!.userId, {
      fullName: "Mia Pupil",
      externalId: "S-001",
      groupName: "4B",
    });
    expect(added.ok).toBe(true);
    if (!added.ok) return;
    const access = (userId: string) => personAccess(app.services.db, userId, added.profileId);
    expect(await access(admin!.userId)).toMatchObject({
      canManage: true,
      organizationId: school.id,
      accountId: school.accountId,
    });
    expect(await access(staff!.userId)).toMatchObject({ canManage: false });
    expect(await access(outsider!.userId)).toBeNull();
    expect(await access(otherAdmin!.userId)).toBeNull();
    expect(await access(pupilLogin!.userId)).toBeNull();
    await app.services.db
      .update(profiles)
      .set({ memberUserId: pupilLogin!.userId })
      .where(eq(profiles.id, added.profileId));
    expect(await access(pupilLogin!.userId)).toMatchObject({ canManage: true });

    // A school's people are minors (the child-safe card); external ids are unique in it.
    const [row] = await app.services.db
      .select({ isMinor: profiles.isMinor, groupName: profiles.groupName })
      .from(profiles)
      .where(eq(profiles.id, added.profileId));
    expect(row).toEqual({ isMinor: true, groupName: "4B" });
    expect(
      await addOrgPerson(app.services.db, app.services, school, admin!.userId, {
        fullName: "Mia Again",
        externalId: "S-001",
      }),
    ).toEqual({ ok: false, reason: "duplicate_external_id" });
    expect(
      (
        await addOrgPerson(app.services.db, app.services, other, otherAdmin!.userId, {
          fullName: "Same Id Elsewhere",
          externalId: "S-001",
        })
      ).ok,
    ).toBe(true);
  });
});

describe("an organisation's seats", () => {
  it("holds 100 people, then as many more as a SafeTap admin adds", async () => {
    const org = await createOrg(app.services, { preset: "workplace" });
    await app.services.db.insert(profiles).values(
      Array.from({ length: 99 }, (_, i) => ({
        id: `${org.id}-p${i}`,
        accountId: org.accountId,
        organizationId: org.id,
        fullName: `Person ${i}`,
      })),
    );
    const add = (name: string) =>
      addOrgPerson(app.services.db, app.services, org, null, { fullName: name });
    expect((await add("Hundredth")).ok).toBe(true);
    expect(await add("One too many")).toEqual({ ok: false, reason: "seat_limit", limit: 100 });
    await setOrgExtraSeats(app.services, org.id, 1, null);
    const reloaded = { ...org, extraSeats: 1 };
    expect((await add("With an extra seat")).ok).toBe(true);
    expect(
      await app.services.db.transaction((tx) => seatQuota(tx, reloaded.accountId, 1)),
    ).toMatchObject({ ok: false, limit: 101 });
  });
});

describe("the organisation's pages", () => {
  it("open for its members, send the signed-out to sign in, and are not found for anyone else", async () => {
    const org = await createOrg(app.services, { preset: "healthcare", name: "St Mary Ward" });
    const other = await createOrg(app.services, { preset: "school" });
    const [admin, staff, outsider, otherAdmin] = await Promise.all(
      ["Ann", "Stu", "Olly", "Oren"].map((name) =>
        createOwner(app.services, { name, plan: "free" }),
      ),
    );
    await addOrgMember(app.services, org, admin!.userId, "admin");
    await addOrgMember(app.services, org, staff!.userId, "staff");
    await addOrgMember(app.services, other, otherAdmin!.userId, "admin");
    const path = `/org/${org.slug}`;

    const signedOut = await new Client(app).get(path);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe(
      `/auth?mode=signin&redirect=${encodeURIComponent(path)}`,
    );
    const asAdmin = await (await signIn(app, admin!.email)).get(path);
    expect(asAdmin.status).toBe(200);
    const html = await asAdmin.text();
    expect(html).toContain("St Mary Ward");
    expect(html.replaceAll("<!-- -->", "")).toContain("Healthcare · Admin");
    expect(html).toContain("0 of 100");
    expect(html).toContain("Staff and roles");
    const asStaff = await (await signIn(app, staff!.email)).get(path);
    expect(asStaff.status).toBe(200);
    expect(await asStaff.text()).not.toContain("Staff and roles");
    for (const stranger of [outsider!, otherAdmin!]) {
      const client = await signIn(app, stranger.email);
      expect((await client.get(path)).status).toBe(404);
      expect((await client.get("/org/no-such-organisation")).status).toBe(404);
    }
  });
});
