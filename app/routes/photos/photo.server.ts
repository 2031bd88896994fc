import type { AppLoadContext } from "react-router";
import { isPhotoSize, isPlainId } from "#core/photos.ts";
import { readPhoto } from "#server/domain/photos.ts";

/** A year, and never revalidated: a new photo has a new address. */
const FOREVER = "public, max-age=31536000, immutable";

/**
 * A person's current photo at one size. Public like the card it is shown on: the address
 * (person id and random version) is the secret, and only the current version answers.
 */
export async function photoResponse(
  request: Request,
  context: AppLoadContext,
  params: { profileId?: string; version?: string; size?: string },
): Promise<Response> {
  const { profileId, version, size } = params;
  const notFound = () => new Response("Not found", { status: 404 });
  if (!isPlainId(profileId) || !isPlainId(version) || !isPhotoSize(size)) return notFound();
  const photo = await readPhoto(context.services.db, profileId, version, size);
  if (!photo) return notFound();
  const etag = `"${version}-${size}"`;
  const headers = {
    "Cache-Control": FOREVER,
    ETag: etag,
    "Content-Type": photo.contentType,
    // Never in an image search, whoever links it (robots.txt also bars /photos/).
    "X-Robots-Tag": "noindex",
  };
  if (request.headers.get("if-none-match") === etag) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(new Uint8Array(photo.bytes), {
    headers: { ...headers, "Content-Length": String(photo.bytes.byteLength) },
  });
}
