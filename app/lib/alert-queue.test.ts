import { describe, expect, it } from "vitest";
import {
  type AlertSender,
  type AlertStore,
  enqueueAlert,
  flushAlertQueue,
  httpAlertSender,
  latestSettledFor,
  outcomeOf,
  pruneSettled,
  QUEUE_LIFETIME_MS,
  type QueuedAlert,
  queuedAlertFor,
  queuedSosFor,
  SETTLED_KEPT_MS,
  type SendOutcome,
} from "./alert-queue.ts";

/** The queue's storage as IndexedDB keeps it: copies in, copies out. */
function memoryStore(): AlertStore & { rows: Map<string, QueuedAlert> } {
  const rows = new Map<string, QueuedAlert>();
  const copy = (alert: QueuedAlert) => structuredClone(alert);
  return {
    rows,
    list: async () => [...rows.values()].map(copy),
    get: async (key) => (rows.has(key) ? copy(rows.get(key)!) : undefined),
    put: async (alert) => void rows.set(alert.key, copy(alert)),
    delete: async (key) => void rows.delete(key),
  };
}

/** A server that, like raiseAlert, raises one alert per idempotency key. */
function fakeServer() {
  const alerts = new Map<string, string>();
  let requests = 0;
  let online = true;
  const send: AlertSender = async (alert) => {
    if (!online) return { kind: "retry", afterMs: null };
    requests++;
    await new Promise((resolve) => setTimeout(resolve, 5)); // the round trip
    if (!alerts.has(alert.key)) alerts.set(alert.key, `alert-${alerts.size + 1}`);
    return { kind: "sent", alertId: alerts.get(alert.key)!, token: "viewer", count: 2 };
  };
  return {
    send,
    alerts,
    requests: () => requests,
    setOnline: (value: boolean) => {
      online = value;
    },
  };
}

const position = { latitude: "45.764043", longitude: "4.835659" };

describe("alerts queued on the device", () => {
  it("keeps an alert pressed offline, with its location and key, and sends it once when online", async () => {
    const store = memoryStore();
    const server = fakeServer();
    server.setOnline(false);
    const queued = await enqueueAlert(store, { tagId: "WB-ABCDE", position, now: 1_000 });
    expect(queued).toMatchObject({ state: "queued", latitude: "45.764043", pressedAt: 1_000 });
    expect(queued.key).toMatch(/^[0-9a-f-]{36}$/);

    expect(await flushAlertQueue(store, server.send, () => 2_000)).toEqual([]);
    expect((await store.get(queued.key))?.state).toBe("queued");
    expect(server.alerts.size).toBe(0);

    server.setOnline(true);
    const settled = await flushAlertQueue(store, server.send, () => 3_000);
    expect(settled.map((a) => a.key)).toEqual([queued.key]);
    expect(await store.get(queued.key)).toMatchObject({
      state: "sent",
      sent: { alertId: "alert-1", token: "viewer", count: 2 },
      settledAt: 3_000,
    });
    // Later flushes (another online event, the next visit) send nothing again.
    await flushAlertQueue(store, server.send, () => 4_000);
    expect(server.requests()).toBe(1);
  });

  it("sends each alert exactly once when the page and the worker flush at the same moment", async () => {
    const store = memoryStore();
    const server = fakeServer();
    const keys = [];
    for (let i = 0; i < 3; i++) {
      keys.push((await enqueueAlert(store, { tagId: `WB-TAG0${i}`, position: null })).key);
    }
    await Promise.all([
      flushAlertQueue(store, server.send),
      flushAlertQueue(store, server.send),
      flushAlertQueue(store, server.send),
    ]);
    expect([...server.alerts.keys()].sort()).toEqual([...keys].sort());
    const stored = await store.list();
    expect(stored.every((alert) => alert.state === "sent")).toBe(true);
    for (const alert of stored) expect(alert.sent?.alertId).toBe(server.alerts.get(alert.key));
  });

  it("sends the oldest first and stops at the first alert that gets no answer", async () => {
    const store = memoryStore();
    const first = await enqueueAlert(store, { tagId: "WB-AAAAA", position: null, now: 10 });
    const second = await enqueueAlert(store, { tagId: "WB-BBBBB", position: null, now: 20 });
    const tried: string[] = [];
    const send: AlertSender = async (alert) => {
      tried.push(alert.key);
      return { kind: "retry", afterMs: null };
    };
    await flushAlertQueue(store, send, () => 100);
    expect(tried).toEqual([first.key]);
    expect((await store.get(first.key))?.attempts).toBe(1);
    expect((await store.get(second.key))?.attempts).toBe(0);
  });

  it("settles 'too many alerts' at once, with the card's earlier alert, instead of showing it as queued", async () => {
    const store = memoryStore();
    const alert = await enqueueAlert(store, { tagId: "WB-ABCDE", position: null, now: 0 });
    const recent = {
      alertId: "a".repeat(36),
      token: "b".repeat(32),
      raisedAt: "2026-01-01T00:00:00.000Z",
    };
    const answers = [outcomeOf(429, { ok: false, reason: "rate_limited", recent }, "120")];
    const server = fakeServer();
    const send: AlertSender = async (a) => answers.shift() ?? server.send(a);
    await flushAlertQueue(store, send, () => 1_000);
    const settled = await store.get(alert.key);
    expect(settled).toMatchObject({ state: "failed", failure: "rate_limited", recent });
    await flushAlertQueue(store, send, () => 200_000);
    expect(server.requests()).toBe(0);
    expect(latestSettledFor(await store.list(), "WB-ABCDE")?.key).toBe(alert.key);
    expect(latestSettledFor(await store.list(), "WB-OTHER")).toBeNull();
    // Without an earlier alert (the address's limit), it is a plain refusal.
    expect(outcomeOf(429, { ok: false, reason: "rate_limited", recent: null }, "60")).toEqual({
      kind: "failed",
      reason: "rate_limited",
    });
  });

  it("records a refusal (tag deactivated, nobody to alert) without trying again", async () => {
    const store = memoryStore();
    const alert = await enqueueAlert(store, { tagId: "WB-ABCDE", position: null });
    let calls = 0;
    const send: AlertSender = async () => {
      calls++;
      return outcomeOf(409, { intent: "alert", ok: false, reason: "no_contacts" }, null);
    };
    await flushAlertQueue(store, send);
    await flushAlertQueue(store, send);
    expect(calls).toBe(1);
    expect(await store.get(alert.key)).toMatchObject({ state: "failed", failure: "no_contacts" });
  });

  it("does not send an alert that waited more than a day, and says so", async () => {
    const store = memoryStore();
    const server = fakeServer();
    const alert = await enqueueAlert(store, { tagId: "WB-ABCDE", position: null, now: 0 });
    await flushAlertQueue(store, server.send, () => QUEUE_LIFETIME_MS + 1);
    expect(server.requests()).toBe(0);
    expect(await store.get(alert.key)).toMatchObject({ state: "failed", failure: "expired" });
  });

  it("forgets settled alerts after a while but never a queued one", async () => {
    const store = memoryStore();
    const server = fakeServer();
    const sent = await enqueueAlert(store, { tagId: "WB-AAAAA", position: null, now: 0 });
    await flushAlertQueue(store, server.send, () => 1_000);
    server.setOnline(false);
    const waiting = await enqueueAlert(store, { tagId: "WB-BBBBB", position: null, now: 0 });
    await pruneSettled(store, 1_000 + SETTLED_KEPT_MS - 1);
    expect(store.rows.has(sent.key)).toBe(true);
    await pruneSettled(store, 1_000 + SETTLED_KEPT_MS + 1);
    expect(store.rows.has(sent.key)).toBe(false);
    expect(store.rows.has(waiting.key)).toBe(true);
  });

  it("shows a card the newest alert still queued for its own tag", async () => {
    const store = memoryStore();
    await enqueueAlert(store, { tagId: "WB-AAAAA", position: null, now: 1 });
    const newest = await enqueueAlert(store, { tagId: "WB-AAAAA", position: null, now: 2 });
    await enqueueAlert(store, { tagId: "WB-BBBBB", position: null, now: 3 });
    expect(queuedAlertFor(await store.list(), "WB-AAAAA")?.key).toBe(newest.key);
    expect(queuedAlertFor(await store.list(), "WB-CCCCC")).toBeNull();
  });
});

describe("sending a queued alert to /t/{id}/alert", () => {
  it("posts the key, the time pressed and the location, and reads the answer", async () => {
    const store = memoryStore();
    const alert = await enqueueAlert(store, {
      tagId: "WB-AB CD",
      position,
      now: 1_700_000_000_000,
    });
    const seen: { url: string; body: URLSearchParams }[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      seen.push({ url, body: init.body as URLSearchParams });
      return Response.json({ intent: "alert", ok: true, alertId: "a-1", token: "t-1", count: 3 });
    }) as unknown as typeof fetch;
    const outcome = await httpAlertSender(fetchImpl, "http://localhost:3000")(alert);
    expect(outcome).toEqual({ kind: "sent", alertId: "a-1", token: "t-1", count: 3 });
    expect(seen[0]?.url).toBe("http://localhost:3000/t/WB-AB%20CD/alert");
    expect(Object.fromEntries(seen[0]!.body)).toEqual({
      idempotencyKey: alert.key,
      pressedAt: "1700000000000",
      latitude: "45.764043",
      longitude: "4.835659",
    });
  });

  it("treats no answer as 'try again when online' and server errors as 'try again later'", async () => {
    const store = memoryStore();
    const alert = await enqueueAlert(store, { tagId: "WB-ABCDE", position: null });
    const offline = (async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch;
    expect(await httpAlertSender(offline)(alert)).toEqual({ kind: "retry", afterMs: null });
    expect(outcomeOf(503, null, null)).toEqual({ kind: "retry", afterMs: 30_000, busy: true });
    // Busy (decision 156): sent again when the server says, within 1–30 s.
    expect(outcomeOf(503, { ok: false, reason: "busy" }, "2")).toEqual({
      kind: "retry",
      afterMs: 2_000,
      busy: true,
    });
    expect(outcomeOf(503, null, "0")).toEqual({ kind: "retry", afterMs: 1_000, busy: true });
    expect(outcomeOf(503, null, "3600")).toEqual({ kind: "retry", afterMs: 30_000, busy: true });
    expect(outcomeOf(503, null, "Wed, 21 Oct 2026 07:28:00 GMT")).toEqual({
      kind: "retry",
      afterMs: 30_000,
      busy: true,
    });
    expect(outcomeOf(500, null, "2")).toEqual({ kind: "retry", afterMs: 30_000 });
    expect(outcomeOf(403, { ok: false, reason: "refused" }, null)).toEqual({
      kind: "failed",
      reason: "refused",
    });
    expect(outcomeOf(400, { ok: false, reason: "something else" }, null)).toEqual({
      kind: "failed",
      reason: "invalid",
    });
  });
});

describe("an SOS queued on the device (decision 151)", () => {
  it("is the same queue: kept offline with its key and pressedAt, sent once, never shown on a card", async () => {
    const store = memoryStore();
    const server = fakeServer();
    server.setOnline(false);
    const sos = await enqueueAlert(store, {
      kind: "sos",
      account: "user-1",
      position,
      now: 5_000,
    });
    expect(sos).toMatchObject({ kind: "sos", account: "user-1", tagId: "", pressedAt: 5_000 });
    await flushAlertQueue(store, server.send, () => 6_000);
    expect(queuedSosFor(await store.list(), "user-1")?.key).toBe(sos.key);
    // Another account on the same phone sees nothing of it, nor does any card.
    expect(queuedSosFor(await store.list(), "user-2")).toBeNull();
    expect(queuedAlertFor(await store.list(), "")).toBeNull();
    server.setOnline(true);
    await Promise.all([
      flushAlertQueue(store, server.send, () => 7_000),
      flushAlertQueue(store, server.send, () => 7_000),
    ]);
    expect(server.alerts.size).toBe(1);
    expect(await store.get(sos.key)).toMatchObject({ state: "sent" });
    expect(queuedSosFor(await store.list(), "user-1")).toBeNull();
  });

  it("posts to /sos/alert with the account, and reads how long it can be cancelled", async () => {
    const store = memoryStore();
    const sos = await enqueueAlert(store, {
      kind: "sos",
      account: "8a0b7c1e-0000-4000-8000-000000000001",
      position: null,
      now: 1_700_000_000_000,
    });
    const seen: { url: string; body: URLSearchParams }[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      seen.push({ url, body: init.body as URLSearchParams });
      return Response.json({
        ok: true,
        alertId: "a-9",
        token: "t-9",
        count: 2,
        cancelForMs: 29_000,
      });
    }) as unknown as typeof fetch;
    const outcome = await httpAlertSender(fetchImpl, "http://localhost:3000")(sos);
    expect(outcome).toEqual({
      kind: "sent",
      alertId: "a-9",
      token: "t-9",
      count: 2,
      cancelForMs: 29_000,
    });
    expect(seen[0]?.url).toBe("http://localhost:3000/sos/alert");
    const { sentAt, ...fields } = Object.fromEntries(seen[0]!.body);
    expect(fields).toEqual({
      idempotencyKey: sos.key,
      pressedAt: "1700000000000",
      account: "8a0b7c1e-0000-4000-8000-000000000001",
    });
    // The phone's clock at sending, against which the server reads pressedAt.
    expect(Math.abs(Number(sentAt) - Date.now())).toBeLessThan(5_000);
    expect(outcomeOf(409, { ok: false, reason: "no_tag" }, null)).toEqual({
      kind: "failed",
      reason: "no_tag",
    });
  });

  it("a busy answer marks the queued alert busy until an answer that is not busy", async () => {
    const store = memoryStore();
    const alert = await enqueueAlert(store, { tagId: "WB-ABCDE", position: null, now: 1_000 });
    const answers: SendOutcome[] = [
      { kind: "retry", afterMs: 2_000, busy: true },
      { kind: "retry", afterMs: null },
    ];
    const send = async () => answers.shift()!;
    await flushAlertQueue(store, send, () => 1_000);
    expect(await store.get(alert.key)).toMatchObject({
      state: "queued",
      busy: true,
      notBefore: 3_000,
    });
    // Not due before the server's time.
    await flushAlertQueue(store, send, () => 2_000);
    expect(answers).toHaveLength(1);
    // Offline next time: queued, and no longer shown as busy.
    await flushAlertQueue(store, send, () => 3_000);
    const after = await store.get(alert.key);
    expect(after?.state).toBe("queued");
    expect(after?.busy).toBeUndefined();
  });
});
