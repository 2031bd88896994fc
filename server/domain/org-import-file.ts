/**
 * Reading an import file (decision 136): the bytes are checked to be UTF-8 text first, then
 * parsed by csv-parse as a stream, one record at a time, so a file is never held as rows in
 * full. A stored file (gzip, in `org_imports`) is decompressed as it is parsed.
 */
import { isUtf8 } from "node:buffer";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { createGunzip, gzip } from "node:zlib";
import { CsvError, parse } from "csv-parse";
import {
  type FileProblem,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROW_CHARS,
  TOO_LARGE,
} from "#core/org-import.ts";

/** A problem with the whole file: the file is refused and nothing in it is read further. */
export class ImportFileError extends Error {
  constructor(readonly problems: FileProblem[]) {
    super(`import file refused: ${problems.map((p) => p.code).join(", ")}`);
    this.name = "ImportFileError";
  }
}

/** The 1-based line of the first byte sequence that is not UTF-8 (for the message). */
function firstBadLine(bytes: Buffer): number {
  let line = 1;
  let start = 0;
  for (;;) {
    const end = bytes.indexOf(0x0a, start);
    const slice = bytes.subarray(start, end === -1 ? bytes.length : end);
    if (!isUtf8(slice)) return line;
    if (end === -1) return line;
    start = end + 1;
    line++;
  }
}

/**
 * Whether the bytes can be an import file: not empty, not over the byte cap, UTF-8 text (with
 * or without a BOM), no NUL byte. UTF-16 (the other "Unicode" a spreadsheet saves) is named.
 */
export function checkFileBytes(bytes: Buffer): FileProblem | null {
  if (bytes.length === 0) return { code: "empty" };
  if (bytes.length > IMPORT_MAX_BYTES) {
    return { code: "tooLarge", values: TOO_LARGE };
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return { code: "utf16" };
  }
  if (bytes.includes(0)) return { code: "binary" };
  if (!isUtf8(bytes)) return { code: "notUtf8", values: { line: firstBadLine(bytes) } };
  return null;
}

export interface CsvRecord {
  /** The record's place in the file, the header being 1 (a spreadsheet's row number). */
  row: number;
  cells: string[];
}

const CSV_PROBLEMS: Record<string, FileProblem["code"]> = {
  CSV_QUOTE_NOT_CLOSED: "unclosedQuote",
  CSV_INVALID_CLOSING_QUOTE: "badQuote",
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: "badQuote",
  CSV_MAX_RECORD_SIZE: "rowTooLong",
};

/**
 * The records of a CSV byte stream, as they are parsed. Line ends may be CRLF, LF or CR (mixed,
 * as files edited on several machines are); a leading UTF-8 BOM is dropped. A file that is not
 * well-formed CSV ends the reading with an ImportFileError naming the line.
 */
export async function* csvRecords(source: Readable): AsyncGenerator<CsvRecord> {
  // The line the last whole record ended on, as the parser reads them (records it parsed but
  // not yet handed over are dropped when it fails): an unclosed quote is found only at the
  // file's end, and the record it opened started on the line after.
  let endedOn = 0;
  const parser = parse({
    on_record: (record, context) => {
      endedOn = context.lines;
      return record;
    },
    bom: true,
    relax_column_count: true,
    skip_empty_lines: false,
    record_delimiter: ["\r\n", "\n", "\r"],
    max_record_size: IMPORT_MAX_ROW_CHARS,
    info: true,
  });
  source.on("error", (error) => parser.destroy(error));
  source.pipe(parser);
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { records: number };
    }>) {
      yield { row: info.records, cells: record };
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const code = CSV_PROBLEMS[error.code] ?? "malformed";
      const line =
        code === "unclosedQuote" ? endedOn + 1 : ((error as { lines?: number }).lines ?? 0);
      throw new ImportFileError([{ code, values: { line } }]);
    }
    throw error;
  } finally {
    source.destroy();
    parser.destroy();
  }
}

/** Bytes as a stream of 64 KB chunks, so the parser hands the event loop back between them. */
export function bytesStream(bytes: Buffer): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 64 * 1024)
    chunks.push(bytes.subarray(at, at + 64 * 1024));
  return Readable.from(chunks, { objectMode: false });
}

/** A stored (gzip) file, decompressed as it is read. */
export function storedFileStream(content: Buffer): Readable {
  return bytesStream(content).pipe(createGunzip());
}

export const compressFile = promisify(gzip);
