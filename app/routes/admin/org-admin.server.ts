import type { NoticeData } from "#app/components/notice.tsx";
import { inviteRefusal } from "#app/lib/org-actor.server.ts";
import { presetForIndustry, slugFromName } from "#core/org-admin.ts";
import {
  createOrganizationFromEnquiry,
  listOrganizations,
  setEnquiryStatus,
  setSeatsOfOrganization,
} from "#server/domain/org-admin.ts";
import { createOrganization } from "#server/domain/organizations.ts";
import type { Services } from "#server/services.ts";

/** The intents of /admin's organisation and enquiry forms (the rest are the user commands'). */
export const ORG_INTENTS = ["createOrg", "orgSeats", "enquiryStatus", "enquiryOrg"] as const;

export const isOrgIntent = (value: unknown): value is (typeof ORG_INTENTS)[number] =>
  typeof value === "string" && (ORG_INTENTS as readonly string[]).includes(value);

/** /admin's organisations: each with its seats and its page. */
export async function organizationsOverview(services: Services) {
  const organizations = await listOrganizations(services.db);
  return organizations.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() }));
}

/** What a won enquiry's "create the organisation" form starts with. */
export function enquiryPrefill(enquiry: { organization: string; industry: string }) {
  const name = enquiry.organization.slice(0, 100);
  return { name, slug: slugFromName(name), preset: presetForIndustry(enquiry.industry) };
}

type Answer = { notice: NoticeData; status: number };

const failed = (title: string, reason: string, status: number): Answer => ({
  notice: { tone: "error", title, description: `org-admin:admin.errors.${reason}` },
  status,
});

const CREATE_STATUS: Record<string, number> = { slug_taken: 409, enquiry_not_found: 404 };

/**
 * Creates an organisation, sets its extra seats, marks an enquiry won/lost/new, or creates a
 * won enquiry's organisation and invites the enquirer as its owner. Every refusal says why.
 */
export async function applyOrgCommand(
  services: Services,
  admin: { userId: string; headers: Headers; clientAddress: string | null },
  form: FormData,
): Promise<Answer> {
  const intent = form.get("intent");
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  if (intent === "createOrg") {
    const created = await createOrganization(services, {
      name: field("name"),
      slug: field("slug"),
      preset: field("preset"),
      createdBy: admin.userId,
    });
    if (!created.ok) {
      return failed(
        "org-admin:admin.createFailed",
        created.reason,
        CREATE_STATUS[created.reason] ?? 400,
      );
    }
    const { name, slug } = created.organization;
    return {
      notice: { tone: "success", title: "org-admin:admin.created", values: { name, slug } },
      status: 200,
    };
  }
  if (intent === "orgSeats") {
    const result = await setSeatsOfOrganization(
      services,
      { slug: field("slug"), extraSeats: field("extraSeats") },
      admin.userId,
    );
    if (!result.ok) {
      return failed(
        "org-admin:admin.seatsFailed",
        `seats_${result.reason}`,
        result.reason === "not_found" ? 404 : 400,
      );
    }
    return {
      notice: {
        tone: "success",
        title: "org-admin:admin.seatsSet",
        values: { slug: result.slug, count: Number(field("extraSeats")) },
      },
      status: 200,
    };
  }
  if (intent === "enquiryStatus") {
    const status = field("status");
    const result = await setEnquiryStatus(services, field("enquiryId"), status, admin.userId);
    if (!result.ok) {
      return failed(
        "org-admin:admin.enquiryFailed",
        `enquiry_${result.reason}`,
        result.reason === "not_found" ? 404 : result.reason === "invalid" ? 400 : 409,
      );
    }
    return {
      notice: { tone: "success", title: `org-admin:admin.enquiryMarked.${status}` },
      status: 200,
    };
  }
  const result = await createOrganizationFromEnquiry(services, admin, {
    enquiryId: field("enquiryId"),
    name: field("name"),
    slug: field("slug"),
    preset: field("preset"),
  });
  if (!result.ok) {
    const status =
      result.reason === "enquiry_not_found"
        ? 404
        : result.reason.startsWith("enquiry_")
          ? 409
          : 400;
    return failed(
      "org-admin:admin.createFailed",
      result.reason,
      CREATE_STATUS[result.reason] ?? status,
    );
  }
  const { name, slug } = result.organization;
  if (!result.invitation.ok) {
    // The organisation exists; only its owner's invitation failed: say so, and why.
    const refusal = inviteRefusal(result.invitation);
    return {
      notice: {
        tone: "error",
        title: "org-admin:admin.createdNotInvited",
        description: refusal.notice.description,
        values: { name, slug, email: result.email, ...refusal.notice.values },
      },
      status: 200,
    };
  }
  return {
    notice: {
      tone: "success",
      title: "org-admin:admin.createdAndInvited",
      values: { name, slug, email: result.email },
    },
    status: 200,
  };
}
