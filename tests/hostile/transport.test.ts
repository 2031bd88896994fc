import { METHODS } from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limitFor } from "#server/http/body-limits.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { rawRequest } from "#tests/support/raw-http.ts";
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
 * What only a socket carries, generated against every route of the build:
 * any method Node parses, bodies over the limit (declared or chunked), NUL
 * bytes in form fields and forged X-Forwarded-For chains. Never a 5xx, always
 * an answer, and nothing changed in the database.
 */
const RUNS = 6;

let app: TestApp;
let server: Awaited<ReturnType<TestApp["listen"]>>;
const endpoints: Endpoint[] = [];
let words: ReturnType<typeof vocabulary>;

beforeAll(async () => {
  app = await createTestApp();
  server = await app.listen();
  endpoints.push(...reactRouterEndpoints(await loadBuild()), ...honoEndpoints(app.services));
  words = vocabulary();
});
afterAll(async () => {
  await server?.close();
  await app?.close();
});

describe("hostile transport", () => {
  it("no 5xx and no change on every route, whatever the method, size or forwarded chain", async () => {
    const methods = METHODS.filter((m) => m !== "CONNECT");
    const forwarded = fc.oneof(
      fc.constant(undefined),
      fc.ipV4(),
      fc.ipV6(),
      fc
        .array(fc.oneof(fc.ipV4(), fc.constant("127.0.0.1"), fc.constant("::1")), {
          minLength: 2,
          maxLength: 5,
        })
        .map((chain) => chain.join(", ")),
      fc.constantFrom("unknown", "127.0.0.1, garbage", "[::1]:80", "", ","),
    );
    const body = fc.oneof(
      fc.constant({ kind: "none" as const }),
      fc
        .tuple(fc.constantFrom(...words.intents, "x"), fc.constantFrom(...words.fields))
        .map(([intent, field]) => ({ kind: "nul" as const, intent, field })),
      fc.constant({ kind: "chunked" as const }),
      fc.constant({ kind: "declared" as const }),
    );
    for (const endpoint of endpoints) {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...methods), forwarded, body, async (method, xff, b) => {
          const path = endpoint.pattern.replace(/:[A-Za-z_]+\??/g, "WB-TEST01").replace(/\*$/, "x");
          const headers: Record<string, string> = {};
          if (xff !== undefined) headers["x-forwarded-for"] = xff;
          const options: Parameters<typeof rawRequest>[1] = { method, headers };
          if (b.kind === "nul") {
            headers["content-type"] = "application/x-www-form-urlencoded";
            options.body = new URLSearchParams({
              intent: b.intent,
              [b.field]: "a\u0000b",
            }).toString();
          } else if (b.kind === "chunked" && method !== "GET" && method !== "HEAD") {
            headers["content-type"] = "application/x-www-form-urlencoded";
            // Over the limit of this path (a photo upload takes more than a page form).
            options.stream = limitFor(path) + 512 * 1024;
          } else if (b.kind === "declared") {
            headers["content-type"] = "application/x-www-form-urlencoded";
            headers["content-length"] = String(limitFor(path) + 1);
            options.stream = limitFor(path) + 1;
          }
          await app.services.scans.flush();
          const before = await snapshot(app.services);
          let answer: Awaited<ReturnType<typeof rawRequest>>;
          try {
            answer = await rawRequest(`${server.url}${path}`, { ...options, timeoutMs: 10_000 });
          } catch (error) {
            // A refused oversize body may end in a reset once answered; anything else is a failure.
            const code = (error as NodeJS.ErrnoException).code;
            if (
              b.kind !== "nul" &&
              b.kind !== "none" &&
              (code === "EPIPE" || code === "ECONNRESET")
            )
              return;
            throw error;
          }
          const where = `${method} ${path} (${endpoint.pattern}, ${b.kind}, xff ${xff}) → ${answer.status}`;
          expect(answer.status, where).toBeGreaterThan(0);
          expect(answer.status, where).toBeLessThan(500);
          if (answer.status >= 400 && method !== "HEAD") {
            expect(answer.text.length, where).toBeGreaterThan(0);
            expect(answer.text, where).not.toContain("Internal Server Error");
          }
          if (b.kind !== "none" || method !== "GET") {
            await app.services.scans.flush();
            expect(changedTables(before, await snapshot(app.services)), where).toEqual([]);
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    }
  }, 240_000);
});
