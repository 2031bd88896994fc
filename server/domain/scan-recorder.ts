import { inArray } from "drizzle-orm";
import type { FieldCipher } from "#server/crypto.ts";
import type { Database } from "#server/db/client.ts";
import { auditEvents, tags, tagViewLogs } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import { cleanMetadata } from "./audit.ts";
import { queueScanNotices } from "./scan-notices.ts";

export interface Scan {
  tagId: string;
  ownerId: string;
  clientAddress: string;
}

export interface ScanRecorder {
  /** Queues a scan; it is written within the flush interval. Never throws. */
  record(scan: Scan): void;
  /** Writes everything queued so far. */
  flush(): Promise<void>;
  /** Flushes and stops the timer (on shutdown). */
  close(): Promise<void>;
}

/**
 * Card scans (last_scanned_at, a view record and a tag_scanned audit event)
 * are written in batches: one transaction of three statements per interval
 * instead of three writes per view. A card view never waits for them; a crash
 * loses at most one interval of scan records, never an alert (decision 017).
 * After each batch, the scan notices it calls for are queued (decision 134) and
 * `nudge` asks the dispatcher to send them.
 */
export function createScanRecorder(
  deps: { db: Database; logger: Logger; cipher: FieldCipher; nudge?: () => void },
  options: { intervalMs?: number; maxBatch?: number; backlogLimit?: number } = {},
): ScanRecorder {
  const { db, logger, cipher } = deps;
  const intervalMs = options.intervalMs ?? 250;
  const maxBatch = options.maxBatch ?? 500;
  /** Beyond this many waiting scans (the database is down), new ones are dropped. */
  const backlogLimit = options.backlogLimit ?? 20_000;
  let dropped = 0;
  let queue: (Scan & { at: Date })[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function write(batch: (Scan & { at: Date })[]) {
    const latest = batch.reduce((a, b) => (a.at > b.at ? a : b)).at;
    const tagIds = [...new Set(batch.map((scan) => scan.tagId))];
    try {
      await db.transaction(async (tx) => {
        await tx.update(tags).set({ lastScannedAt: latest }).where(inArray(tags.id, tagIds));
        await tx
          .insert(tagViewLogs)
          .values(batch.map((scan) => ({ tagId: scan.tagId, createdAt: scan.at })));
        await tx.insert(auditEvents).values(
          batch.map((scan) => ({
            eventType: "tag_scanned",
            userId: scan.ownerId,
            clientAddress: scan.clientAddress,
            metadata: cleanMetadata({ tag_id: scan.tagId }),
            createdAt: scan.at,
          })),
        );
      });
    } catch (error) {
      logger.error({ err: error, scans: batch.length }, "recording scans failed");
    }
    try {
      if ((await queueScanNotices({ db, cipher, logger }, batch)) > 0) deps.nudge?.();
    } catch (error) {
      logger.error({ err: error, scans: batch.length }, "scan notices failed");
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    // One write at a time, in order; scans wait in the queue (bounded) until
    // their write starts, so a slow database cannot grow memory without limit.
    writing = writing.then(async () => {
      while (queue.length) {
        const batch = queue.slice(0, maxBatch);
        queue = queue.slice(batch.length);
        await write(batch);
      }
    });
    return writing;
  }

  return {
    record(scan) {
      if (queue.length >= backlogLimit) {
        if (dropped++ % 1000 === 0) logger.warn({ dropped }, "scan backlog full; scans dropped");
        return;
      }
      queue.push({ ...scan, at: new Date() });
      if (queue.length >= maxBatch) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), intervalMs);
        timer.unref?.();
      }
    },
    flush,
    close: flush,
  };
}
