import { useCallback, useEffect, useRef, useState } from "react";
import {
  type AlertStore,
  enqueueAlert,
  pruneSettled,
  type QueuedAlert,
  queuedSosFor,
  sendWithoutQueue,
} from "#app/lib/alert-queue.ts";
import { openAlertStore, requestAlertSync, withdrawQueuedAlert } from "#app/lib/alert-queue-idb.ts";
import { useQueueSender } from "#app/lib/use-queue-sender.ts";
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
  const tracked = useRef<string | null>(null);
  const storeRef = useRef<AlertStore | null>(null);

  const reread = useCallback(async (store: AlertStore) => {
    const key = tracked.current;
    if (key) setEntry((await store.get(key)) ?? null);
  }, []);

  const { busy, setBusy, sendNow } = useQueueSender(reread);

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
          setEntry(await sendWithoutQueue({ kind: "sos", account, position, now: pressedAt }));
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
    [account, sendNow, setBusy],
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
