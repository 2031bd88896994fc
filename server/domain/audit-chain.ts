/**
 * The hash chain over an organisation's audit lines (issue 17 item 5, decision 141). The
 * database links each new line on insert (trigger `audit_events_chain`, drizzle/0009): its place
 * in the organisation's chain, the previous line's hash, and
 * `sha256(audit_chain_text(prev, index, line))`. This module builds the same text in JavaScript,
 * so a chain can be checked from the database or from an export alone: an edited, removed or
 * reordered line breaks it at that line.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";

export const GENESIS_HASH = "0".repeat(64);

/** One chained line as exported and verified: every field the hash covers, as text. */
export interface ChainedLine {
  chainIndex: number;
  id: string;
  eventType: string;
  userId: string | null;
  profileId: string | null;
  householdId: string | null;
  organizationId: string;
  success: boolean;
  clientAddress: string | null;
  /** The metadata exactly as the database prints it (`metadata::text`). */
  metadata: string;
  /** `created_at` in UTC with microseconds, e.g. 2026-11-24T22:52:52.123456Z. */
  createdAt: string;
  prevHash: string;
  hash: string;
}

/** The text a line's hash covers; the same as SQL's `audit_chain_text`. */
export function chainText(prevHash: string, line: Omit<ChainedLine, "prevHash" | "hash">): string {
  return [
    prevHash,
    String(line.chainIndex),
    line.id,
    line.eventType,
    line.userId ?? "",
    line.profileId ?? "",
    line.householdId ?? "",
    line.organizationId,
    line.success ? "true" : "false",
    line.clientAddress ?? "",
    line.metadata,
    line.createdAt,
  ].join("\u001f");
}

export function lineHash(prevHash: string, line: Omit<ChainedLine, "prevHash" | "hash">): string {
  return createHash("sha256").update(chainText(prevHash, line), "utf8").digest("hex");
}

export type ChainCheck =
  | { ok: true; lines: number; lastHash: string }
  | {
      ok: false;
      lines: number;
      /** The first line that does not hold (its chain index), and why. */
      brokenAt: number;
      reason: "hash_mismatch" | "prev_mismatch" | "gap";
    };

/**
 * Checks lines in chain order. `start` is where a partial export begins: its first line's
 * `prevHash` is taken on trust (the export says so), every later link is checked.
 */
export function verifyChain(
  lines: Iterable<ChainedLine>,
  start: { prevHash: string; index: number } = { prevHash: GENESIS_HASH, index: 1 },
): ChainCheck {
  let prev = start.prevHash;
  let expected = start.index;
  let count = 0;
  for (const line of lines) {
    if (line.chainIndex !== expected) {
      return { ok: false, lines: count, brokenAt: expected, reason: "gap" };
    }
    if (line.prevHash !== prev) {
      return { ok: false, lines: count, brokenAt: line.chainIndex, reason: "prev_mismatch" };
    }
    if (lineHash(prev, line) !== line.hash) {
      return { ok: false, lines: count, brokenAt: line.chainIndex, reason: "hash_mismatch" };
    }
    prev = line.hash;
    expected++;
    count++;
  }
  return { ok: true, lines: count, lastHash: prev };
}

/** The select list that reads chained lines in the shape `ChainedLine` wants. */
export const CHAINED_LINE_COLUMNS = sql`
  chain_index as "chainIndex", id::text as id, event_type as "eventType", user_id as "userId",
  profile_id as "profileId", household_id::text as "householdId",
  organization_id as "organizationId", success, client_address as "clientAddress",
  metadata::text as metadata,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdAt",
  prev_hash as "prevHash", hash`;

/** An organisation's chained lines from `fromIndex` on, in chain order, a page at a time. */
export async function chainPage(
  db: Executor,
  organizationId: string,
  fromIndex: number,
  limit: number,
): Promise<ChainedLine[]> {
  const result = await db.execute(sql`
    select ${CHAINED_LINE_COLUMNS} from audit_events
    where organization_id = ${organizationId} and chain_index >= ${fromIndex}
    order by chain_index limit ${limit}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    unknown
  >[];
  return rows.map((row) => ({
    ...(row as unknown as ChainedLine),
    chainIndex: Number(row.chainIndex),
  }));
}

/** Checks an organisation's whole chain in the database, a page at a time. */
export async function verifyOrganizationChain(
  db: Executor,
  organizationId: string,
): Promise<ChainCheck> {
  let start = { prevHash: GENESIS_HASH, index: 1 };
  let total = 0;
  for (;;) {
    const page = await chainPage(db, organizationId, start.index, 5_000);
    if (!page.length) return { ok: true, lines: total, lastHash: start.prevHash };
    const check = verifyChain(page, start);
    if (!check.ok) return { ...check, lines: total + check.lines };
    total += check.lines;
    start = { prevHash: check.lastHash, index: start.index + page.length };
  }
}
