import { describe, expect, it } from "vitest";
import { ATTENDANCE_CSV_HEADER, type AttendanceRow, attendanceCsv, csvCell } from "./attendance.ts";

describe("attendance CSV", () => {
  it("quotes every cell and doubles quotes", () => {
    expect(csvCell("Pia Person")).toBe('"Pia Person"');
    expect(csvCell('Ana "Nana" Lee, Jr.')).toBe('"Ana ""Nana"" Lee, Jr."');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
  });

  it("neutralises cells a spreadsheet would run as a formula (OWASP CSV injection)", () => {
    for (const value of ["=1+1", "+1", "-1+2", "@SUM(A1)", "  =cmd", "\t=1", "\r=1"]) {
      expect(csvCell(value)).toBe(`"'${value}"`);
    }
    expect(csvCell("Ana-Maria")).toBe('"Ana-Maria"');
    expect(csvCell("WB-ABCDE")).toBe('"WB-ABCDE"');
  });

  it("has one header line and one line per scan, CRLF-terminated", () => {
    const row: AttendanceRow = {
      id: "1",
      createdAt: new Date("2026-11-21T09:30:00.000Z"),
      direction: "in",
      tagId: "WB-ABCDE",
      personName: "=evil()",
      personUserId: null,
      readerName: "Mo",
      readerContact: "mo@example.com",
    };
    expect(attendanceCsv([row])).toBe(
      `${ATTENDANCE_CSV_HEADER.join(",")}\r\n"2026-11-21T09:30:00.000Z","in","WB-ABCDE","'=evil()","Mo","mo@example.com"\r\n`,
    );
  });
});
