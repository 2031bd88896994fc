import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDispatcher } from "#server/alerts/dispatcher.ts";
import { alertDeliveries, alerts, contacts, devOutbox, tags } from "#server/db/schema.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const sosOf = async (userId: string) =>
  (
    await app.services.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.userId, userId), eq(alerts.source, "sos")))
  )[0];
const deliveriesOf = (alertId: string) =>
  app.services.db.select().from(alertDeliveries).where(eq(alertDeliveries.alertId, alertId));

describe("/sos", () => {
  it("shows who will be alerted and sends to all contacts with the location (6 decimals)", async () => {
    const owner = await createOwner(app.services, { name: "Sol Sender" });
    const client = await signIn(app, owner.email);
    const page = await (await client.get("/sos")).text();
    expect(page).toContain("Maria");
    expect(page).toContain("Ben");
    const response = await client.post("/sos", {
      intent: "sos",
      idempotencyKey: "sos-key-000000001",
      latitude: "10.7769421",
      longitude: "106.7009157",
    });
    const html = await response.text();
    expect(html).toContain("SOS Alert Sent!");
    expect(html).toContain("2 contacts notified.");
    expect(html).toContain("https://maps.google.com/?q=10.776942,106.700916");
    const alert = await sosOf(owner.userId);
    expect(alert).toMatchObject({ source: "sos", tagId: owner.tagId, latitude: "10.776942" });
    await createDispatcher(app.services).runOnce();
    const dashboard = await (await client.get("/dashboard")).text();
    expect(dashboard).toMatch(/data-testid="recent-alerts"[\s\S]*SOS[\s\S]*Delivered/);
  });

  it("'No active tag found' inside 'Failed to send SOS'", async () => {
    const owner = await createOwner(app.services);
    await app.services.db
      .update(tags)
      .set({ isLost: true, isActive: false })
      .where(eq(tags.id, owner.tagId));
    const client = await signIn(app, owner.email);
    const html = await (
      await client.post("/sos", { intent: "sos", idempotencyKey: "sos-key-000000002" })
    ).text();
    expect(html).toContain("Failed to send SOS");
    expect(html).toContain("No active tag found");
    expect(await sosOf(owner.userId)).toBeUndefined();
  });

  it("without contacts the send button is disabled", async () => {
    const owner = await createOwner(app.services);
    await app.services.db.delete(contacts).where(eq(contacts.userId, owner.userId));
    const client = await signIn(app, owner.email);
    const html = await (await client.get("/sos")).text();
    expect(html).toContain("Add an emergency contact on the dashboard before using SOS.");
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>(?:(?!<\/button>)[\s\S])*Hold to send SOS/);
    expect(html).toMatch(
      /<button[^>]*disabled=""[^>]*>(?:(?!<\/button>)[\s\S])*Send without holding/,
    );
  });
});

describe("Cancel — I'm safe (DESIGN 1.7)", () => {
  it("within 30 seconds: what has not gone stops, who was told gets an all-clear", async () => {
    const owner = await createOwner(app.services, { name: "Cal Cancel" });
    const client = await signIn(app, owner.email);
    await client.post("/sos", { intent: "sos", idempotencyKey: "sos-key-cancel-01" });
    const alert = (await sosOf(owner.userId))!;
    // The email goes out first; the SMS and the call are still waiting when the owner cancels.
    const [email] = (await deliveriesOf(alert.id)).filter((d) => d.channel === "email");
    await app.services.db
      .update(alertDeliveries)
      .set({ nextAttemptAt: sql`now() + interval '1 hour'` })
      .where(
        and(eq(alertDeliveries.alertId, alert.id), sql`${alertDeliveries.channel} <> 'email'`),
      );
    await createDispatcher(app.services).runOnce();
    expect((await deliveriesOf(alert.id)).find((d) => d.id === email!.id)?.status).toBe(
      "delivered",
    );

    const stranger = await createOwner(app.services);
    const strangerClient = await signIn(app, stranger.email);
    const refused = await strangerClient.post("/sos", { intent: "cancel", alertId: alert.id });
    expect(refused.status).toBe(409);

    const cancelled = await client.post("/sos", { intent: "cancel", alertId: alert.id });
    expect(await cancelled.text()).toContain("All clear sent");
    const after = await deliveriesOf(alert.id);
    expect(
      after
        .filter((d) => d.kind === "alert" && d.channel !== "email")
        .every((d) => d.status === "cancelled"),
    ).toBe(true);
    const allClear = after.filter((d) => d.kind === "all_clear");
    expect(allClear.map((d) => d.contactName)).toEqual(["Maria"]);
    await createDispatcher(app.services).runOnce();
    const [message] = await app.services.db
      .select()
      .from(devOutbox)
      .where(eq(devOutbox.idempotencyKey, allClear[0]!.id));
    expect(message!.subject).toBe("All clear: Cal Cancel is safe");
    const [row] = await app.services.db.select().from(alerts).where(eq(alerts.id, alert.id));
    expect(row!.status).toBe("cancelled");
  });

  it("after 30 seconds it is too late", async () => {
    const owner = await createOwner(app.services);
    const client = await signIn(app, owner.email);
    await client.post("/sos", { intent: "sos", idempotencyKey: "sos-key-cancel-02" });
    const alert = (await sosOf(owner.userId))!;
    await app.services.db
      .update(alerts)
      .set({ createdAt: new Date(Date.now() - 31_000) })
      .where(eq(alerts.id, alert.id));
    const response = await client.post("/sos", { intent: "cancel", alertId: alert.id });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("The 30 seconds to cancel have passed.");
    const [row] = await app.services.db.select().from(alerts).where(eq(alerts.id, alert.id));
    expect(row!.status).toBe("active");
  });
});

describe("SOS with a 5-second hold and a 3-second undo, without JavaScript (decision 151)", () => {
  it("the hold button posts 'confirm': nothing is sent, and the page asks for one confirming tap", async () => {
    const owner = await createOwner(app.services);
    const client = await signIn(app, owner.email);
    const page = await (await client.get("/sos")).text();
    // Both the hold button and "Send without holding" ask for the confirmation.
    const buttons = page.match(/<button[^>]*>/g) ?? [];
    expect(
      buttons.filter((b) => b.includes('value="confirm"') && b.includes('name="intent"')),
    ).toHaveLength(2);
    const response = await client.post("/sos", {
      intent: "confirm",
      idempotencyKey: "sos-key-confirm-01",
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Send an SOS now?");
    expect(html).toMatch(/<button[^>]*value="sos"[^>]*name="intent"[^>]*>[\s\S]*?Send SOS Alert/);
    expect(await sosOf(owner.userId)).toBeUndefined();
    const sent = await client.post("/sos", { intent: "sos", idempotencyKey: "sos-key-confirm-01" });
    expect(await sent.text()).toContain("SOS Alert Sent!");
    expect(await sosOf(owner.userId)).toBeDefined();
  });

  it("an unknown intent sends nothing", async () => {
    const owner = await createOwner(app.services);
    const client = await signIn(app, owner.email);
    const response = await client.post("/sos", { idempotencyKey: "sos-key-nointent-1" });
    expect(response.status).toBe(400);
    expect(await sosOf(owner.userId)).toBeUndefined();
  });
});

describe("POST /sos/alert: the SOS the page's script and the device queue send", () => {
  const json = async (response: Response) => (await response.json()) as Record<string, unknown>;

  it("raises one SOS per key: a queued SOS replayed twice (and at once) creates one alert", async () => {
    const owner = await createOwner(app.services, { name: "Quinn Queue" });
    const client = await signIn(app, owner.email);
    const pressedAt = String(Date.now() - 10 * 60_000);
    const fields = {
      idempotencyKey: "b3b1c0de-0000-4000-8000-00000000a001",
      pressedAt,
      account: owner.userId,
      latitude: "51.507351",
      longitude: "-0.127758",
    };
    const answers = await Promise.all([
      client.post("/sos/alert", fields),
      client.post("/sos/alert", fields),
    ]);
    const again = await client.post("/sos/alert", fields);
    const bodies = await Promise.all([...answers, again].map(json));
    for (const response of [...answers, again]) expect(response.status).toBe(200);
    expect(new Set(bodies.map((b) => b.alertId)).size).toBe(1);
    expect(bodies[0]).toMatchObject({
      ok: true,
      count: 2,
      map: "https://maps.google.com/?q=51.507351,-0.127758",
    });
    const rows = await app.services.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.userId, owner.userId), eq(alerts.source, "sos")));
    expect(rows).toHaveLength(1);
    // Recorded when it was pressed, not when the phone found a network.
    expect(rows[0]!.createdAt.getTime()).toBe(Number(pressedAt));
    // Ten minutes old: too late for "Cancel — I'm safe".
    expect(bodies[0]!.cancelForMs).toBe(0);
    const deliveries = await deliveriesOf(rows[0]!.id);
    expect(deliveries.filter((d) => d.kind === "alert" && d.channel === "email")).toHaveLength(1);
  });

  it("a fresh SOS can be cancelled for the rest of the 30 seconds", async () => {
    const owner = await createOwner(app.services);
    const client = await signIn(app, owner.email);
    const response = await client.post("/sos/alert", {
      idempotencyKey: "b3b1c0de-0000-4000-8000-00000000a002",
      pressedAt: String(Date.now() - 2_000),
      account: owner.userId,
    });
    const body = await json(response);
    expect(body.map).toBeNull();
    expect(body.cancelForMs).toBeGreaterThan(25_000);
    expect(body.cancelForMs).toBeLessThanOrEqual(28_000);
    const cancelled = await client.post("/sos", {
      intent: "cancel",
      alertId: String(body.alertId),
    });
    expect(await cancelled.text()).toContain("All clear sent");
  });

  it("pressedAt: in the future or malformed is refused, older than six hours is 'expired'; nothing is raised", async () => {
    const owner = await createOwner(app.services);
    const client = await signIn(app, owner.email);
    const post = (pressedAt: string, n: number) =>
      client.post("/sos/alert", {
        idempotencyKey: `b3b1c0de-0000-4000-8000-00000000b00${n}`,
        pressedAt,
        account: owner.userId,
      });
    const future = await post(String(Date.now() + 5 * 60_000), 1);
    expect(future.status).toBe(400);
    expect(await json(future)).toEqual({ ok: false, reason: "invalid" });
    const garbage = await post("yesterday", 2);
    expect(garbage.status).toBe(400);
    const old = await post(String(Date.now() - 6 * 60 * 60_000 - 60_000), 3);
    expect(old.status).toBe(409);
    expect(await json(old)).toEqual({ ok: false, reason: "expired" });
    expect(await sosOf(owner.userId)).toBeUndefined();
  });

  it("a phone whose clock is wrong: pressedAt is read against its own clock at sending (sentAt)", async () => {
    const owner = await createOwner(app.services);
    const client = await signIn(app, owner.email);
    const skew = 3 * 24 * 60 * 60_000; // three days ahead
    const now = Date.now();
    const ahead = await client.post("/sos/alert", {
      idempotencyKey: "b3b1c0de-0000-4000-8000-00000000f001",
      pressedAt: String(now + skew - 60_000),
      sentAt: String(now + skew),
      account: owner.userId,
    });
    expect(ahead.status).toBe(200);
    const [row] = await app.services.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.userId, owner.userId), eq(alerts.source, "sos")));
    // Armed a minute before it was sent, whatever the phone's calendar said.
    expect(Math.abs(row!.createdAt.getTime() - (now - 60_000))).toBeLessThan(5_000);
    const backwards = await client.post("/sos/alert", {
      idempotencyKey: "b3b1c0de-0000-4000-8000-00000000f002",
      pressedAt: String(now),
      sentAt: String(now - 1_000),
      account: owner.userId,
    });
    expect(backwards.status).toBe(400);
    const waitedTooLong = await client.post("/sos/alert", {
      idempotencyKey: "b3b1c0de-0000-4000-8000-00000000f003",
      pressedAt: String(now - skew),
      sentAt: String(now - skew + 7 * 60 * 60_000),
      account: owner.userId,
    });
    expect(await json(waitedTooLong)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses an SOS queued by another account, a signed-out phone, and a bad key", async () => {
    const owner = await createOwner(app.services);
    const other = await createOwner(app.services);
    const client = await signIn(app, owner.email);
    const wrongAccount = await client.post("/sos/alert", {
      idempotencyKey: "b3b1c0de-0000-4000-8000-00000000c001",
      account: other.userId,
    });
    expect(wrongAccount.status).toBe(403);
    expect(await json(wrongAccount)).toEqual({ ok: false, reason: "refused" });
    const signedOut = await new Client(app).post("/sos/alert", {
      idempotencyKey: "b3b1c0de-0000-4000-8000-00000000c002",
      account: owner.userId,
    });
    expect(signedOut.status).toBe(401);
    expect(await json(signedOut)).toEqual({ ok: false, reason: "refused" });
    const badKey = await client.post("/sos/alert", {
      idempotencyKey: "short",
      account: owner.userId,
    });
    expect(badKey.status).toBe(400);
    expect(await sosOf(owner.userId)).toBeUndefined();
    expect(await sosOf(other.userId)).toBeUndefined();
  });

  it("'No active tag found' and no contacts are answered with their reasons", async () => {
    const owner = await createOwner(app.services);
    const client = await signIn(app, owner.email);
    await app.services.db.delete(contacts).where(eq(contacts.userId, owner.userId));
    const none = await client.post("/sos/alert", {
      idempotencyKey: "b3b1c0de-0000-4000-8000-00000000d001",
    });
    expect(none.status).toBe(409);
    expect(await json(none)).toEqual({ ok: false, reason: "no_contacts" });
    await app.services.db
      .update(tags)
      .set({ isLost: true, isActive: false })
      .where(eq(tags.id, owner.tagId));
    const noTag = await client.post("/sos/alert", {
      idempotencyKey: "b3b1c0de-0000-4000-8000-00000000d002",
    });
    expect(await json(noTag)).toEqual({ ok: false, reason: "no_tag" });
  });

  it("is never cached and refuses a body over the form limit", async () => {
    const owner = await createOwner(app.services);
    const client = await signIn(app, owner.email);
    const response = await client.post("/sos/alert", {
      idempotencyKey: "b3b1c0de-0000-4000-8000-00000000e001",
    });
    expect(response.headers.get("cache-control")).toBe("no-store");
    const huge = await client.post("/sos/alert", {
      idempotencyKey: "b3b1c0de-0000-4000-8000-00000000e002",
      filler: "x".repeat(300 * 1024),
    });
    expect(huge.status).toBe(413);
  });
});
