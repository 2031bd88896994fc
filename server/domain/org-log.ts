/**
 * The organisation's log of changes to its people (decision 137): "only authorised admins change
 * critical info", and every change says who made it and why. A line is written in the change's
 * own transaction, so the change and its line commit together or not at all. Lines carry the
 * organisation, never a household: an admin's family never sees the organisation's work.
 */
import type { Executor } from "#server/db/client.ts";
import { auditEvents } from "#server/db/schema.ts";
import { type AuditEventType, cleanMetadata } from "./audit.ts";

/** Who changes an organisation's person, and why. */
export interface OrgChangeBy {
  organizationId: string;
  userId: string;
  /** The reason the admin gave (required of admins); null when the person gave none. */
  reason: string | null;
  /** The person changed their own record (a member with a login). */
  byThemself: boolean;
}

/** Appends one line to the organisation's log, in the caller's transaction. */
export async function logOrgChange(
  executor: Executor,
  by: OrgChangeBy,
  type: AuditEventType,
  profileId: string | null,
  metadata: Record<string, unknown> = {},
): Promise<void> {
  await executor.insert(auditEvents).values({
    eventType: type,
    userId: by.userId,
    profileId,
    organizationId: by.organizationId,
    metadata: cleanMetadata({
      ...metadata,
      by: by.byThemself ? "themself" : "organization",
      ...(by.reason ? { reason: by.reason } : {}),
    }),
  });
}
