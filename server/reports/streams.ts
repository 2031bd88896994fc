/**
 * Reports written to the response as they are made (decision 145): rows come from the database
 * a page at a time (keyset pagination), and the next page is read only when the reader of the
 * response has taken the previous one, so a report of 100,000 rows never sits in memory.
 */
import { csvCell } from "#server/domain/csv.ts";
import type { TablePdf } from "./table-pdf.ts";

/** Rows this many at a time: a few thousand, small enough to hold, large enough to be quick. */
export const REPORT_PAGE_SIZE = 2_000;

/**
 * Every row of a keyset-paginated query: `fetch(after)` returns up to `size` rows following the
 * last row of the previous page (null for the first).
 */
export async function* keysetPages<T>(
  fetch: (after: T | null, size: number) => Promise<T[]>,
  size = REPORT_PAGE_SIZE,
): AsyncGenerator<T[]> {
  let after: T | null = null;
  for (;;) {
    const rows = await fetch(after, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1]!;
  }
}

/** A byte stream pulled from an async sequence of text or bytes: one item per pull. */
export function pulledStream(
  chunks: AsyncIterable<string | Uint8Array>,
): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else
        controller.enqueue(
          typeof next.value === "string" ? encoder.encode(next.value) : next.value,
        );
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
}

const csvLine = (cells: readonly (string | number | null | undefined)[]) =>
  `${cells.map((cell) => csvCell(cell === null || cell === undefined ? "" : String(cell))).join(",")}\r\n`;

/** One CSV block: an optional title line, the header, then its rows, page by page. */
export interface CsvBlock {
  title?: string;
  header: readonly string[];
  rows: AsyncIterable<readonly (readonly (string | number | null | undefined)[])[]>;
}

/**
 * A CSV document (decision 061's rules: a byte order mark so spreadsheets read accents, CRLF,
 * every cell quoted and formula-safe), one database page per pull. Several blocks are parted by
 * an empty line.
 */
export function csvStream(blocks: readonly CsvBlock[]): ReadableStream<Uint8Array> {
  async function* text() {
    yield "\uFEFF";
    for (const [i, block] of blocks.entries()) {
      let head = i > 0 ? "\r\n" : "";
      if (block.title) head += csvLine([block.title]);
      yield head + csvLine(block.header);
      for await (const rows of block.rows) yield rows.map(csvLine).join("");
    }
  }
  return pulledStream(text());
}

/**
 * A PDF written as it is drawn: `draw` lays out the document and awaits its database pages; at
 * each `flush()` the bytes drawn so far go to the reader, and drawing waits until they asked
 * for more.
 */
export function pdfStream(
  pdf: TablePdf,
  draw: (flush: () => AsyncGenerator<Uint8Array>) => AsyncGenerator<Uint8Array>,
): ReadableStream<Uint8Array> {
  const written: Uint8Array[] = [];
  let ended = false;
  pdf.doc.on("data", (chunk: Uint8Array) => written.push(chunk));
  const ending = new Promise<void>((resolve) =>
    pdf.doc.on("end", () => {
      ended = true;
      resolve();
    }),
  );
  async function* flush(): AsyncGenerator<Uint8Array> {
    // pdfkit hands its bytes over on the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    if (written.length > 0) yield Buffer.concat(written.splice(0));
  }
  async function* all() {
    yield* draw(flush);
    pdf.end();
    if (!ended) await ending;
    if (written.length > 0) yield Buffer.concat(written.splice(0));
  }
  return pulledStream(all());
}
