import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, profiles, tags } from "#server/db/schema.ts";
import {
  claimTag,
  markTagLost,
  setTagVisibility,
  unlinkTag,
} from "#server/domain/tag-lifecycle.ts";
import { mintTags } from "#server/domain/tags.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

async function mintOne() {
  const { tags: minted } = await mintTags(app.services.db, {
    product: "card",
    count: 1,
    masterKey: app.services.config.dataEncryptionKey,
    publicUrl: app.services.config.publicUrl,
  });
  return minted[0]!;
}

const tagRow = async (id: string) =>
  (await app.services.db.select().from(tags).where(eq(tags.id, id)))[0]!;
let nextAddress = 1;
/** Each call from its own client address unless one is given (addresses have their own limit). */
const claim = (userId: string, tagId: string, token: string, clientAddress?: string) =>
  claimTag(app.services, {
    userId,
    tagId,
    token,
    clientAddress: clientAddress ?? `203.0.113.${nextAddress++ % 250}`,
  });

describe("claiming a tag (spec section 4)", () => {
  it("sets owner, status active, is_active, claimed_at and linked_at, and audits tag_claimed", async () => {
    const owner = await createOwner(app.services);
    const tag = await mintOne();
    const result = await claim(
      owner.userId,
      tag.tagId.toLowerCase(),
      ` ${tag.activationToken.toLowerCase()} `,
    );
    expect(result).toEqual({ ok: true, tagId: tag.tagId });
    const row = await tagRow(tag.tagId);
    expect(row).toMatchObject({
      userId: owner.userId,
      status: "active",
      isActive: true,
      isLost: false,
    });
    expect(row.claimedAt).not.toBeNull();
    expect(row.linkedAt).not.toBeNull();
    const events = await app.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.userId, owner.userId));
    expect(events.some((e) => e.eventType === "tag_claimed" && e.success)).toBe(true);
  });

  it("refuses a wrong token, an empty one, an unknown tag, and says when it is already owned or claimed", async () => {
    const owner = await createOwner(app.services);
    const other = await createOwner(app.services);
    const tag = await mintOne();
    expect(await claim(owner.userId, tag.tagId, "ACT-AAAAAA")).toEqual({
      ok: false,
      reason: "invalid_token",
    });
    expect(await claim(owner.userId, tag.tagId, "  ")).toEqual({
      ok: false,
      reason: "token_required",
    });
    expect(await claim(owner.userId, "CD-NOPE2", tag.activationToken)).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect((await tagRow(tag.tagId)).userId).toBeNull();
    expect((await claim(owner.userId, tag.tagId, tag.activationToken)).ok).toBe(true);
    expect(await claim(owner.userId, tag.tagId, tag.activationToken)).toEqual({
      ok: false,
      reason: "already_owned",
    });
    expect(await claim(other.userId, tag.tagId, tag.activationToken)).toEqual({
      ok: false,
      reason: "already_claimed",
    });
  });

  it("allows at most 50 token attempts per tag per hour, across addresses", async () => {
    const owners = await Promise.all(Array.from({ length: 5 }, () => createOwner(app.services)));
    const tag = await mintOne();
    for (let i = 0; i < 50; i++) {
      const owner = owners[i % 5]!;
      expect(await claim(owner.userId, tag.tagId, "ACT-BBBBBB")).toEqual({
        ok: false,
        reason: "invalid_token",
      });
    }
    const refused = await claim(owners[0]!.userId, tag.tagId, tag.activationToken);
    expect(refused).toMatchObject({ ok: false, reason: "rate_limited" });
    expect(refused.ok === false && refused.retryAfterSeconds).toBeGreaterThan(3000);
    expect((await tagRow(tag.tagId)).userId).toBeNull();
  });

  it("allows at most 10 token attempts per account per hour, across tags", async () => {
    const owner = await createOwner(app.services);
    for (let i = 0; i < 10; i++) {
      const tag = await mintOne();
      expect(await claim(owner.userId, tag.tagId, "ACT-CCCCCC")).toEqual({
        ok: false,
        reason: "invalid_token",
      });
    }
    const fresh = await mintOne();
    expect(await claim(owner.userId, fresh.tagId, fresh.activationToken)).toMatchObject({
      ok: false,
      reason: "rate_limited",
    });
  });

  it("enforces the plan's tag limit on the server (Free: 1)", async () => {
    const owner = await createOwner(app.services, { plan: "free" }); // already owns one tag
    const tag = await mintOne();
    expect(await claim(owner.userId, tag.tagId, tag.activationToken)).toEqual({
      ok: false,
      reason: "tag_limit",
      limit: 1,
    });
    await app.services.db
      .update(profiles)
      .set({ plan: "pro" })
      .where(eq(profiles.id, owner.userId));
    expect((await claim(owner.userId, tag.tagId, tag.activationToken)).ok).toBe(true);
  });
});

describe("mark lost, unlink, visibility: owner only", () => {
  it("mark lost deactivates the card; unlink makes the tag claimable again with its token", async () => {
    const owner = await createOwner(app.services);
    const stranger = await createOwner(app.services);
    expect(await unlinkTag(app.services, owner.userId, owner.tagId, "x")).toBe(false); // active: not yet
    expect(await markTagLost(app.services, stranger.userId, owner.tagId, "x")).toBe(false);
    expect(await markTagLost(app.services, owner.userId, owner.tagId, "x")).toBe(true);
    expect(await tagRow(owner.tagId)).toMatchObject({ isLost: true, isActive: false });
    expect(await markTagLost(app.services, owner.userId, owner.tagId, "x")).toBe(false);
    const card = await app.request(`/t/${owner.tagId}`);
    expect(await card.text()).toContain("Tag Deactivated");

    expect(await unlinkTag(app.services, stranger.userId, owner.tagId, "x")).toBe(false);
    expect(await unlinkTag(app.services, owner.userId, owner.tagId, "x")).toBe(true);
    expect(await tagRow(owner.tagId)).toMatchObject({
      userId: null,
      status: "inactive",
      isActive: false,
      linkedAt: null,
    });
    expect(
      (await app.request(`/t/${owner.tagId}`, { redirect: "manual" })).headers.get("location"),
    ).toBe(`/claim/${owner.tagId}`);
    // Claimable again, by anyone holding the printed token.
    expect(await claim(stranger.userId, owner.tagId, owner.activationToken)).toEqual({
      ok: true,
      tagId: owner.tagId,
    });
  });

  it("only the owner changes what the card shows", async () => {
    const owner = await createOwner(app.services);
    const stranger = await createOwner(app.services);
    const hide = { showMedical: false, showContacts: false };
    expect(await setTagVisibility(app.services, stranger.userId, owner.tagId, hide)).toBe(false);
    expect(await tagRow(owner.tagId)).toMatchObject({ showMedical: true, showContacts: true });
    expect(await setTagVisibility(app.services, owner.userId, owner.tagId, hide)).toBe(true);
    expect(await tagRow(owner.tagId)).toMatchObject(hide);
  });
});
