import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, tags } from "#server/db/schema.ts";
import { activationTokenHasher } from "#server/domain/tag-ids.ts";
import { grantRole, hasRole } from "#server/domain/users.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner, type Owner } from "#tests/support/fixtures.ts";
import { type Client, signIn } from "#tests/support/http-client.ts";

let app: TestApp;
let admin: Client;
let plain: Client;
let person: Owner;
beforeAll(async () => {
  app = await createTestApp();
  const adminOwner = await createOwner(app.services, { name: "Ada Admin" });
  await grantRole(app.services.db, adminOwner.email, "admin");
  person = await createOwner(app.services, { name: "Pia Person" });
  admin = await signIn(app, adminOwner.email);
  plain = await signIn(app, person.email);
});
afterAll(() => app?.close());

describe("/admin", () => {
  it("is for admins only: others get 403 'Access Denied', signed out goes to sign-in", async () => {
    const denied = await plain.get("/admin");
    expect(denied.status).toBe(403);
    expect(await denied.text()).toContain("Access Denied");
    const signedOut = await app.request("/admin", { redirect: "manual" });
    expect(signedOut.headers.get("location")).toBe("/auth?mode=signin&redirect=/admin");
    const mint = await plain.post("/admin/mint", { product: "card", count: "2" });
    expect(mint.status).toBe(403);
    const planChange = await plain.post("/admin", {
      intent: "setPlan",
      identifier: person.email,
      plan: "enterprise",
    });
    expect(planChange.status).toBe(403);
    const [profile] = await app.services.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, person.userId));
    expect(profile!.plan).toBe("family");
    expect(
      (await plain.get("/admin/batches/00000000-0000-0000-0000-000000000000/qr.zip")).status,
    ).toBe(403);
  });

  it("mints a batch as a CSV download with tokens; the batch's QR codes come as a ZIP", async () => {
    const response = await admin.post("/admin/mint", { product: "sticker", count: "3" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(
      /attachment; filename="safetap-sticker-[0-9a-f]{8}\.csv"/,
    );
    const [header, ...rows] = (await response.text()).trim().split("\n");
    expect(header).toBe("tag_id,activation_token,card_url");
    expect(rows).toHaveLength(3);
    const [tagId, token] = rows[0]!.split(",");
    const [row] = await app.services.db.select().from(tags).where(eq(tags.id, tagId!));
    expect(
      activationTokenHasher(app.services.config.dataEncryptionKey).matches(
        token!,
        row!.activationTokenHash,
      ),
    ).toBe(true);

    const page = await (await admin.get("/admin")).text();
    const batchId = page.match(/\/admin\/batches\/([0-9a-f-]{36})\/qr\.zip/)?.[1];
    expect(batchId).toBe(row!.batchId);
    const zip = await admin.get(`/admin/batches/${batchId}/qr.zip`);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(
      rows.flatMap((r) => [`${r.split(",")[0]}.png`, `${r.split(",")[0]}.svg`]).sort(),
    );
    expect(new TextDecoder().decode(files[`${tagId}.svg`])).toContain("<svg");
    const list = await (await admin.get(`/admin/batches/${batchId}/tags.csv`)).text();
    expect(list.split("\n")[0]).toBe("tag_id,card_url");
    expect(list).not.toContain("ACT-");
  });

  it("refuses bad mint requests and changes nothing", async () => {
    const before = (await app.services.db.select().from(tags)).length;
    for (const fields of [
      { product: "bracelet", count: "2" },
      { product: "card", count: "0" },
      { product: "card", count: "10001" },
      { product: "card", count: "lots" },
    ]) {
      const response = await admin.post("/admin/mint", fields);
      expect(response.status).toBe(400);
    }
    expect((await app.services.db.select().from(tags)).length).toBe(before);
  });

  it("searches tags by id or owner email", async () => {
    const html = await (await admin.get(`/admin?q=${encodeURIComponent(person.email)}`)).text();
    expect(html).toContain(person.tagId);
    const none = await (await admin.get("/admin?q=ZZ-NOTHING")).text();
    expect(none).toContain("No tags match.");
  });

  it("sets a user's plan and grants roles", async () => {
    const plan = await (
      await admin.post("/admin", { intent: "setPlan", identifier: person.email, plan: "pro" })
    ).text();
    expect(plan).toContain(`Plan of ${person.email} set to pro`);
    const [profile] = await app.services.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, person.userId));
    expect(profile!.plan).toBe("pro");
    const role = await (
      await admin.post("/admin", {
        intent: "grantRole",
        identifier: person.email,
        role: "moderator",
      })
    ).text();
    expect(role).toContain(`Role moderator granted to ${person.email}`);
    expect(await hasRole(app.services.db, person.userId, "moderator")).toBe(true);
    const unknown = await admin.post("/admin", {
      intent: "setPlan",
      identifier: "nobody@example.com",
      plan: "pro",
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("No user found for that email, phone number or id");
  });
});
