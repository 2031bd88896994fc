import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tags } from "#server/db/schema.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner, type Owner } from "#tests/support/fixtures.ts";
import { type Client, signIn } from "#tests/support/http-client.ts";
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
 * CSRF: every route that changes data, reached by a signed-in owner's browser
 * from another site, is refused with 403 and changes nothing. The bodies are
 * ones that would change the owner's data if they got through (the control
 * below shows the same request from the site itself does).
 */
let app: TestApp;
let owner: Owner;
let browser: Client;
let endpoints: Endpoint[];
let intents: string[];

const FOREIGN: [string, Record<string, string>][] = [
  ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
  ["Sec-Fetch-Site: same-site (a sibling subdomain)", { "sec-fetch-site": "same-site" }],
  ["a foreign Origin", { origin: "https://evil.example" }],
  ["Origin: null (a sandboxed frame)", { origin: "null" }],
  [
    "a foreign Origin with a look-alike host",
    { origin: "http://localhost:3000.evil.example", "sec-fetch-site": "cross-site" },
  ],
];

beforeAll(async () => {
  app = await createTestApp();
  owner = await createOwner(app.services);
  browser = await signIn(app, owner.email);
  endpoints = [...reactRouterEndpoints(await loadBuild()), ...honoEndpoints(app.services)].filter(
    (e) => e.changesData,
  );
  intents = vocabulary().intents;
});
afterAll(() => app?.close());

const fill = (pattern: string) =>
  pattern
    .replace(/:tagId\??/g, owner.tagId)
    .replace(/:[A-Za-z_]+\??/g, "x")
    .replace(/\*$/, "x");

describe("cross-site requests", () => {
  it("are refused on every route that changes data, and change nothing", async () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(8);
    for (const endpoint of endpoints) {
      const path = fill(endpoint.pattern);
      const before = await snapshot(app.services);
      for (const method of endpoint.methods.filter((m) => m !== "GET")) {
        for (const [label, headers] of FOREIGN) {
          // Every intent an action knows, on POST; once on the other methods.
          for (const intent of method === "POST" ? ["", ...intents] : [""]) {
            const response = await app.request(path, {
              method,
              headers: {
                cookie: browser.cookieHeader,
                "content-type": "application/x-www-form-urlencoded",
                ...headers,
              },
              body: new URLSearchParams({
                ...(intent ? { intent } : {}),
                tagId: owner.tagId,
                name: "Mallory",
                channel: "email",
                value: "mallory@example.com",
                plan: "enterprise",
                idempotencyKey: "csrf-attempt-0001",
              }).toString(),
            });
            const where = `${method} ${path} with ${label}, intent ${intent || "(none)"}`;
            expect(response.status, where).toBe(403);
            expect(await response.text(), where).toBe("Cross-site request refused");
          }
        }
      }
      expect(changedTables(before, await snapshot(app.services)), endpoint.pattern).toEqual([]);
    }
  }, 120_000);

  it("control: the same request from the site itself goes through", async () => {
    const response = await browser.post(
      "/dashboard",
      { intent: "markLost", tagId: owner.tagId, confirm: "yes" },
      { "sec-fetch-site": "same-origin", origin: "http://localhost:3000" },
    );
    expect(response.status).toBeLessThan(400);
    const [tag] = await app.services.db.select().from(tags).where(eq(tags.id, owner.tagId));
    expect(tag).toMatchObject({ isLost: true, isActive: false });
  });
});
