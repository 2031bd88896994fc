import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alerts } from "#server/db/schema.ts";
import { CARD_ALERT_RULES } from "#server/security/card-alert-guard.ts";
import { CARD_HARVEST_LIMITS, REVEAL_RULES } from "#server/security/card-harvest.ts";
import { type AltchaChallenge, proofFor } from "#tests/support/altcha.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";
import { PHONE_USER_AGENT } from "#tests/support/user-agents.ts";

// Issue 13 items 6 and 9: alerts, reveals and scans on public cards from
// hostile clients, and the finder who must still get through.

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

type Answer = { ok: boolean; reason?: string; alertId?: string; challenge?: Challenge };
type Challenge = AltchaChallenge;

const press = async (client: Client, tagId: string, fields: Record<string, string> = {}) => {
  const response = await client.post(
    `/t/${tagId}/alert`,
    { idempotencyKey: randomUUID(), ...fields },
    { "user-agent": PHONE_USER_AGENT, accept: "application/json" },
  );
  return { status: response.status, body: (await response.json()) as Answer };
};

const alertsOn = async (tagId: string) =>
  (await app.services.db.select().from(alerts).where(eq(alerts.tagId, tagId))).length;

describe("card alerts: limits", () => {
  it("a retried press (the same key) is answered before the limit counts it", async () => {
    const owner = await createOwner(app.services);
    const finder = new Client(app);
    const key = randomUUID();
    const first = await press(finder, owner.tagId, { idempotencyKey: key });
    expect(first.status).toBe(200);
    for (let i = 0; i < 6; i++) {
      const again = await press(finder, owner.tagId, { idempotencyKey: key });
      expect(again.body.alertId).toBe(first.body.alertId);
    }
    // The tag's share is still there for other presses.
    for (let i = 1; i < CARD_ALERT_RULES.tag.points; i++) {
      expect((await press(new Client(app), owner.tagId)).status).toBe(200);
    }
    expect(await alertsOn(owner.tagId)).toBe(CARD_ALERT_RULES.tag.points);
  });

  it("counts an IPv6 network (/64) as one address", async () => {
    const owners = await Promise.all(
      Array.from({ length: 4 }, () => createOwner(app.services, { medical: false })),
    );
    const statuses: number[] = [];
    for (let i = 0; i < CARD_ALERT_RULES.address.points + 1; i++) {
      const client = new Client(app, `2001:db8:aa:bb::${(i + 1).toString(16)}`);
      const tag = owners[i % owners.length]!.tagId;
      statuses.push((await press(client, tag)).status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another network is not affected.
    expect((await press(new Client(app, "2001:db8:aa:cc::1"), owners[3]!.tagId)).status).toBe(200);
  });

  it("an attacker who spent a tag's share cannot stop a finder on a new device: under load a press needs a proof of work and uses the reserve", async () => {
    const owner = await createOwner(app.services);
    const attacker = new Client(app, "198.51.100.77");
    const here = { latitude: "48.858370", longitude: "2.294481" };
    for (let i = 0; i < CARD_ALERT_RULES.tag.points; i++) {
      expect((await press(attacker, owner.tagId, here)).status).toBe(200);
    }
    // Under load: a challenge, not an alert.
    const asked = await press(attacker, owner.tagId, here);
    expect(asked.status).toBe(429);
    expect(asked.body.reason).toBe("challenge");
    // With the work done, the same device at the same place is still refused.
    const proof = await proofFor(asked.body.challenge!);
    const retried = await press(attacker, owner.tagId, { ...here, altcha: proof });
    expect(retried.status).toBe(429);
    expect(retried.body.reason).toBe("rate_limited");
    // A proof is good once.
    const replayed = await press(new Client(app), owner.tagId, { altcha: proof });
    expect(replayed.body.reason).toBe("challenge");

    // A real finder, on another phone: challenged, works, gets through.
    const finder = new Client(app, "192.0.2.44");
    const challenged = await press(finder, owner.tagId);
    expect(challenged.body.reason).toBe("challenge");
    const through = await press(finder, owner.tagId, {
      altcha: await proofFor(challenged.body.challenge!),
    });
    expect(through.status).toBe(200);
    expect(through.body.ok).toBe(true);
    // Two proofs of work, seconds of CPU each beside the other test files on two cores.
  }, 120_000);

  it("a tag not under load never asks for a proof: the form works without JavaScript", async () => {
    const owner = await createOwner(app.services);
    const response = await new Client(app).post(
      `/t/${owner.tagId}`,
      { intent: "alert", idempotencyKey: randomUUID() },
      { "user-agent": PHONE_USER_AGENT },
    );
    expect(response.status).toBe(200);
    expect(await alertsOn(owner.tagId)).toBe(1);
  });
  it("under load, a press without JavaScript shows that the contacts were already alerted, with the call buttons", async () => {
    const owner = await createOwner(app.services);
    const attacker = new Client(app, "198.51.100.78");
    for (let i = 0; i < CARD_ALERT_RULES.tag.points; i++) {
      expect((await press(attacker, owner.tagId)).status).toBe(200);
    }
    const response = await new Client(app, "192.0.2.45").post(
      `/t/${owner.tagId}`,
      { intent: "alert", idempotencyKey: randomUUID() },
      { "user-agent": PHONE_USER_AGENT },
    );
    expect(response.status).toBe(429);
    const html = await response.text();
    expect(html).toContain("The contacts were already alerted");
    expect(html).toMatch(/href="tel:/);
    expect(await alertsOn(owner.tagId)).toBe(CARD_ALERT_RULES.tag.points);
  });
});

describe("harvesting cards", () => {
  it("medical reveals are limited per address: a 429 beyond, without the data", async () => {
    const owners = await Promise.all([createOwner(app.services), createOwner(app.services)]);
    const scraper = new Client(app, "203.0.113.90");
    const statuses: number[] = [];
    for (let i = 0; i <= REVEAL_RULES.address.points; i++) {
      const response = await scraper.post(
        `/t/${owners[i % 2]!.tagId}`,
        { intent: "reveal" },
        { "user-agent": PHONE_USER_AGENT },
      );
      statuses.push(response.status);
      if (i === REVEAL_RULES.address.points) {
        const html = await response.text();
        expect(html).not.toContain("Penicillin");
        expect(html).toContain("Too many medical reveals from this connection.");
      }
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("scans and .data URLs are limited per address: a tiny 429 page with the local emergency number; others still read cards", async () => {
    const owner = await createOwner(app.services);
    const scraper = new Client(app, "2001:db8:dead:beef::1");
    const statuses: number[] = [];
    for (let i = 0; i < CARD_HARVEST_LIMITS.distinctTags.points; i++) {
      // Unknown ids, as an enumeration tries them: each is a different card.
      const path = i % 2 ? `/t/WB-ENUM${i}.data` : `/t/WB-ENUM${i}`;
      statuses.push((await scraper.get(path, { "user-agent": PHONE_USER_AGENT })).status);
    }
    expect(statuses).not.toContain(429);
    // From another address in the same /64, in Spanish from Mexico.
    const refused = await new Client(app, "2001:db8:dead:beef::2").get(`/t/${owner.tagId}`, {
      "user-agent": PHONE_USER_AGENT,
      "accept-language": "es-MX",
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const page = await refused.text();
    expect(page.length).toBeLessThan(2_000);
    expect(page).toContain('href="tel:911"');
    expect(page).toContain("Llamar al 911");
    expect(page).not.toContain("Olivia");
    const data = await new Client(app, "2001:db8:dead:beef::3").get(`/t/${owner.tagId}.data`);
    expect(data.status).toBe(429);
    // A responder elsewhere reads the card.
    const reader = await new Client(app, "198.51.100.200").get(`/t/${owner.tagId}`, {
      "user-agent": PHONE_USER_AGENT,
    });
    expect(reader.status).toBe(200);
    expect(await reader.text()).toContain("Olivia Owner");
  });

  it("a responder who reloads a card many times is not refused", async () => {
    const owner = await createOwner(app.services);
    const responder = new Client(app, "198.51.100.201");
    for (let i = 0; i < 40; i++) {
      const response = await responder.get(`/t/${owner.tagId}`, { "user-agent": PHONE_USER_AGENT });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
  });
});

describe("test alerts are limited far lower than emergencies", () => {
  it("the dashboard's Test Alert says so beyond three an hour and records nothing", async () => {
    const owner = await createOwner(app.services);
    const client = await signIn(app, owner.email);
    const test = () =>
      client.post("/dashboard", {
        intent: "testAlert",
        tagId: owner.tagId,
        idempotencyKey: randomUUID(),
      });
    for (let i = 0; i < 3; i++) await test();
    const html = await (await test()).text();
    expect(html).toContain("Test alerts are limited to 3 an hour and 10 a day.");
    expect(await alertsOn(owner.tagId)).toBe(3);
    // The activation screen's Test Alert shares the account's count.
    const fromActivation = await client.post("/activate", {
      intent: "test",
      tagId: owner.tagId,
      idempotencyKey: randomUUID(),
    });
    expect(fromActivation.status).toBe(429);
    expect(await fromActivation.text()).toContain(
      "Test alerts are limited to 3 an hour and 10 a day.",
    );
    expect(await alertsOn(owner.tagId)).toBe(3);
  });
});

describe("premium-rate and high-fraud numbers", () => {
  it("are refused as contacts with a clear message", async () => {
    const owner = await createOwner(app.services);
    const client = await signIn(app, owner.email);
    for (const value of ["+19005551234", "+882123456789", "+5352345678"]) {
      const html = await (
        await client.post("/dashboard", {
          intent: "addContact",
          name: "Prem",
          channel: "sms",
          value,
        })
      ).text();
      expect(html, value).toContain("premium-rate or high-cost range");
    }
  });
});
