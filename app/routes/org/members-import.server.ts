import { type AppLoadContext, data, redirect } from "react-router";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { requireOrg } from "#app/lib/org.server.ts";
import { detectRequestLanguage } from "#core/languages.ts";
import { type FileProblem, TOO_LARGE } from "#core/org-import.ts";
import type { OrgPermission } from "#core/organizations.ts";
import {
  discardImport,
  findImport,
  previewImport,
  recentImports,
  rejectedRowsCsv,
  runImport,
  templateCsv,
} from "#server/domain/org-import.ts";
import { describeProblem, importTranslator } from "#server/domain/org-import-text.ts";

const IMPORT: OrgPermission = { people: ["import"] };
/** Rejected rows the page lists; all of them are in the rejected rows' CSV. */
export const REJECTED_ROWS_SHOWN = 200;

const pagePath = (slug: string, importId?: string, extra = "") =>
  `/org/${slug}/members/import${importId ? `?import=${importId}${extra}` : ""}`;

/**
 * /org/{slug}/members/import: the template, the upload, the preview of an upload (`?import=`)
 * or its result, and the latest imports. Org admins, owners and SafeTap admins only.
 */
export async function importPage(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug, IMPORT);
  const { db } = context.services;
  const t = requestTranslator(request);
  const url = new URL(request.url);
  const importId = url.searchParams.get("import");
  const current = importId ? await findImport(db, org.org, importId) : null;
  const changed = Number(url.searchParams.get("changed"));
  const refused: FileProblem[] | null =
    url.searchParams.get("refused") === "too-large"
      ? [{ code: "tooLarge", values: TOO_LARGE }]
      : null;
  return {
    seo: { title: t("org-import:seoTitle", { name: org.org.name }), description: "" },
    slug: org.org.slug,
    preset: org.org.preset,
    current: current && {
      id: current.id,
      fileName: current.fileName,
      status: current.status,
      counts: current.summary.counts,
      rejected: current.summary.rejected.slice(0, REJECTED_ROWS_SHOWN),
      createdAt: current.createdAt.toISOString(),
    },
    missing: Boolean(importId) && !current,
    /** The import was asked for when rows had become rejected since the preview. */
    changedSince: Number.isInteger(changed) && changed > 0 ? changed : null,
    fileProblems: refused,
    recent: (await recentImports(db, org.org)).map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** The page's forms: upload a file, import a preview (all or the clean rows), discard it. */
export async function importAction(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug, IMPORT);
  const services = context.services;
  const form = await request.formData();
  const intent = form.get("intent");
  const base = org.org.slug;
  if (intent === "upload") {
    const file = form.get("file");
    if (!(file instanceof File) || (file.size === 0 && file.name === "")) {
      return data(
        { fileProblems: [{ code: "noFile" }] as FileProblem[], notFound: false },
        { status: 400 },
      );
    }
    const result = await previewImport(services, org.org, org.userId, {
      name: file.name,
      bytes: Buffer.from(await file.arrayBuffer()),
    });
    if (!result.ok)
      return data({ fileProblems: result.problems, notFound: false }, { status: 422 });
    return redirect(pagePath(base, result.importId), 303);
  }
  if (intent === "import" || intent === "import-clean") {
    const importId = form.get("importId");
    const result = await runImport(
      services,
      org.org,
      org.userId,
      importId,
      intent === "import" ? "all" : "clean",
    );
    if (!result.ok && result.reason === "not_found") {
      return data({ fileProblems: null, notFound: true }, { status: 404 });
    }
    const id = String(importId);
    if (!result.ok && result.reason === "not_clean") {
      return redirect(pagePath(base, id, `&changed=${result.summary.counts.rejected}`), 303);
    }
    return redirect(pagePath(base, id), 303);
  }
  if (intent === "discard") {
    await discardImport(services.db, org.org, form.get("importId"));
    return redirect(pagePath(base, String(form.get("importId") ?? "")), 303);
  }
  return data({ fileProblems: null, notFound: false }, { status: 400 });
}

/**
 * POST /org/{slug}/members/import/{id}/run: the same import as the page's form, answered as it
 * goes with one JSON line per batch (`{"progress":{"done","total"}}`) and a last line with the
 * page to open. The page's script reads it to show progress; the import goes on if the reader
 * leaves.
 */
export async function importRun(
  request: Request,
  context: AppLoadContext,
  params: { slug?: string; importId?: string },
) {
  const org = await requireOrg(request, context, params.slug, IMPORT);
  const services = context.services;
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent !== "import" && intent !== "import-clean") {
    return new Response("Bad Request: intent must be import or import-clean", { status: 400 });
  }
  const found = await findImport(services.db, org.org, params.importId);
  if (!found) return new Response("Not found", { status: 404 });
  const page = pagePath(org.org.slug, found.id);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (line: object) => {
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
        } catch {
          // The reader left; the import carries on.
        }
      };
      try {
        const result = await runImport(
          services,
          org.org,
          org.userId,
          found.id,
          intent === "import" ? "all" : "clean",
          (progress) => send({ progress }),
        );
        const location =
          !result.ok && result.reason === "not_clean"
            ? pagePath(org.org.slug, found.id, `&changed=${result.summary.counts.rejected}`)
            : page;
        send({ done: true, location, ...(result.ok ? { counts: result.summary.counts } : {}) });
      } catch (error) {
        services.logger.error({ err: error, importId: found.id }, "member import failed");
        send({ done: false, location: page });
      }
      try {
        controller.close();
      } catch {}
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      "Cache-Control": "no-store, no-transform",
    },
  });
}

/** GET on the run address: the import's page. */
export async function importRunPage(
  request: Request,
  context: AppLoadContext,
  params: { slug?: string; importId?: string },
) {
  const org = await requireOrg(request, context, params.slug, IMPORT);
  const found = await findImport(context.services.db, org.org, params.importId);
  return redirect(pagePath(org.org.slug, found?.id));
}

const csvHeaders = (fileName: string) => ({
  "Content-Type": "text/csv; charset=utf-8",
  "Content-Disposition": `attachment; filename="${fileName}"`,
  "Cache-Control": "no-store",
});

/** GET /org/{slug}/members/import/template.csv: the organisation's preset's header line. */
export async function templateDownload(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug, IMPORT);
  return new Response(templateCsv(org.org), {
    headers: csvHeaders(`safetap-${org.org.preset}-template.csv`),
  });
}

/**
 * GET /org/{slug}/members/import/{id}/rejected.csv: the rejected rows with an `errors` column,
 * in the reader's language. The byte order mark lets spreadsheets read it as UTF-8; the import
 * reads it back with or without.
 */
export async function rejectedDownload(
  request: Request,
  context: AppLoadContext,
  params: { slug?: string; importId?: string },
) {
  const org = await requireOrg(request, context, params.slug, IMPORT);
  const t = importTranslator(detectRequestLanguage(request));
  const csv = await rejectedRowsCsv(context.services, org.org, params.importId, (problem) =>
    describeProblem(t, problem),
  );
  if (csv === null) return new Response("Not found", { status: 404 });
  return new Response(`\uFEFF${csv}`, { headers: csvHeaders("rejected-rows.csv") });
}
