import { useCallback, useEffect, useRef, useState } from "react";
import {
  type AlertStore,
  enqueueAlert,
  latestSettledFor,
  pruneSettled,
  type QueuedAlert,
  queuedAlertFor,
  sendWithoutQueue,
} from "#app/lib/alert-queue.ts";
import { openAlertStore, requestAlertSync } from "#app/lib/alert-queue-idb.ts";
import { useQueueSender } from "#app/lib/use-queue-sender.ts";
import { ALERT_CHANNEL } from "#core/offline.ts";
import type { AlertStatus } from "#server/domain/public-card.ts";
import { currentPosition, type Position } from "./use-local-emergency-number.ts";

/**
 * The alert as this device knows it (docs/decisions/051): pressing the button
 * puts the alert in the device's queue and sends the queue; without a network
 * it stays queued and goes out when the network returns (Background Sync, the
 * next `online` event or the next visit), each alert once by its key.
 */
export function useDeviceAlert(tagId: string, onPosition: (position: Position | null) => void) {
  const [device, setDevice] = useState<QueuedAlert | null>(null);
  const tracked = useRef<string | null>(null);

  const reread = useCallback(async (store: AlertStore) => {
    const key = tracked.current;
    if (key) setDevice((await store.get(key)) ?? null);
  }, []);

  const { busy, setBusy, sendNow } = useQueueSender(reread);

  useEffect(() => {
    let store: AlertStore | null = null;
    let stopped = false;
    const channel =
      typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(ALERT_CHANNEL);
    const onOnline = () => {
      if (store) void sendNow(store).catch(() => undefined);
    };
    void (async () => {
      store = await openAlertStore();
      if (stopped) return;
      await pruneSettled(store);
      // An alert still queued for this card from an earlier visit: show it and try
      // again. Else the last one that reached the contacts: a reload or a second
      // scan shows "Alert sent N min ago" before anyone presses again.
      const alerts = await store.list();
      const known = queuedAlertFor(alerts, tagId) ?? latestSettledFor(alerts, tagId);
      if (known) {
        tracked.current = known.key;
        setDevice(known);
      }
      await sendNow(store);
    })().catch(() => undefined);
    window.addEventListener("online", onOnline);
    channel?.addEventListener("message", () => {
      if (store) void reread(store).catch(() => undefined);
    });
    return () => {
      stopped = true;
      window.removeEventListener("online", onOnline);
      channel?.close();
    };
  }, [tagId, sendNow, reread]);

  const press = useCallback(async () => {
    setBusy(true);
    try {
      const position = await currentPosition();
      onPosition(position);
      let store: AlertStore | null = null;
      try {
        store = await openAlertStore();
      } catch {
        // No IndexedDB (storage disabled): send without a queue.
      }
      if (!store) {
        const alert = await sendWithoutQueue({ tagId, position });
        setDevice(alert);
        return;
      }
      const alert = await enqueueAlert(store, { tagId, position });
      tracked.current = alert.key;
      setDevice(alert);
      if (navigator.onLine === false) requestAlertSync();
      else await sendNow(store);
    } finally {
      setBusy(false);
    }
  }, [tagId, sendNow, onPosition, setBusy]);

  return { device, busy, press };
}

/** Polls the alert's status every few seconds while someone may still answer. */
export function useAlertStatus(
  tagId: string,
  followed: { alertId: string; token: string } | null,
  initial: AlertStatus | null,
) {
  const [status, setStatus] = useState<AlertStatus | null>(initial);
  const alertId = followed?.alertId;
  const token = followed?.token;
  useEffect(() => {
    if (!alertId || !token) return;
    let stopped = false;
    const started = Date.now();
    const poll = async () => {
      try {
        const response = await fetch(
          `/t/${encodeURIComponent(tagId)}/status?alert=${alertId}&token=${token}`,
          { headers: { accept: "application/json" } },
        );
        if (response.ok) setStatus((await response.json()) as AlertStatus);
      } catch {
        // offline for a moment: the next poll tries again
      }
      if (!stopped && Date.now() - started < 30 * 60_000) timer = window.setTimeout(poll, 3_000);
    };
    let timer = window.setTimeout(poll, 300);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [tagId, alertId, token]);
  return status;
}
