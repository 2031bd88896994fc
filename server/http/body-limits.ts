import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { PHOTO_MAX_BYTES, PHOTO_UPLOAD_PATH } from "#core/photos.ts";

const KB = 1024;

/**
 * The largest request body each class of route reads, in bytes
 * (docs/decisions/012-rate-limits.md, "http"). Checked before any handler reads
 * a byte: a declared Content-Length over the limit is refused at once, and a
 * chunked body is counted as it arrives and refused as soon as it passes the
 * limit, so no more than the limit is ever held in memory.
 */
export const BODY_LIMITS = {
  /** Provider callbacks (Twilio's delivery reports are about 1 KB). */
  webhook: 64 * KB,
  /** Better Auth's JSON endpoints and the operator command endpoint: small JSON. */
  api: 16 * KB,
  /** Page forms (the largest is onboarding with three contacts; decision 071). */
  form: 256 * KB,
  /** A person's photo upload (decision 131), matched by its own path; nothing else takes more than `form`. */
  photo: PHOTO_MAX_BYTES,
} as const;

/** The class a path belongs to: the first prefix that matches. */
export function limitFor(path: string): number {
  if (path.startsWith("/webhooks/")) return BODY_LIMITS.webhook;
  if (path.startsWith("/api/") || path.startsWith("/internal/")) return BODY_LIMITS.api;
  if (PHOTO_UPLOAD_PATH.test(path)) return BODY_LIMITS.photo;
  return BODY_LIMITS.form;
}

/**
 * One body limit in front of every route. The refusal closes the connection; the
 * server (server/http/lingering-close.ts) half-closes it and reads and drops what
 * the client is still sending, never keeping it, until the client has read the 413
 * and closed: closing at once would reset the connection, and a reset can destroy
 * the 413 before a slow client has read it.
 */
export function bodyLimits(): MiddlewareHandler {
  const byLimit = new Map<number, MiddlewareHandler>();
  for (const maxSize of new Set(Object.values(BODY_LIMITS))) {
    byLimit.set(
      maxSize,
      bodyLimit({
        maxSize,
        onError: (c) => c.text("Payload Too Large", 413, { Connection: "close" }),
      }),
    );
  }
  return (c, next) => byLimit.get(limitFor(c.req.path))!(c, next);
}
