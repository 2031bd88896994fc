import { useCallback, useEffect, useRef, useState } from "react";
import {
  type AlertStore,
  enqueueAlert,
  flushAlertQueue,
  httpAlertSender,
  pruneSettled,
  type QueuedAlert,
  queuedSosFor,
} from "#app/lib/alert-queue.ts";
import {
  openAlertStore,
  requestAlertSync,
  sendQueuedAlerts,
  withdrawQueuedAlert,
} from "#app/lib/alert-queue-idb.ts";
import { ALERT_CHANNEL } from "#core/offline.ts";

export type Position = { latitude: string; longitude: string };

/**
 * The SOS as this phone knows it (decision 151): once the undo window has
 * passed, the SOS is written to the device's alert queue (the card's queue,
 * decision 051) with a new idempotency key and the time it was armed, then
 * the queue is sent. Offline it stays queued and goes out once when the
 * network returns (Background Sync, the `online` event or the next visit).
 */
export function useDeviceSos(account: string) {
  const [entry, setEntry] = useState<QueuedAlert | null>(null);
  const [busy, setBusy] = useState(false);
  const tracked = useRef<string | null>(null);
  const storeRef = useRef<AlertStore | null>(null);

  const reread = useCallback(async (store: AlertStore) => {
    const key = tracked.current;
    if (key) setEntry((await store.get(key)) ?? null);
  }, []);

  const sendNow = useCallback(
    async (store: AlertStore) => {
      if (navigator.onLine === false) return;
      if (!(await store.list()).some((alert) => alert.state === "queued")) return;
      setBusy(true);
      try {
        await sendQueuedAlerts(store);
      } finally {
        setBusy(false);
      }
      await reread(store);
      if ((await store.list()).some((alert) => alert.state === "queued")) requestAlertSync();
    },
    [reread],
  );

  useEffect(() => {
    let stopped = false;
    const channel =
      typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(ALERT_CHANNEL);
    const onOnline = () => {
      if (storeRef.current) void sendNow(storeRef.current).catch(() => undefined);
    };
    void (async () => {
      const store = await openAlertStore();
      if (stopped) return;
      storeRef.current = store;
      await pruneSettled(store);
      // An SOS of this account still waiting on the phone (pressed offline, page reloaded).
      const waiting = queuedSosFor(await store.list(), account);
      if (waiting) {
        tracked.current = waiting.key;
        setEntry(waiting);
      }
      await sendNow(store);
    })().catch(() => undefined);
    window.addEventListener("online", onOnline);
    channel?.addEventListener("message", () => {
      if (storeRef.current) void reread(storeRef.current).catch(() => undefined);
    });
    return () => {
      stopped = true;
      window.removeEventListener("online", onOnline);
      channel?.close();
    };
  }, [account, sendNow, reread]);

  /** Queues and sends one SOS armed at `pressedAt`. */
  const send = useCallback(
    async (position: Position | null, pressedAt: number) => {
      setBusy(true);
      try {
        let store = storeRef.current;
        if (!store) store = await openAlertStore().catch(() => null);
        if (!store) {
          setEntry(await sendWithoutQueue(account, position, pressedAt));
          return;
        }
        storeRef.current = store;
        const alert = await enqueueAlert(store, {
          kind: "sos",
          account,
          position,
          now: pressedAt,
        });
        tracked.current = alert.key;
        setEntry(alert);
        if (navigator.onLine === false) requestAlertSync();
        else await sendNow(store);
      } finally {
        setBusy(false);
      }
    },
    [account, sendNow],
  );

  /** "Don't send": takes a waiting SOS off the queue, unless it has already gone. */
  const withdraw = useCallback(async () => {
    const store = storeRef.current;
    const key = tracked.current;
    if (!store || !key) return;
    if (await withdrawQueuedAlert(store, key)) {
      tracked.current = null;
      setEntry(null);
    } else {
      await reread(store);
    }
  }, [reread]);

  /** "Send Another Alert": the page starts over; the queue keeps what it holds. */
  const clear = useCallback(() => {
    tracked.current = null;
    setEntry(null);
  }, []);

  return { entry, busy, send, withdraw, clear };
}

/** Where IndexedDB is missing: one attempt; one that got no answer is shown as failed, not kept. */
async function sendWithoutQueue(
  account: string,
  position: Position | null,
  pressedAt: number,
): Promise<QueuedAlert> {
  const memory = new Map<string, QueuedAlert>();
  const store: AlertStore = {
    list: async () => [...memory.values()],
    get: async (key) => memory.get(key),
    put: async (alert) => void memory.set(alert.key, alert),
    delete: async (key) => void memory.delete(key),
  };
  const alert = await enqueueAlert(store, { kind: "sos", account, position, now: pressedAt });
  await flushAlertQueue(store, httpAlertSender());
  const result = memory.get(alert.key) ?? alert;
  return result.state === "queued" ? { ...result, state: "failed", failure: "invalid" } : result;
}
