/**
 * Per-provider limits on sending (decision 156): how many calls a provider may have open at once
 * (Twilio's API, an SMTP pool's connections) and how many messages a second one sender may start
 * (a Twilio number's messages or calls per second). Waiters go in priority order (the
 * dispatcher's: 0 for emergencies), then first come, first served: a mass notice waiting on a
 * number's rate never holds an alert back by more than one interval of that number. A sender
 * may start up to a second's worth at once (a token bucket), then goes at its pace.
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
  /**
   * Each rate key's bucket: up to a second's worth of starts at once (a number's own queue
   * takes that much), refilled at its pace.
   */
  const buckets = new Map<string, { tokens: number; at: number }>();
  /** The bucket of `rate`, refilled to `t`. */
  const bucketOf = (rate: { key: string; perSecond: number }, t: number) => {
    const burst = Math.max(1, rate.perSecond);
    const bucket = buckets.get(rate.key) ?? { tokens: burst, at: t };
    bucket.tokens = Math.min(burst, bucket.tokens + ((t - bucket.at) * rate.perSecond) / 1000);
    bucket.at = t;
    buckets.set(rate.key, bucket);
    return bucket;
  };
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
      if (open >= maxInFlight) {
        i++;
        continue;
      }
      const bucket = rate ? bucketOf(rate, t) : null;
      if (rate && bucket && bucket.tokens < 1) {
        wakeAt = Math.min(wakeAt, t + ((1 - bucket.tokens) * 1000) / rate.perSecond);
        i++;
        continue;
      }
      waiting.splice(i, 1);
      inFlight.set(group, open + 1);
      if (bucket) bucket.tokens -= 1;
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
