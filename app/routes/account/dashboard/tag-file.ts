import { and, eq } from "drizzle-orm";
import QRCode from "qrcode";
import { getSessionUser } from "#app/lib/session.server.ts";
import { tags } from "#server/db/schema.ts";
import { normaliseTagId } from "#server/domain/public-card.ts";
import { cardUrl } from "#server/domain/tags.ts";
import type { Route } from "./+types/tag-file";

/** A downloadable QR code (SVG or PNG) of one of the owner's tags' card URL. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  if (!user) return new Response("Sign in required", { status: 401 });
  const tagId = normaliseTagId(params.tagId);
  // The file is qr.svg or qr.png.
  const format = params.file.match(/^qr\.(svg|png)$/)?.[1];
  if (!tagId || !format) return new Response("Not found", { status: 404 });
  const [tag] = await context.services.db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.id, tagId), eq(tags.userId, user.id)))
    .limit(1);
  if (!tag) return new Response("Not found", { status: 404 });
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
