import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDispatcher } from "#server/alerts/dispatcher.ts";
import { alertTokens } from "#server/alerts/tokens.ts";
import {
  alertDeliveries,
  alerts,
  devOutbox,
  profiles,
  responderUpdates,
} from "#server/db/schema.ts";
import { HANDOVER_RULES, HANDOVERS_PER_ALERT } from "#server/domain/responder-handover.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";
import { PHONE_USER_AGENT } from "#tests/support/user-agents.ts";

// Issue 18 item 5, decision 152: "I'm helping / taking them to …" from the card.

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const phone = { "user-agent": PHONE_USER_AGENT };

async function cardAlert(tagId: string) {
  const response = await new Client(app).post(
    `/t/${tagId}/alert`,
    { idempotencyKey: randomUUID() },
    { ...phone, accept: "application/json" },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { alertId: string }).alertId;
}

/** The card's handover form, posted as a page form (it works without JavaScript). */
const handover = (tagId: string, fields: Record<string, string>, client = new Client(app)) =>
  client.post(
    `/t/${tagId}`,
    { intent: "handover", idempotencyKey: randomUUID(), ...fields },
    phone,
  );

const handoverDeliveries = (alertId: string) =>
  app.services.db
    .select()
    .from(alertDeliveries)
    .where(and(eq(alertDeliveries.alertId, alertId), eq(alertDeliveries.kind, "handover")));

const updatesOf = (alertId: string) =>
  app.services.db.select().from(responderUpdates).where(eq(responderUpdates.alertId, alertId));

describe("I'm taking them to … reaches every contact at once", () => {
  it("queues one handover message per contact (not the call), sends it, and shows it on the live page", async () => {
    const owner = await createOwner(app.services, { plan: "pro", name: "Hana Hurt" });
    await app.services.db
      .update(profiles)
      .set({ country: "gb" })
      .where(eq(profiles.id, owner.userId));
    const alertId = await cardAlert(owner.tagId);
    const response = await handover(owner.tagId, {
      kind: "taking",
      destination: "St Mary's Hospital",
      helperName: "Paramedic, unit 12",
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Sent to 2 contacts.");
    const [update] = await updatesOf(alertId);
    expect(update).toMatchObject({
      kind: "taking",
      destination: "St Mary's Hospital",
      helperName: "Paramedic, unit 12",
    });
    const queued = await handoverDeliveries(alertId);
    expect(queued.map((d) => d.channel).sort()).toEqual(["email", "sms"]);
    expect(queued.every((d) => d.status === "pending")).toBe(true);

    await createDispatcher(app.services).runOnce();
    const sent = await app.services.db
      .select()
      .from(devOutbox)
      .where(
        inArray(
          devOutbox.idempotencyKey,
          queued.map((d) => d.id),
        ),
      );
    expect(sent).toHaveLength(2);
    const sms = sent.find((m) => m.channel === "sms")!;
    expect(sms.body).toMatch(
      /^SafeTap: Paramedic, unit 12 is taking Hana Hurt to St Mary's Hospital \(.+\)\. Follow: http:\/\/localhost:3000\/ack\//,
    );
    const mail = sent.find((m) => m.channel === "email")!;
    expect(mail.subject).toBe("Hana Hurt is being taken to St Mary's Hospital");
    // The message's link is a live link of the alert: it opens the live page with the update.
    const link = mail.body.match(/\/ack\/([^\s]+)/)![1]!;
    const page = await (await app.request(`/ack/${link}`)).text();
    expect(page).toMatch(/Taking them to St Mary(&#x27;|')s Hospital — /);
    expect(page).toContain("Said by: Paramedic, unit 12");
  });

  it("'I'm helping' needs no destination and says someone is with them", async () => {
    const owner = await createOwner(app.services, { plan: "pro", name: "Ivo Injured" });
    const alertId = await cardAlert(owner.tagId);
    expect((await handover(owner.tagId, { kind: "helping" })).status).toBe(200);
    await createDispatcher(app.services).runOnce();
    const queued = await handoverDeliveries(alertId);
    const [mail] = await app.services.db
      .select()
      .from(devOutbox)
      .where(
        and(
          inArray(
            devOutbox.idempotencyKey,
            queued.map((d) => d.id),
          ),
          eq(devOutbox.channel, "email"),
        ),
      );
    expect(mail!.subject).toBe("Ivo Injured: someone is with them and helping");
    expect(mail!.body).toContain("Someone at the scene is with Ivo Injured and helping");
  });

  it("without an alert yet, it raises one (the card's alert limits apply) and tells the contacts", async () => {
    const owner = await createOwner(app.services, { plan: "pro" });
    const response = await handover(owner.tagId, { kind: "taking", destination: "City Clinic" });
    expect(response.status).toBe(200);
    const raised = await app.services.db.select().from(alerts).where(eq(alerts.tagId, owner.tagId));
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ source: "card", isTest: false });
    const kinds = await app.services.db
      .select({ kind: alertDeliveries.kind })
      .from(alertDeliveries)
      .where(eq(alertDeliveries.alertId, raised[0]!.id));
    expect(kinds.filter((k) => k.kind === "alert").length).toBeGreaterThan(0);
    expect(kinds.filter((k) => k.kind === "handover")).toHaveLength(2);
  });

  it("in the contact's owner's language", async () => {
    const owner = await createOwner(app.services, { plan: "pro", language: "es", name: "Eva" });
    const alertId = await cardAlert(owner.tagId);
    await handover(owner.tagId, { kind: "taking", destination: "Hospital del Mar" });
    await createDispatcher(app.services).runOnce();
    const queued = await handoverDeliveries(alertId);
    const [sms] = await app.services.db
      .select()
      .from(devOutbox)
      .where(
        and(
          inArray(
            devOutbox.idempotencyKey,
            queued.map((d) => d.id),
          ),
          eq(devOutbox.channel, "sms"),
        ),
      );
    expect(sms!.body).toMatch(
      /^SafeTap: Alguien que está en el lugar lleva a Eva a Hospital del Mar/,
    );
  });
});

describe("refusals change nothing", () => {
  it("no handover after the alert was called off", async () => {
    const owner = await createOwner(app.services, { plan: "pro" });
    const client = await signIn(app, owner.email);
    await client.post("/sos", { intent: "sos", idempotencyKey: "sos-handover-0001" });
    const [sos] = await app.services.db
      .select()
      .from(alerts)
      .where(eq(alerts.userId, owner.userId));
    await client.post("/sos", { intent: "cancel", alertId: sos!.id });
    const response = await handover(owner.tagId, { kind: "taking", destination: "St Mary's" });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("This alert was called off, so nothing was sent.");
    expect(await updatesOf(sos!.id)).toHaveLength(0);
    expect(await handoverDeliveries(sos!.id)).toHaveLength(0);
    expect(
      await app.services.db.select().from(alerts).where(eq(alerts.tagId, owner.tagId)),
    ).toHaveLength(1);
  });

  it("refuses bots, a missing destination, links and overlong text", async () => {
    const owner = await createOwner(app.services, { plan: "pro" });
    const alertId = await cardAlert(owner.tagId);
    const bot = await new Client(app).post(
      `/t/${owner.tagId}`,
      { intent: "handover", kind: "helping", idempotencyKey: randomUUID() },
      { "user-agent": "curl/8.0" },
    );
    expect(bot.status).toBe(403);
    for (const [fields, status, text] of [
      [{ kind: "taking" }, 400, "Type where you are taking them"],
      [{ kind: "taking", destination: "   " }, 400, "Type where you are taking them"],
      [{ kind: "taking", destination: "x".repeat(101) }, 400, "up to 100 characters"],
      [{ kind: "helping", helperName: "y".repeat(101) }, 400, "up to 100 characters"],
      [{ kind: "taking", destination: "https://evil.example/pay" }, 400, "Links cannot be sent"],
      [{ kind: "taking", destination: "visit www.evil.example" }, 400, "Links cannot be sent"],
      [{ kind: "helping", helperName: "bit.ly/x" }, 400, "Links cannot be sent"],
      [{ kind: "flying" }, 400, "Something was missing"],
    ] as const) {
      const response = await handover(owner.tagId, fields);
      expect(response.status, JSON.stringify(fields)).toBe(status);
      expect(await response.text()).toContain(text);
    }
    expect(await updatesOf(alertId)).toHaveLength(0);
    expect(await handoverDeliveries(alertId)).toHaveLength(0);
  });

  it("a lost or unknown tag takes no handover", async () => {
    const response = await handover("WB-ZZZZZ", { kind: "helping" });
    expect(response.status).toBe(404);
  });
});

describe("rate-limited like the card's alerts", () => {
  it("per tag: beyond its share, other addresses are refused too", async () => {
    const owner = await createOwner(app.services, { plan: "pro" });
    const alertId = await cardAlert(owner.tagId);
    const statuses: number[] = [];
    for (let i = 0; i < HANDOVER_RULES.tag.points + 1; i++) {
      statuses.push((await handover(owner.tagId, { kind: "helping" })).status);
    }
    expect(statuses.slice(0, HANDOVER_RULES.tag.points).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(await updatesOf(alertId)).toHaveLength(HANDOVER_RULES.tag.points);
  });

  it("per address, across tags", async () => {
    const client = new Client(app);
    const statuses: number[] = [];
    for (let i = 0; i < HANDOVER_RULES.address.points + 1; i++) {
      const owner = await createOwner(app.services, { plan: "pro", medical: false });
      await cardAlert(owner.tagId);
      statuses.push((await handover(owner.tagId, { kind: "helping" }, client)).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(HANDOVER_RULES.address.points);
    expect(statuses.at(-1)).toBe(429);
    // Eleven owners, each with a tag and an alert: seconds each on a busy machine.
  }, 120_000);

  it("per alert: at most a handful of updates, so each contact gets at most that many", async () => {
    const owner = await createOwner(app.services, { plan: "pro" });
    const alertId = await cardAlert(owner.tagId);
    await app.services.db
      .insert(responderUpdates)
      .values(Array.from({ length: HANDOVERS_PER_ALERT }, () => ({ alertId, kind: "helping" })));
    const response = await handover(owner.tagId, { kind: "taking", destination: "St Mary's" });
    expect(response.status).toBe(429);
    expect(await handoverDeliveries(alertId)).toHaveLength(0);
  });
});

describe("the handover's link", () => {
  it("is an acknowledgement link of the alert, so the contact can say they are on the way", async () => {
    const owner = await createOwner(app.services, { plan: "pro" });
    const alertId = await cardAlert(owner.tagId);
    await handover(owner.tagId, { kind: "helping" });
    const [delivery] = await handoverDeliveries(alertId);
    const token = alertTokens(app.services.config.dataEncryptionKey).ackToken(delivery!.id);
    const pressed = await new Client(app).post(`/ack/${token}`, {});
    expect(pressed.status).toBe(200);
    const [alert] = await app.services.db.select().from(alerts).where(eq(alerts.id, alertId));
    expect(alert!.acknowledgedAt).not.toBeNull();
  });
});
