import { useCallback, useState } from "react";
import type { AlertStore } from "./alert-queue.ts";
import { requestAlertSync, sendQueuedAlerts } from "./alert-queue-idb.ts";

/**
 * Sends what the device's alert queue holds (decision 051), for the card's alert button and the
 * SOS page alike: nothing while offline or with nothing queued; after a send, `reread` shows the
 * tracked alert's new state, and what is still queued is left to Background Sync.
 */
export function useQueueSender(reread: (store: AlertStore) => Promise<void>) {
  const [busy, setBusy] = useState(false);
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
  return { busy, setBusy, sendNow };
}
