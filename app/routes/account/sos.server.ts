import { and, asc, eq } from "drizzle-orm";
import { type AppLoadContext, data } from "react-router";
import type { NoticeData } from "#app/components/notice.tsx";
import { requireUser } from "#app/lib/guards.server.ts";
import { CANCEL_WINDOW_MS, mapUrl } from "#core/alert-links.ts";
import { countryFromAcceptLanguage, emergencyNumberFor } from "#core/emergency-numbers.ts";
import { cancelSos } from "#server/alerts/cancel.ts";
import { BUSY_RETRY_AFTER_SECONDS, parsePressedAt } from "#server/alerts/card-alert.ts";
import { isIdempotencyKey, parseLocation, raiseAlert } from "#server/alerts/create.ts";
import { isDatabaseBusy } from "#server/db/client.ts";
import { alerts, tags } from "#server/db/schema.ts";
import { listContacts } from "#server/domain/contacts.ts";
import { getProfile } from "#server/domain/profiles.ts";
import { SOS_FAILURE_TEXT, type SosFailure } from "./sos-failures.ts";

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

/**
 * The number the SOS page offers to call, which works without data: the
 * country of the account's profile, else the region of the browser's language.
 */
export async function sosEmergencyNumber(
  request: Request,
  context: AppLoadContext,
  userId: string,
): Promise<string> {
  const { db, cipher } = context.services;
  const profile = await getProfile(db, cipher, userId);
  return emergencyNumberFor(
    profile?.country ?? countryFromAcceptLanguage(request.headers.get("accept-language")),
  );
}

/** The answer to one SOS, as `POST /sos/alert` sends it (the device queue reads it). */
const EPOCH_MS = /^\d{13}$/;

/**
 * When the SOS was armed, in the server's time. The queue sends the phone's
 * clock at sending too (`sentAt`): the SOS's age is the difference of two
 * readings of one clock, so a phone whose clock is off by minutes or days is
 * neither refused nor misdated. Without `sentAt`, `pressedAt` is read as the
 * card reads it.
 */
export function sosPressedAt(
  pressedAt: FormDataEntryValue | null,
  sentAt: FormDataEntryValue | null,
  now = Date.now(),
) {
  if (typeof pressedAt !== "string" || typeof sentAt !== "string" || !EPOCH_MS.test(sentAt)) {
    return parsePressedAt(pressedAt, now);
  }
  if (!EPOCH_MS.test(pressedAt)) return { problem: "invalid" as const };
  const age = Number(sentAt) - Number(pressedAt);
  if (age < 0) return { problem: "invalid" as const };
  return parsePressedAt(String(now - age), now);
}

export type SosAnswer =
  | {
      ok: true;
      alertId: string;
      /** The alert's viewer token, as the card's endpoint answers it. */
      token: string;
      count: number;
      map: string | null;
      /** How long "Cancel — I'm safe" is still accepted, from this answer on. */
      cancelForMs: number;
    }
  | { ok: false; reason: SosFailure };

/**
 * One SOS (spec section 7): an alert from the user's first active tag to all
 * their contacts, with the location when the phone gave one. Shared by the
 * page's form (without JavaScript) and `/sos/alert`, where the page's script
 * and the service worker send SOS queued on the device (decision 151).
 *
 * A repeated key answers the first SOS and creates nothing. `pressedAt` (when
 * the phone armed it, possibly offline) is accepted as the card's is: at most
 * six hours ago, never in the future. `account`, sent with a queued SOS, must
 * be the signed-in account, so a phone that changed hands never sends one
 * person's SOS as another's.
 */
export async function raiseSos(
  context: AppLoadContext,
  userId: string,
  form: FormData,
): Promise<{ answer: SosAnswer; status: number; headers?: Record<string, string> }> {
  try {
    return await raiseSosNow(context, userId, form);
  } catch (error) {
    if (!isDatabaseBusy(error)) throw error;
    // As the card's alert (decision 156): busy, never 500; the queue sends it again.
    context.services.logger.warn({ err: error }, "SOS answered busy: no database connection");
    return {
      answer: { ok: false, reason: "busy" },
      status: 503,
      headers: { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) },
    };
  }
}

async function raiseSosNow(
  context: AppLoadContext,
  userId: string,
  form: FormData,
): Promise<{ answer: SosAnswer; status: number }> {
  const fail = (reason: SosFailure, status: number) => ({
    answer: { ok: false as const, reason },
    status,
  });
  const key = form.get("idempotencyKey");
  if (!isIdempotencyKey(key)) return fail("invalid", 400);
  const account = form.get("account");
  if (account !== null && account !== userId) return fail("refused", 403);
  const pressed = sosPressedAt(form.get("pressedAt"), form.get("sentAt"));
  if (pressed && "problem" in pressed) {
    return fail(pressed.problem, pressed.problem === "expired" ? 409 : 400);
  }
  const tag = await firstActiveTag(context, userId);
  if (!tag) return fail("no_tag", 409);
  const location = parseLocation(form.get("latitude"), form.get("longitude"));
  const raised = await raiseAlert(context.services, {
    source: "sos",
    userId,
    tagId: tag.id,
    idempotencyKey: key,
    location,
    clientAddress: context.clientAddress,
    raisedAt: pressed?.at,
  });
  if (raised.contactsReached === 0) return fail("no_contacts", 409);
  const [row] = await context.services.db
    .select({ createdAt: alerts.createdAt, status: alerts.status })
    .from(alerts)
    .where(eq(alerts.id, raised.alertId));
  const cancelForMs =
    row?.status === "active"
      ? Math.max(0, CANCEL_WINDOW_MS - (Date.now() - row.createdAt.getTime()))
      : 0;
  return {
    answer: {
      ok: true,
      alertId: raised.alertId,
      token: raised.viewerToken,
      count: raised.contactsReached,
      map: location ? mapUrl(location.latitude.toFixed(6), location.longitude.toFixed(6)) : null,
      cancelForMs,
    },
    status: 200,
  };
}

/** What the SOS page's form action answers: a send (or why not), the no-script confirmation, or a cancellation. */
export type SosActionData =
  | {
      intent: "sos";
      ok: true;
      alertId: string;
      count: number;
      map: string | null;
      cancelForMs: number;
    }
  /** Without JavaScript the hold button asks for one confirming tap (decision 151). */
  | { intent: "confirm"; ok: true }
  | { intent: "sos" | "cancel"; ok: false; notice: NoticeData }
  | { intent: "cancel"; ok: true; notice: NoticeData };

/**
 * The SOS page's form: `confirm` (the hold button or "Send without holding"
 * pressed without JavaScript) answers the confirmation; `sos` sends; `cancel`
 * calls a sent SOS off within the cancel window.
 */
export async function sosAction(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context, "/auth");
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "confirm") return data<SosActionData>({ intent: "confirm", ok: true });
  if (intent === "cancel") {
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
  const { answer, status, headers } =
    intent === "sos"
      ? await raiseSos(context, user.id, form)
      : { answer: { ok: false as const, reason: "invalid" as const }, status: 400, headers: {} };
  if (!answer.ok) {
    return data<SosActionData>(
      {
        intent: "sos",
        ok: false,
        notice: {
          tone: "error",
          title: "account:sos.failed",
          description: SOS_FAILURE_TEXT[answer.reason],
        },
      },
      { status, headers },
    );
  }
  return data<SosActionData>({
    intent: "sos",
    ok: true,
    alertId: answer.alertId,
    count: answer.count,
    map: answer.map,
    cancelForMs: answer.cancelForMs,
  });
}
