import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDispatcher } from "#server/alerts/dispatcher.ts";
import { alertDeliveries, alerts, contacts, devOutbox, tags } from "#server/db/schema.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { signIn } from "#tests/support/http-client.ts";

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
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>(?:(?!<\/button>)[\s\S])*Send SOS Alert/);
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
