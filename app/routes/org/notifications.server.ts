import type { AppLoadContext } from "react-router";
import { requestI18n } from "#app/lib/i18n.server.ts";
import { requireOrg } from "#app/lib/org.server.ts";
import {
  AUDIENCES,
  attendanceRuleSchema,
  checkNotifyRecipient,
  NOTIFY_CHANNELS,
  NOTIFY_LIST_LIMIT,
  presetRule,
} from "#core/attendance-rules.ts";
import { LANGUAGES } from "#core/languages.ts";
import { checkForm } from "#core/org-forms.ts";
import type { OrgPermission } from "#core/organizations.ts";
import { UUID } from "#core/validation.ts";
import {
  addNotifyRecipient,
  listLocationRules,
  listNotifyRecipients,
  removeNotifyRecipient,
  saveAttendanceRule,
} from "#server/domain/attendance-rules.ts";
import { answer, notFound, postedValues } from "./org-page.server.ts";

const PERMISSION: OrgPermission = { locations: ["manage"] };
const RULE_FIELDS = ["enabled", "directions", "quietStart", "quietEnd"] as const;
const RECIPIENT_FIELDS = ["name", "channel", "value", "language"] as const;

/**
 * /org/{slug}/notifications (issue 17 item 1, decision 142): who is told of check-ins and
 * check-outs at each location, and the HR / security list. Settings: owners and admins only
 * (`locations: manage`); everyone else is refused as `requireOrg` refuses them.
 */
export async function notificationsPage(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug, PERMISSION);
  const { db, cipher } = context.services;
  const i18n = requestI18n(request);
  const [locations, recipients] = await Promise.all([
    listLocationRules(db, org.org),
    listNotifyRecipients(db, cipher, org.org.id),
  ]);
  return {
    seo: { title: i18n.t("org-notify:title", { name: org.org.name }), description: "" },
    preset: org.org.preset,
    defaults: Object.fromEntries(AUDIENCES.map((a) => [a, presetRule(org.org.preset, a)])),
    locations,
    recipients,
    listLimit: NOTIFY_LIST_LIMIT,
    channels: NOTIFY_CHANNELS,
    languages: LANGUAGES,
  };
}

/**
 * Saves a location's rule for one audience, or adds to or removes from the HR / security list.
 * Ids from the form are looked up inside the organisation: another's are not found (404) and
 * nothing changes. A refusal names each field's problem and keeps what was typed.
 */
export async function notificationsAction(
  request: Request,
  context: AppLoadContext,
  slug?: string,
) {
  const org = await requireOrg(request, context, slug, PERMISSION);
  const { db, cipher } = context.services;
  const by = { organizationId: org.org.id, userId: org.userId };
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "rule") {
    const locationId = form.get("locationId");
    const audience = form.get("audience");
    if (typeof locationId !== "string" || !UUID.test(locationId)) notFound();
    if (!AUDIENCES.some((a) => a === audience)) notFound();
    const formName = `rule:${locationId}:${audience}`;
    const checked = checkForm(attendanceRuleSchema, form);
    if (!checked.ok) {
      return answer(
        formName,
        {
          tone: "error",
          title: "org-notify:rules.saveFailed",
          description: "org:person.checkFields",
        },
        400,
        { fieldErrors: checked.errors, values: postedValues(form, RULE_FIELDS) },
      );
    }
    const saved = await saveAttendanceRule(db, by, {
      locationId,
      audience: audience as (typeof AUDIENCES)[number],
      settings: checked.values,
    });
    if (!saved.ok) notFound();
    return answer(formName, {
      tone: "success",
      title: "org-notify:rules.saved",
      values: { location: saved.locationName },
    });
  }

  if (intent === "addRecipient") {
    const values = postedValues(form, RECIPIENT_FIELDS);
    const refuse = (fieldErrors: Record<string, string>, status = 400) =>
      answer(
        "recipient:new",
        {
          tone: "error",
          title: "org-notify:list.addFailed",
          description: "org:person.checkFields",
        },
        status,
        { fieldErrors, values },
      );
    const checked = checkNotifyRecipient(Object.fromEntries(form));
    if (!checked.ok) return refuse(checked.errors);
    const added = await addNotifyRecipient(db, cipher, by, checked.recipient);
    if (!added.ok) {
      return answer(
        "recipient:new",
        {
          tone: "error",
          title: "org-notify:list.addFailed",
          description: "org-notify:list.full",
          values: { limit: added.limit },
        },
        409,
        { values },
      );
    }
    return answer("recipient:new", {
      tone: "success",
      title: "org-notify:list.added",
      values: { name: checked.recipient.name },
    });
  }

  if (intent === "removeRecipient") {
    const recipientId = form.get("recipientId");
    if (typeof recipientId !== "string" || !UUID.test(recipientId)) notFound();
    const removed = await removeNotifyRecipient(db, by, recipientId);
    if (!removed.ok) notFound();
    return answer("recipient:removed", {
      tone: "success",
      title: "org-notify:list.removed",
      values: { name: removed.name },
    });
  }

  return answer("unknown", { tone: "error", title: "errors.generic" }, 400);
}
