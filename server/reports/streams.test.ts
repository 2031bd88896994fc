import { describe, expect, it } from "vitest";
import { csvStream, keysetPages } from "./streams.ts";

async function* pagesOf<T>(...pages: T[][]) {
  for (const page of pages) yield page;
}

describe("keysetPages", () => {
  it("asks for each next page after the last row seen, and stops at a short page", async () => {
    const rows = Array.from({ length: 7 }, (_, i) => i);
    const asked: (number | null)[] = [];
    const seen: number[][] = [];
    for await (const page of keysetPages<number>(async (after, size) => {
      asked.push(after);
      return rows.filter((r) => after === null || r > after).slice(0, size);
    }, 3)) {
      seen.push(page);
    }
    expect(seen).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(asked).toEqual([null, 2, 5]);
  });

  it("asks once more after a full last page, and yields no empty page", async () => {
    let calls = 0;
    const seen: number[][] = [];
    for await (const page of keysetPages<number>(async (after) => {
      calls += 1;
      return after === null ? [1, 2] : [];
    }, 2)) {
      seen.push(page);
    }
    expect(seen).toEqual([[1, 2]]);
    expect(calls).toBe(2);
  });
});

describe("csvStream", () => {
  it("writes a byte order mark, quoted formula-safe cells, CRLF lines and titled blocks, one page per pull", async () => {
    const stream = csvStream([
      { header: ["Name", "Note"], rows: pagesOf([["=SUM(A1)", 'say "hi"']], [["Ann", null]]) },
      { title: "Second", header: ["N"], rows: pagesOf([[1]]) },
    ]);
    const reader = stream.getReader();
    const parts: string[] = [];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parts.push(new TextDecoder("utf-8", { ignoreBOM: true }).decode(value));
    }
    expect(parts).toEqual([
      "\uFEFF",
      '"Name","Note"\r\n',
      '"\'=SUM(A1)","say ""hi"""\r\n',
      '"Ann",""\r\n',
      '\r\n"Second"\r\n"N"\r\n',
      '"1"\r\n',
    ]);
  });
});
