import type { AppLoadContext } from "react-router";
import { z } from "zod";
import type { NoticeData } from "#app/components/notice.tsx";
import { getSessionUser } from "#app/lib/session.server.ts";
import { MAX_MINT_BATCH, PRODUCTS } from "#core/tag-ids.ts";
import { batchCsv, batchQrZip, listBatches, searchTags } from "#server/domain/admin.ts";
import { HouseholdNotFoundError, setExtraSeats } from "#server/domain/households.ts";
import { mintTagsFor } from "#server/domain/org-tags.ts";
import { listSalesEnquiries, salesEnquiriesCsv } from "#server/domain/sales-enquiries.ts";
import { listSupportTickets, setSupportTicketStatus } from "#server/domain/support-tickets.ts";
import { mintedTagsCsv } from "#server/domain/tags.ts";
import { grantRole, hasRole, setUserPlan, UserNotFoundError } from "#server/domain/users.ts";
import { operatorCommandSchema } from "#server/operator/command-schema.ts";
import type { Services } from "#server/services.ts";

/** /admin's lists: mint batches, sales enquiries, support tickets and the tags matching the search. */
export async function adminOverview(services: Services, query: string) {
  const [batches, found, enquiries, tickets] = await Promise.all([
    listBatches(services),
    searchTags(services, query),
    listSalesEnquiries(services),
    listSupportTickets(services),
  ]);
  return {
    tickets: tickets.map((ticket) => ({ ...ticket, createdAt: ticket.createdAt.toISOString() })),
    batches: batches.map((b) => ({ ...b, createdAt: new Date(b.createdAt).toISOString() })),
    enquiries: enquiries.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
    tags: found.map((tag) => ({
      ...tag,
      lastScannedAt: tag.lastScannedAt?.toISOString() ?? null,
      createdAt: tag.createdAt.toISOString(),
    })),
  };
}

/** Sets a plan, grants a role or sets a household's extra seats, validated like the `safetap` command line's; the notice says how it went. */
export async function applyUserCommand(
  services: Services,
  form: FormData,
): Promise<{ notice: NoticeData; status: number }> {
  const ok = (notice: NoticeData) => ({ notice, status: 200 });
  const refused = (title: string, status: number) => ({
    notice: { tone: "error", title } as NoticeData,
    status,
  });
  const intent = form.get("intent");
  const extra = String(form.get("extra") ?? "");
  const candidate =
    intent === "setPlan"
      ? { command: "users.set-plan", identifier: form.get("identifier"), plan: form.get("plan") }
      : intent === "setSeats"
        ? {
            command: "households.seats",
            identifier: form.get("identifier"),
            extra: /^\d{1,4}$/.test(extra) ? Number(extra) : extra,
          }
        : {
            command: "users.grant-role",
            identifier: form.get("identifier"),
            role: form.get("role"),
          };
  const parsed = operatorCommandSchema.safeParse(candidate);
  if (!parsed.success) return refused("admin:users.invalid", 400);
  try {
    const command = parsed.data;
    // Minting and organisations have their own forms on the page.
    if (command.command === "tags.mint" || command.command === "orgs.create") {
      return refused("admin:users.invalid", 400);
    }
    if (command.command === "users.set-plan") {
      const result = await setUserPlan(services.db, command.identifier, command.plan);
      return ok({
        tone: "success",
        title: "admin:users.planSet",
        values: { email: result.account, plan: result.plan },
      });
    }
    if (command.command === "households.seats") {
      const result = await setExtraSeats(services.db, command.identifier, command.extra);
      return ok({
        tone: "success",
        title: "admin:households.seatsSet",
        values: { owner: result.owner, count: result.extraSeats },
      });
    }
    const result = await grantRole(services.db, command.identifier, command.role);
    return ok({
      tone: "success",
      title: "admin:users.roleGranted",
      values: { email: result.account, role: result.role },
    });
  } catch (error) {
    if (error instanceof UserNotFoundError) return refused("admin:users.notFound", 404);
    if (error instanceof HouseholdNotFoundError) return refused("admin:households.notFound", 404);
    throw error;
  }
}

/** Closes a support ticket or opens it again (decision 153); the notice says which, or why not. */
export async function applyTicketStatus(
  services: Services,
  adminId: string,
  form: FormData,
): Promise<{ notice: NoticeData; status: number }> {
  const status = String(form.get("status") ?? "");
  const changed = await setSupportTicketStatus(services, {
    ticketId: String(form.get("ticketId") ?? ""),
    status,
    by: adminId,
  });
  if (!changed) return { notice: { tone: "error", title: "support:admin.notFound" }, status: 404 };
  return {
    notice: {
      tone: "success",
      title: status === "closed" ? "support:admin.closedNotice" : "support:admin.reopenedNotice",
    },
    status: 200,
  };
}

/**
 * The signed-in admin behind a download or the mint form, or the plain
 * answer for anyone else: 401 signed out, 403 without the admin role.
 */
export async function adminOrRefusal(
  request: Request,
  context: AppLoadContext,
): Promise<{ userId: string } | { refusal: Response }> {
  const user = await getSessionUser(request, context);
  if (!user) return { refusal: new Response("Sign in required", { status: 401 }) };
  if (!(await hasRole(context.services.db, user.id, "admin").catch(() => false))) {
    return { refusal: new Response("Forbidden", { status: 403 }) };
  }
  return { userId: user.id };
}

/** A batch's QR codes (qr.zip) or tag list without tokens (tags.csv); null when there is none. */
export async function batchFile(
  services: Services,
  batchId: string,
  file: string,
): Promise<Response | null> {
  if (!/^[0-9a-f-]{36}$/.test(batchId)) return null;
  const name = `safetap-batch-${batchId.slice(0, 8)}`;
  if (file === "qr.zip") {
    const zip = await batchQrZip(services, batchId);
    if (!zip) return null;
    return new Response(new Uint8Array(zip), {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="${name}-qr.zip"`,
      },
    });
  }
  if (file === "tags.csv") {
    const csv = await batchCsv(services, batchId);
    if (!csv) return null;
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}.csv"`,
      },
    });
  }
  return null;
}

/** Every sales enquiry as a CSV download. */
export async function salesEnquiriesDownload(services: Services): Promise<Response> {
  const day = new Date().toISOString().slice(0, 10);
  return new Response(await salesEnquiriesCsv(services), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="safetap-sales-enquiries-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

const mintSchema = z.object({
  product: z.enum(PRODUCTS),
  count: z.coerce.number().int().min(1).max(MAX_MINT_BATCH),
  /** The organisation's slug, or empty for tags that anyone claims with their token. */
  org: z.string().trim().max(48).optional(),
});

/**
 * Mints a batch, for an organisation when one is chosen, and answers with its CSV as a
 * download: the activation tokens exist in clear only in this response (as with
 * `safetap tags mint`).
 */
export async function mintBatch(
  services: Services,
  adminId: string,
  form: FormData,
): Promise<Response> {
  const parsed = mintSchema.safeParse({
    product: form.get("product"),
    count: form.get("count"),
    org: form.get("org") ?? undefined,
  });
  if (!parsed.success) {
    return new Response(
      parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"),
      { status: 400 },
    );
  }
  const { product, count, org } = parsed.data;
  const minted = await mintTagsFor(services, { product, count, orgSlug: org || null, by: adminId });
  if (!minted.ok)
    return new Response(`org: no organisation has the slug "${org}"`, { status: 400 });
  const { tags, batchId } = minted;
  services.logger.info({ batchId, count: tags.length, by: adminId, org }, "tags minted");
  return new Response(mintedTagsCsv(tags), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="safetap-${org ? `${org}-` : ""}${product}-${batchId.slice(0, 8)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
