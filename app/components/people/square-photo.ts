/** The longest side sent from the phone: far above the stored 512 px, far below 2 MB as JPEG. */
const SENT_SIDE = 1024;

/**
 * The photo cropped to its centre square and made at most SENT_SIDE pixels across, as a JPEG,
 * before it is sent: a camera's photo is often over the 2 MB limit. The browser turns it
 * upright by its EXIF orientation as it decodes it. Rejects when the browser cannot decode the
 * file (a HEIC photo in most browsers); the original is then sent as it is, and the server,
 * which crops and re-encodes every photo anyway, decides.
 */
export async function squarePhoto(file: File): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const side = Math.min(bitmap.width, bitmap.height);
    const sent = Math.min(side, SENT_SIDE);
    const canvas = document.createElement("canvas");
    canvas.width = sent;
    canvas.height = sent;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d canvas");
    const left = (bitmap.width - side) / 2;
    const top = (bitmap.height - side) / 2;
    context.drawImage(bitmap, left, top, side, side, 0, 0, sent, sent);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error("not encoded"))),
        "image/jpeg",
        0.9,
      ),
    );
  } finally {
    bitmap.close();
  }
}
