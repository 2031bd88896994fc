import { and, eq } from "drizzle-orm";
import QRCode from "qrcode";
import type { AppLoadContext } from "react-router";
import { tags } from "#server/db/schema.ts";
import { normaliseTagId } from "#server/domain/public-card.ts";
import { cardUrl } from "#server/domain/tags.ts";

/**
 * The QR code (SVG or PNG) of the card URL of one of the user's own tags, as a
 * download; null when the id or file is not one, or the tag is not theirs.
 */
export async function ownTagQrFile(
  context: AppLoadContext,
  userId: string,
  params: { tagId: string; file: string },
): Promise<Response | null> {
  const tagId = normaliseTagId(params.tagId);
  // The file is qr.svg or qr.png.
  const format = params.file.match(/^qr\.(svg|png)$/)?.[1];
  if (!tagId || !format) return null;
  const [tag] = await context.services.db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.id, tagId), eq(tags.userId, userId)))
    .limit(1);
  if (!tag) return null;
  const url = cardUrl(context.services.config.publicUrl, tag.id);
  const headers = {
    "Content-Disposition": `attachment; filename="safetap-${tag.id}.${format}"`,
    "Cache-Control": "private, max-age=3600",
  };
  if (format === "svg") {
    const svg = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
    return new Response(svg, { headers: { ...headers, "Content-Type": "image/svg+xml" } });
  }
  const png = await QRCode.toBuffer(url, {
    type: "png",
    errorCorrectionLevel: "M",
    margin: 2,
    width: 512,
  });
  return new Response(new Uint8Array(png), {
    headers: { ...headers, "Content-Type": "image/png" },
  });
}
