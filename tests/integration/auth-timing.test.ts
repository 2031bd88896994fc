import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpPeer, startSmtpPeer } from "#tests/fault/peers.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { Client, STRONG_PASSWORD } from "#tests/support/http-client.ts";

/** The mail relay answers each message only after this long. */
const SMTP_DELAY_MS = 3_000;

let peer: SmtpPeer;
let app: TestApp;
beforeAll(async () => {
  peer = await startSmtpPeer({ delayMs: SMTP_DELAY_MS });
  app = await createTestApp({ SMTP_URL: peer.url, SMTP_FROM: "SafeTap <codes@safetap.test>" });
});
afterAll(async () => {
  await app?.close();
  await peer?.close();
});

async function timed(request: () => Promise<Response>) {
  const started = performance.now();
  const response = await request();
  const html = await response.text();
  return { status: response.status, html, ms: performance.now() - started };
}

describe("issue 13 item 5: answers do not tell whether an account exists", () => {
  it("forgot password answers well before a slow mail relay, for a real and an unknown address alike", async () => {
    const owner = await createOwner(app.services);
    const unknown = `nobody-${Date.now()}@example.com`;
    const real = await timed(() =>
      new Client(app).post("/auth", { intent: "forgot", identifier: owner.email }),
    );
    const none = await timed(() =>
      new Client(app).post("/auth", { intent: "forgot", identifier: unknown }),
    );
    expect(real.status).toBe(200);
    expect(none.status).toBe(200);
    expect(real.html).toContain("Verification code sent!");
    expect(none.html).toContain("Verification code sent!");
    expect(real.ms).toBeLessThan(SMTP_DELAY_MS / 2);
    expect(none.ms).toBeLessThan(SMTP_DELAY_MS / 2);

    // The code still reaches the owner (and nothing goes to the unknown address).
    await peer.waitForKeys(1, 10_000);
    expect(peer.received.map((m) => m.to)).toEqual([owner.email]);
    expect(peer.received[0]!.body).toMatch(/\b\d{6}\b/);
  });

  it("sign-up with an existing address answers as fast as a new one", async () => {
    const owner = await createOwner(app.services);
    const signup = (identifier: string) =>
      timed(() =>
        new Client(app).post("/auth", {
          intent: "signup",
          fullName: "Someone",
          identifier,
          password: STRONG_PASSWORD,
          acceptTerms: "on",
        }),
      );
    const existing = await signup(owner.email);
    const fresh = await signup(`fresh-${Date.now()}@example.com`);
    expect(existing.html).toContain("Account created!");
    expect(fresh.html).toContain("Account created!");
    expect(existing.ms).toBeLessThan(SMTP_DELAY_MS / 2);
    expect(fresh.ms).toBeLessThan(SMTP_DELAY_MS / 2);
  });
});
