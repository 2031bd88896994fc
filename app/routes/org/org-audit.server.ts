import type { TFunction } from "i18next";
import { type AppLoadContext, data } from "react-router";
import { requestI18n } from "#app/lib/i18n.server.ts";
import { orgAbilities, requireOrg } from "#app/lib/org.server.ts";
import {
  AUDIT_LOG_GROUP_NAMES,
  AUDIT_LOG_GROUPS,
  AUDIT_LOG_PAGE_SIZE,
  auditLogFilterSchema,
} from "#core/org-audit.ts";
import { checkForm } from "#core/org-forms.ts";
import { PRESET_DEFAULTS } from "#core/organizations.ts";
import { recordAudit } from "#server/domain/audit.ts";
import { verifyOrganizationChain } from "#server/domain/audit-chain.ts";
import {
  type AuditLogLine,
  listAuditLog,
  orgPersonName,
  orgStaffChoices,
} from "#server/domain/org-audit-log.ts";
import { visibleOrgPerson } from "#server/domain/org-directory.ts";
import type { OrgContext } from "#server/domain/organizations.ts";
import { timeWriter, viewerTimeZone } from "./org-page.server.ts";

/**
 * The organisation's compliance log on its pages (issue 17 item 5, decision 146): the viewer's
 * filters read from the address, each line in plain words in the reader's language, and the
 * "Check the log" button. /org/{slug}/log and a person's /org/{slug}/people/{id}/log share it.
 */

const KNOWN_TYPES = new Set<string>(Object.values(AUDIT_LOG_GROUPS).flat());

/** A place as a handover line says it: "Ward 4B, North site", or "no ward or location". */
function placeWords(t: TFunction, groupWord: string, group: unknown, location: unknown): string {
  const parts = [
    typeof group === "string" && group ? `${groupWord} ${group}` : null,
    typeof location === "string" && location ? location : null,
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : t("org-audit:line.nowhere");
}

/** A line's changed fields ("allergies,medications") in the reader's words. */
export function changedFields(t: TFunction, names: string): string {
  return names
    .split(",")
    .filter(Boolean)
    .map((name) => t(`org:changes.fields.${name}`, { defaultValue: name }))
    .join(", ");
}

/** One line of the log in the reader's words: who did what to whom, and why. */
export function describeAuditLine(
  t: TFunction,
  line: AuditLogLine,
  groupWord: string,
  /** On the person's own page the person goes without saying. */
  onPersonPage = false,
): string {
  const meta = line.metadata ?? {};
  const text = (key: string) => (typeof meta[key] === "string" ? (meta[key] as string) : "");
  const actor =
    line.type === "medical_viewed"
      ? t("org-audit:line.cardReader")
      : line.actorName || t("org-audit:line.someone");
  const person =
    line.personName ??
    (line.profileId ? t("org-audit:line.removedPerson") : t("org-audit:line.nobody"));
  const values = {
    actor,
    person,
    fields: changedFields(t, text("fields")),
    type: line.type,
    from: placeWords(t, groupWord, meta.fromGroup, meta.fromLocation),
    to: placeWords(t, groupWord, meta.toGroup, meta.toLocation),
  };
  const key = KNOWN_TYPES.has(line.type) ? line.type : "other";
  const sentence =
    onPersonPage && key === "org_person_handover"
      ? t("org-audit:line.handoverHere", values)
      : t(`org-audit:events.${key}`, values);
  const refused = line.success ? "" : ` ${t("org-audit:line.refused")}`;
  const reason = text("reason")
    ? ` ${t(line.type === "org_person_handover" ? "org-audit:line.note" : "org:changes.why", { reason: text("reason"), note: text("reason") })}`
    : "";
  return `${sentence}${refused}${reason}`;
}

/** The viewer's data: one page of lines, the filters as asked, and whom they can filter by. */
export async function auditLogPage(
  request: Request,
  context: AppLoadContext,
  slug: string | undefined,
  profileId?: string,
) {
  const org = await requireOrg(request, context, slug, { audit: ["read"] });
  const { db } = context.services;
  const person = profileId === undefined ? null : await personOf(context, org, profileId);
  const url = new URL(request.url);
  const asked = Object.fromEntries(
    ["kind", "person", "staff", "from", "to", "before"].map((name) => [
      name,
      url.searchParams.get(name) ?? "",
    ]),
  );
  const checked = checkForm(auditLogFilterSchema, asked);
  const i18n = requestI18n(request);
  const groupWord = i18n.t(`org:people.groups.${PRESET_DEFAULTS[org.org.preset].group}`);
  const [page, staff, zone] = await Promise.all([
    checked.ok
      ? listAuditLog(
          db,
          org.org.id,
          { ...checked.values, profileId: person?.id },
          AUDIT_LOG_PAGE_SIZE,
        )
      : { lines: [], olderThan: null },
    orgStaffChoices(db, org.org.id),
    viewerTimeZone(context, org.userId),
  ]);
  const when = timeWriter(request, zone);
  const view = {
    seo: {
      title: person
        ? i18n.t("org-audit:personLog.title", { name: person.name })
        : i18n.t("org-audit:log.title", { name: org.org.name }),
      description: "",
    },
    can: orgAbilities(org),
    person,
    filters: asked,
    fieldErrors: checked.ok ? {} : checked.errors,
    kinds: AUDIT_LOG_GROUP_NAMES,
    staff,
    lines: page.lines.map((line) => ({
      index: line.chainIndex,
      type: line.type,
      ...when(line.at, null),
      text: describeAuditLine(i18n.t, line, groupWord),
    })),
    olderThan: page.olderThan,
  };
  // Filters that are not understood answer 400 with their messages, and no lines.
  return checked.ok ? view : data(view, { status: 400 });
}

/** The person of a person's log, looked up inside the organisation as the asker may see them. */
async function personOf(context: AppLoadContext, org: OrgContext, profileId: string) {
  const { db } = context.services;
  const visible = await visibleOrgPerson(db, org, profileId);
  if (!visible) throw data(null, { status: 404, statusText: "Not Found" });
  return { id: visible.id, name: (await orgPersonName(db, org.org.id, visible.id)) ?? "" };
}

/** "Check the log": the organisation's whole chain checked in the database, and the check logged. */
export async function checkAuditLog(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug, { audit: ["read"] });
  const { db, logger } = context.services;
  const form = await request.formData();
  if (form.get("intent") !== "check") throw data(null, { status: 400, statusText: "Bad Request" });
  const check = await verifyOrganizationChain(db, org.org.id);
  await recordAudit(db, logger, {
    type: "org_audit_verified",
    userId: org.userId,
    organizationId: org.org.id,
    clientAddress: context.clientAddress,
    metadata: check.ok
      ? { source: "database", ok: true, entries: check.lines }
      : { source: "database", ok: false, brokenAt: check.brokenAt, why: check.reason },
  });
  return {
    check: check.ok
      ? { ok: true as const, entries: check.lines, lastHash: check.lastHash }
      : { ok: false as const, brokenAt: check.brokenAt, reason: check.reason },
  };
}
