import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AUDIT_VERIFY_MAX_BYTES, AUDIT_VERIFY_UPLOAD_PATH } from "#core/org-audit.ts";
import { IMPORT_MAX_BYTES, IMPORT_UPLOAD_PATH, OPERATOR_IMPORT_PATH } from "#core/org-import.ts";
import { TAG_CSV_MAX_BYTES, TAG_IMPORT_UPLOAD_PATH } from "#core/org-tags.ts";
import { PHOTO_MAX_BYTES, PHOTO_UPLOAD_PATH } from "#core/photos.ts";
import { META_WEBHOOK_PATH } from "#server/delivery/meta.ts";

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
  /**
   * Meta's webhook (decision 149): Meta batches events (many deliveries and reads in one body),
   * so more room than Twilio's one report; a referral alone is under 1 KB.
   */
  metaWebhook: 512 * KB,
  /** Better Auth's JSON endpoints and the operator command endpoint: small JSON. */
  api: 16 * KB,
  /** One live position, or a start or stop of sharing (decision 150): a few small fields. */
  live: 4 * KB,
  /** Page forms (the largest is onboarding with three contacts; decision 071). */
  form: 256 * KB,
  /** A person's photo upload (decision 131), matched by its own path; nothing else takes more than `form`. */
  photo: PHOTO_MAX_BYTES,
  /** A member import's CSV posted by `safetap members import` (decision 136): the file alone. */
  importFile: IMPORT_MAX_BYTES,
  /** The import page's upload form: the file and room for the form around it. */
  importForm: IMPORT_MAX_BYTES + 256 * KB,
  /** An organisation's CSV giving tags to its people (decision 138), with the form around it. */
  tagCsv: TAG_CSV_MAX_BYTES + 64 * KB,
  /** An organisation's log export uploaded to be checked (decision 146), with the form around it. */
  auditVerify: AUDIT_VERIFY_MAX_BYTES + 64 * KB,
} as const;

/** The class a path belongs to: the first prefix that matches. */
export function limitFor(path: string): number {
  if (path === OPERATOR_IMPORT_PATH) return BODY_LIMITS.importFile;
  if (IMPORT_UPLOAD_PATH.test(path)) return BODY_LIMITS.importForm;
  if (path === META_WEBHOOK_PATH) return BODY_LIMITS.metaWebhook;
  if (path.startsWith("/webhooks/")) return BODY_LIMITS.webhook;
  if (path.startsWith("/api/") || path.startsWith("/internal/")) return BODY_LIMITS.api;
  if (path.startsWith("/live/")) return BODY_LIMITS.live;
  if (PHOTO_UPLOAD_PATH.test(path)) return BODY_LIMITS.photo;
  if (TAG_IMPORT_UPLOAD_PATH.test(path)) return BODY_LIMITS.tagCsv;
  if (AUDIT_VERIFY_UPLOAD_PATH.test(path)) return BODY_LIMITS.auditVerify;
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
  // The import page's form posted without JavaScript: the refusal is the page again, saying in
  // the reader's language that the file is too large (the page's script checks before sending).
  const importPage = bodyLimit({
    maxSize: BODY_LIMITS.importForm,
    onError: (c) => {
      if (c.req.path.endsWith(".data")) {
        return c.text("Payload Too Large", 413, { Connection: "close" });
      }
      c.header("Connection", "close");
      return c.redirect(`${c.req.path}?refused=too-large`, 303);
    },
  });
  return (c, next) =>
    IMPORT_UPLOAD_PATH.test(c.req.path)
      ? importPage(c, next)
      : byLimit.get(limitFor(c.req.path))!(c, next);
}
