import { type AppLoadContext, data, redirect } from "react-router";
import type { NoticeData } from "#app/components/notice.tsx";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { requireOrg } from "#app/lib/org.server.ts";
import { TAG_CSV_COLUMNS } from "#core/org-tags.ts";
import { toCsv } from "#server/domain/csv.ts";
import {
  type CheckedTagRow,
  checkTagImport,
  findTagImport,
  type RowError,
  runTagImport,
  saveTagImport,
  type TagCsvSummary,
} from "#server/domain/org-tag-csv.ts";

const ASSIGN = { tags: ["assign"] } as const satisfies Parameters<typeof requireOrg>[3];

/** /org/{slug}/tags/import: the upload form, for those who assign tags. */
export async function tagImportPage(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug, ASSIGN);
  const t = requestTranslator(request);
  return {
    seo: { title: t("org-tags:import.title", { name: org.org.name }), description: "" },
    slug: org.org.slug,
  };
}

/**
 * The uploaded file: read, checked and kept, then on to its preview. A file that cannot be read
 * (not UTF-8, wrong columns, too many rows…) is answered here and kept nowhere.
 */
export async function uploadTagImport(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug, ASSIGN);
  const form = await request.formData();
  const file = form.get("file");
  const refuse = (notice: NoticeData, status = 400) => data({ notice }, { status });
  if (!(file instanceof File) || file.size === 0) {
    return refuse({
      tone: "error",
      title: "org-tags:import.failed",
      description: "org-tags:csv.noFile",
    });
  }
  const { services } = context;
  const saved = await saveTagImport(services.db, services.logger, org, {
    name: file.name,
    bytes: new Uint8Array(await file.arrayBuffer()),
  });
  if (!saved.ok) {
    return refuse({
      tone: "error",
      title: "org-tags:import.failed",
      description: `org-tags:csv.${saved.problem.key}`,
      values: saved.problem.values,
    });
  }
  return redirect(`/org/${org.org.slug}/tags/import/${saved.importId}`);
}

/** How many rejected rows the preview lists; the download has them all. */
const SHOWN_REJECTED = 200;
/** How many rows to assign the preview lists as a sample. */
const SHOWN_ASSIGNED = 20;

const rowView = (row: CheckedTagRow) => ({
  line: row.line,
  externalId: row.externalId,
  tagCell: row.tagCell,
  personName: row.personName,
  errors: row.errors.map(({ column, key, values }) => ({ column, key, values })),
});

async function loadImport(request: Request, context: AppLoadContext, slug?: string, id?: string) {
  const org = await requireOrg(request, context, slug, ASSIGN);
  const saved = await findTagImport(context.services.db, org.org.id, id);
  if (!saved) throw data(null, { status: 404, statusText: "Not Found" });
  return { org, saved };
}

/**
 * /org/{slug}/tags/import/{id}: the kept file checked against the organisation as it is now:
 * counts, every rejected row with what is wrong, a sample of what will be assigned; after the
 * import, what it did.
 */
export async function tagImportPreview(
  request: Request,
  context: AppLoadContext,
  slug?: string,
  importId?: string,
) {
  const { org, saved } = await loadImport(request, context, slug, importId);
  const { rows, summary } = await checkTagImport(context.services.db, org, saved);
  const rejected = rows.filter((row) => row.outcome === "rejected");
  const t = requestTranslator(request);
  const kept = saved.summary as (TagCsvSummary & { result?: ImportResult }) | null;
  return {
    seo: { title: t("org-tags:import.title", { name: org.org.name }), description: "" },
    slug: org.org.slug,
    importId: saved.id,
    fileName: saved.fileName,
    imported: saved.status === "imported",
    result: kept?.result ?? null,
    summary,
    rejected: rejected.slice(0, SHOWN_REJECTED).map(rowView),
    toAssign: rows
      .filter((row) => row.outcome === "assign")
      .slice(0, SHOWN_ASSIGNED)
      .map(rowView),
  };
}

type ImportResult = { assigned: number; unchanged: number; rejected: number };

/** Assigns the clean rows, once. */
export async function confirmTagImport(
  request: Request,
  context: AppLoadContext,
  slug?: string,
  importId?: string,
) {
  const { org, saved } = await loadImport(request, context, slug, importId);
  const form = await request.formData();
  if (form.get("intent") !== "import") {
    return data(
      { notice: { tone: "error", title: "org-tags:errors.title" } as NoticeData },
      { status: 400 },
    );
  }
  const { db, logger } = context.services;
  const result = await runTagImport(db, logger, org, saved, context.clientAddress);
  if (!result.ok) {
    return data(
      {
        notice: {
          tone: "error",
          title: "org-tags:import.failed",
          description: "org-tags:import.alreadyImported",
        } as NoticeData,
      },
      { status: 409 },
    );
  }
  const { assigned, unchanged, rejected } = result;
  const notice: NoticeData = {
    tone: "success",
    title: "org-tags:import.done",
    description: "org-tags:import.doneBody",
    values: { assigned, unchanged, rejected },
  };
  return data({ notice });
}

/**
 * The rows that cannot be assigned as they are, as CSV: the file's two columns plus `errors`,
 * in the reader's language, ready to fix and upload again (the `errors` column is ignored then).
 */
export async function rejectedTagRows(
  request: Request,
  context: AppLoadContext,
  slug?: string,
  importId?: string,
) {
  const { org, saved } = await loadImport(request, context, slug, importId);
  const { rows } = await checkTagImport(context.services.db, org, saved);
  const t = requestTranslator(request);
  const say = (line: number, error: RowError) =>
    t(error.column ? "org-tags:csv.inColumn" : "org-tags:csv.inRow", {
      line,
      column: error.column ?? "",
      message: t(`org-tags:csv.${error.key}`, error.values),
    });
  const csv = toCsv(
    [...TAG_CSV_COLUMNS, "errors"],
    rows
      .filter((row) => row.outcome === "rejected")
      .map((row) => [
        row.externalId,
        row.tagCell,
        row.errors.map((error) => say(row.line, error)).join("; "),
      ]),
  );
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="tags-rejected-${saved.id.slice(0, 8)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
