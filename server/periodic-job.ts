/**
 * A background job run every so often in a process with background work (server/main.ts): one
 * run at a time, a failed run logged and tried again at the next interval (the database may be
 * briefly unreachable), and `stop` waits for a run under way. Used by the organisations' expiry
 * (decision 139), the live positions' retention (decision 150) and the still-current checks
 * (decision 148).
 */
import type { Logger } from "#server/logger.ts";

export interface PeriodicJob<Result, Args extends unknown[] = []> {
  start(): void;
  stop(): Promise<void>;
  /** One run now (a run already under way is joined, not doubled). */
  runOnce(...args: Args): Promise<Result>;
}

export function createPeriodicJob<Result, Args extends unknown[] = []>(options: {
  logger: Logger;
  run: (...args: Args) => Promise<Result>;
  /** What a failed run answers, after its error line. */
  failed: Result;
  /** The error line's message. */
  failureMessage: string;
  intervalMs: number;
  /** How long after `start` the first run comes. */
  firstRunMs?: number;
}): PeriodicJob<Result, Args> {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<Result> | null = null;
  let stopped = true;

  const runOnce = (...args: Args) => {
    running ??= options
      .run(...args)
      .catch((error) => {
        options.logger.error({ err: error }, options.failureMessage);
        return options.failed;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(async () => {
      await runOnce(...([] as unknown as Args));
      schedule(options.intervalMs);
    }, delay);
    timer.unref?.();
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(options.firstRunMs ?? 0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    runOnce,
  };
}
