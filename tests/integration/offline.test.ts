import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertDeliveries, alerts, tags, tagViewLogs } from "#server/db/schema.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { Client } from "#tests/support/http-client.ts";
import { PHONE_USER_AGENT } from "#tests/support/user-agents.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const PHONE_UA = PHONE_USER_AGENT;
const sendQueued = (client: Client, tagId: string, fields: Record<string, string>, ua = PHONE_UA) =>
  client.post(`/t/${tagId}/alert`, fields, { "user-agent": ua, accept: "application/json" });

describe("the PWA's files", () => {
  it("serves the service worker at /sw.js as JavaScript, revalidated on every check, scoped to the site", async () => {
    const response = await app.request("/sw.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("service-worker-allowed")).toBe("/");
    const code = await response.text();
    // The build's version and the card shell's hashed files are in the worker.
    expect(code).toMatch(/safetap-shell-/);
    expect(code).toMatch(/"\/assets\/entry\.client-[\w-]+\.js"/);
    expect(code).toContain("safetap-cards");
    const etag = response.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await app.request("/sw.js", { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
  });

  it("lets the pages register a worker under the Content-Security-Policy", async () => {
    const csp = (await app.request("/")).headers.get("content-security-policy") ?? "";
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toMatch(/script-src 'self'/);
  });

  it("has a web app manifest named SafeTap with 192 and 512 pixel icons and a maskable one", async () => {
    const response = await app.request("/manifest.webmanifest");
    expect(response.headers.get("content-type")).toMatch(/application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      icons: { src: string; sizes: string; purpose: string; type: string }[];
    };
    expect(manifest.name).toBe("SafeTap");
    const sizes = manifest.icons.filter((i) => i.type === "image/png").map((i) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect(manifest.icons.some((i) => i.purpose === "maskable")).toBe(true);
    for (const icon of manifest.icons) {
      const file = await app.request(icon.src);
      expect(file.status, icon.src).toBe(200);
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (icon.type === "image/png") {
        expect([...bytes.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]); // "PNG"
        const view = new DataView(bytes.buffer);
        expect(`${view.getUint32(16)}x${view.getUint32(20)}`).toBe(icon.sizes);
      }
    }
  });

  it("links the manifest from the public card as from every other page", async () => {
    const owner = await createOwner(app.services);
    for (const path of [`/t/${owner.tagId}`, "/", "/pricing"]) {
      const html = await (await app.request(path, { headers: { "user-agent": PHONE_UA } })).text();
      expect(html, path).toMatch(/<link[^>]* rel="manifest" href="\/manifest\.webmanifest"/);
    }
  });
});

describe("POST /t/{id}/alert: alerts sent from the device's queue", () => {
  it("raises the alert once however often the same key arrives, at the time it was pressed", async () => {
    const owner = await createOwner(app.services, {
      contacts: [
        { name: "Ravi", channel: "sms", value: "+15551230001" },
        { name: "Mira", channel: "email", value: "mira@example.com" },
      ],
    });
    const pressedAt = Date.now() - 20 * 60_000;
    const fields = {
      idempotencyKey: crypto.randomUUID(),
      pressedAt: String(pressedAt),
      latitude: "45.764043",
      longitude: "4.835659",
    };
    const first = await sendQueued(new Client(app), owner.tagId, fields);
    expect(first.status).toBe(200);
    const body = (await first.json()) as { ok: boolean; alertId: string; count: number };
    expect(body).toMatchObject({ ok: true, count: 2 });
    // The page and the worker both send it: still one alert.
    const second = await sendQueued(new Client(app), owner.tagId, fields);
    expect(((await second.json()) as { alertId: string }).alertId).toBe(body.alertId);
    const rows = await app.services.db.select().from(alerts).where(eq(alerts.tagId, owner.tagId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.createdAt.getTime()).toBe(pressedAt);
    expect(rows[0]!.latitude).toBe("45.764043");
    const deliveries = await app.services.db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.alertId, body.alertId));
    expect(deliveries.map((d) => d.channel).sort()).toEqual(["email", "sms", "voice"]);
  });

  it("refuses a pressed time in the future (invalid) or older than six hours (expired), raising nothing", async () => {
    const owner = await createOwner(app.services);
    for (const [pressedAt, status, reason] of [
      [Date.now() + 3_600_000, 400, "invalid"],
      [Date.now() - 7 * 3_600_000, 409, "expired"],
    ] as const) {
      const response = await sendQueued(new Client(app), owner.tagId, {
        idempotencyKey: crypto.randomUUID(),
        pressedAt: String(pressedAt),
      });
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({ ok: false, reason });
    }
    const rows = await app.services.db.select().from(alerts).where(eq(alerts.tagId, owner.tagId));
    expect(rows).toHaveLength(0);
  });

  it("refuses bots, bad keys and tags without a card, changing nothing", async () => {
    const owner = await createOwner(app.services);
    const bot = await sendQueued(
      new Client(app),
      owner.tagId,
      { idempotencyKey: crypto.randomUUID() },
      "Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/156.0.0.0 Safari/537.36",
    );
    expect(bot.status).toBe(403);
    expect(await bot.json()).toMatchObject({ ok: false, reason: "refused" });
    const badKey = await sendQueued(new Client(app), owner.tagId, { idempotencyKey: "x" });
    expect(badKey.status).toBe(400);
    expect(await badKey.json()).toMatchObject({ ok: false, reason: "invalid" });
    const unknown = await sendQueued(new Client(app), "WB-NOSUCH", {
      idempotencyKey: crypto.randomUUID(),
    });
    expect(unknown.status).toBe(404);
    const rows = await app.services.db.select().from(alerts).where(eq(alerts.tagId, owner.tagId));
    expect(rows).toHaveLength(0);
  });

  it("refuses a post from another site", async () => {
    const owner = await createOwner(app.services);
    const response = await sendQueued(new Client(app), owner.tagId, {
      idempotencyKey: crypto.randomUUID(),
    }).then(() =>
      new Client(app).post(
        `/t/${owner.tagId}/alert`,
        { idempotencyKey: crypto.randomUUID() },
        { "user-agent": PHONE_UA, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      ),
    );
    expect(response.status).toBe(403);
    const rows = await app.services.db.select().from(alerts).where(eq(alerts.tagId, owner.tagId));
    expect(rows).toHaveLength(1);
  });
});

describe("the worker's offline copy of a card", () => {
  it("is not counted as a scan", async () => {
    const owner = await createOwner(app.services);
    const copy = await new Client(app).get(`/t/${owner.tagId}`, {
      "user-agent": PHONE_UA,
      accept: "text/html",
      "x-safetap-purpose": "offline-copy",
    });
    expect(copy.status).toBe(200);
    const viewed = await new Client(app).get(`/t/${owner.tagId}`, { "user-agent": PHONE_UA });
    expect(viewed.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const views = await app.services.db
      .select()
      .from(tagViewLogs)
      .where(eq(tagViewLogs.tagId, owner.tagId));
    expect(views).toHaveLength(1);
    const [tag] = await app.services.db.select().from(tags).where(eq(tags.id, owner.tagId));
    expect(tag!.lastScannedAt).not.toBeNull();
  });
});
