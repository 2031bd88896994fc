import { METHODS } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMITS } from "#server/http/body-limits.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { Client, signUp } from "#tests/support/http-client.ts";
import { rawRequest } from "#tests/support/raw-http.ts";

/** What the trusted proxy appends for someone on the server's own machine. */
const FROM_THIS_MACHINE = { "x-forwarded-for": "127.0.0.1" };

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
    ["/how-it-works", "How SafeTap works"],
    ["/support", "How can we help?"],
  ])("%s is no longer the spec's placeholder (decision 153)", async (path, text) => {
    const response = await app.request(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(text);
    expect(html).not.toMatch(/A detailed guide is coming soon|Support resources are coming soon/);
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
    // A page that loads scripts: the public site is sent without them when signed out (159).
    const html = await (await app.request("/support")).text();
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

  it("robots.txt bars photos and signed-in areas, never a page that says noindex itself", async () => {
    const response = await app.request("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    const barred = (await response.text())
      .split("\n")
      .filter((line) => /^Disallow:/i.test(line))
      .map((line) => line.replace(/^Disallow:\s*/i, "").trim());
    const isBarred = (path: string) => barred.some((prefix) => prefix && path.startsWith(prefix));
    for (const path of ["/photos/p1/v1/small", "/dashboard", "/org/school/people", "/admin"]) {
      expect(isBarred(path), path).toBe(true);
    }
    // A crawler must read these to see their noindex; barred, they could be listed by address.
    const pages = ["/", "/pricing", "/t/WB-ABC123", "/c/token", "/n/token", "/ack/token"];
    for (const path of [...pages, "/roll-call/safe/token", "/auth", "/blog/a"]) {
      expect(isBarred(path), path).toBe(false);
    }
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
    const response = await app.request("/dev/outbox.json", { headers: FROM_THIS_MACHINE });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    const messages = (await response.json()) as Record<string, unknown>[];
    expect(messages.map((m) => m.body).sort()).toEqual(["one", "two"]);
    // Newest first. Two sends within one millisecond (PGlite's clock has no finer steps) have
    // the same time, and then either order is newest first.
    const times = messages.map((m) => Date.parse(String(m.createdAt)));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const at = (body: string) => times[messages.findIndex((m) => m.body === body)]!;
    expect(at("two")).toBeGreaterThanOrEqual(at("one"));
    expect(Object.keys(messages[0]!).sort()).toEqual(
      ["body", "channel", "createdAt", "id", "subject", "to"].sort(),
    );
    expect(messages.find((m) => m.body === "one")).toMatchObject({
      channel: "email",
      to: "a@example.com",
      subject: "First",
    });
  });

  it("/dev/outbox is a readable page of the same messages", async () => {
    const html = await (await app.request("/dev/outbox", { headers: FROM_THIS_MACHINE })).text();
    expect(html).toContain("a@example.com");
    expect(html).toContain("+15550001111");
  });
});

describe("dev outbox reach", () => {
  it.each([
    "/dev/outbox.json",
    "/dev/outbox",
    "/dev/outbox.data",
    "/DEV/Outbox.json",
    "/dev/%6Futbox.json",
  ])("%s answers only this machine (loopback), not another address", async (path) => {
    expect((await app.request(path, { headers: FROM_THIS_MACHINE })).status).toBe(200);
    for (const address of ["203.0.113.9", "10.0.0.1", "::ffff:8.8.8.8"]) {
      const response = await app.request(path, { headers: { "x-forwarded-for": address } });
      expect(response.status, address).toBe(404);
    }
    // A forged loopback entry left of the proxy's own is not believed.
    const forged = await app.request(path, {
      headers: { "x-forwarded-for": "127.0.0.1, 203.0.113.9" },
    });
    expect(forged.status).toBe(404);
  });

  it("DEV_OUTBOX_PUBLIC=true opens it to every address", async () => {
    const open = await createTestApp({ DEV_OUTBOX_PUBLIC: "true" });
    try {
      const response = await open.request("/dev/outbox.json", {
        headers: { "x-forwarded-for": "203.0.113.9" },
      });
      expect(response.status).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe("methods", () => {
  let server: Awaited<ReturnType<TestApp["listen"]>>;
  beforeAll(async () => {
    server = await app.listen();
  });
  afterAll(() => server?.close());

  const unknown = METHODS.filter(
    (m) => !["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "CONNECT"].includes(m),
  );

  it.each(["/", "/t/WB-ABC123", "/api/auth/get-session", "/healthz", "/dev/outbox.json"])(
    "TRACE and every other unknown method on %s answer 405 with the methods allowed",
    async (path) => {
      expect(unknown).toContain("TRACE");
      for (const method of unknown) {
        const answer = await rawRequest(`${server.url}${path}`, { method });
        expect(answer.status, method).toBe(405);
        expect(answer.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
      }
    },
  );

  it("OPTIONS answers 204 with the methods allowed, without reaching a page", async () => {
    const answer = await rawRequest(`${server.url}/`, { method: "OPTIONS" });
    expect(answer.status).toBe(204);
    expect(answer.headers.allow).toContain("GET");
  });
});

describe("body limits", () => {
  let server: Awaited<ReturnType<TestApp["listen"]>>;
  let twilioApp: TestApp;
  let twilio: Awaited<ReturnType<TestApp["listen"]>>;
  beforeAll(async () => {
    server = await app.listen();
    // The delivery-report route exists only with Twilio configured.
    twilioApp = await createTestApp({
      TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000000",
      TWILIO_AUTH_TOKEN: "test-token",
    });
    twilio = await twilioApp.listen();
  });
  afterAll(async () => {
    await server?.close();
    await twilio?.close();
    await twilioApp?.close();
  });

  const classes = [
    [
      "webhook",
      "/webhooks/twilio/status",
      "application/x-www-form-urlencoded",
      BODY_LIMITS.webhook,
    ],
    ["auth API", "/api/auth/sign-out", "application/json", BODY_LIMITS.api],
    ["operator API", "/internal/operator/run", "application/json", BODY_LIMITS.api],
    ["page form", "/auth", "application/x-www-form-urlencoded", BODY_LIMITS.form],
    ["page form (multipart)", "/contact", "multipart/form-data; boundary=x", BODY_LIMITS.form],
    [
      "photo upload (multipart)",
      "/dashboard/people/someone/photo",
      "multipart/form-data; boundary=x",
      BODY_LIMITS.photo,
    ],
  ] as const;

  it.each(classes)(
    "%s: a declared Content-Length over the limit gets 413 in under 2 s",
    async (_name, path, type, limit) => {
      const base = path.startsWith("/webhooks") ? twilio.url : server.url;
      const answer = await rawRequest(`${base}${path}`, {
        headers: {
          "content-type": type,
          "content-length": String(limit + 1),
          "x-twilio-signature": "x",
        },
        stream: limit + 1,
      });
      expect(answer.status).toBe(413);
      expect(answer.ms).toBeLessThan(2000);
      expect(answer.text).toBe("Payload Too Large");
    },
  );

  it.each(classes)(
    "%s: a chunked body over the limit gets 413 in under 2 s, long before it ends",
    async (_name, path, type, limit) => {
      const base = path.startsWith("/webhooks") ? twilio.url : server.url;
      const answer = await rawRequest(`${base}${path}`, {
        headers: { "content-type": type, "x-twilio-signature": "x" },
        stream: 50 * 1024 * 1024,
      });
      expect(answer.status).toBe(413);
      expect(answer.ms).toBeLessThan(2000);
      expect(answer.sent).toBeLessThan(50 * 1024 * 1024);
      expect(answer.sent).toBeGreaterThan(limit);
    },
  );

  it("a form within the limit is still read (chunked)", async () => {
    const answer = await rawRequest(`${server.url}/auth`, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `intent=forgot&identifier=${"a".repeat(100 * 1024)}`,
    });
    expect(answer.status).toBeLessThan(500);
    expect(answer.status).not.toBe(413);
  });
});

describe("text fields", () => {
  it.each([
    ["forgot", { intent: "forgot", identifier: "a\u0000@example.com" }],
    [
      "sign-in",
      { intent: "signin", identifier: "a\u0000@example.com", password: "Str0ng!Passw0rd" },
    ],
    [
      "sign-up",
      {
        intent: "signup",
        fullName: "Nul\u0000Person",
        identifier: "nul\u0000@example.com",
        password: "Str0ng!Passw0rd",
        acceptTerms: "on",
      },
    ],
  ])("a NUL byte in the %s form is a clear 400, not a 500", async (_name, fields) => {
    const client = new Client(app);
    const response = await client.post("/auth", fields);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("NUL");
  });
});

describe("refusals of data requests", () => {
  it("a forbidden .data request says Forbidden, not Internal Server Error", async () => {
    const someone = await signUp(app, `not-admin-${Date.now()}@example.com`, { onboard: true });
    for (const path of ["/admin.data", "/admin"]) {
      const response = await someone.get(path);
      expect(response.status, path).toBe(403);
      const text = await response.text();
      expect(text, path).not.toContain("Internal Server Error");
    }
    expect(await (await someone.get("/admin.data")).text()).toContain("Forbidden");
  });

  it("a missing article's .data request says Not Found", async () => {
    const response = await app.request("/blog/no-such-article.data");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("Internal Server Error");
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
      SMTP_URL: "smtp://127.0.0.1:1",
      TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000000",
      TWILIO_AUTH_TOKEN: "test-token",
    });
  });
  afterAll(() => production?.close());

  it("the dev outbox answers 404, even to this machine", async () => {
    for (const path of ["/dev/outbox.json", "/dev/outbox"]) {
      expect((await production.request(path, { headers: FROM_THIS_MACHINE })).status).toBe(404);
    }
  });

  it("sends HSTS", async () => {
    const response = await production.request("/healthz");
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");
  });
});
