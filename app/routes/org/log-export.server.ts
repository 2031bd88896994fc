import type { AppLoadContext } from "react-router";
import { requireOrg } from "#app/lib/org.server.ts";
import { auditExportRangeSchema, dayEnd, dayStart } from "#core/org-audit.ts";
import { checkForm } from "#core/org-forms.ts";
import { recordAudit } from "#server/domain/audit.ts";
import {
  AUDIT_EXPORT_FORMAT,
  type AuditExportHeader,
  exportLines,
  exportSpan,
} from "#server/domain/audit-export.ts";

/**
 * GET /org/{slug}/log/export.jsonl?from=&to= (`audit: export`): a first line describing the
 * export (organisation, range, count, where the stretch of the chain starts, how to check it),
 * then one line per chained entry, streamed a page at a time. The export is itself logged.
 */
export async function exportAuditLog(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug, { audit: ["export"] });
  const { db, logger, config } = context.services;
  const url = new URL(request.url);
  const checked = checkForm(auditExportRangeSchema, {
    from: url.searchParams.get("from") ?? "",
    to: url.searchParams.get("to") ?? "",
  });
  if (!checked.ok) {
    return new Response(`Bad Request: from and to are days (YYYY-MM-DD), from not after to\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const { from, to } = checked.values;
  const span = await exportSpan(
    db,
    org.org.id,
    from ? dayStart(from) : null,
    to ? dayEnd(to) : null,
  );
  const header: AuditExportHeader = {
    format: AUDIT_EXPORT_FORMAT,
    organization: { id: org.org.id, name: org.org.name, slug: org.org.slug },
    range: { from, to },
    exportedAt: new Date().toISOString(),
    count: span ? span.lastIndex - span.firstIndex + 1 : 0,
    start: span
      ? { chainIndex: span.firstIndex, prevHash: span.prevHash }
      : { chainIndex: 1, prevHash: "0".repeat(64) },
    verify: `Run "safetap audit verify FILE", or upload this file at ${config.publicUrl}/org/${org.org.slug}/log/verify. Each entry's hash is sha256 of the previous hash, its index and its fields joined by U+001F; each entry's prevHash is the hash of the one before.`,
  };
  await recordAudit(db, logger, {
    type: "org_audit_exported",
    userId: org.userId,
    organizationId: org.org.id,
    clientAddress: context.clientAddress,
    metadata: {
      from,
      to,
      entries: header.count,
      firstEntry: span?.firstIndex ?? null,
      lastEntry: span?.lastIndex ?? null,
    },
  });
  const encoder = new TextEncoder();
  const pages = span ? exportLines(db, org.org.id, span) : null;
  let sentHeader = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sentHeader) {
        sentHeader = true;
        controller.enqueue(encoder.encode(`${JSON.stringify(header)}\n`));
        return;
      }
      const next = pages ? await pages.next() : { done: true as const, value: undefined };
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(
        encoder.encode(next.value.map((line) => `${JSON.stringify(line)}\n`).join("")),
      );
    },
    async cancel() {
      await pages?.return(undefined);
    },
  });
  const name = `${org.org.slug}-audit-${from ?? "start"}-${to ?? "now"}.jsonl`;
  return new Response(body, {
    headers: {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    },
  });
}
