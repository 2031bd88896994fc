import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { PHOTO_MAX_BYTES, PHOTO_SIZES, type PhotoSize } from "#core/photos.ts";
import type { Executor } from "#server/db/client.ts";
import { profilePhotos, profiles } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import { recordAudit } from "./audit.ts";
import { householdScope } from "./people.ts";

/**
 * The most pixels an upload may declare (a 24 MP phone photo). A small file can
 * declare far more (a decompression bomb): it is refused from its header, before
 * any pixel is decoded, and sharp's own limit stands behind that check.
 */
export const PHOTO_MAX_PIXELS = 24_000_000;

/** What sharp reads here and a phone sends; told by the bytes, never by name or MIME type. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "heif"]);

const STORED_TYPE = "image/webp";

export type PhotoRefusal =
  | "missing"
  | "too_large"
  | "not_an_image"
  | "too_many_pixels"
  | "unreadable";

export type PreparedPhoto =
  | { ok: true; small: Buffer; large: Buffer }
  | { ok: false; reason: PhotoRefusal };

/**
 * Photos are re-encoded one at a time in this process: a burst of 24 MP uploads then waits
 * its turn instead of taking every core from the emergency card.
 */
let encoding: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = encoding.then(work, work);
  encoding = turn.catch(() => {});
  return turn;
}

/**
 * An upload made into the two stored squares: its format read from its bytes,
 * turned upright by its EXIF orientation, centre-cropped to a square, resized
 * and re-encoded as WebP. Nothing of the original's metadata (EXIF, GPS, ICC,
 * XMP) is carried over: sharp writes none unless asked.
 */
export async function preparePhoto(bytes: Buffer): Promise<PreparedPhoto> {
  if (bytes.byteLength === 0) return { ok: false, reason: "missing" };
  if (bytes.byteLength > PHOTO_MAX_BYTES) return { ok: false, reason: "too_large" };
  // The header alone: sharp reads no pixels for metadata, so the bomb check below can name it.
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!metadata?.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    return { ok: false, reason: "not_an_image" };
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels === 0) return { ok: false, reason: "unreadable" };
  // Only the first page of a multi-image file (an animation, a HEIF burst) is read.
  if (pixels > PHOTO_MAX_PIXELS) return { ok: false, reason: "too_many_pixels" };
  return oneAtATime(() => encodePhoto(bytes));
}

async function encodePhoto(bytes: Buffer): Promise<PreparedPhoto> {
  try {
    const large = await sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: "error" })
      .rotate()
      .resize(PHOTO_SIZES.large, PHOTO_SIZES.large, { fit: "cover", position: "centre" })
      .webp({ quality: 80 })
      .toBuffer();
    const small = await sharp(large)
      .resize(PHOTO_SIZES.small, PHOTO_SIZES.small)
      .webp({ quality: 70 })
      .toBuffer();
    return { ok: true, small, large };
  } catch {
    // A truncated or corrupt file, or a HEIC whose codec this build of sharp lacks.
    return { ok: false, reason: "unreadable" };
  }
}

export type SavePhotoResult = { ok: true; version: string } | { ok: false; reason: PhotoRefusal };

/**
 * Stores a new photo for a person the caller has checked the actor may manage
 * (`managedPerson`), under a new random version, and points the profile at it
 * in the same transaction: the card's next render shows it, and the old
 * version's address stops answering.
 */
export async function savePhoto(
  db: Executor,
  logger: Logger,
  input: { actorId: string; profileId: string; bytes: Buffer },
): Promise<SavePhotoResult> {
  const prepared = await preparePhoto(input.bytes);
  if (!prepared.ok) return prepared;
  const version = randomBytes(16).toString("base64url");
  const stored = {
    version,
    contentType: STORED_TYPE,
    small: prepared.small,
    large: prepared.large,
    createdAt: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(profilePhotos)
      .values({ profileId: input.profileId, ...stored })
      .onConflictDoUpdate({ target: profilePhotos.profileId, set: stored });
    await tx
      .update(profiles)
      .set({ photoVersion: version })
      .where(eq(profiles.id, input.profileId));
    await auditPhoto(tx, logger, "photo_updated", input);
  });
  return { ok: true, version };
}

/** Removes a person's photo (the caller checked `managedPerson`); false when there was none. */
export async function removePhoto(
  db: Executor,
  logger: Logger,
  input: { actorId: string; profileId: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(profilePhotos)
      .where(eq(profilePhotos.profileId, input.profileId))
      .returning({ version: profilePhotos.version });
    await tx.update(profiles).set({ photoVersion: null }).where(eq(profiles.id, input.profileId));
    if (removed.length === 0) return false;
    await auditPhoto(tx, logger, "photo_removed", input);
    return true;
  });
}

async function auditPhoto(
  tx: Executor,
  logger: Logger,
  type: "photo_updated" | "photo_removed",
  input: { actorId: string; profileId: string },
) {
  const scope = await householdScope(tx, input.actorId);
  await recordAudit(tx, logger, {
    type,
    userId: input.actorId,
    profileId: input.profileId,
    householdId: scope.householdId,
  });
}

/** The stored image of a person's current photo at one size, or null for any other version. */
export async function readPhoto(
  db: Executor,
  profileId: string,
  version: string,
  size: PhotoSize,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  const [row] = await db
    .select({
      bytes: size === "small" ? profilePhotos.small : profilePhotos.large,
      contentType: profilePhotos.contentType,
    })
    .from(profilePhotos)
    .where(and(eq(profilePhotos.profileId, profileId), eq(profilePhotos.version, version)))
    .limit(1);
  return row ?? null;
}
