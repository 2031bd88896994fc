import { and, desc, eq, sql } from "drizzle-orm";
import type { SupportTicketInput } from "#core/support-ticket.ts";
import { UUID } from "#core/validation.ts";
import { auditEvents, supportTickets } from "#server/db/schema.ts";
import { messageText, STAFF_LANGUAGE } from "#server/messages/catalog.ts";
import { addressKey } from "#server/security/address-key.ts";
import type { RateRule } from "#server/security/rate-limit.ts";
import type { Services } from "#server/services.ts";
import { recordAudit } from "./audit.ts";

/**
 * Ceilings on the support form (decision 153). Each ticket mails the support inbox, so it is
 * counted per client address (like sales, decision 041), per email address written in the form
 * (one person rotating addresses) and across everyone (a flood must not bury the inbox).
 */
export const SUPPORT_RULES = {
  address: { name: "support:address", points: 5, windowSeconds: 3600 },
  email: { name: "support:email", points: 10, windowSeconds: 86_400 },
  everyone: { name: "support:all", points: 200, windowSeconds: 3600 },
} satisfies Record<string, RateRule>;

export type SupportSubmitResult =
  | { ok: true; id: string; mailed: boolean }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/**
 * Stores a ticket, then mails it to the support address. The row is written first, so a mail
 * failure loses nothing: the ticket is on /admin, the failure is recorded there, and the visitor
 * is told (as sales enquiries, decision 041). A storage failure throws.
 */
export async function submitSupportTicket(
  services: Services,
  input: {
    ticket: SupportTicketInput;
    language: string;
    clientAddress: string | null;
    userId: string | null;
  },
): Promise<SupportSubmitResult> {
  const { db, logger, limiter, messenger, config } = services;
  const { ticket } = input;
  const checks: [RateRule, string][] = [
    // An IPv6 client counts by its /64, as every per-address limit does.
    [SUPPORT_RULES.address, input.clientAddress ? addressKey(input.clientAddress) : "unknown"],
    [SUPPORT_RULES.email, ticket.email],
    [SUPPORT_RULES.everyone, "all"],
  ];
  for (const [rule, key] of checks) {
    const decision = await limiter.consume(rule, key);
    if (!decision.allowed) {
      return { ok: false, reason: "rate_limited", retryAfterSeconds: decision.retryAfterSeconds };
    }
  }
  const [row] = await db
    .insert(supportTickets)
    .values({
      name: ticket.name,
      email: ticket.email,
      topic: ticket.topic,
      message: ticket.message,
      userId: input.userId,
      language: input.language,
      clientAddress: input.clientAddress,
    })
    .returning({ id: supportTickets.id, createdAt: supportTickets.createdAt });
  const id = row!.id;

  let mailed = false;
  try {
    await messenger.send(
      {
        channel: "email",
        to: config.supportEmail,
        subject: messageText(STAFF_LANGUAGE, "staff.supportTicket.subject", {
          topic: ticket.topic,
          name: ticket.name,
        }),
        body: messageText(STAFF_LANGUAGE, "staff.supportTicket.body", {
          name: ticket.name,
          email: ticket.email,
          topic: ticket.topic,
          account: input.userId ?? "-",
          language: input.language,
          received: row!.createdAt.toISOString(),
          message: ticket.message,
          adminUrl: `${config.publicUrl}/admin#support-tickets`,
          id,
        }),
        metadata: { kind: "support_ticket", ticketId: id },
      },
      { idempotencyKey: `support-ticket:${id}` },
    );
    mailed = true;
  } catch (error) {
    logger.error({ err: error, ticketId: id }, "support ticket stored but its mail failed");
  }
  await recordAudit(db, logger, {
    type: "support_ticket_mailed",
    success: mailed,
    clientAddress: input.clientAddress,
    metadata: { ticketId: id },
  });
  return { ok: true, id, mailed };
}

/** Open tickets first, then the newest; each with whether its mail to support failed. */
export async function listSupportTickets(services: Services, limit = 50) {
  const rows = await services.db
    .select({
      id: supportTickets.id,
      name: supportTickets.name,
      email: supportTickets.email,
      topic: supportTickets.topic,
      message: supportTickets.message,
      language: supportTickets.language,
      status: supportTickets.status,
      createdAt: supportTickets.createdAt,
      signedIn: sql<boolean>`${supportTickets.userId} is not null`,
      mailFailed: sql<boolean>`exists (${services.db
        .select({ one: sql`1` })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.eventType, "support_ticket_mailed"),
            eq(auditEvents.success, false),
            sql`${auditEvents.metadata}->>'ticketId' = ${supportTickets.id}::text`,
          ),
        )})`,
    })
    .from(supportTickets)
    .orderBy(
      sql`${supportTickets.status} = 'closed'`,
      desc(supportTickets.createdAt),
      desc(supportTickets.id),
    )
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    signedIn: Boolean(r.signedIn),
    mailFailed: Boolean(r.mailFailed),
  }));
}

export const SUPPORT_STATUSES = ["open", "closed"] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/**
 * Marks a ticket closed (or open again). False when the id names no ticket or the status is not
 * one of the two; nothing changes then.
 */
export async function setSupportTicketStatus(
  services: Services,
  input: { ticketId: string; status: string; by: string },
): Promise<boolean> {
  if (!UUID.test(input.ticketId)) return false;
  if (!(SUPPORT_STATUSES as readonly string[]).includes(input.status)) return false;
  const updated = await services.db
    .update(supportTickets)
    .set({ status: input.status })
    .where(eq(supportTickets.id, input.ticketId))
    .returning({ id: supportTickets.id });
  if (updated.length === 0) return false;
  await recordAudit(services.db, services.logger, {
    type: "support_ticket_status",
    userId: input.by,
    success: true,
    clientAddress: null,
    metadata: { ticketId: input.ticketId, status: input.status },
  });
  return true;
}
