import { type DBSchema, openDB } from "idb";
import { ALERT_CHANNEL, ALERT_SYNC_TAG } from "#core/offline.ts";
import {
  type AlertStore,
  flushAlertQueue,
  httpAlertSender,
  pruneSettled,
  type QueuedAlert,
} from "./alert-queue.ts";

interface QueueSchema extends DBSchema {
  alerts: { key: string; value: QueuedAlert };
}

/** The device's alert queue in IndexedDB, shared by the card's pages and the service worker. */
export async function openAlertStore(): Promise<AlertStore> {
  const db = await openDB<QueueSchema>("safetap-offline", 1, {
    upgrade(database) {
      database.createObjectStore("alerts", { keyPath: "key" });
    },
  });
  return {
    list: () => db.getAll("alerts"),
    get: (key) => db.get("alerts", key),
    put: async (alert) => {
      await db.put("alerts", alert);
    },
    delete: (key) => db.delete("alerts", key),
  };
}

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

const QUEUE_LOCK = "safetap-alert-queue";

function withQueueLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  return locks ? locks.request(QUEUE_LOCK, run) : run();
}

/**
 * Sends the queue under a Web Lock where the browser has one, so a page and the
 * worker do not send the same alert at the same moment (the server would
 * still raise it once), then tells every open card what settled.
 */
export async function sendQueuedAlerts(store?: AlertStore): Promise<QueuedAlert[]> {
  const queue = store ?? (await openAlertStore());
  const run = async () => {
    await pruneSettled(queue);
    return flushAlertQueue(queue, httpAlertSender());
  };
  const settled = await withQueueLock(run);
  if (settled.length > 0 && typeof BroadcastChannel !== "undefined") {
    const channel = new BroadcastChannel(ALERT_CHANNEL);
    channel.postMessage({ type: "settled", keys: settled.map((alert) => alert.key) });
    channel.close();
  }
  return settled;
}

/**
 * Takes an alert that is still waiting off the queue ("Don't send", decision
 * 151), under the lock the senders hold: false when it is already on its way
 * or settled.
 */
export function withdrawQueuedAlert(store: AlertStore, key: string): Promise<boolean> {
  return withQueueLock(async () => {
    const alert = await store.get(key);
    if (alert?.state !== "queued") return false;
    await store.delete(key);
    return true;
  });
}

/** Asks the service worker to send the queue when the network returns (Background Sync). */
export function requestAlertSync() {
  void navigator.serviceWorker?.ready
    .then((registration) =>
      (
        registration as ServiceWorkerRegistration & {
          sync?: { register(tag: string): Promise<void> };
        }
      ).sync?.register(ALERT_SYNC_TAG),
    )
    .catch(() => undefined);
}
