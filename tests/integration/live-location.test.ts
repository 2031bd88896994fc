import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveFeed } from "#core/live-location.ts";
import { alertTokens } from "#server/alerts/tokens.ts";
import { alertDeliveries, alerts, contacts, livePositions, liveShares } from "#server/db/schema.ts";
import {
  createPositionRetentionJob,
  eraseOldPositions,
  LIVE_RULES,
} from "#server/domain/live-location.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";
import { PHONE_USER_AGENT } from "#tests/support/user-agents.ts";

// Issue 18 item 3, decision 150: live location after an alert.

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const phone = { "user-agent": PHONE_USER_AGENT, accept: "application/json" };

/** A card alert pressed from a phone, with its position: the alert id and the viewer token. */
async function cardAlert(tagId: string, client = new Client(app)) {
  const response = await client.post(
    `/t/${tagId}/alert`,
    { idempotencyKey: randomUUID(), latitude: "51.507400", longitude: "-0.127800" },
    phone,
  );
  expect(response.status).toBe(200);
  const body = (await response.json()) as { alertId: string; token: string };
  return { alertId: body.alertId, token: body.token, client };
}

const live = (client: Client, alertId: string, fields: Record<string, string>) =>
  client.post(`/live/${alertId}`, fields, phone);

const position = (client: Client, alertId: string, token: string, i: number, extra = {}) =>
  live(client, alertId, {
    intent: "position",
    token,
    latitude: (51.5074 + i * 0.001).toFixed(6),
    longitude: "-0.127800",
    accuracy: "12",
    recordedAt: String(Date.now()),
    ...extra,
  });

/** A live link of the alert: the acknowledgement token of one of its deliveries. */
async function ackTokenOf(alertId: string) {
  const [delivery] = await app.services.db
    .select({ id: alertDeliveries.id })
    .from(alertDeliveries)
    .where(and(eq(alertDeliveries.alertId, alertId), eq(alertDeliveries.kind, "alert")))
    .limit(1);
  return alertTokens(app.services.config.dataEncryptionKey).ackToken(delivery!.id);
}

const feedOf = async (ackToken: string, after?: number) => {
  const response = await app.request(`/ack/${ackToken}/live.json${after ? `?after=${after}` : ""}`);
  return { status: response.status, feed: (await response.json()) as LiveFeed };
};

const positionsOf = async (alertId: string) =>
  app.services.db.select().from(livePositions).where(eq(livePositions.alertId, alertId));

describe("keep sharing my location (Pro and above)", () => {
  it("starts for 15 minutes, takes positions, and the contact's live link shows the track", async () => {
    const owner = await createOwner(app.services, { plan: "pro", name: "Lina Live" });
    const { alertId, token, client } = await cardAlert(owner.tagId);

    const status = await client.get(`/live/${alertId}?token=${token}`, phone);
    expect(await status.json()).toMatchObject({
      ok: true,
      share: { allowed: true, state: "none" },
    });

    const started = await live(client, alertId, { intent: "start", token, duration: "15m" });
    expect(started.status).toBe(200);
    const share = ((await started.json()) as { share: { state: string; endsAt: string } }).share;
    expect(share.state).toBe("live");
    const left = Date.parse(share.endsAt) - Date.now();
    expect(left).toBeGreaterThan(14 * 60_000);
    expect(left).toBeLessThanOrEqual(15 * 60_000);

    for (let i = 1; i <= 3; i++)
      expect((await position(client, alertId, token, i)).status).toBe(200);

    const ack = await ackTokenOf(alertId);
    const { status: feedStatus, feed } = await feedOf(ack);
    expect(feedStatus).toBe(200);
    expect(feed.share.state).toBe("live");
    expect(feed.positions.map((p) => p.latitude)).toEqual(["51.510400", "51.509400", "51.508400"]);
    expect(feed.positions[0]).toMatchObject({ longitude: "-0.127800", accuracy: 12 });

    // Only what is new since the newest one the page has.
    const newest = Date.parse(feed.positions[0]!.receivedAt);
    expect((await position(client, alertId, token, 4)).status).toBe(200);
    const later = await feedOf(ack, newest);
    expect(later.feed.positions.map((p) => p.latitude)).toContain("51.511400");
    expect(later.feed.positions.map((p) => p.latitude)).not.toContain("51.508400");

    // Without JavaScript the page lists the track (server-rendered).
    const html = await (await app.request(`/ack/${ack}`)).text();
    expect(html).toContain('data-testid="live-track"');
    expect(html).toMatch(/51\.511400(<!-- -->)?, (<!-- -->)?-0\.127800/);
    expect(html).toContain("Sharing until");
  });

  it("'Stop sharing' ends it: later positions are refused and the page says it ended", async () => {
    const owner = await createOwner(app.services, { plan: "family" });
    const { alertId, token, client } = await cardAlert(owner.tagId);
    await live(client, alertId, { intent: "start", token, duration: "stop" });
    expect((await position(client, alertId, token, 1)).status).toBe(200);
    const stopped = await live(client, alertId, { intent: "stop", token });
    expect(await stopped.json()).toMatchObject({
      share: { state: "ended", endedReason: "stopped" },
    });
    const refused = await position(client, alertId, token, 2);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ reason: "not_live" });
    expect(await positionsOf(alertId)).toHaveLength(1);
    const { feed } = await feedOf(await ackTokenOf(alertId));
    expect(feed.share.state).toBe("ended");
    expect(feed.positions).toHaveLength(1);
    const html = await (await app.request(`/ack/${await ackTokenOf(alertId)}`)).text();
    expect(html).toContain("Location sharing ended at");
    expect(html).toContain("No newer position will be shown.");

    // The person sharing may start again.
    expect((await live(client, alertId, { intent: "start", token, duration: "1h" })).status).toBe(
      200,
    );
    expect((await position(client, alertId, token, 3)).status).toBe(200);
  });

  it("refuses positions once the chosen time is over", async () => {
    const owner = await createOwner(app.services, { plan: "pro" });
    const { alertId, token, client } = await cardAlert(owner.tagId);
    await live(client, alertId, { intent: "start", token, duration: "15m" });
    await app.services.db
      .update(liveShares)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(liveShares.alertId, alertId));
    expect((await position(client, alertId, token, 1)).status).toBe(409);
    const [share] = await app.services.db
      .select()
      .from(liveShares)
      .where(eq(liveShares.alertId, alertId));
    expect(share).toMatchObject({ endedReason: "expired" });
    expect(await positionsOf(alertId)).toHaveLength(0);
  });

  it("'until I stop' still ends a day after the alert", async () => {
    const owner = await createOwner(app.services, { plan: "pro" });
    const { alertId, token, client } = await cardAlert(owner.tagId);
    await live(client, alertId, { intent: "start", token, duration: "stop" });
    expect((await position(client, alertId, token, 1)).status).toBe(200);
    await app.services.db
      .update(alerts)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(alerts.id, alertId));
    expect((await position(client, alertId, token, 2)).status).toBe(409);
    expect((await live(client, alertId, { intent: "start", token, duration: "1h" })).status).toBe(
      409,
    );
  });
});

describe("who may share: the alert's viewer token or the SOS owner's session", () => {
  it("refuses an absent, wrong or another alert's token, and changes nothing", async () => {
    const owner = await createOwner(app.services, { plan: "pro" });
    const { alertId, token, client } = await cardAlert(owner.tagId);
    const other = await cardAlert((await createOwner(app.services, { plan: "pro" })).tagId);
    await live(client, alertId, { intent: "start", token, duration: "1h" });
    for (const wrong of ["", "0".repeat(32), other.token, `${token.slice(0, 31)}x`]) {
      const fields: Record<string, string> = {
        intent: "position",
        latitude: "1.000000",
        longitude: "2.000000",
      };
      if (wrong) fields.token = wrong;
      const response = await live(new Client(app), alertId, fields);
      expect(response.status, wrong || "absent").toBe(404);
      const stop = await live(new Client(app), alertId, { intent: "stop", token: wrong });
      expect(stop.status).toBe(404);
    }
    expect((await app.request(`/live/${alertId}?token=${other.token}`)).status).toBe(404);
    expect(
      (await live(client, "not-a-uuid", { intent: "start", token, duration: "1h" })).status,
    ).toBe(404);
    expect(await positionsOf(alertId)).toHaveLength(0);
    const [share] = await app.services.db
      .select()
      .from(liveShares)
      .where(eq(liveShares.alertId, alertId));
    expect(share!.endedAt).toBeNull();
  });

  it("a phone shown the alert after its own press was refused follows it, never shares for it", async () => {
    const owner = await createOwner(app.services, { plan: "pro" });
    const { alertId } = await cardAlert(owner.tagId);
    // What a refused press is given (decision 111): a follower's token, not the viewer's.
    const follower = alertTokens(app.services.config.dataEncryptionKey).followerToken(alertId);
    const stranger = new Client(app);
    const status = await stranger.get(
      `/t/${owner.tagId}/status?alert=${alertId}&token=${follower}`,
      phone,
    );
    expect(status.status).toBe(200);
    const start = await live(stranger, alertId, {
      intent: "start",
      token: follower,
      duration: "1h",
    });
    expect(start.status).toBe(404);
    expect((await position(stranger, alertId, follower, 1)).status).toBe(404);
    expect(await positionsOf(alertId)).toHaveLength(0);
  });

  it("an SOS shares with the owner's session; another account's session is refused", async () => {
    const owner = await createOwner(app.services, { plan: "pro", name: "Sasha Sos" });
    const client = await signIn(app, owner.email);
    await client.post("/sos", { intent: "sos", idempotencyKey: "sos-live-0000001" });
    const [sos] = await app.services.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.userId, owner.userId), eq(alerts.source, "sos")));
    const started = await client.post(`/live/${sos!.id}`, { intent: "start", duration: "1h" });
    expect(started.status).toBe(200);
    expect(
      (
        await client.post(`/live/${sos!.id}`, {
          intent: "position",
          latitude: "48.856600",
          longitude: "2.352200",
        })
      ).status,
    ).toBe(200);
    const stranger = await signIn(app, (await createOwner(app.services, { plan: "pro" })).email);
    const refused = await stranger.post(`/live/${sos!.id}`, {
      intent: "position",
      latitude: "48.856600",
      longitude: "2.352200",
    });
    expect(refused.status).toBe(404);
    // A session does not open someone's card alert either: that needs the phone's token.
    const card = await cardAlert(owner.tagId);
    expect(
      (await client.post(`/live/${card.alertId}`, { intent: "start", duration: "1h" })).status,
    ).toBe(404);
  });

  it("cancelling the SOS ends sharing at once; the live page shows no position any more", async () => {
    const owner = await createOwner(app.services, { plan: "pro" });
    const client = await signIn(app, owner.email);
    await client.post("/sos", { intent: "sos", idempotencyKey: "sos-live-cancel-01" });
    const [sos] = await app.services.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.userId, owner.userId), eq(alerts.source, "sos")));
    await client.post(`/live/${sos!.id}`, { intent: "start", duration: "stop" });
    const send = () =>
      client.post(`/live/${sos!.id}`, {
        intent: "position",
        latitude: "10.000000",
        longitude: "20.000000",
      });
    expect((await send()).status).toBe(200);
    await client.post("/sos", { intent: "cancel", alertId: sos!.id });
    expect((await send()).status).toBe(409);
    const [share] = await app.services.db
      .select()
      .from(liveShares)
      .where(eq(liveShares.alertId, sos!.id));
    expect(share).toMatchObject({ endedReason: "cancelled" });
    const { feed } = await feedOf(await ackTokenOf(sos!.id));
    expect(feed.cancelled).toBe(true);
    expect(feed.positions).toEqual([]);
    expect(
      (await client.post(`/live/${sos!.id}`, { intent: "start", duration: "1h" })).status,
    ).toBe(409);
  });
});

describe("the plan rule: Free sends the single position only", () => {
  it("tells the page live sharing is a Pro feature and refuses to start or take positions", async () => {
    const owner = await createOwner(app.services, { plan: "free" });
    const { alertId, token, client } = await cardAlert(owner.tagId);
    const [alert] = await app.services.db.select().from(alerts).where(eq(alerts.id, alertId));
    expect(alert).toMatchObject({ latitude: "51.507400", longitude: "-0.127800" });
    expect(await (await client.get(`/live/${alertId}?token=${token}`, phone)).json()).toMatchObject(
      {
        share: { allowed: false, state: "none" },
      },
    );
    const start = await live(client, alertId, { intent: "start", token, duration: "15m" });
    expect(start.status).toBe(403);
    expect(await start.json()).toMatchObject({ reason: "plan" });
    const sent = await position(client, alertId, token, 1);
    expect(sent.status).toBe(403);
    expect(await positionsOf(alertId)).toHaveLength(0);
  });
});

describe("bad input changes nothing", () => {
  it("refuses bad coordinates, accuracy, times and durations", async () => {
    const owner = await createOwner(app.services, { plan: "pro" });
    const { alertId, token, client } = await cardAlert(owner.tagId);
    expect(
      (await live(client, alertId, { intent: "start", token, duration: "forever" })).status,
    ).toBe(400);
    await live(client, alertId, { intent: "start", token, duration: "1h" });
    for (const bad of [
      { latitude: "91", longitude: "0" },
      { latitude: "0", longitude: "-180.5" },
      { latitude: "abc", longitude: "0" },
      { latitude: "", longitude: "" },
      { latitude: "NaN", longitude: "1" },
      { accuracy: "-5" },
      { accuracy: "lots" },
      { recordedAt: String(Date.now() + 10 * 60_000) },
      { recordedAt: String(Date.now() - 60 * 60_000) },
      { recordedAt: "yesterday" },
    ]) {
      const response = await position(client, alertId, token, 1, bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await live(client, alertId, { intent: "teleport", token })).status).toBe(400);
    expect(await positionsOf(alertId)).toHaveLength(0);
  });

  it("refuses an oversize body before reading it", async () => {
    const owner = await createOwner(app.services, { plan: "pro" });
    const { alertId, token, client } = await cardAlert(owner.tagId);
    const response = await live(client, alertId, {
      intent: "position",
      token,
      latitude: "1",
      longitude: "2",
      padding: "x".repeat(8 * 1024),
    });
    expect(response.status).toBe(413);
    expect(await positionsOf(alertId)).toHaveLength(0);
  });

  it("limits positions per alert per minute", async () => {
    const owner = await createOwner(app.services, { plan: "pro" });
    const { alertId, token, client } = await cardAlert(owner.tagId);
    await live(client, alertId, { intent: "start", token, duration: "1h" });
    const statuses: number[] = [];
    for (let i = 0; i < LIVE_RULES.positions.points + 2; i++) {
      statuses.push((await position(client, alertId, token, i)).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIVE_RULES.positions.points);
    expect(statuses.at(-1)).toBe(429);
    expect(await positionsOf(alertId)).toHaveLength(LIVE_RULES.positions.points);
  });
});

describe("the contacts' live page", () => {
  it("shows positions only through a live link of that alert", async () => {
    const owner = await createOwner(app.services, { plan: "pro" });
    const first = await cardAlert(owner.tagId);
    await live(first.client, first.alertId, {
      intent: "start",
      token: first.token,
      duration: "1h",
    });
    await position(first.client, first.alertId, first.token, 1);
    const other = await createOwner(app.services, { plan: "pro" });
    const second = await cardAlert(other.tagId);
    const { feed } = await feedOf(await ackTokenOf(second.alertId));
    expect(feed.positions).toEqual([]);
    expect((await app.request(`/ack/${randomUUID()}.${"a".repeat(32)}/live.json`)).status).toBe(
      404,
    );
    // The viewer token is not a live link.
    expect((await app.request(`/ack/${first.token}/live.json`)).status).toBe(404);
  });

  it("opens in the contact's language unless the reader chose one", async () => {
    const owner = await createOwner(app.services, { plan: "pro", language: "en" });
    await app.services.db
      .update(contacts)
      .set({ language: "es" })
      .where(eq(contacts.profileId, owner.userId));
    const { alertId } = await cardAlert(owner.tagId);
    const ack = await ackTokenOf(alertId);
    const first = await app.request(`/ack/${ack}`, { redirect: "manual" });
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe(`/ack/${ack}?lng=es`);
    const page = await (await app.request(`/ack/${ack}?lng=es`)).text();
    expect(page).toContain("Ubicación en directo");
    const chosen = await app.request(`/ack/${ack}`, {
      redirect: "manual",
      headers: { cookie: "lng=fr" },
    });
    expect(chosen.status).toBe(200);
    expect(await chosen.text()).toContain("Position en direct");
  });

  it("allows the tile server on the live page only", async () => {
    const owner = await createOwner(app.services, { plan: "pro" });
    const { alertId } = await cardAlert(owner.tagId);
    const ack = await ackTokenOf(alertId);
    const page = await app.request(`/ack/${ack}`);
    expect(page.headers.get("content-security-policy")).toContain("https://tile.openstreetmap.org");
    const card = await app.request(`/t/${owner.tagId}`, { headers: phone });
    expect(card.headers.get("content-security-policy")).not.toContain("tile.openstreetmap.org");
  });
});

describe("positions are kept 7 days (DESIGN 1b.6)", () => {
  it("the retention job erases positions older than 7 days and keeps the rest", async () => {
    const owner = await createOwner(app.services, { plan: "pro" });
    const { alertId } = await cardAlert(owner.tagId);
    const at = (days: number) => new Date(Date.now() - days * 24 * 60 * 60_000);
    await app.services.db.insert(livePositions).values([
      { alertId, latitude: "1.000000", longitude: "1.000000", recordedAt: at(8), createdAt: at(8) },
      {
        alertId,
        latitude: "2.000000",
        longitude: "2.000000",
        recordedAt: at(7.01),
        createdAt: at(7.01),
      },
      { alertId, latitude: "3.000000", longitude: "3.000000", recordedAt: at(6), createdAt: at(6) },
      { alertId, latitude: "4.000000", longitude: "4.000000", recordedAt: at(0), createdAt: at(0) },
    ]);
    const job = createPositionRetentionJob(app.services);
    expect(await job.runOnce()).toBeGreaterThanOrEqual(2);
    const left = (await positionsOf(alertId)).map((p) => p.latitude).sort();
    expect(left).toEqual(["3.000000", "4.000000"]);
    expect(await eraseOldPositions(app.services.db)).toBe(0);
  });
});

describe("demo data", () => {
  it("a demo alert with a live track and a handover", async () => {
    const { seedDemoLiveAlert } = await import("#server/seed-live.ts");
    const owner = await createOwner(app.services, { plan: "family" });
    const url = await seedDemoLiveAlert(app.services, {
      accountId: owner.userId,
      profileId: owner.userId,
      tagId: owner.tagId,
    });
    const html = await (await app.request(url!)).text();
    expect(html).toContain("Taking them to City General Hospital");
    expect(html).toContain("Said by: Paramedic, unit 12");
    expect(html).toContain("Location sharing ended at");
    expect(html.match(/<tr class="border-b last:border-0">/g)).toHaveLength(10);
  });
});
