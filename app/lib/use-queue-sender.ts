import { useCallback, useState } from "react";
import type { AlertStore } from "./alert-queue.ts";
import { requestAlertSync, sendQueuedAlerts } from "./alert-queue-idb.ts";

/**
 * Sends what the device's alert queue holds (decision 051), for the card's alert button and the
 * SOS page alike: nothing while offline or with nothing queued; after a send, `reread` shows the
 * tracked alert's new state, and what is still queued is left to Background Sync, or sent again
 * from the page when the server said when (a busy answer).
 */
export function useQueueSender(reread: (store: AlertStore) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const sendNow = useCallback(
    async function send(store: AlertStore): Promise<void> {
      if (navigator.onLine === false) return;
      if (!(await store.list()).some((alert) => alert.state === "queued")) return;
      setBusy(true);
      try {
        await sendQueuedAlerts(store);
      } finally {
        setBusy(false);
      }
      await reread(store);
      const queued = (await store.list()).filter((alert) => alert.state === "queued");
      if (!queued.length) return;
      requestAlertSync();
      // The server asked to wait (a busy 503's Retry-After, decision 156): send again then,
      // from this page, rather than waiting for the phone to come back online.
      const wait = Math.min(...queued.map((alert) => alert.notBefore)) - Date.now();
      if (wait > 0 && wait <= RETRY_FROM_PAGE_MS) window.setTimeout(() => void send(store), wait);
    },
    [reread],
  );
  return { busy, setBusy, sendNow };
}

/** The longest wait the page itself keeps a timer for (a 503's Retry-After is at most 30 s). */
const RETRY_FROM_PAGE_MS = 60_000;
