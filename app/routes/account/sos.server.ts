import { and, asc, eq } from "drizzle-orm";
import { type AppLoadContext, data } from "react-router";
import type { NoticeData } from "#app/components/notice.tsx";
import { requireUser } from "#app/lib/guards.server.ts";
import { mapUrl } from "#core/alert-links.ts";
import { cancelSos } from "#server/alerts/cancel.ts";
import { isIdempotencyKey, parseLocation, raiseAlert } from "#server/alerts/create.ts";
import { tags } from "#server/db/schema.ts";
import { listContacts } from "#server/domain/contacts.ts";

/** SOS reads the user's first active tag (spec section 7). */
async function firstActiveTag(context: AppLoadContext, userId: string) {
  const [tag] = await context.services.db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.userId, userId), eq(tags.isActive, true), eq(tags.isLost, false)))
    .orderBy(asc(tags.linkedAt))
    .limit(1);
  return tag ?? null;
}

/** Whom an SOS alerts, as the page lists them (no addresses or numbers). */
export async function sosContacts(context: AppLoadContext, userId: string) {
  const { db, cipher } = context.services;
  const contacts = await listContacts(db, cipher, userId);
  return contacts.map((c) => ({ id: c.id, name: c.name, channel: c.channel }));
}

/** What the SOS action answers: a send (or why not), or a cancellation. */
export type SosActionData =
  | { intent: "sos"; ok: true; alertId: string; count: number; map: string | null; sentAt: number }
  | { intent: "sos" | "cancel"; ok: false; notice: NoticeData }
  | { intent: "cancel"; ok: true; notice: NoticeData };

/**
 * SOS (spec section 7): an alert from the user's first active tag to all their
 * contacts, with the location when the phone gave one; or its cancellation,
 * within the cancel window.
 */
export async function sosAction(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context, "/auth");
  const form = await request.formData();
  if (form.get("intent") === "cancel") {
    const alertId = String(form.get("alertId") ?? "");
    const result = /^[0-9a-f-]{36}$/.test(alertId)
      ? await cancelSos(context.services, user.id, alertId)
      : ({ ok: false, reason: "not_found" } as const);
    return result.ok
      ? data<SosActionData>({
          intent: "cancel",
          ok: true,
          notice: {
            tone: "success",
            title: "account:sos.cancelled",
            description: "account:sos.cancelledBody",
          },
        })
      : data<SosActionData>(
          { intent: "cancel", ok: false, notice: { tone: "error", title: "account:sos.tooLate" } },
          { status: 409 },
        );
  }
  const fail = (description: string, status: number) =>
    data<SosActionData>(
      {
        intent: "sos",
        ok: false,
        notice: { tone: "error", title: "account:sos.failed", description },
      },
      { status },
    );
  const tag = await firstActiveTag(context, user.id);
  if (!tag) return fail("account:sos.noTag", 409);
  const key = form.get("idempotencyKey");
  if (!isIdempotencyKey(key)) return fail("errors.generic", 400);
  const location = parseLocation(form.get("latitude"), form.get("longitude"));
  const raised = await raiseAlert(context.services, {
    source: "sos",
    userId: user.id,
    tagId: tag.id,
    idempotencyKey: key,
    location,
    clientAddress: context.clientAddress,
  });
  if (raised.contactsReached === 0) return fail("account:sos.noContacts", 409);
  return data<SosActionData>({
    intent: "sos",
    ok: true,
    alertId: raised.alertId,
    count: raised.contactsReached,
    map: location ? mapUrl(location.latitude.toFixed(6), location.longitude.toFixed(6)) : null,
    sentAt: Date.now(),
  });
}
