import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CACHE_FILL_HEADER, CACHE_FILL_VALUE } from "#core/offline.ts";
import { profiles, tagViewLogs } from "#server/db/schema.ts";
import { insertContact } from "#server/domain/contacts.ts";
import { markTagLost, setTagVisibility } from "#server/domain/tag-lifecycle.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { Client } from "#tests/support/http-client.ts";
import { PHONE_USER_AGENT } from "#tests/support/user-agents.ts";

// The public card reuses its render for signed-out readers
// (server/http/card-cache.ts). These tests hold it to two promises: every
// response is what React Router would have rendered for that request, with
// its own nonce and idempotency key; and a change to the card shows at once.

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const PHONE_UA = PHONE_USER_AGENT;
const view = (tagId: string, headers: Record<string, string> = {}) =>
  new Client(app).get(`/t/${tagId}`, { "user-agent": PHONE_UA, ...headers });

const nonceOf = (response: Response) =>
  response.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1] ?? "";
const keyOf = (html: string) => html.match(/name="idempotencyKey" value="([^"]+)"/)?.[1] ?? "";

/** The page with its per-response values blanked out, for comparing renders. */
function normalised(html: string, response: Response) {
  return html.replaceAll(nonceOf(response), "NONCE").replaceAll(keyOf(html), "KEY");
}

describe("the card render cache", () => {
  it("gives every response its own nonce (matching its CSP) and its own idempotency key", async () => {
    const owner = await createOwner(app.services, { name: "Nina Nonce" });
    const seen = { nonces: new Set<string>(), keys: new Set<string>() };
    for (let i = 0; i < 4; i++) {
      const response = await view(owner.tagId);
      expect(response.status).toBe(200);
      const html = await response.text();
      const nonce = nonceOf(response);
      expect(nonce).toMatch(/^[0-9a-f]{32}$/);
      // Every inline script carries this response's nonce, and no other.
      const scripts = html.match(/<script[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      const key = keyOf(html);
      expect(key).toMatch(/^[0-9a-f-]{36}$/);
      // The hydration data carries the same key as the no-JavaScript form.
      expect(html.split(key).length).toBeGreaterThan(2);
      seen.nonces.add(nonce);
      seen.keys.add(key);
    }
    expect(seen.nonces.size).toBe(4);
    expect(seen.keys.size).toBe(4);
  });

  it("serves exactly what React Router renders for the same request", async () => {
    const owner = await createOwner(app.services, { name: "Rita Render" });
    await view(owner.tagId); // fills the cache
    const cached = await view(owner.tagId);
    // A session cookie (even an invalid one) sends the request past the cache.
    const direct = await view(owner.tagId, { cookie: "safetap.session_token=nope" });
    const cachedHtml = await cached.text();
    const directHtml = await direct.text();
    expect(cachedHtml).toContain("Rita Render");
    expect(normalised(cachedHtml, cached)).toBe(normalised(directHtml, direct));
    expect(cached.headers.get("content-type")).toBe(direct.headers.get("content-type"));
    expect(cached.headers.get("cache-control")).toBe(direct.headers.get("cache-control"));
  });

  it("sends gzip that decodes to the same page, and plain text to clients without gzip", async () => {
    const owner = await createOwner(app.services, { name: "Gus Gzip" });
    await view(owner.tagId);
    const zipped = await view(owner.tagId, { "accept-encoding": "gzip, deflate, br" });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toMatch(/accept-encoding/i);
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(Number(zipped.headers.get("content-length"))).toBe(bytes.length);
    const html = gunzipSync(bytes).toString("utf8");
    const plain = await view(owner.tagId, { "accept-encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(normalised(html, zipped)).toBe(normalised(await plain.text(), plain));
    expect(html).toContain("Gus Gzip");
  });

  it("shows a change to the card at once: name, contacts, visibility, lost", async () => {
    const owner = await createOwner(app.services, { name: "Carl Change" });
    expect(await (await view(owner.tagId)).text()).toContain("Carl Change");

    await app.services.db
      .update(profiles)
      .set({ fullName: "Carla Changed" })
      .where(eq(profiles.id, owner.userId));
    const renamed = await (await view(owner.tagId)).text();
    expect(renamed).toContain("Carla Changed");
    expect(renamed).not.toContain("Carl Change<");

    await insertContact(
      app.services.db,
      app.services.cipher,
      { profileId: owner.userId, accountId: owner.userId },
      {
        name: "Zed Newcontact",
        channel: "sms",
        value: "+15550001234",
        priority: 0,
      },
    );
    const withContact = await (await view(owner.tagId)).text();
    expect(withContact).toContain("Zed Newcontact");
    expect(withContact).toContain("tel:+15550001234");

    await setTagVisibility(app.services, owner.userId, owner.tagId, {
      showMedical: true,
      showContacts: false,
    });
    expect(await (await view(owner.tagId)).text()).not.toContain("tel:+15550001234");

    await markTagLost(app.services, owner.userId, owner.tagId, "127.0.0.1");
    const lost = await (await view(owner.tagId)).text();
    expect(lost).not.toContain("Carla Changed");
    expect(lost).toContain("Tag Deactivated");
  });

  it("follows the reader's language and country, not the first reader's", async () => {
    const owner = await createOwner(app.services, { name: "Lena Lang" });
    const english = await (await view(owner.tagId, { "accept-language": "en-US" })).text();
    const spanish = await (await view(owner.tagId, { "accept-language": "es-ES" })).text();
    const english2 = await (await view(owner.tagId, { "accept-language": "en-US" })).text();
    expect(english).toContain('lang="en"');
    expect(spanish).toContain('lang="es"');
    expect(english2).toContain('lang="en"');
    expect(english).toContain("tel:911");
    expect(spanish).toContain("tel:112");
    const british = await (await view(owner.tagId, { "accept-language": "en-GB" })).text();
    expect(british).toContain("tel:999");
  });

  it("counts every reader's scan, from the cache too, but not bots' or the offline copy's", async () => {
    const owner = await createOwner(app.services, { name: "Sam Scan" });
    for (let i = 0; i < 3; i++) expect((await view(owner.tagId)).status).toBe(200);
    await view(owner.tagId, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    // The service worker keeping its offline copy is not a scan either.
    await view(owner.tagId, { [CACHE_FILL_HEADER]: CACHE_FILL_VALUE });
    await app.services.scans.flush();
    const views = await app.services.db
      .select()
      .from(tagViewLogs)
      .where(eq(tagViewLogs.tagId, owner.tagId));
    expect(views).toHaveLength(3);
  });

  it("answers readers who arrive together with one render, each with their own values", async () => {
    const owner = await createOwner(app.services, { name: "Tess Together" });
    const responses = await Promise.all(Array.from({ length: 8 }, () => view(owner.tagId)));
    const pages = await Promise.all(responses.map((r) => r.text()));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(new Set(pages.map(keyOf)).size).toBe(8);
    expect(new Set(pages.map((page, i) => normalised(page, responses[i]!))).size).toBe(1);
    await app.services.scans.flush();
    const views = await app.services.db
      .select()
      .from(tagViewLogs)
      .where(eq(tagViewLogs.tagId, owner.tagId));
    expect(views).toHaveLength(8);
  });
});
