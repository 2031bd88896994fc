import { describe, expect, it } from "vitest";
import { scanNoticesOn, scanTime } from "./scan-notices.ts";

/** Intl may put a narrow no-break space before AM/PM; the reader sees a space. */
const plain = (text: string) => text.replace(/\s/g, " ");

describe("a scan notice's time", () => {
  const now = new Date("2026-11-24T20:00:00Z");

  it("is the time alone when the scan was today in the owner's zone", () => {
    expect(plain(scanTime(new Date("2026-11-24T19:02:00Z"), "en", "UTC", now))).toBe("7:02 PM");
    expect(scanTime(new Date("2026-11-24T14:02:00Z"), "fr", "Europe/Paris", now)).toBe("15:02");
  });

  it("has the date first when it was another day there", () => {
    expect(plain(scanTime(new Date("2026-11-22T14:02:00Z"), "en", "UTC", now))).toBe(
      "Nov 22, 2026, 2:02 PM",
    );
    // 20:00 UTC on the 24th is already the 25th in Ho Chi Minh City (UTC+7).
    expect(scanTime(new Date("2026-11-24T19:02:00Z"), "en", "Asia/Ho_Chi_Minh", now)).toMatch(
      /^\d{1,2}:\d{2}/,
    );
    expect(scanTime(new Date("2026-11-24T10:00:00Z"), "en", "Asia/Ho_Chi_Minh", now)).toMatch(
      /^Nov 24, 2026/,
    );
  });
});

describe("whether a tag's scans are told", () => {
  it("follows Lost mode until the owner sets it", () => {
    expect(scanNoticesOn({ notifyOnScan: null, isLost: false })).toBe(false);
    expect(scanNoticesOn({ notifyOnScan: null, isLost: true })).toBe(true);
    expect(scanNoticesOn({ notifyOnScan: false, isLost: true })).toBe(false);
    expect(scanNoticesOn({ notifyOnScan: true, isLost: false })).toBe(true);
  });
});
