import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raiseAlert } from "#server/alerts/create.ts";
import { alertDeliveries, contacts, profiles, user, userRoles } from "#server/db/schema.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner, type Owner } from "#tests/support/fixtures.ts";
import { type Client, signIn, signUp } from "#tests/support/http-client.ts";
import {
  changedTables,
  type Endpoint,
  honoEndpoints,
  loadBuild,
  reactRouterEndpoints,
  snapshot,
  vocabulary,
} from "./surface.ts";

/**
 * Random and malformed requests to every route that runs code, signed out and
 * signed in as someone who owns none of the data the ids point at: never a 5xx,
 * a clear answer for a refusal, and (for anything but GET) no change at all in
 * the database. Runs are bounded per route so the file stays fast; a failure
 * prints the seed and the shrunk request to replay it.
 */
const RUNS = { write: 10, read: 4 };

let app: TestApp;
let victim: Owner & { alertId: string; deliveryIds: string[]; contactIds: string[] };
let attacker: Client;
let attackerEmail: string;
let attackerId: string;
const endpoints: Endpoint[] = [];
let words: ReturnType<typeof vocabulary>;

beforeAll(async () => {
  app = await createTestApp();
  const owner = await createOwner(app.services);
  const raised = await raiseAlert(app.services, {
    source: "sos",
    userId: owner.userId,
    tagId: owner.tagId,
    idempotencyKey: randomUUID(),
    location: null,
    clientAddress: "192.0.2.1",
  });
  const deliveries = await app.services.db
    .select({ id: alertDeliveries.id })
    .from(alertDeliveries)
    .where(eq(alertDeliveries.alertId, raised.alertId));
  const contactRows = await app.services.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(eq(contacts.userId, owner.userId));
  victim = {
    ...owner,
    alertId: raised.alertId,
    deliveryIds: deliveries.map((d) => d.id),
    contactIds: contactRows.map((c) => c.id),
  };
  attackerEmail = `attacker-${Date.now()}@example.com`;
  attacker = await signUp(app, attackerEmail, { onboard: true });
  const [row] = await app.services.db.select().from(user).where(eq(user.email, attackerEmail));
  attackerId = row!.id;
  endpoints.push(...reactRouterEndpoints(await loadBuild()), ...honoEndpoints(app.services));
  words = vocabulary();
});
afterAll(() => app?.close());

/** encodeURIComponent, also for lone surrogates (which it refuses). */
const encodeAnything = (v: string) => encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, "\uFFFD"));

/** Header values fetch accepts (Latin-1, no line breaks), from anything. */
const headerSafe = (s: string) => s.replace(/[^\x20-\x7e\xa0-\xff]/g, "?").slice(0, 2000);

function arbitraries() {
  const ids = [
    victim.tagId,
    victim.userId,
    victim.alertId,
    ...victim.deliveryIds,
    ...victim.contactIds,
    victim.tagId.toLowerCase(),
    randomUUID(),
    "00000000-0000-0000-0000-000000000000",
  ];
  const nasty = fc.constantFrom(
    "",
    " ",
    "null",
    "undefined",
    "0",
    "-1",
    "1e309",
    "NaN",
    "true",
    "[]",
    "{}",
    "[object Object]",
    "__proto__",
    "../../../etc/passwd",
    "..%2F..%2F",
    "\u0000",
    "<script>alert(1)</script>",
    "' or '1'='1",
    '"; drop table tags; --',
    "𝕏😀",
    "\uD800",
    "a".repeat(20_000),
    "ACT-",
    "ACT-ZZZZ-ZZZZ",
    "WB-",
    "-91",
    "181",
    "1e-400",
    "2024-02-30",
    "+1",
    "+999999999999999999999",
    "a@b",
  );
  const value = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: "binary", maxLength: 40 }),
    nasty,
    fc.constantFrom(...ids),
    fc.integer().map(String),
    fc.double().map(String),
  );
  const fieldName = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...words.fields) },
    { weight: 1, arbitrary: fc.string({ maxLength: 15 }) },
  );
  const fields = fc.tuple(
    fc.option(fc.constantFrom(...words.intents), { nil: undefined }),
    fc.array(fc.tuple(fieldName, value), { maxLength: 10 }),
  );
  const encoding = fc.constantFrom(
    "form",
    "multipart",
    "json",
    "text",
    "broken-form",
    "none",
    "deep-json",
  );
  const param = fc.oneof(
    { weight: 3, arbitrary: value.map(encodeAnything) },
    { weight: 1, arbitrary: fc.constantFrom("%", "%zz", "%E0%A4%A", "..%2F..%2Fetc", "%00") },
  );
  const query = fc.oneof(
    fc
      .array(fc.tuple(fc.oneof(fieldName, fc.constantFrom("alert", "token", "redirect")), value), {
        maxLength: 6,
      })
      .map((pairs) => new URLSearchParams(pairs).toString()),
    fc.constantFrom(
      "%zz=%&a[b]=1&=&&",
      "redirect=https://evil.example/",
      "redirect=//evil.example",
    ),
  );
  const headers = fc.record(
    {
      "accept-language": fc.oneof(fc.string(), nasty).map(headerSafe),
      "user-agent": fc.oneof(fc.string(), fc.constant("Googlebot/2.1")).map(headerSafe),
      "x-forwarded-for": fc.oneof(fc.string(), nasty, fc.ipV6()).map(headerSafe),
      "x-request-id": fc.string().map(headerSafe),
      cookie: fc
        .oneof(
          fc.string(),
          nasty.map((v) => `better-auth.session_token=${v}`),
        )
        .map(headerSafe),
      accept: fc.constantFrom("application/json", "*/*", "text/html", "\u00ff"),
    },
    { requiredKeys: [] },
  );
  return { value, fields, encoding, param, query, headers };
}

function fillPattern(pattern: string, params: string[], rest: string): string {
  let i = 0;
  return pattern
    .replace(/:[A-Za-z_]+\??/g, () => params[i++ % Math.max(1, params.length)] ?? "x")
    .replace(/\*$/, rest);
}

function encodeBody(
  encoding: string,
  intent: string | undefined,
  pairs: [string, string][],
): { body?: BodyInit; contentType?: string } {
  const all: [string, string][] = intent ? [["intent", intent], ...pairs] : pairs;
  switch (encoding) {
    case "form":
      return {
        body: new URLSearchParams(all).toString(),
        contentType: "application/x-www-form-urlencoded",
      };
    case "multipart": {
      const form = new FormData();
      for (const [k, v] of all) form.append(k, v);
      return { body: form };
    }
    case "json":
      return { body: JSON.stringify(Object.fromEntries(all)), contentType: "application/json" };
    case "text":
      return { body: all.map(([k, v]) => `${k}:${v}`).join("\n"), contentType: "text/plain" };
    case "broken-form":
      return {
        body: `intent=${intent ?? ""}&%zz&=&a=%E0%A4%A&${"x".repeat(10)}`,
        contentType: "application/x-www-form-urlencoded",
      };
    case "deep-json":
      return { body: `${"[".repeat(5000)}${"]".repeat(4999)}`, contentType: "application/json" };
    default:
      return { body: all.map(([k, v]) => `${k}=${v}`).join("&") };
  }
}

type Actor = "signed out" | "another user";

/** What a user may do and who they are: plan, roles, verified address. */
async function privileges(userId: string) {
  const [account] = await app.services.db
    .select({ email: user.email, verified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  const [profile] = await app.services.db
    .select({ plan: profiles.plan })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const roles = await app.services.db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  return { ...account, plan: profile?.plan, roles: roles.map((r) => r.role).sort() };
}

async function stillSignedIn(): Promise<void> {
  const response = await attacker.get("/api/auth/get-session");
  const session = (await response.json().catch(() => null)) as { user?: unknown } | null;
  if (!session?.user) {
    attacker = await signIn(app, attackerEmail);
  }
}

async function send(
  actor: Actor,
  method: string,
  url: string,
  headers: Record<string, string>,
  body: { body?: BodyInit; contentType?: string },
): Promise<Response> {
  const all: Record<string, string> = { ...headers };
  if (body.contentType) all["content-type"] = body.contentType;
  if (actor === "another user") {
    all.cookie = [attacker.cookieHeader, headers.cookie].filter(Boolean).join("; ");
    all["x-forwarded-for"] = attacker.address;
  }
  return Promise.race([
    app.request(url, { method, headers: all, body: method === "GET" ? undefined : body.body }),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer in 15 s: ${method} ${url}`)), 15_000),
    ),
  ]);
}

describe.each<Actor>(["signed out", "another user"])("hostile input, %s", (actor) => {
  it("covers the routes of the build", () => {
    const patterns = endpoints.map((e) => e.pattern);
    // A few that must be there: if enumeration broke, the tests below would pass vacuously.
    for (const known of ["/t/:tagId", "/dashboard", "/auth", "/sos", "/readyz"]) {
      expect(patterns).toContain(known);
    }
    expect(endpoints.filter((e) => e.changesData).length).toBeGreaterThanOrEqual(8);
  });

  it("no 5xx, a clear refusal and no change in the database, on every route", async () => {
    const arb = arbitraries();
    for (const endpoint of endpoints) {
      // Signing out is what that route is for; it is checked on its own below.
      if (actor === "another user" && endpoint.pattern === "/sign-out") continue;
      for (const kind of ["write", "read"] as const) {
        const methods = endpoint.methods.filter((m) => (kind === "read") === (m === "GET"));
        if (!methods.length) continue;
        if (actor === "another user") await stillSignedIn();
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom(...methods),
            fc.array(arb.param, { minLength: 1, maxLength: 3 }),
            fc.string({ maxLength: 20 }).map(encodeAnything),
            fc.option(arb.query, { nil: undefined }),
            arb.headers,
            arb.fields,
            arb.encoding,
            // React Router's data URL of the same route (what client navigation fetches).
            fc.boolean(),
            async (method, params, rest, query, headers, [intent, pairs], encoding, dataUrl) => {
              const page = fillPattern(endpoint.pattern, params, rest);
              const path = !dataUrl
                ? page
                : page === "/"
                  ? "/_root.data"
                  : `${page.replace(/\/$/, "")}.data`;
              const url = query ? `${path}?${query}` : path;
              const except = actor === "another user" ? attackerId : undefined;
              // Card views record their scans a moment later: write those out first.
              await app.services.scans.flush();
              // Outside production anyone may start the /qa self-check, which makes a
              // throwaway owner and tag by design (decision 043; qa-tag-flow.test.ts covers
              // it): every other check still holds there.
              const makesThrowaway = endpoint.pattern === "/qa/tag-flow" && intent === "start";
              const before =
                kind === "write" && !makesThrowaway ? await snapshot(app.services, except) : null;
              const rights = kind === "write" && except ? await privileges(except) : null;
              const response = await send(
                actor,
                method,
                url,
                headers,
                encodeBody(encoding, intent, pairs),
              );
              const text = await response.text();
              const where = `${method} ${url} (${endpoint.pattern}, ${encoding}) → ${response.status}`;
              expect(response.status, where).toBeLessThan(500);
              if (response.status >= 400) expect(text.length, where).toBeGreaterThan(0);
              // A refusal says what it is (a thrown data() without statusText said this).
              if (response.status >= 400)
                expect(text, where).not.toContain("Internal Server Error");
              if (before) {
                const changed = changedTables(before, await snapshot(app.services, except));
                expect(changed, where).toEqual([]);
              }
              if (rights) {
                // Whatever it did to its own data, it gained nothing.
                expect(await privileges(attackerId), where).toEqual(rights);
              }
            },
          ),
          { numRuns: RUNS[kind], endOnFailure: true },
        );
      }
    }
  }, 240_000);
});

describe("signing out", () => {
  it("ends only the session that asks, and refuses a cross-site request", async () => {
    const other = await signUp(app, `bystander-${Date.now()}@example.com`);
    await app.services.scans.flush();
    const before = await snapshot(app.services);
    const refused = await other.post("/sign-out", {}, { "sec-fetch-site": "cross-site" });
    expect(refused.status).toBe(403);
    expect(changedTables(before, await snapshot(app.services))).toEqual([]);
    const signedOut = await other.post("/sign-out", {});
    expect(signedOut.status).toBeLessThan(400);
    const session = await (await other.get("/api/auth/get-session")).json();
    expect(session).toBeNull();
    await stillSignedIn();
    const mine = (await (await attacker.get("/api/auth/get-session")).json()) as {
      user?: { email?: string };
    } | null;
    expect(mine?.user?.email).toBe(attackerEmail);
  });
});
