import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INTERACTION_EVENTS } from "#app/lib/deferred-scripts.ts";
import { LANGUAGES, type Language } from "#core/languages.ts";
import { CACHED_PAGES } from "#server/http/page-cache.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";

// Marketing and content pages come from a render cache (server/http/page-cache.ts,
// decision 154). These tests hold it to its promises: every variant (language ×
// theme × signed in or out) is what React Router renders for that request, with
// this response's own nonce; a reader's own page never reaches anyone else; the
// browser can revalidate (ETag, 304) and caches are told what the page varies on.

let app: TestApp;
/** Two signed-in readers, with names and addresses that must never reach anyone else. */
let alice: { client: Client; email: string };
let bob: { client: Client; email: string };

beforeAll(async () => {
  app = await createTestApp();
  const a = await createOwner(app.services, { name: "Alice Privatename", plan: "pro" });
  const b = await createOwner(app.services, { name: "Bob Othername", plan: "free" });
  alice = { client: await signIn(app, a.email), email: a.email };
  bob = { client: await signIn(app, b.email), email: b.email };
}, 300_000);
afterAll(() => app?.close());

/** A cookie the server does not read: it sends the request past the cache to React Router. */
const PAST_THE_CACHE = "unread=1";

const nonceOf = (response: Response) =>
  response.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1] ?? "";

/** The page with this response's nonce blanked out, for comparing renders. */
const normalised = (html: string, response: Response) =>
  html.replaceAll(nonceOf(response), "NONCE");

/** Every page the cache serves, with the links that open the auth page's forms, and a post. */
const PAGES = [
  ...[...CACHED_PAGES.keys()].filter((path) => path !== "/auth"),
  "/auth",
  "/auth?mode=signin",
  "/auth?mode=signup&plan=free",
  "/auth?mode=signin&forgot=1",
  "/blog/what-to-put-on-your-emergency-card",
];

/**
 * How a reader in each theme asks: the theme lives in the browser (local storage, applied by
 * the boot script before the first paint), so at most a client hint tells the server anything.
 */
const THEMES: Record<string, Record<string, string>> = {
  light: {},
  dark: {},
  system: { "sec-ch-prefers-color-scheme": "dark" },
};

/** The language asked for by cookie for two languages and by the browser for the others. */
function languageHeaders(language: Language, index: number): Record<string, string> {
  return index % 2 ? { cookie: `lng=${language}` } : { "accept-language": `${language};q=0.9` };
}

/** The headers with more cookies beside the client's own (a header given to `get` replaces them). */
function withCookies(
  client: Client,
  headers: Record<string, string>,
  ...cookies: string[]
): Record<string, string> {
  const all = [client.cookieHeader, headers.cookie, ...cookies].filter(Boolean);
  return { ...headers, cookie: all.join("; ") };
}

describe("cached pages equal React Router's render", () => {
  // One test per page: each compares 4 languages × 3 themes × signed out and signed in.
  it.each(PAGES)(
    "%s, for every language × theme × signed out, signed in",
    async (path) => {
      let compared = 0;
      const page = CACHED_PAGES.get(path.split("?")[0]!) ?? { signedIn: true };
      for (const [index, language] of LANGUAGES.entries()) {
        for (const reader of ["signed out", "signed in"] as const) {
          const client = reader === "signed in" ? alice.client : new Client(app);
          const byLanguage = languageHeaders(language, index);
          const asked = withCookies(client, byLanguage);
          const fresh = await client.get(path, withCookies(client, byLanguage, PAST_THE_CACHE));
          expect(fresh.headers.get("etag"), `${path} past the cache`).toBeNull();
          const freshHtml = normalised(await fresh.text(), fresh);
          if (reader === "signed in" && !page.signedIn) {
            // Rendered per request for the reader; /auth sends them to the dashboard.
            const own = await client.get(path, asked);
            expect(own.headers.get("etag"), `${path} signed in`).toBeNull();
            expect(own.status).toBe(fresh.status);
            continue;
          }
          expect(fresh.status, path).toBe(200);
          expect(freshHtml).toContain(`lang="${language}"`);
          for (const [theme, hints] of Object.entries(THEMES)) {
            const cached = await client.get(path, { ...asked, ...hints });
            expect(cached.status).toBe(200);
            // Only answers from the cache carry an entity tag.
            expect(cached.headers.get("etag"), `${path} ${language} ${theme} ${reader}`).toMatch(
              /^W\/"/,
            );
            const html = normalised(await cached.text(), cached);
            expect(html, `${path} ${language} ${theme} ${reader}`).toBe(freshHtml);
            expect(cached.headers.get("content-type")).toBe(fresh.headers.get("content-type"));
            expect(cached.headers.get("cache-control")).toBe(fresh.headers.get("cache-control"));
            compared++;
          }
        }
      }
      const signedInCached = CACHED_PAGES.get(path.split("?")[0]!)?.signedIn ?? true;
      expect(compared).toBe((signedInCached ? 2 : 1) * 4 * 3);
    },
    120_000,
  );

  it("puts the theme in the browser, not the page: no theme class comes from the server", async () => {
    const html = await (await new Client(app).get("/about")).text();
    expect(html).toMatch(/<html[^>]*>/);
    expect(html.match(/<html[^>]*>/)![0]).not.toMatch(/class=|dark/);
    expect(html).toContain('localStorage.getItem("themeMode")');
  });

  it("shows the signed-in header on the signed-in variant and the sign-in link on the other", async () => {
    const out = await (await new Client(app).get("/about")).text();
    const inside = await (await bob.client.get("/about")).text();
    expect(out).toContain('href="/auth?mode=signin"');
    expect(inside).not.toContain('href="/auth?mode=signin"');
    expect(inside).toContain('href="/dashboard"');
  });

  it("sends the signed-out variant without React and hydrates the signed-in one (decision 159)", async () => {
    for (const path of ["/", "/pricing", "/about"]) {
      const out = await (await new Client(app).get(path)).text();
      const inside = await (await bob.client.get(path)).text();
      expect(out).not.toMatch(/x-deferred-module|\/assets\/[^"]+\.js/);
      expect(out).toMatch(/<script nonce="[^"]+">\(function enhance\(/);
      expect(inside).toMatch(/<script[^>]+type="text\/x-deferred-module"/);
      expect(inside).not.toContain("(function enhance(");
    }
    // A page with a form keeps React for everyone (started on the first interaction, 160).
    const support = await (await new Client(app).get("/support")).text();
    expect(support).toMatch(/<script[^>]+type="text\/x-deferred-module"/);
  });

  it("signed out, /support, /contact and /auth start React on the first interaction; signed in or answering a post, after load (decision 160)", async () => {
    const onInteraction = JSON.stringify(INTERACTION_EVENTS);
    const afterLoad = 'addEventListener("load",function(){setTimeout(';
    for (const path of [
      "/support",
      "/contact",
      "/auth?mode=signin",
      "/auth?mode=signup&plan=free",
    ]) {
      const out = await (await new Client(app).get(path)).text();
      expect(out, path).toMatch(/<html[^>]* data-hydrate="on-interaction"/);
      expect(out, path).toMatch(/<script[^>]+type="text\/x-deferred-module"/);
      expect(out, path).toContain(onInteraction);
      expect(out, path).not.toContain(afterLoad);
      // Until then, the header is enhance.ts's, as on a static page.
      expect(out, path).toMatch(/<script nonce="[^"]+">\(function enhance\(/);
    }
    for (const path of ["/support", "/contact"]) {
      const inside = await (await bob.client.get(path)).text();
      expect(inside, path).not.toContain("data-hydrate=");
      expect(inside, path).toMatch(/<script[^>]+type="text\/x-deferred-module"/);
      expect(inside, path).toContain(afterLoad);
      expect(inside, path).not.toContain(onInteraction);
      expect(inside, path).not.toContain("(function enhance(");
    }
    // A form sent before React started: the answer is the middle of a task.
    const answer = await new Client(app).post("/support", { name: "" });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).not.toContain("data-hydrate=");
    expect(html).toContain(afterLoad);
    expect(html).not.toContain(onInteraction);
    expect(html).toMatch(/<script nonce="[^"]+">\(function enhance\(/);
  });
});

describe("per-response values", () => {
  it("gives every response its own nonce, matching its CSP, in every inline script", async () => {
    for (const path of ["/", "/pricing", "/auth?mode=signin", "/legal/privacy"]) {
      const nonces = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const response = await new Client(app).get(path);
        expect(response.headers.get("etag")).toMatch(/^W\//);
        const html = await response.text();
        const nonce = nonceOf(response);
        expect(nonce).toMatch(/^[0-9a-f]{32}$/);
        const scripts = html.match(/<script[^>]*>/g) ?? [];
        expect(scripts.length).toBeGreaterThan(0);
        for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
        nonces.add(nonce);
      }
      expect(nonces.size, path).toBe(3);
    }
  });

  it("answers readers who arrive together with one page, each with their own nonce", async () => {
    const path = "/products/keychains";
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => new Client(app).get(path, { "accept-language": "fr" })),
    );
    const pages = await Promise.all(responses.map((r) => r.text()));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(new Set(responses.map(nonceOf)).size).toBe(8);
    expect(new Set(pages.map((page, i) => normalised(page, responses[i]!))).size).toBe(1);
  });

  it("sends gzip that decodes to the same page, and plain text to clients without gzip", async () => {
    const zipped = await new Client(app).get("/how-it-works", {
      "accept-encoding": "gzip, deflate, br",
    });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(Number(zipped.headers.get("content-length"))).toBe(bytes.length);
    const html = gunzipSync(bytes).toString("utf8");
    const plain = await new Client(app).get("/how-it-works", { "accept-encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(normalised(html, zipped)).toBe(normalised(await plain.text(), plain));
  });
});

describe("a reader's own page never reaches another", () => {
  const PRIVATE = ["Alice Privatename"];

  it("keeps the dashboard, and the pages that show the reader's data, to the reader", async () => {
    PRIVATE.push(alice.email);
    // Alice's own pages carry her data: the test would see it if it leaked.
    const mine = await (await alice.client.get("/support")).text();
    expect(mine).toContain(alice.email);
    expect(await (await alice.client.get("/dashboard")).text()).toContain("Alice Privatename");
    const pricing = await alice.client.get("/pricing");
    expect(pricing.headers.get("etag")).toBeNull();

    const paths = ["/", "/pricing", "/support", "/dashboard", "/about", "/blog", "/auth"];
    for (const path of paths) {
      for (let i = 0; i < 2; i++) await alice.client.get(path);
      for (const other of [bob.client, new Client(app)]) {
        const response = await other.get(path);
        const html = await response.text();
        for (const secret of PRIVATE) expect(html, `${path}`).not.toContain(secret);
      }
    }
    const bobs = await (await bob.client.get("/support")).text();
    expect(bobs).toContain(bob.email);
    expect(await (await bob.client.get("/dashboard")).text()).toContain("Bob Othername");
  });

  it("renders the signed-in variant from no one's session: it equals every reader's own", async () => {
    await alice.client.get("/legal/terms");
    const aliceCopy = await alice.client.get("/legal/terms");
    const bobCopy = await bob.client.get("/legal/terms");
    const bobFresh = await bob.client.get(
      "/legal/terms",
      withCookies(bob.client, {}, PAST_THE_CACHE),
    );
    expect(aliceCopy.headers.get("etag")).toBe(bobCopy.headers.get("etag"));
    expect(normalised(await bobCopy.text(), bobCopy)).toBe(
      normalised(await bobFresh.text(), bobFresh),
    );
    expect(nonceOf(aliceCopy)).not.toBe(nonceOf(bobCopy));
  });
});

describe("revalidation and Vary", () => {
  it("gives one entity tag per variant and answers 304 to it, without a body or a new CSP", async () => {
    const first = await new Client(app).get("/for-organizations", { "accept-language": "es" });
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    const again = await new Client(app).get("/for-organizations", {
      "accept-language": "es",
      "if-none-match": etag,
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    // The browser keeps its copy with the policy (and nonce) that came with it.
    expect(again.headers.get("content-security-policy")).toBeNull();
    expect(again.headers.get("vary")).toMatch(/cookie/i);

    const english = await new Client(app).get("/for-organizations", {
      "accept-language": "en",
      "if-none-match": etag,
    });
    expect(english.status).toBe(200);
    expect(english.headers.get("etag")).not.toBe(etag);
    const signedIn = await bob.client.get("/for-organizations", {
      "accept-language": "es",
      "if-none-match": etag,
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("etag")).not.toBe(etag);
    const stale = await new Client(app).get("/for-organizations", {
      "accept-language": "es",
      "if-none-match": 'W/"something-else", W/"older"',
    });
    expect(stale.status).toBe(200);
    expect(nonceOf(stale)).toMatch(/^[0-9a-f]{32}$/);
  });

  it("says the page varies on the cookie, the language and the encoding", async () => {
    const response = await new Client(app).get("/blog");
    const vary = (response.headers.get("vary") ?? "").toLowerCase();
    for (const header of ["cookie", "accept-language", "accept-encoding"]) {
      expect(vary).toContain(header);
    }
  });
});

describe("anything unusual goes to React Router", () => {
  it("shows a notice left in a cookie once, and never keeps the answer that clears it", async () => {
    const client = new Client(app);
    const withNotice = await client.get("/about", {
      cookie: "safetap_notice=checkout-coming-soon",
    });
    expect(withNotice.headers.get("etag")).toBeNull();
    expect(withNotice.headers.get("set-cookie")).toMatch(/safetap_notice=;/);
    const next = await new Client(app).get("/about");
    expect(next.headers.get("etag")).toMatch(/^W\//);
    expect(next.headers.get("set-cookie")).toBeNull();
  });

  it("renders any other query, a query the page does not read, a HEAD and a POST per request", async () => {
    const yearly = await new Client(app).get("/pricing?billing=yearly");
    expect(yearly.headers.get("etag")).toBeNull();
    for (const path of [
      "/about?x=1",
      "/auth?mode=admin",
      "/auth?mode=signin&mode=signin",
      "/auth?mode=signin&",
      "/auth?mode=%73ignin",
      "/auth?redirect=%2Fdashboard",
      "/blog/no-such-post",
    ]) {
      const response = await new Client(app).get(path);
      expect(response.headers.get("etag"), path).toBeNull();
    }
    expect((await new Client(app).get("/blog/no-such-post")).status).toBe(404);
    const redirectKept = await (await new Client(app).get("/auth?redirect=%2Factivate")).text();
    expect(redirectKept).toContain("/activate");
    const head = await app.request("/about", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBeNull();
    const post = await new Client(app).post("/pricing", { plan: "pro" });
    expect(post.status).toBe(302);
  });
});
