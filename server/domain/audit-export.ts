/**
 * The organisation's log as a file anyone can check (issue 17 item 5, decision 146): JSON lines,
 * a first line describing the export, then every chained line in chain order with every field
 * its hash covers (`ChainedLine`). `verifyExport` needs neither server nor database: the
 * `safetap audit verify FILE` command and the /org/{slug}/log/verify page both call it.
 */
import { and, eq, gte, lt, max, min, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { auditEvents } from "#server/db/schema.ts";
import {
  type ChainCheck,
  type ChainedLine,
  chainPage,
  GENESIS_HASH,
  verifyChain,
} from "./audit-chain.ts";

export const AUDIT_EXPORT_FORMAT = "safetap-audit-export/1";

export interface AuditExportHeader {
  format: typeof AUDIT_EXPORT_FORMAT;
  organization: { id: string; name: string; slug: string };
  /** The days asked for (UTC), null meaning open-ended. */
  range: { from: string | null; to: string | null };
  exportedAt: string;
  /** Chained lines that follow this one. */
  count: number;
  /** Where the exported stretch of the chain starts: its first index and the hash before it. */
  start: { chainIndex: number; prevHash: string };
  verify: string;
}

/** The stretch of the chain an export holds: from the first to the last line in the range. */
export interface ExportSpan {
  firstIndex: number;
  lastIndex: number;
  prevHash: string;
}

/**
 * The contiguous stretch of the chain covering every line written in [from, to): a chain's order
 * is its writers' commit order, so a line just inside the range may sit between two just outside
 * it; those are exported too, or the file could not be checked link by link.
 */
export async function exportSpan(
  db: Executor,
  orgId: string,
  from: Date | null,
  to: Date | null,
): Promise<ExportSpan | null> {
  const [bounds] = await db
    .select({ first: min(auditEvents.chainIndex), last: max(auditEvents.chainIndex) })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.organizationId, orgId),
        sql`${auditEvents.chainIndex} is not null`,
        from ? gte(auditEvents.createdAt, from) : undefined,
        to ? lt(auditEvents.createdAt, to) : undefined,
      ),
    );
  if (bounds?.first == null || bounds.last == null) return null;
  const firstIndex = Number(bounds.first);
  const [first] = await chainPage(db, orgId, firstIndex, 1);
  return { firstIndex, lastIndex: Number(bounds.last), prevHash: first?.prevHash ?? GENESIS_HASH };
}

/** The export's lines, a page at a time, in chain order. */
export async function* exportLines(
  db: Executor,
  orgId: string,
  span: ExportSpan,
  pageSize = 2_000,
): AsyncGenerator<ChainedLine[]> {
  for (let next = span.firstIndex; next <= span.lastIndex; ) {
    const page = (await chainPage(db, orgId, next, pageSize)).filter(
      (line) => line.chainIndex <= span.lastIndex,
    );
    if (!page.length) return;
    yield page;
    next = page.at(-1)!.chainIndex + 1;
  }
}

export type ExportCheck =
  | {
      ok: true;
      entries: number;
      lastHash: string;
      organization: AuditExportHeader["organization"];
    }
  | {
      ok: false;
      entries: number;
      /** The entry (chain index) that does not hold; 0 when the first line is not a header. */
      brokenAt: number;
      reason: ExportBreak;
      organization: AuditExportHeader["organization"] | null;
    };

export type ExportBreak =
  | Extract<ChainCheck, { ok: false }>["reason"]
  | "not_an_export"
  | "unreadable"
  | "other_organization"
  /** More or fewer lines than the header says: lines cut from the end, or added. */
  | "count_mismatch";

const TEXT_FIELDS = [
  "id",
  "eventType",
  "organizationId",
  "metadata",
  "createdAt",
  "prevHash",
  "hash",
];
const NULLABLE_FIELDS = ["userId", "profileId", "householdId", "clientAddress"];

/** A line of the file as a `ChainedLine`, or null when it is not one. */
function chainedLineOf(text: string): ChainedLine | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const line = value as Record<string, unknown>;
  if (!Number.isSafeInteger(line.chainIndex) || typeof line.success !== "boolean") return null;
  if (TEXT_FIELDS.some((field) => typeof line[field] !== "string")) return null;
  if (NULLABLE_FIELDS.some((field) => line[field] !== null && typeof line[field] !== "string")) {
    return null;
  }
  return line as unknown as ChainedLine;
}

function headerOf(text: string | undefined): AuditExportHeader | null {
  if (text === undefined) return null;
  try {
    const header = JSON.parse(text) as AuditExportHeader;
    const ok =
      header?.format === AUDIT_EXPORT_FORMAT &&
      typeof header.organization?.id === "string" &&
      typeof header.organization.name === "string" &&
      typeof header.organization.slug === "string" &&
      Number.isSafeInteger(header.count) &&
      Number.isSafeInteger(header.start?.chainIndex) &&
      typeof header.start.prevHash === "string";
    return ok ? header : null;
  } catch {
    return null;
  }
}

/**
 * Checks an export on its own terms: the header says where the stretch starts and how many
 * lines follow; every line must be the organisation's, in order, each linked to the one before
 * and hashing to its own hash. The first line that does not hold is named, with why.
 */
export async function verifyExport(
  lines: AsyncIterable<string> | Iterable<string>,
): Promise<ExportCheck> {
  let header: AuditExportHeader | null | undefined;
  let start = { prevHash: GENESIS_HASH, index: 1 };
  let entries = 0;
  let batch: ChainedLine[] = [];
  const broken = (brokenAt: number, reason: ExportBreak): ExportCheck => ({
    ok: false,
    entries,
    brokenAt,
    reason,
    organization: header ? header.organization : null,
  });
  const flush = (): ExportCheck | null => {
    const check = verifyChain(batch, start);
    if (!check.ok) {
      entries += check.lines;
      return broken(check.brokenAt, check.reason);
    }
    entries += check.lines;
    start = { prevHash: check.lastHash, index: start.index + batch.length };
    batch = [];
    return null;
  };
  for await (const raw of lines) {
    const text = raw.trim();
    if (!text) continue;
    if (header === undefined) {
      header = headerOf(text);
      if (!header) return broken(0, "not_an_export");
      start = { prevHash: header.start.prevHash, index: header.start.chainIndex };
      continue;
    }
    const expected = start.index + batch.length;
    const line = chainedLineOf(text);
    if (!line) {
      const failed = flush();
      return failed ?? broken(expected, "unreadable");
    }
    if (line.organizationId !== header?.organization.id) {
      const failed = flush();
      return failed ?? broken(expected, "other_organization");
    }
    batch.push(line);
    if (batch.length >= 1_000) {
      const failed = flush();
      if (failed) return failed;
    }
  }
  const claimed = header;
  if (!claimed) return broken(0, "not_an_export");
  const failed = flush();
  if (failed) return failed;
  if (entries !== claimed.count) {
    return broken(claimed.start.chainIndex + Math.min(entries, claimed.count), "count_mismatch");
  }
  return { ok: true, entries, lastHash: start.prevHash, organization: claimed.organization };
}
