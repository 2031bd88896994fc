/**
 * Per-provider limits on sending (decision 156): how many calls a provider may have open at once
 * (Twilio's API, an SMTP pool's connections) and how many messages a second one sender may start
 * (a Twilio number's messages or calls per second). Waiters go in priority order (the
 * dispatcher's: 0 for emergencies), then first come, first served: a mass notice waiting on a
 * number's rate never holds an alert back by more than one interval of that number.
 */
export interface Lane {
  /** The provider whose calls share `maxInFlight`, e.g. "twilio". */
  group: string;
  maxInFlight: number;
  /** One sender's pace, e.g. "twilio:sms:+15550001111"; none means no rate. */
  rate?: { key: string; perSecond: number };
}

interface Waiter {
  lane: Lane;
  priority: number;
  seq: number;
  start: () => void;
}

export interface Throttle {
  /** Runs `work` once its lane has room, in priority order; the slot is freed when it settles. */
  run<T>(lane: Lane | null, priority: number, work: () => Promise<T>): Promise<T>;
  /** Calls open and waiting, per group (for tests and logs). */
  stats(): Record<string, { inFlight: number; waiting: number }>;
}

export function createThrottle(now: () => number = Date.now): Throttle {
  const inFlight = new Map<string, number>();
  /** When each rate key may start its next call. */
  const nextStart = new Map<string, number>();
  const waiting: Waiter[] = [];
  let seq = 0;
  let timer: NodeJS.Timeout | null = null;

  const pump = () => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    let wakeAt = Number.POSITIVE_INFINITY;
    const t = now();
    for (let i = 0; i < waiting.length; ) {
      const waiter = waiting[i]!;
      const { group, maxInFlight, rate } = waiter.lane;
      const open = inFlight.get(group) ?? 0;
      const at = rate ? (nextStart.get(rate.key) ?? 0) : 0;
      if (open >= maxInFlight) {
        i++;
        continue;
      }
      if (at > t) {
        wakeAt = Math.min(wakeAt, at);
        i++;
        continue;
      }
      waiting.splice(i, 1);
      inFlight.set(group, open + 1);
      if (rate) nextStart.set(rate.key, Math.max(t, at) + 1000 / rate.perSecond);
      waiter.start();
    }
    if (waiting.length && Number.isFinite(wakeAt)) {
      timer = setTimeout(pump, Math.max(1, wakeAt - t));
      timer.unref?.();
    }
  };

  return {
    run(lane, priority, work) {
      if (!lane) return work();
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          lane,
          priority,
          seq: seq++,
          start: () => {
            work()
              .then(resolve, reject)
              .finally(() => {
                inFlight.set(lane.group, (inFlight.get(lane.group) ?? 1) - 1);
                pump();
              });
          },
        };
        // Kept sorted: by priority, then arrival.
        let at = waiting.length;
        while (at > 0 && waiting[at - 1]!.priority > priority) at--;
        waiting.splice(at, 0, waiter);
        pump();
      });
    },
    stats() {
      const out: Record<string, { inFlight: number; waiting: number }> = {};
      for (const [group, n] of inFlight) out[group] = { inFlight: n, waiting: 0 };
      for (const w of waiting) {
        out[w.lane.group] ??= { inFlight: 0, waiting: 0 };
        out[w.lane.group]!.waiting++;
      }
      return out;
    },
  };
}
