import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alerts, tags } from "#server/db/schema.ts";
import { mintTags } from "#server/domain/tags.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

async function mintOne() {
  const { tags: minted } = await mintTags(app.services.db, {
    product: "keychain",
    count: 1,
    masterKey: app.services.config.dataEncryptionKey,
    publicUrl: app.services.config.publicUrl,
  });
  return minted[0]!;
}

describe("/claim/{tagId}", () => {
  it("signed out: Sign In to Claim and Create one free carry the redirect", async () => {
    const tag = await mintOne();
    const html = await (await new Client(app).get(`/claim/${tag.tagId}`)).text();
    expect(html).toContain(`href="/auth?mode=signin&amp;redirect=/claim/${tag.tagId}"`);
    expect(html).toContain(`href="/auth?mode=signup&amp;redirect=/claim/${tag.tagId}"`);
    expect(html).toContain("Sign In to Claim");
    expect(html).toContain("Create one free");
    expect(html).toContain('href="/support"');
  });

  it("answers alike for an unknown, a free and a claimed tag, so ids cannot be listed (issue 13 item 6)", async () => {
    const owner = await createOwner(app.services);
    const free = await mintOne();
    const pages = [];
    for (const id of ["KC-NOPE2", free.tagId, owner.tagId]) {
      const response = await new Client(app).get(`/claim/${id}`);
      const html = (await response.text())
        .replaceAll(id, "ID")
        .replace(/nonce="[^"]*"/g, "")
        .replace(/[0-9a-f]{32}/g, "");
      pages.push({ status: response.status, html });
    }
    expect(pages[0]!.status).toBe(200);
    expect(pages[1]).toEqual(pages[0]);
    expect(pages[2]).toEqual(pages[0]);
  });

  it("claims with the token and lands on /dashboard?tab=tags with 'Tag claimed successfully!' once", async () => {
    const owner = await createOwner(app.services, { plan: "pro" });
    const client = await signIn(app, owner.email);
    const tag = await mintOne();
    const wrong = await client.post(`/claim/${tag.tagId}`, { token: "ACT-ZZZZZZ" });
    expect(wrong.status).toBe(400);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain("Failed to claim tag");
    expect(wrongHtml).toContain("Invalid token");
    const empty = await client.post(`/claim/${tag.tagId}`, { token: "" });
    expect(await empty.text()).toContain("Activation token required");
    const done = await client.post(`/claim/${tag.tagId}`, { token: tag.activationToken });
    expect(done.headers.get("location")).toBe("/dashboard?tab=tags");
    expect(done.headers.get("set-cookie")).toMatch(/^safetap_notice=tag-claimed;.*HttpOnly/);
    const dashboard = await (await client.get("/dashboard?tab=tags")).text();
    expect(dashboard).toContain("Tag claimed successfully!");
    expect(dashboard).toContain("Your tag is now active.");
    // Shown once: the cookie is cleared by the page that showed it.
    expect(client.hasCookie("safetap_notice")).toBe(false);
    expect(await (await client.get("/dashboard?tab=tags")).text()).not.toContain(
      "Tag claimed successfully!",
    );
    const again = await client.get(`/claim/${tag.tagId}`);
    expect(again.headers.get("location")).toBe("/dashboard?tab=tags");
    expect(again.headers.get("set-cookie")).toMatch(/^safetap_notice=tag-already-owned;/);
    expect(await (await client.get("/dashboard?tab=tags")).text()).toContain(
      "You already own this tag!",
    );
  });

  it("an address cannot show the claim notices: only the redirect's notice cookie can (decision 023)", async () => {
    const owner = await createOwner(app.services);
    const client = await signIn(app, owner.email);
    const page = await (
      await client.get("/dashboard?tab=tags&claimed=1&notice=alreadyOwned")
    ).text();
    expect(page).not.toContain("Tag claimed successfully!");
    expect(page).not.toContain("You already own this tag!");
  });

  it("signed out, posting a claim changes nothing", async () => {
    const tag = await mintOne();
    const response = await new Client(app).post(`/claim/${tag.tagId}`, {
      token: tag.activationToken,
    });
    expect(response.status).toBe(401);
    const [row] = await app.services.db.select().from(tags).where(eq(tags.id, tag.tagId));
    expect(row!.userId).toBeNull();
  });
});

describe("/activate", () => {
  it("needs sign-in; prefills tag and token from the address in upper case", async () => {
    expect((await new Client(app).get("/activate")).headers.get("location")).toBe("/");
    const owner = await createOwner(app.services);
    const client = await signIn(app, owner.email);
    const html = await (await client.get("/activate?tag=wb-abcde&token=act-abcdef")).text();
    expect(html).toContain('value="WB-ABCDE"');
    expect(html).toContain('value="ACT-ABCDEF"');
    expect(html).toContain("Need Help?");
  });

  it.each([
    [{ tagId: "", token: "ACT-AAAAAA" }, "Please enter both Tag ID and Activation Token"],
    [{ tagId: "WB-AAAAA", token: "" }, "Please enter both Tag ID and Activation Token"],
    [{ tagId: "WB-AAAAA", token: "XYZ-123" }, "Invalid activation token format"],
    [{ tagId: "WB-NOPE2", token: "ACT-AAAAAA" }, "Tag not found"],
  ])("refuses %j: 'Activation failed' with '%s'", async (fields, message) => {
    const owner = await createOwner(app.services);
    const client = await signIn(app, owner.email);
    const response = await client.post("/activate", fields);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Activation failed");
    expect(html).toContain(message);
  });

  it("activates, then sends a real TEST alert to the contacts", async () => {
    const owner = await createOwner(app.services, { plan: "family" });
    const client = await signIn(app, owner.email);
    const tag = await mintOne();
    const response = await client.post("/activate", {
      tagId: tag.tagId.toLowerCase(),
      token: tag.activationToken.toLowerCase(),
    });
    const html = await response.text();
    expect(html).toContain("Tag Activated");
    expect(html).toContain("Tag activated successfully!");
    const test = await client.post("/activate", {
      intent: "test",
      tagId: tag.tagId,
      idempotencyKey: "activate-test-key-1",
    });
    expect(await test.text()).toContain("Test alert sent!");
    const rows = await app.services.db.select().from(alerts).where(eq(alerts.tagId, tag.tagId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: "test", isTest: true, userId: owner.userId });
  });
});
