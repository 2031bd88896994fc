import { constants, crc32, deflateRawSync } from "node:zlib";

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A final, empty deflate block (fixed Huffman, end of block). */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** Deflate looks back at most this far (RFC 1951). */
const WINDOW = 32 * 1024;
/** Stands for a hole's bytes while compressing: never in the text, so never matched. */
const FILLER = 0x01;

/**
 * A text with holes of fixed lengths, compressed once and then filled per
 * response with no compression work. Each fixed part is deflated on its own,
 * ending byte-aligned (sync flush), with the text before it as its preset
 * dictionary, holes shown as filler bytes that nothing can match: so it may
 * refer back to earlier text (compressing as well as the whole page would)
 * but never into a hole. Each hole's value goes in as a stored (uncompressed)
 * deflate block of the same length, so every back-reference still lands on
 * the same text. The result is one ordinary gzip member (RFC 1951, RFC 1952);
 * only the CRC is computed per response, which is cheap.
 */
export class GzipTemplate {
  private readonly plain: Buffer[];
  private readonly deflated: Buffer[];

  /**
   * `parts` are the fixed texts, with a hole between each two; `holeLengths`
   * the byte length every value of each hole will have.
   */
  constructor(
    parts: readonly string[],
    private readonly holeLengths: readonly number[],
  ) {
    if (holeLengths.length !== parts.length - 1) throw new Error("one length per hole");
    if (holeLengths.some((n) => !Number.isInteger(n) || n < 0 || n > 0xffff)) {
      throw new Error("bad hole length");
    }
    this.plain = parts.map((part) => Buffer.from(part, "utf8"));
    let before = Buffer.alloc(0);
    this.deflated = this.plain.map((part, i) => {
      const deflated = deflateRawSync(part, {
        finishFlush: constants.Z_SYNC_FLUSH,
        ...(before.length ? { dictionary: before } : {}),
      });
      const hole = Buffer.alloc(holeLengths[i] ?? 0, FILLER);
      before = Buffer.concat([before, part, hole]);
      if (before.length > WINDOW) before = before.subarray(before.length - WINDOW);
      return deflated;
    });
  }

  private values(values: readonly string[]): Buffer[] {
    if (values.length !== this.holeLengths.length) throw new Error("wrong number of values");
    return values.map((value, i) => {
      const bytes = Buffer.from(value, "utf8");
      if (bytes.length !== this.holeLengths[i]) throw new Error("hole value of the wrong length");
      return bytes;
    });
  }

  /** The filled text, uncompressed. */
  render(values: readonly string[]): Buffer {
    const filled = this.values(values);
    const pieces: Buffer[] = [];
    this.plain.forEach((part, i) => {
      pieces.push(part);
      if (i < filled.length) pieces.push(filled[i]!);
    });
    return Buffer.concat(pieces);
  }

  /** The filled text as one gzip member. */
  gzip(values: readonly string[]): Buffer {
    const filled = this.values(values);
    const pieces: Buffer[] = [GZIP_HEADER];
    let crc = 0;
    let size = 0;
    this.plain.forEach((part, i) => {
      pieces.push(this.deflated[i]!);
      if (part.length) crc = crc32(part, crc); // crc32 of nothing forgets the start value
      size += part.length;
      const value = filled[i];
      if (value === undefined) return;
      const n = value.length;
      pieces.push(Buffer.from([0x00, n & 0xff, n >> 8, ~n & 0xff, (~n >> 8) & 0xff]), value);
      if (n) crc = crc32(value, crc);
      size += n;
    });
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(size >>> 0, 4);
    pieces.push(FINAL_BLOCK, trailer);
    return Buffer.concat(pieces);
  }
}
