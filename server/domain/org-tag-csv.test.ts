import { describe, expect, it } from "vitest";
import { TAG_CSV_MAX_BYTES } from "#core/org-tags.ts";
import { readTagCsv } from "./org-tag-csv.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const problem = (text: string | Uint8Array) => {
  const read = readTagCsv(typeof text === "string" ? bytes(text) : text);
  return read.ok ? null : read.problem;
};

describe("reading a tag assignment CSV (external_id,tag_id)", () => {
  it("reads UTF-8 with a byte order mark and CRLF, columns in any order, and gives each row its line", () => {
    const read = readTagCsv(
      bytes(
        '\uFEFFtag_id,External_ID\r\nwb-7kq2m,S-1\r\n\r\n"WB-P4XRA","S\r\n2"\r\nCD-AAAAA,Zoë\r\n',
      ),
    );
    expect(read).toEqual({
      ok: true,
      rows: [
        { line: 2, externalId: "S-1", tagCell: "wb-7kq2m", tagId: "WB-7KQ2M", errors: [] },
        { line: 4, externalId: "S\r\n2", tagCell: "WB-P4XRA", tagId: "WB-P4XRA", errors: [] },
        { line: 6, externalId: "Zoë", tagCell: "CD-AAAAA", tagId: "CD-AAAAA", errors: [] },
      ],
    });
  });

  it("takes back its own rejected-rows file: the errors column is read and ignored", () => {
    const read = readTagCsv(bytes('external_id,tag_id,errors\nS-1,WB-7KQ2M,"line 2: whatever"\n'));
    expect(read.ok && read.rows.map((r) => [r.externalId, r.tagId, r.errors])).toEqual([
      ["S-1", "WB-7KQ2M", []],
    ]);
  });

  it("refuses a file that cannot be read as a whole, saying why", () => {
    expect(problem(new Uint8Array([0x65, 0x78, 0x2c, 0xe9, 0x0a]))).toEqual({
      key: "notUtf8",
      values: undefined,
    });
    expect(problem("")?.key).toBe("empty");
    expect(problem("\uFEFF \n\n")?.key).toBe("empty");
    expect(problem("external_id,tag_id\n")?.key).toBe("noRows");
    expect(problem("external_id\nS-1\n")).toEqual({
      key: "missingColumns",
      values: { columns: "tag_id" },
    });
    expect(problem("external_id,tag_id,class\nS-1,WB-7KQ2M,4B\n")).toEqual({
      key: "unknownColumns",
      values: { columns: "class" },
    });
    expect(problem("external_id,tag_id,tag_id\nS-1,WB-7KQ2M,WB-7KQ2M\n")).toEqual({
      key: "duplicateColumns",
      values: { columns: "tag_id" },
    });
    expect(problem('external_id,tag_id\nS-1,WB-7KQ2M\nS-2,"WB-P4XRA\n')).toEqual({
      key: "unreadable",
      values: { line: 3 },
    });
    const rows = Array.from({ length: 10_001 }, (_, i) => `S-${i},WB-AAAAA`).join("\n");
    expect(problem(`external_id,tag_id\n${rows}\n`)).toEqual({
      key: "tooManyRows",
      values: { max: 10_000 },
    });
    expect(problem(new Uint8Array(TAG_CSV_MAX_BYTES + 1))).toEqual({
      key: "tooLarge",
      values: { megabytes: 1 },
    });
  });

  it("lists each row's problems with their column: empty, formula, too long, not a tag id, wrong cell count", () => {
    const read = readTagCsv(
      bytes(
        [
          "external_id,tag_id",
          ",WB-7KQ2M",
          "S-1,",
          '=HYPERLINK("http://evil.test"),WB-7KQ2M',
          "S-2,@SUM(A1)",
          `${"x".repeat(101)},WB-7KQ2M`,
          "S-3,not a tag!",
          "S-4,WB-7KQ2M,extra",
        ].join("\n"),
      ),
    );
    if (!read.ok) throw new Error("the file should read");
    expect(read.rows.map((row) => [row.line, row.errors])).toEqual([
      [2, [{ column: "external_id", key: "required" }]],
      [3, [{ column: "tag_id", key: "required" }]],
      [4, [{ column: "external_id", key: "formula" }]],
      [5, [{ column: "tag_id", key: "formula" }]],
      [6, [{ column: "external_id", key: "tooLong", values: { max: 100 } }]],
      [7, [{ column: "tag_id", key: "notATagId" }]],
      [8, [{ column: null, key: "cells", values: { count: 3, expected: 2 } }]],
    ]);
  });
});
