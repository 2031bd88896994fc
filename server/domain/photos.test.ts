import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PHOTO_MAX_BYTES } from "#core/photos.ts";
import { PHOTO_MAX_PIXELS, preparePhoto } from "./photos.ts";

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#c84" } });

describe("preparePhoto: what an upload is, told by its bytes", () => {
  it("makes any accepted photo two squares, 96 and 512 px WebP, with no metadata", async () => {
    for (const bytes of [
      await image(300, 120).jpeg().withMetadata().toBuffer(),
      await image(90, 300).png().toBuffer(),
      await image(2000, 1000).webp().toBuffer(),
      await image(64, 64).avif().toBuffer(),
    ]) {
      const prepared = await preparePhoto(bytes);
      if (!prepared.ok) throw new Error(prepared.reason);
      for (const [stored, side] of [
        [prepared.small, 96],
        [prepared.large, 512],
      ] as const) {
        const meta = await sharp(stored).metadata();
        expect(meta).toMatchObject({ format: "webp", width: side, height: side });
        expect([meta.exif, meta.icc, meta.xmp, meta.orientation]).toEqual([
          undefined,
          undefined,
          undefined,
          undefined,
        ]);
      }
    }
  });

  it("refuses what is not a photo it takes: text, SVG, GIF, TIFF", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    for (const bytes of [
      Buffer.from("just words"),
      svg,
      await image(10, 10).gif().toBuffer(),
      await image(10, 10).tiff().toBuffer(),
    ]) {
      expect(await preparePhoto(bytes)).toEqual({ ok: false, reason: "not_an_image" });
    }
  });

  it("refuses a picture of more than 24 MP from its header", async () => {
    const side = Math.ceil(Math.sqrt(PHOTO_MAX_PIXELS)) + 1;
    const huge = await image(side, side).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.byteLength).toBeLessThan(PHOTO_MAX_BYTES);
    expect(await preparePhoto(huge)).toEqual({ ok: false, reason: "too_many_pixels" });
    const justUnder = await image(4000, 6000).png({ compressionLevel: 9 }).toBuffer();
    expect((await preparePhoto(justUnder)).ok).toBe(true);
    // Two 24 MP pictures drawn, compressed and read back: seconds of CPU, which took over 30 s
    // of wall time while the test command's other runs shared the 2 cores.
  }, 180_000);

  it("refuses a truncated photo, an empty file and one over 2 MB", async () => {
    const jpeg = await image(400, 400).jpeg().toBuffer();
    expect(await preparePhoto(jpeg.subarray(0, jpeg.byteLength / 2))).toEqual({
      ok: false,
      reason: "unreadable",
    });
    expect(await preparePhoto(Buffer.alloc(0))).toEqual({ ok: false, reason: "missing" });
    expect(await preparePhoto(Buffer.alloc(PHOTO_MAX_BYTES + 1))).toEqual({
      ok: false,
      reason: "too_large",
    });
  });
});
