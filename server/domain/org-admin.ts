/**
 * SafeTap's side of organisations (issue 16 item 1, decision 139): the admin page lists them with
 * their seats, sets extra seats, and turns a won sales enquiry into an organisation whose owner is
 * invited at the enquirer's address. Payments are not built (DESIGN 1.4): seats are set by hand.
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { MAX_EXTRA_ORG_SEATS } from "#core/org-admin.ts";
import { ORG_INCLUDED_SEATS } from "#core/organizations.ts";
import { UUID } from "#core/validation.ts";
import type { Executor } from "#server/db/client.ts";
import { organization, salesEnquiries } from "#server/db/schema.ts";
import type { Services } from "#server/services.ts";
import { recordAudit } from "./audit.ts";
import { type InviteResult, inviteToOrg } from "./org-invitations.ts";
import {
  type CreateOrganizationResult,
  createOrganization,
  findOrganizationBySlug,
  setOrgExtraSeats,
} from "./organizations.ts";

/** Every organisation, newest first, with the seats it uses of its limit. */
export async function listOrganizations(executor: Executor, limit = 200) {
  const rows = await executor
    .select({
      id: organization.id,
      name: organization.name,
      slug: organization.slug,
      preset: organization.preset,
      extraSeats: organization.extraSeats,
      createdAt: organization.createdAt,
      used: sql<number>`(select count(*)::int from profiles p
        where p.organization_id = ${organization.id} and p.id <> ${organization.accountId})`,
    })
    .from(organization)
    .orderBy(desc(organization.createdAt), organization.slug)
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    used: Number(row.used),
    limit: ORG_INCLUDED_SEATS + row.extraSeats,
  }));
}

export type SeatsResult =
  | { ok: true; slug: string }
  | { ok: false; reason: "invalid" | "not_found" };

/** Sets an organisation's extra seats (0 to MAX_EXTRA_ORG_SEATS), found by its slug. */
export async function setSeatsOfOrganization(
  services: Pick<Services, "db" | "logger">,
  input: { slug: unknown; extraSeats: unknown },
  by: string,
): Promise<SeatsResult> {
  const text = typeof input.extraSeats === "string" ? input.extraSeats.trim() : "";
  if (!/^\d{1,7}$/.test(text) || Number(text) > MAX_EXTRA_ORG_SEATS) {
    return { ok: false, reason: "invalid" };
  }
  const org = await findOrganizationBySlug(services.db, input.slug);
  if (!org) return { ok: false, reason: "not_found" };
  await setOrgExtraSeats(services, org.id, Number(text), by);
  return { ok: true, slug: org.slug };
}

async function findEnquiry(executor: Executor, enquiryId: unknown) {
  if (typeof enquiryId !== "string" || !UUID.test(enquiryId)) return null;
  const [row] = await executor
    .select()
    .from(salesEnquiries)
    .where(eq(salesEnquiries.id, enquiryId))
    .limit(1);
  return row ?? null;
}

export type EnquiryStatusResult =
  | { ok: true }
  | { ok: false; reason: "not_found" | "invalid" | "organization_created" };

/**
 * Marks an enquiry won, lost or new again. An enquiry whose organisation has been created stays
 * won: the organisation exists.
 */
export async function setEnquiryStatus(
  services: Pick<Services, "db" | "logger">,
  enquiryId: unknown,
  status: unknown,
  by: string,
): Promise<EnquiryStatusResult> {
  if (status !== "won" && status !== "lost" && status !== "new") {
    return { ok: false, reason: "invalid" };
  }
  const enquiry = await findEnquiry(services.db, enquiryId);
  if (!enquiry) return { ok: false, reason: "not_found" };
  const changed = await services.db
    .update(salesEnquiries)
    .set({ status })
    .where(and(eq(salesEnquiries.id, enquiry.id), isNull(salesEnquiries.organizationId)))
    .returning({ id: salesEnquiries.id });
  if (changed.length === 0) return { ok: false, reason: "organization_created" };
  await recordAudit(services.db, services.logger, {
    type: "sales_enquiry_status_changed",
    userId: by,
    metadata: { enquiryId: enquiry.id, from: enquiry.status, to: status },
  });
  return { ok: true };
}

export type WonEnquiryResult =
  | {
      ok: true;
      organization: Extract<CreateOrganizationResult, { ok: true }>["organization"];
      invitation: InviteResult;
      email: string;
    }
  | Extract<CreateOrganizationResult, { ok: false }>
  | { ok: false; reason: "enquiry_not_found" | "enquiry_not_won" | "enquiry_has_organization" };

/**
 * A won enquiry's organisation: created as the admin named it (prefilled from the enquiry), linked
 * to the enquiry, and its owner invited at the enquirer's address in the enquiry's language.
 */
export async function createOrganizationFromEnquiry(
  services: Services,
  admin: { userId: string; headers: Headers; clientAddress: string | null },
  input: { enquiryId: unknown; name: unknown; slug: unknown; preset: unknown },
): Promise<WonEnquiryResult> {
  const enquiry = await findEnquiry(services.db, input.enquiryId);
  if (!enquiry) return { ok: false, reason: "enquiry_not_found" };
  if (enquiry.organizationId) return { ok: false, reason: "enquiry_has_organization" };
  if (enquiry.status !== "won") return { ok: false, reason: "enquiry_not_won" };
  const created = await createOrganization(services, {
    name: input.name,
    slug: input.slug,
    preset: input.preset,
    createdBy: admin.userId,
  });
  if (!created.ok) return created;
  const org = created.organization;
  await services.db
    .update(salesEnquiries)
    .set({ organizationId: org.id })
    .where(and(eq(salesEnquiries.id, enquiry.id), isNull(salesEnquiries.organizationId)));
  const invitation = await inviteToOrg(
    services,
    {
      context: {
        org,
        role: "safetap_admin",
        memberId: null,
        userId: admin.userId,
        locationIds: null,
      },
      headers: admin.headers,
      clientAddress: admin.clientAddress,
    },
    { email: enquiry.email, role: "owner", language: enquiry.language },
  );
  return { ok: true, organization: org, invitation, email: enquiry.email.trim().toLowerCase() };
}
