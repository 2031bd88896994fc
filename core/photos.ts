/**
 * A person's photo as the pages and the server name it (decision 131): two
 * square sizes, each at an address that holds the person's id and the photo's
 * random version, so it can be cached for good and cannot be guessed.
 */

/** The largest upload accepted, in bytes (the body limit of the upload route too). */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

/** Edge length in pixels of each stored size: the card's and the dashboard's. */
export const PHOTO_SIZES = { small: 96, large: 512 } as const;

export type PhotoSize = keyof typeof PHOTO_SIZES;

export function isPhotoSize(value: unknown): value is PhotoSize {
  return value === "small" || value === "large";
}

/**
 * Whether an address segment can be a person's id or a photo's version: letters, digits, `-`
 * and `_` (user ids, UUIDs, base64url). Anything else is answered "not found" before a query.
 */
export function isPlainId(value: unknown): value is string {
  return typeof value === "string" && /^[\w-]{1,100}$/.test(value);
}

/** Where a photo is served: GET /photos/{profileId}/{version}/{size}. */
export function photoPath(profileId: string, version: string, size: PhotoSize): string {
  return `/photos/${encodeURIComponent(profileId)}/${encodeURIComponent(version)}/${size}`;
}

/** Where a person's photo is uploaded (POST, multipart) or removed (intent=remove). */
export function photoUploadPath(profileId: string): string {
  return `/dashboard/people/${encodeURIComponent(profileId)}/photo`;
}

/** The upload route's path, for the body limit that must match it before any route runs. */
export const PHOTO_UPLOAD_PATH = /^\/dashboard\/people\/[^/]+\/photo$/;
