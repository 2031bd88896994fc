import type { AppLoadContext } from "react-router";
import { requireOrg } from "#app/lib/org.server.ts";
import type { RollCallFeedEvent } from "#core/roll-call.ts";
import { findRollCall, rollCallEventsAfter } from "#server/domain/roll-calls.ts";

/** The table is read this often when no local write wakes the feed (another instance's marks). */
export const FEED_POLL_MS = 1_000;
/** A comment this often keeps proxies and phones from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;
/** The browser reconnects after this long when the stream drops (EventSource's `retry`). */
const RETRY_MS = 2_000;

/** Where the feed starts: `Last-Event-ID` (a reconnect) first, then `?after=`. */
function cursorOf(request: Request): number {
  const raw =
    request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("after") ?? "0";
  return /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : 0;
}

const frame = (event: RollCallFeedEvent) => `id: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`;

/**
 * /org/{slug}/roll-call/{id}/events: Server-Sent Events, every event after the cursor, then each
 * new one as it is written (decision 143). Each instance reads the table itself: a local write
 * wakes it at once, another instance's is found by the next poll. The stream ends when the
 * roll call ends (after sending "ended") or the client goes.
 */
export async function rollCallEvents(
  request: Request,
  context: AppLoadContext,
  slug?: string,
  rollCallId?: string,
) {
  const org = await requireOrg(request, context, slug, { rollCall: ["run"] });
  const { db, rollCallSignal, logger } = context.services;
  const call = await findRollCall(db, org, rollCallId);
  // Answered, not thrown: a stream's 404 is not a page's error worth logging.
  if (!call) return new Response("Not Found", { status: 404 });
  let cursor = cursorOf(request);
  const stop = new AbortController();
  request.signal.addEventListener("abort", () => stop.abort(), { once: true });
  const encoder = new TextEncoder();

  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => controller.enqueue(encoder.encode(text));
      send(`retry: ${RETRY_MS}\n: roll call ${call.id}\n\n`);
      let quietSince = Date.now();
      try {
        while (!stop.signal.aborted) {
          const after = cursor;
          const events = await rollCallSignal.shared(`${call.id}:${after}`, () =>
            rollCallEventsAfter(db, call.id, after),
          );
          for (const event of events) {
            send(frame(event));
            cursor = event.seq;
          }
          if (events.some((e) => e.type === "ended")) break;
          if (events.length) quietSince = Date.now();
          else if (Date.now() - quietSince >= KEEP_ALIVE_MS) {
            send(": keep-alive\n\n");
            quietSince = Date.now();
          }
          // A full page of events: read on at once.
          if (events.length < 500) await rollCallSignal.wait(call.id, FEED_POLL_MS, stop.signal);
        }
      } catch (error) {
        if (!stop.signal.aborted)
          logger.warn({ err: error, rollCallId: call.id }, "roll call feed stopped");
      }
      stop.abort();
      try {
        controller.close();
      } catch {
        // the client went first
      }
    },
    cancel() {
      stop.abort();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: no proxy (or our own compression) holds events back to compress them.
      "Cache-Control": "no-cache, no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
