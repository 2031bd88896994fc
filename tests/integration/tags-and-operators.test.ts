import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TAG_ID_PATTERN } from "#core/tag-ids.ts";
import { attendanceScans, profiles, tags, userRoles } from "#server/db/schema.ts";
import { orgContextFor } from "#server/domain/organizations.ts";
import { listPeople } from "#server/domain/people.ts";
import { quotaHolderFor } from "#server/domain/quotas.ts";
import { activationTokenHasher } from "#server/domain/tag-ids.ts";
import { mintedTagsCsv, mintTags } from "#server/domain/tags.ts";
import { hasRole } from "#server/domain/users.ts";
import { runOperatorCommand } from "#server/operator/commands.ts";
import { seedDemoData } from "#server/seed.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

describe("minting tags", () => {
  it("creates unclaimed tags whose tokens are stored only as keyed hashes", async () => {
    const key = randomBytes(32);
    const { tags: minted, batchId } = await mintTags(app.services.db, {
      product: "keychain",
      count: 25,
      masterKey: key,
      publicUrl: "https://safetap.example",
    });
    expect(minted).toHaveLength(25);
    expect(new Set(minted.map((t) => t.tagId)).size).toBe(25);
    const hasher = activationTokenHasher(key);
    for (const tag of minted) {
      expect(tag.tagId).toMatch(/^KC-/);
      expect(tag.cardUrl).toBe(`https://safetap.example/t/${tag.tagId}`);
      const [row] = await app.services.db.select().from(tags).where(eq(tags.id, tag.tagId));
      expect(row).toMatchObject({
        product: "keychain",
        userId: null,
        status: "inactive",
        isActive: false,
        isLost: false,
        batchId,
      });
      expect(row!.activationTokenHash).not.toContain(tag.activationToken);
      expect(hasher.matches(tag.activationToken, row!.activationTokenHash)).toBe(true);
    }
  });

  it("rejects counts outside 1..10000", async () => {
    for (const count of [0, -1, 1.5, 10_001]) {
      await expect(
        mintTags(app.services.db, {
          product: "card",
          count,
          masterKey: randomBytes(32),
          publicUrl: "http://x",
        }),
      ).rejects.toThrow(RangeError);
    }
  });

  it("prints CSV with the header tag_id,activation_token,card_url", () => {
    const csv = mintedTagsCsv([
      { tagId: "WB-ABCDE", activationToken: "ACT-ABCDEF", cardUrl: "http://x/t/WB-ABCDE" },
    ]);
    expect(csv).toBe("tag_id,activation_token,card_url\nWB-ABCDE,ACT-ABCDEF,http://x/t/WB-ABCDE\n");
  });
});

describe("operator commands", () => {
  it("tags.mint returns CSV rows for tags that exist", async () => {
    const output = await runOperatorCommand(app.services, {
      command: "tags.mint",
      product: "sticker",
      count: 3,
    });
    const [header, ...rows] = output.trim().split("\n");
    expect(header).toBe("tag_id,activation_token,card_url");
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const [id, token, url] = row.split(",");
      expect(id).toMatch(TAG_ID_PATTERN);
      expect(token).toMatch(/^ACT-[A-HJ-NP-Z2-9]{6}$/);
      expect(url).toBe(`http://localhost:3000/t/${id}`);
      expect(await app.services.db.select().from(tags).where(eq(tags.id, id!))).toHaveLength(1);
    }
  });

  it("users.set-plan and users.grant-role change the named user only", async () => {
    const a = await app.services.auth.api.signUpEmail({
      body: { email: "ops-a@example.com", password: "Str0ng!pass", name: "A" },
    });
    const b = await app.services.auth.api.signUpEmail({
      body: { email: "ops-b@example.com", password: "Str0ng!pass", name: "B" },
    });
    await runOperatorCommand(app.services, {
      command: "users.set-plan",
      identifier: "OPS-A@example.com",
      plan: "family",
    });
    await runOperatorCommand(app.services, {
      command: "users.grant-role",
      identifier: "ops-a@example.com",
      role: "moderator",
    });
    const [profileA] = await app.services.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, a.user.id));
    expect(profileA?.plan).toBe("family");
    expect(await hasRole(app.services.db, a.user.id, "moderator")).toBe(true);
    expect(await hasRole(app.services.db, b.user.id, "moderator")).toBe(false);
    expect(
      await app.services.db.select().from(profiles).where(eq(profiles.id, b.user.id)),
    ).toHaveLength(0);
  });

  it("an unknown user is a clear error and changes nothing", async () => {
    const before = await app.services.db.select().from(userRoles);
    await expect(
      runOperatorCommand(app.services, {
        command: "users.grant-role",
        identifier: "nobody@example.com",
        role: "admin",
      }),
    ).rejects.toThrow('No user found for "nobody@example.com"');
    expect(await app.services.db.select().from(userRoles)).toEqual(before);
  });

  it("the operator endpoint answers only to its token, from this machine", async () => {
    app.services.operatorToken = "t".repeat(64);
    const body = JSON.stringify({ command: "tags.mint", product: "card", count: 1 });
    // In-process requests have no socket, so even the right token is refused here.
    const response = await app.request("/internal/operator/run", {
      method: "POST",
      headers: { authorization: `Bearer ${"t".repeat(64)}`, "content-type": "application/json" },
      body,
    });
    expect(response.status).toBe(404);
    app.services.operatorToken = undefined;
  });
});

describe("demo data (embedded default)", () => {
  it("is seeded once: a demo account with profile and contact, an admin, and unclaimed tags", async () => {
    const first = await seedDemoData(app.services);
    const second = await seedDemoData(app.services);
    expect(second).toEqual(first);
    expect(first.unclaimedTags.length).toBeGreaterThanOrEqual(4);
    const session = await app.services.auth.api.signInEmail({
      body: { email: first.demo.email, password: first.demo.password },
    });
    expect(session.user.email).toBe("demo@safetap.app");
    const admin = await app.services.auth.api.signInEmail({
      body: { email: first.admin.email, password: first.admin.password },
    });
    expect(await hasRole(app.services.db, admin.user.id, "admin")).toBe(true);
    const [linked] = await app.services.db
      .select()
      .from(tags)
      .where(eq(tags.id, first.linkedTag.tagId));
    expect(linked).toMatchObject({ userId: session.user.id, isActive: true, status: "active" });
    const html = await (await app.request(`/t/${first.linkedTag.tagId}`)).text();
    expect(html).toContain("Alex Demo");
    for (const tag of first.unclaimedTags) {
      const response = await app.request(`/t/${tag.tagId}`, { redirect: "manual" });
      expect(response.headers.get("location")).toBe(`/claim/${tag.tagId}`);
    }
  });

  it("makes the demo account a Family household with a second adult and a child, each with a card", async () => {
    const credentials = await seedDemoData(app.services);
    expect(credentials.family.map(({ name, role }) => ({ name, role }))).toEqual([
      { name: "Alex Demo", role: "owner" },
      { name: "Jordan Demo", role: "adult" },
      { name: "Leo Demo", role: "child" },
    ]);
    const adult = await app.services.auth.api.signInEmail({
      body: { email: credentials.adult.email, password: credentials.adult.password },
    });
    const owner = credentials.family[0]!;
    const holder = await quotaHolderFor(app.services.db, adult.user.id);
    expect(holder).toMatchObject({ kind: "household", plan: "family" });
    expect([...holder.accounts].sort()).toEqual([owner.profileId, adult.user.id].sort());
    const seen = await listPeople(app.services.db, adult.user.id);
    expect(seen.map((person) => person.fullName)).toEqual(["Jordan Demo", "Alex Demo", "Leo Demo"]);
    for (const person of credentials.family) {
      const html = await (await app.request(new URL(person.cardUrl).pathname)).text();
      // A child's card shows the first name only (DESIGN 1b.6); everyone has a photo.
      if (person.role === "child") expect(html).not.toContain("Leo Demo");
      expect(html, person.name).toContain(person.role === "child" ? "Leo" : person.name);
      const photo = html.match(/src="(\/photos\/[^"]+)"/)?.[1];
      expect(photo, person.name).toBeDefined();
      const image = await app.request(photo!);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toMatch(/^image\//);
    }
    const [child] = await app.services.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, credentials.family[2]!.profileId));
    expect(child).toMatchObject({ accountId: owner.profileId, isMinor: true });
  });

  it("makes a demo school: the demo account its admin, a staff member at the main building, pupils with wristbands and check-ins", async () => {
    const credentials = await seedDemoData(app.services);
    expect(credentials.organization.slug).toBe("hillside-primary");
    const owner = credentials.family[0]!;
    const asAdmin = await orgContextFor(app.services.db, owner.profileId, "hillside-primary");
    expect(asAdmin?.role).toBe("admin");
    const staff = await app.services.auth.api.signInEmail({
      body: {
        email: credentials.organization.staff.email,
        password: credentials.organization.staff.password,
      },
    });
    const asStaff = await orgContextFor(app.services.db, staff.user.id, "hillside-primary");
    expect(asStaff?.role).toBe("staff");
    expect(asStaff?.locationIds).toHaveLength(1);
    const pupils = await app.services.db
      .select({ id: profiles.id, isMinor: profiles.isMinor, tagId: tags.id })
      .from(profiles)
      .innerJoin(tags, eq(tags.profileId, profiles.id))
      .where(eq(profiles.organizationId, asAdmin!.org.id));
    expect(pupils).toHaveLength(8);
    expect(pupils.every((pupil) => pupil.isMinor)).toBe(true);
    const checkIns = await app.services.db
      .select({ id: attendanceScans.id })
      .from(attendanceScans)
      .where(eq(attendanceScans.organizationId, asAdmin!.org.id));
    expect(checkIns).toHaveLength(5);
    // A pupil's card: first name only, the guardian first.
    const html = await (await app.request(`/t/${pupils[0]!.tagId}`)).text();
    expect(html).toMatch(/Mia|Noah|Ava|Liam|Zoe|Ethan|Isla|Lucas/);
    expect(html).not.toMatch(
      /Mia Thompson|Noah Garcia|Ava Nguyen|Liam Dubois|Zoe Patel|Ethan Okafor|Isla Murphy|Lucas Silva/,
    );
    const guardian = html.search(
      /Grace Thompson|Lucia Garcia|Minh Nguyen|Claire Dubois|Anita Patel|Chidi Okafor|Sean Murphy|Rafael Silva/,
    );
    expect(guardian).toBeGreaterThan(-1);
    expect(guardian).toBeLessThan(html.indexOf("School office"));
  });
});
