import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

describe("health", () => {
  it("/healthz answers 200 while the process is up", async () => {
    const response = await app.request("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("/readyz answers 200 when the database is reachable", async () => {
    const response = await app.request("/readyz");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ready" });
  });
});

describe("pages", () => {
  it("/ is server-rendered with the hero 'Scan. Tap. Protect.'", async () => {
    const response = await app.request("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toMatch(/<html lang="en"/);
    expect(html).toMatch(/<h1[^>]*>Scan\. Tap\. Protect\.<\/h1>/);
  });

  it.each([
    ["es", "Escanea. Toca. Protege."],
    ["fr", "Scannez. Touchez. Protégez."],
    ["vi", "Quét. Chạm. Bảo vệ."],
  ])("/?lng=%s renders that language with the right <html lang>", async (lng, hero) => {
    const html = await (await app.request(`/?lng=${lng}`)).text();
    expect(html).toMatch(new RegExp(`<html lang="${lng}"`));
    expect(html).toContain(hero);
  });

  it("the browser language is used when nothing else is set", async () => {
    const html = await (
      await app.request("/", { headers: { "accept-language": "fr-CA,fr;q=0.9,en;q=0.5" } })
    ).text();
    expect(html).toMatch(/<html lang="fr"/);
  });

  it("an unknown path answers 404 with 'Oops! Page not found' and a link home", async () => {
    const response = await app.request("/no-such-page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Oops! Page not found");
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Return to Home<\/a>/);
  });

  it("signed out, the navigation offers Sign in and Get started with the spec's addresses", async () => {
    const html = await (await app.request("/")).text();
    expect(html).toMatch(/href="\/auth\?mode=signin"[^>]*>Sign in</);
    expect(html).toMatch(/href="\/auth\?mode=signup&amp;plan=free"[^>]*>Get started</);
    expect(html).toMatch(/href="\/#pricing"/);
    expect(html).toContain('id="pricing"');
  });

  it("the footer links every page the spec lists", async () => {
    const html = await (await app.request("/")).text();
    for (const href of [
      "/products/wristbands",
      "/products/cards",
      "/products/keychains",
      "/for-organizations",
      "/about",
      "/how-it-works",
      "/pricing",
      "/support",
      "/blog",
      "/legal/privacy",
      "/legal/terms",
      "/legal/hipaa",
      "/legal/cookies",
    ]) {
      expect(html).toContain(`href="${href}"`);
    }
  });

  it.each([
    ["/how-it-works", "A detailed guide is coming soon."],
    ["/support", "Support resources are coming soon."],
  ])("%s is the spec's placeholder", async (path, text) => {
    const response = await app.request(path);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(text);
  });

  it.each([
    ["/dashboard", "/"],
    ["/onboarding", "/"],
    ["/activate", "/"],
    ["/sos", "/auth"],
    ["/reader", "/auth?mode=signin&redirect=/reader"],
    ["/t", "/"],
    ["/terms", "/legal/terms"],
    ["/privacy", "/legal/privacy"],
  ])("%s redirects a signed-out visitor to %s", async (path, target) => {
    const response = await app.request(path, { redirect: "manual" });
    expect([301, 302]).toContain(response.status);
    expect(
      new URL(response.headers.get("location")!, "http://x").pathname +
        new URL(response.headers.get("location")!, "http://x").search,
    ).toBe(target);
  });
});

describe("security headers", () => {
  it("pages carry a CSP whose nonce is on every inline script", async () => {
    const response = await app.request("/");
    const csp = response.headers.get("content-security-policy")!;
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) {
      if (/\bsrc=/.test(attributes)) continue;
      expect(attributes).toContain(`nonce="${nonce}"`);
    }
  });

  it("a new nonce is made for every response", async () => {
    const a = (await app.request("/")).headers.get("content-security-policy");
    const b = (await app.request("/")).headers.get("content-security-policy");
    expect(a).not.toBe(b);
  });

  it("sets nosniff, a referrer policy and frame protection; HSTS only in production", async () => {
    const response = await app.request("/healthz");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("gives each response a request id, keeping a well-formed incoming one", async () => {
    const fresh = await app.request("/healthz");
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await app.request("/healthz", { headers: { "x-request-id": "abc-123-def-456" } });
    expect(kept.headers.get("x-request-id")).toBe("abc-123-def-456");
    const replaced = await app.request("/healthz", { headers: { "x-request-id": "<script>" } });
    expect(replaced.headers.get("x-request-id")).not.toBe("<script>");
  });

  it("compresses pages for clients that accept it", async () => {
    const response = await app.request("/", { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });
});

describe("static assets", () => {
  it("hashed assets are cached for a year and served precompressed", async () => {
    const html = await (await app.request("/")).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const response = await app.request(asset!, { headers: { "accept-encoding": "br, gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-encoding")).toBe("br");
  });

  it("unhashed public files get a short cache", async () => {
    const response = await app.request("/favicon.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("image/svg+xml");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await response.text()).toContain("<svg");
  });

  it("a missing asset is a plain 404, not a page", async () => {
    const response = await app.request("/assets/nope-123.js");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).not.toContain("text/html");
  });
});

describe("dev outbox", () => {
  it("/dev/outbox.json lists messages newest first with the spec's fields", async () => {
    await app.services.messenger.send({
      channel: "email",
      to: "a@example.com",
      subject: "First",
      body: "one",
    });
    await app.services.messenger.send({ channel: "sms", to: "+15550001111", body: "two" });
    const response = await app.request("/dev/outbox.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    const messages = (await response.json()) as Record<string, unknown>[];
    expect(messages.map((m) => m.body)).toEqual(["two", "one"]);
    expect(Object.keys(messages[0]!).sort()).toEqual(
      ["body", "channel", "createdAt", "id", "subject", "to"].sort(),
    );
    expect(messages[1]).toMatchObject({ channel: "email", to: "a@example.com", subject: "First" });
  });

  it("/dev/outbox is a readable page of the same messages", async () => {
    const html = await (await app.request("/dev/outbox")).text();
    expect(html).toContain("a@example.com");
    expect(html).toContain("+15550001111");
  });
});

describe("in production", () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await createTestApp({
      APP_ENV: "production",
      AUTH_SECRET: "x".repeat(40),
      DATA_ENCRYPTION_KEY: "ab".repeat(32),
      PUBLIC_URL: "https://safetap.example",
    });
  });
  afterAll(() => production?.close());

  it("the dev outbox answers 404", async () => {
    expect((await production.request("/dev/outbox.json")).status).toBe(404);
    expect((await production.request("/dev/outbox")).status).toBe(404);
  });

  it("sends HSTS", async () => {
    const response = await production.request("/healthz");
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");
  });
});
