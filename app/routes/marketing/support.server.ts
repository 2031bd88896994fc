import { type AppLoadContext, data, redirect } from "react-router";
import type { SupportActionData, SupportValues } from "#app/components/support/support-form.tsx";
import { getSessionUser } from "#app/lib/session.server.ts";
import { detectRequestLanguage } from "#core/languages.ts";
import { SUPPORT_FIELDS, validateSupportTicket } from "#core/support-ticket.ts";
import { submitSupportTicket } from "#server/domain/support-tickets.ts";

/** A signed-in visitor's name and email, so they need not type them (nothing for strangers). */
export async function supportDefaults(
  request: Request,
  context: AppLoadContext,
): Promise<SupportValues> {
  const user = await getSessionUser(request, context).catch(() => null);
  if (!user) return {};
  const email =
    typeof user.email === "string" && !user.email.endsWith(".invalid") ? user.email : "";
  return { name: user.name ?? "", email };
}

/**
 * The support question. Valid questions are stored as a ticket, mailed to the support address
 * and answered with a redirect to the confirmation (so a reload cannot send it twice). Works the
 * same with and without JavaScript (decision 153, as /contact: decision 041).
 */
export async function sendSupportQuestion(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const values = Object.fromEntries(
    SUPPORT_FIELDS.map((name) => [name, String(form.get(name) ?? "").slice(0, 4000)]),
  ) as SupportValues;
  const checked = validateSupportTicket(form);
  if (!checked.ok) {
    return data<SupportActionData>(
      {
        notice: {
          tone: "error",
          title: "support:notices.validationError",
          description: checked.error,
        },
        field: checked.field,
        values,
      },
      { status: 400 },
    );
  }
  const { services } = context;
  try {
    const user = await getSessionUser(request, context).catch(() => null);
    const result = await submitSupportTicket(services, {
      ticket: checked.ticket,
      language: detectRequestLanguage(request),
      clientAddress: context.clientAddress,
      userId: user?.id ?? null,
    });
    if (!result.ok) {
      const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
      return data<SupportActionData>(
        {
          notice: {
            tone: "error",
            title: "support:notices.tooManyAttempts",
            description: "support:notices.wait",
            values: { n: minutes, count: minutes },
          },
          values,
        },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
    return redirect(result.mailed ? "/support?sent=1#ask" : "/support?sent=delayed#ask");
  } catch (error) {
    services.logger.error({ err: error }, "support ticket could not be stored");
    return data<SupportActionData>(
      {
        notice: {
          tone: "error",
          title: "support:notices.submissionFailed",
          description: "support:notices.submissionFailedBody",
          values: { email: services.config.supportEmail },
        },
        values,
      },
      { status: 500 },
    );
  }
}
