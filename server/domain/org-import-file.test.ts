import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { IMPORT_MAX_BYTES } from "#core/org-import.ts";
import {
  bytesStream,
  checkFileBytes,
  csvRecords,
  ImportFileError,
  storedFileStream,
} from "./org-import-file.ts";

const records = async (bytes: Buffer, stored = false) => {
  const out: [number, string[]][] = [];
  for await (const r of csvRecords(stored ? storedFileStream(gzipSync(bytes)) : bytesStream(bytes)))
    out.push([r.row, r.cells]);
  return out;
};

describe("an import file's bytes", () => {
  it("must be UTF-8 text: a BOM is fine, UTF-16, binary and other encodings are named", () => {
    expect(checkFileBytes(Buffer.from("\uFEFFa,b\n"))).toBeNull();
    expect(checkFileBytes(Buffer.alloc(0))).toEqual({ code: "empty" });
    expect(checkFileBytes(Buffer.from([0xff, 0xfe, 0x61, 0x00]))).toEqual({ code: "utf16" });
    expect(checkFileBytes(Buffer.from("a,b\n\u0000"))).toEqual({ code: "binary" });
    expect(checkFileBytes(Buffer.from("a,b\nc,d\né,f\n", "latin1"))).toEqual({
      code: "notUtf8",
      values: { line: 3 },
    });
    expect(checkFileBytes(Buffer.alloc(IMPORT_MAX_BYTES + 1, "a"))).toEqual({
      code: "tooLarge",
      values: { max: 8, rows: 20_000 },
    });
  });
});

describe("an import file's records", () => {
  it("are numbered as a spreadsheet numbers rows, whatever the line ends, quoted line breaks included", async () => {
    const file = Buffer.from('\uFEFFid,name\r\n1,"Ann\nLee"\n2,Bo\r3,Cy\n\n');
    const expected: [number, string[]][] = [
      [1, ["id", "name"]],
      [2, ["1", "Ann\nLee"]],
      [3, ["2", "Bo"]],
      [4, ["3", "Cy"]],
      [5, [""]],
    ];
    expect(await records(file)).toEqual(expected);
    // A stored (gzip) file reads the same.
    expect(await records(file, true)).toEqual(expected);
  });

  it("stop at a file that is not CSV, naming the line", async () => {
    const problem = async (text: string) =>
      records(Buffer.from(text)).then(
        () => null,
        (error) => (error instanceof ImportFileError ? error.problems : error),
      );
    expect(await problem('id,name\n0,Al\n1,"Ann\n2,Bo\n3,Cy\n')).toEqual([
      { code: "unclosedQuote", values: { line: 3 } },
    ]);
    expect(await problem('id,name\n1,"Ann"x\n')).toEqual([
      { code: "badQuote", values: { line: 2 } },
    ]);
    expect(await problem(`id,name\n1,${"x".repeat(70 * 1024)}\n`)).toEqual([
      { code: "rowTooLong", values: { line: 2 } },
    ]);
  });
});
