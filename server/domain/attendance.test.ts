import { describe, expect, it } from "vitest";
import { ATTENDANCE_CSV_HEADER, type AttendanceRow, attendanceCsv } from "./attendance.ts";

describe("attendance CSV", () => {
  it("has one header line and one line per scan with its organisation and location, CRLF-terminated", () => {
    const row: AttendanceRow = {
      id: "1",
      createdAt: new Date("2026-11-21T09:30:00.000Z"),
      direction: "in",
      tagId: "WB-ABCDE",
      personName: "=evil()",
      personUserId: null,
      readerName: "Mo",
      readerContact: "mo@example.com",
      organizationName: "Hillside",
      locationName: "+North gate",
    };
    expect(attendanceCsv([row])).toBe(
      `${ATTENDANCE_CSV_HEADER.join(",")}\r\n"2026-11-21T09:30:00.000Z","in","WB-ABCDE","'=evil()","Mo","mo@example.com","Hillside","'+North gate"\r\n`,
    );
  });
});
