import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alerts, tags } from "#server/db/schema.ts";
import { grantRole } from "#server/domain/users.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner, type Owner } from "#tests/support/fixtures.ts";
import { type Client, signIn } from "#tests/support/http-client.ts";

let app: TestApp;
let owner: Owner;
let ownerClient: Client;
let strangerClient: Client;
beforeAll(async () => {
  app = await createTestApp();
  owner = await createOwner(app.services, { name: "Tess Tags" });
  const stranger = await createOwner(app.services, { name: "Stan Stranger" });
  ownerClient = await signIn(app, owner.email);
  strangerClient = await signIn(app, stranger.email);
});
afterAll(() => app?.close());

const tagRow = async () =>
  (await app.services.db.select().from(tags).where(eq(tags.id, owner.tagId)))[0]!;
const act = (client: Client, intent: string, extra: Record<string, string> = {}) =>
  client.post("/dashboard", { intent, tagId: owner.tagId, ...extra });

describe("QR Tags card", () => {
  it("lists the owner's tags with their actions and downloads", async () => {
    const html = await (await ownerClient.get("/dashboard")).text();
    expect(html).toContain(owner.tagId);
    for (const label of [
      "Open card",
      "QR code (SVG)",
      "QR code (PNG)",
      "Test Alert",
      "Mark Lost",
    ]) {
      expect(html).toContain(label);
    }
    expect(html).not.toContain(">Unlink<");
    expect(await (await strangerClient.get("/dashboard")).text()).not.toContain(owner.tagId);
  });

  it("QR codes of the card URL download for the owner only", async () => {
    const svg = await ownerClient.get(`/dashboard/tags/${owner.tagId}/qr.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(svg.headers.get("content-disposition")).toContain(`safetap-${owner.tagId}.svg`);
    expect(await svg.text()).toContain("<svg");
    const png = await ownerClient.get(`/dashboard/tags/${owner.tagId}/qr.png`);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await png.arrayBuffer()).slice(1, 4)).toEqual(
      new Uint8Array([80, 78, 71]),
    );
    expect((await strangerClient.get(`/dashboard/tags/${owner.tagId}/qr.svg`)).status).toBe(404);
    expect((await app.request(`/dashboard/tags/${owner.tagId}/qr.png`)).status).toBe(401);
    expect((await ownerClient.get(`/dashboard/tags/${owner.tagId}/qr.gif`)).status).toBe(404);
  });

  it("another user cannot test, hide, mark lost or unlink my tag", async () => {
    const before = await tagRow();
    for (const [intent, extra] of [
      ["testAlert", { idempotencyKey: "stranger-test-key-01" }],
      ["visibility", {}],
      ["markLost", { confirm: "yes" }],
      ["unlink", { confirm: "yes" }],
    ] as const) {
      const html = await (await act(strangerClient, intent, extra)).text();
      expect(html).toContain("This tag is not on your account, or cannot do that now.");
    }
    expect(await tagRow()).toEqual(before);
    expect(
      await app.services.db.select().from(alerts).where(eq(alerts.tagId, owner.tagId)),
    ).toHaveLength(0);
  });

  it("Test Alert sends a TEST to every contact, once per press", async () => {
    const first = await act(ownerClient, "testAlert", { idempotencyKey: "owner-test-key-0001" });
    const html = await first.text();
    expect(html).toContain("Test alert sent!");
    expect(html).toContain("All emergency contacts have been notified");
    await act(ownerClient, "testAlert", { idempotencyKey: "owner-test-key-0001" });
    const rows = await app.services.db.select().from(alerts).where(eq(alerts.tagId, owner.tagId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: "test", isTest: true });
  });

  it("the owner hides medical data and contacts from the card", async () => {
    const html = await (await act(ownerClient, "visibility", {})).text();
    expect(html).toContain("Card settings saved");
    expect(await tagRow()).toMatchObject({ showMedical: false, showContacts: false });
    await act(ownerClient, "visibility", { showMedical: "on", showContacts: "on" });
    expect(await tagRow()).toMatchObject({ showMedical: true, showContacts: true });
  });

  it("Mark Lost, then Unlink: the spec's notices and states", async () => {
    const early = await (await act(ownerClient, "unlink", { confirm: "yes" })).text();
    expect(early).toContain("Error unlinking tag");
    const lost = await (await act(ownerClient, "markLost", { confirm: "yes" })).text();
    expect(lost).toContain("Tag marked as lost");
    expect(lost).toContain("The public emergency card will show a deactivated message.");
    expect(lost).toMatch(/data-testid="tag-badge"[^>]*>Lost</);
    expect(lost).toContain(">Unlink<");
    expect(lost).toContain(">Found it<");
    const unlinked = await (await act(ownerClient, "unlink", { confirm: "yes" })).text();
    expect(unlinked).toContain("Tag unlinked");
    expect(unlinked).toContain("This tag can now be claimed by another user.");
    expect(await tagRow()).toMatchObject({ userId: null, status: "inactive", isActive: false });
  });
});

describe("staff links", () => {
  it("show Reader Mode to moderators and admins, Admin to admins, nothing to others", async () => {
    const plain = await (await strangerClient.get("/dashboard")).text();
    expect(plain).not.toContain('data-testid="reader-link"');
    expect(plain).not.toContain('data-testid="admin-link"');

    const moderator = await createOwner(app.services, { name: "Mo Derator" });
    await grantRole(app.services.db, moderator.email, "moderator");
    const modPage = await (await (await signIn(app, moderator.email)).get("/dashboard")).text();
    expect(modPage).toMatch(/data-testid="reader-link" href="\/reader"/);
    expect(modPage).not.toContain('data-testid="admin-link"');

    const admin = await createOwner(app.services, { name: "Ada Admin" });
    await grantRole(app.services.db, admin.email, "admin");
    const adminPage = await (await (await signIn(app, admin.email)).get("/dashboard")).text();
    expect(adminPage).toContain('data-testid="reader-link"');
    expect(adminPage).toMatch(/data-testid="admin-link" href="\/admin"/);
  });
});
