import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv.ts";

describe("CSV exports (attendance, enquiries)", () => {
  it("quotes every cell and doubles quotes", () => {
    expect(csvCell("Pia Person")).toBe('"Pia Person"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell('Ana "Nana" Lee, Jr.')).toBe('"Ana ""Nana"" Lee, Jr."');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
  });

  it("neutralises cells a spreadsheet would run as a formula (OWASP CSV injection)", () => {
    for (const value of ["=1+1", "+1", "-1+2", "@SUM(A1)", "  =cmd", "\t=1", "\r=1", "\n=1"]) {
      expect(csvCell(value)).toBe(`"'${value}"`);
    }
    expect(csvCell("Ana-Maria")).toBe('"Ana-Maria"');
    expect(csvCell("WB-ABCDE")).toBe('"WB-ABCDE"');
  });

  it("writes a header and one CRLF-terminated line per row", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["1", "=2"],
          [null, "x,y"],
        ],
      ),
    ).toBe('a,b\r\n"1","\'=2"\r\n"","x,y"\r\n');
  });
});
