import { and, desc, eq, sql } from "drizzle-orm";
import type { SalesEnquiry } from "#core/sales-enquiry.ts";
import { auditEvents, organization, salesEnquiries } from "#server/db/schema.ts";
import { messageText, STAFF_LANGUAGE } from "#server/messages/catalog.ts";
import type { RateRule } from "#server/security/rate-limit.ts";
import type { Services } from "#server/services.ts";
import { recordAudit } from "./audit.ts";
import { toCsv } from "./csv.ts";

/** Real enquiries are rare; five an hour from one address is plenty for a person (decision 041). */
export const SALES_RULE: RateRule = { name: "sales:address", points: 5, windowSeconds: 3600 };

export type SubmitResult =
  | { ok: true; id: string; mailed: boolean }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/**
 * Stores an enquiry, then mails it to the sales address. The row is written
 * first, so a mail failure loses nothing: the enquiry is on /admin, the failure
 * is recorded there, and the visitor is told (decision 041). A storage failure
 * throws and the visitor sees 'Submission failed'.
 */
export async function submitSalesEnquiry(
  services: Services,
  input: { enquiry: SalesEnquiry; language: string; clientAddress: string | null },
): Promise<SubmitResult> {
  const { db, logger, limiter, messenger, config } = services;
  const key = input.clientAddress ?? "unknown";
  const decision = await limiter.consume(SALES_RULE, key);
  if (!decision.allowed) {
    return { ok: false, reason: "rate_limited", retryAfterSeconds: decision.retryAfterSeconds };
  }
  const { enquiry } = input;
  const [row] = await db
    .insert(salesEnquiries)
    .values({
      fullName: enquiry.fullName,
      organization: enquiry.organization,
      email: enquiry.email,
      phone: enquiry.phone,
      industry: enquiry.industry,
      estimatedUsers: enquiry.estimatedUsers,
      message: enquiry.message,
      language: input.language,
      clientAddress: input.clientAddress,
    })
    .returning({ id: salesEnquiries.id, createdAt: salesEnquiries.createdAt });
  const id = row!.id;

  let mailed = false;
  try {
    await messenger.send(
      {
        channel: "email",
        to: config.salesEmail,
        subject: messageText(STAFF_LANGUAGE, "staff.salesEnquiry.subject", {
          organization: enquiry.organization,
          name: enquiry.fullName,
        }),
        body: salesMailBody(enquiry, {
          id,
          language: input.language,
          createdAt: row!.createdAt,
          adminUrl: `${config.publicUrl}/admin#enquiries`,
        }),
        metadata: { kind: "sales_enquiry", enquiryId: id },
      },
      { idempotencyKey: `sales-enquiry:${id}` },
    );
    mailed = true;
  } catch (error) {
    logger.error({ err: error, enquiryId: id }, "sales enquiry stored but its mail failed");
  }
  await recordAudit(db, logger, {
    type: "sales_enquiry_mailed",
    success: mailed,
    clientAddress: input.clientAddress,
    metadata: { enquiryId: id },
  });
  return { ok: true, id, mailed };
}

/**
 * The mail to the sales team. Staff-facing, so in the team's working language
 * (STAFF_LANGUAGE), unlike the messages to users and contacts.
 */
export function salesMailBody(
  enquiry: SalesEnquiry,
  meta: { id: string; language: string; createdAt: Date; adminUrl: string },
): string {
  return messageText(STAFF_LANGUAGE, "staff.salesEnquiry.body", {
    name: enquiry.fullName,
    organization: enquiry.organization,
    email: enquiry.email,
    phone: enquiry.phone ?? "-",
    industry: enquiry.industry,
    users: enquiry.estimatedUsers,
    language: meta.language,
    received: meta.createdAt.toISOString(),
    message: enquiry.message,
    adminUrl: meta.adminUrl,
    id: meta.id,
  });
}

/**
 * Newest enquiries first, each with whether its mail to the sales address failed, its status
 * (new, won, lost) and the organisation made from it when it was won (decision 139).
 */
export async function listSalesEnquiries(services: Services, limit = 50) {
  const rows = await services.db
    .select({
      id: salesEnquiries.id,
      fullName: salesEnquiries.fullName,
      organization: salesEnquiries.organization,
      email: salesEnquiries.email,
      phone: salesEnquiries.phone,
      industry: salesEnquiries.industry,
      estimatedUsers: salesEnquiries.estimatedUsers,
      message: salesEnquiries.message,
      language: salesEnquiries.language,
      createdAt: salesEnquiries.createdAt,
      status: salesEnquiries.status,
      organizationSlug: organization.slug,
      mailFailed: sql<boolean>`exists (${services.db
        .select({ one: sql`1` })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.eventType, "sales_enquiry_mailed"),
            eq(auditEvents.success, false),
            sql`${auditEvents.metadata}->>'enquiryId' = ${salesEnquiries.id}::text`,
          ),
        )})`,
    })
    .from(salesEnquiries)
    .leftJoin(organization, eq(organization.id, salesEnquiries.organizationId))
    .orderBy(desc(salesEnquiries.createdAt), desc(salesEnquiries.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, mailFailed: Boolean(r.mailFailed) }));
}

const CSV_COLUMNS = [
  "created_at",
  "full_name",
  "organization",
  "email",
  "phone",
  "industry",
  "estimated_users",
  "message",
  "language",
] as const;

/** Every enquiry, oldest first, as CSV for a spreadsheet or a CRM import. */
export async function salesEnquiriesCsv(services: Services): Promise<string> {
  const rows = await services.db
    .select()
    .from(salesEnquiries)
    .orderBy(salesEnquiries.createdAt, salesEnquiries.id);
  return toCsv(
    CSV_COLUMNS,
    rows.map((r) => [
      r.createdAt.toISOString(),
      r.fullName,
      r.organization,
      r.email,
      r.phone,
      r.industry,
      r.estimatedUsers,
      r.message,
      r.language,
    ]),
  );
}
