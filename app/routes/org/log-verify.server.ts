import { type AppLoadContext, data } from "react-router";
import { requestI18n } from "#app/lib/i18n.server.ts";
import { requireOrg } from "#app/lib/org.server.ts";
import { AUDIT_VERIFY_MAX_BYTES } from "#core/org-audit.ts";
import { recordAudit } from "#server/domain/audit.ts";
import { verifyExport } from "#server/domain/audit-export.ts";

const MB = 1024 * 1024;

export async function verifyPage(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug, { audit: ["read"] });
  const i18n = requestI18n(request);
  return {
    seo: { title: i18n.t("org-audit:verify.title", { name: org.org.name }), description: "" },
    maxMb: AUDIT_VERIFY_MAX_BYTES / MB,
  };
}

export interface VerifyAnswer {
  error?: string;
  result?:
    | { ok: true; entries: number; lastHash: string }
    | { ok: false; brokenAt: number; reason: string; entries: number };
  /** The organisation the file says it is from, and whether it is this one. */
  claims?: { name: string; slug: string; thisOrganization: boolean } | null;
}

/**
 * /org/{slug}/log/verify: an admin uploads an export and is told whether it holds, on the file's
 * own terms (a file of another organisation is checked too, and says whose it claims to be).
 * The file is read in memory up to its size limit (the HTTP layer refuses more); the check is
 * logged as org_audit_verified.
 */
export async function verifyUpload(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug, { audit: ["read"] });
  const { db, logger } = context.services;
  const form = await request.formData();
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) {
    return data<VerifyAnswer>({ error: "org-audit:verify.errors.noFile" }, { status: 400 });
  }
  if (file.size > AUDIT_VERIFY_MAX_BYTES) {
    return data<VerifyAnswer>({ error: "org-audit:verify.errors.tooLarge" }, { status: 413 });
  }
  const check = await verifyExport((await file.text()).split("\n"));
  const claims = check.organization
    ? {
        name: check.organization.name,
        slug: check.organization.slug,
        thisOrganization: check.organization.id === org.org.id,
      }
    : null;
  await recordAudit(db, logger, {
    type: "org_audit_verified",
    userId: org.userId,
    organizationId: org.org.id,
    clientAddress: context.clientAddress,
    metadata: {
      source: "file",
      ok: check.ok,
      entries: check.entries,
      brokenAt: check.ok ? null : check.brokenAt,
      why: check.ok ? null : check.reason,
      claimsOrganization: check.organization?.id ?? null,
    },
  });
  return data<VerifyAnswer>({
    result: check.ok
      ? { ok: true, entries: check.entries, lastHash: check.lastHash }
      : { ok: false, brokenAt: check.brokenAt, reason: check.reason, entries: check.entries },
    claims,
  });
}
