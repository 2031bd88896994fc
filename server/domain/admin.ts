import { and, asc, desc, eq, ilike, notIlike, or, sql } from "drizzle-orm";
import { zipSync } from "fflate";
import QRCode from "qrcode";
import { ORG_ACCOUNT_EMAIL_DOMAIN } from "#core/org-admin.ts";
import { organization, tags, user } from "#server/db/schema.ts";
import type { Services } from "#server/services.ts";
import { QA_BATCH } from "./qa-tag-flow.ts";
import { cardUrl } from "./tags.ts";
import { accountLabel, toE164 } from "./users.ts";

/**
 * Minted batches, newest first, with their size and the organisation they were minted for (the
 * /qa self-check's throwaway tags are not one).
 */
export async function listBatches(services: Services, limit = 20) {
  return services.db
    .select({
      batchId: tags.batchId,
      product: sql<string>`min(${tags.product})`,
      count: sql<number>`count(*)::int`,
      createdAt: sql<Date>`min(${tags.createdAt})`,
      organizationName: sql<string | null>`min(${organization.name})`,
    })
    .from(tags)
    .leftJoin(organization, eq(organization.id, tags.organizationId))
    .where(sql`${tags.batchId} is not null and ${tags.batchId} <> ${QA_BATCH}`)
    .groupBy(tags.batchId)
    .orderBy(desc(sql`min(${tags.createdAt})`))
    .limit(limit);
}

/**
 * Tags by id, owner email or owner phone number (case-insensitive contains; a
 * phone number typed with spaces is matched in its E.164 form), at most
 * `limit` rows. The owner is shown as operators know them: phone-only
 * accounts by their number, never by their placeholder address; an
 * organisation's tags by the organisation's name, never its own account's
 * address, which no search finds (decision 139).
 */
export async function searchTags(services: Services, query: string, limit = 50) {
  const q = query.trim().slice(0, 100);
  const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const pattern = like(q);
  // "+44 7700 900123" and "7700 900" both find +447700900123.
  const phone = toE164(q) ?? (/^[+\d\s().-]+$/.test(q) ? q.replace(/[\s().-]/g, "") : q);
  const rows = await services.db
    .select({
      id: tags.id,
      product: tags.product,
      isActive: tags.isActive,
      isLost: tags.isLost,
      ownerEmail: user.email,
      ownerPhone: user.phoneNumber,
      ownerOrganization: organization.name,
      lastScannedAt: tags.lastScannedAt,
      createdAt: tags.createdAt,
    })
    .from(tags)
    .leftJoin(user, eq(user.id, tags.userId))
    .leftJoin(organization, eq(organization.accountId, tags.userId))
    .where(
      q
        ? or(
            ilike(tags.id, pattern),
            and(ilike(user.email, pattern), notIlike(user.email, `%@${ORG_ACCOUNT_EMAIL_DOMAIN}`)),
            ilike(user.phoneNumber, like(phone)),
            ilike(organization.name, pattern),
          )
        : undefined,
    )
    .orderBy(desc(tags.createdAt), asc(tags.id))
    .limit(limit);
  return rows.map(({ ownerEmail, ownerPhone, ownerOrganization, ...row }) => ({
    ...row,
    owner: ownerOrganization ?? (ownerEmail === null ? null : accountLabel(ownerEmail, ownerPhone)),
  }));
}

async function batchTags(services: Services, batchId: string) {
  return services.db
    .select({ id: tags.id })
    .from(tags)
    .where(eq(tags.batchId, batchId))
    .orderBy(asc(tags.id));
}

/** A batch's tag ids and card URLs (the tokens exist only in the CSV made at minting). */
export async function batchCsv(services: Services, batchId: string): Promise<string | null> {
  const rows = await batchTags(services, batchId);
  if (rows.length === 0) return null;
  const lines = [
    "tag_id,card_url",
    ...rows.map((r) => `${r.id},${cardUrl(services.config.publicUrl, r.id)}`),
  ];
  return `${lines.join("\n")}\n`;
}

/** A ZIP with one SVG and one PNG QR code of each tag's card URL, for printing. */
export async function batchQrZip(services: Services, batchId: string): Promise<Uint8Array | null> {
  const rows = await batchTags(services, batchId);
  if (rows.length === 0) return null;
  const files: Record<string, Uint8Array> = {};
  for (const { id } of rows) {
    const url = cardUrl(services.config.publicUrl, id);
    const svg = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
    files[`${id}.svg`] = new TextEncoder().encode(svg);
    files[`${id}.png`] = new Uint8Array(
      await QRCode.toBuffer(url, { type: "png", errorCorrectionLevel: "M", margin: 2, width: 512 }),
    );
  }
  return zipSync(files, { level: 0 });
}
