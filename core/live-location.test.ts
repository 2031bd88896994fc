import { describe, expect, it } from "vitest";
import {
  HANDOVER_TEXT_MAX,
  liveDurationMs,
  metresBetween,
  parseHandover,
  SEND_AT_MOST_EVERY_MS,
  SEND_EVERY_MS,
  shouldSendPosition,
} from "./live-location.ts";

const here = { latitude: 51.5074, longitude: -0.1278 };
/** About 33 m north. */
const moved = { latitude: 51.5077, longitude: -0.1278 };

describe("the sharing phone's throttle", () => {
  it("sends the first position at once", () => {
    expect(shouldSendPosition(null, here, 0)).toBe(true);
  });

  it("standing still, sends one every 10 seconds", () => {
    const last = { at: 0, position: here };
    expect(shouldSendPosition(last, here, SEND_EVERY_MS - 1)).toBe(false);
    expect(shouldSendPosition(last, here, SEND_EVERY_MS)).toBe(true);
  });

  it("moving more than 20 m, sends sooner but not more often than every 3 seconds", () => {
    expect(metresBetween(here, moved)).toBeGreaterThan(20);
    const last = { at: 0, position: here };
    expect(shouldSendPosition(last, moved, SEND_AT_MOST_EVERY_MS - 1)).toBe(false);
    expect(shouldSendPosition(last, moved, SEND_AT_MOST_EVERY_MS)).toBe(true);
    expect(shouldSendPosition(last, { latitude: 51.50741, longitude: -0.1278 }, 5_000)).toBe(false);
  });

  it("durations: 15 minutes, an hour, or until stopped", () => {
    expect(liveDurationMs("15m")).toBe(900_000);
    expect(liveDurationMs("1h")).toBe(3_600_000);
    expect(liveDurationMs("stop")).toBeNull();
  });
});

describe("the handover form's fields", () => {
  it("cleans the text (trimmed, no angle brackets) and keeps a destination only when taking", () => {
    expect(
      parseHandover({ kind: "taking", destination: "  <St Mary's>  ", helperName: " Nurse Jo " }),
    ).toEqual({
      ok: true,
      value: { kind: "taking", destination: "St Mary's", helperName: "Nurse Jo" },
    });
    expect(parseHandover({ kind: "helping", destination: "Somewhere", helperName: "" })).toEqual({
      ok: true,
      value: { kind: "helping", destination: null, helperName: null },
    });
  });

  it("refuses an unknown kind, a missing or overlong destination, and links", () => {
    expect(parseHandover({ kind: "driving", destination: "", helperName: "" })).toEqual({
      ok: false,
      error: "invalid",
    });
    expect(parseHandover({ kind: "taking", destination: " ", helperName: null })).toMatchObject({
      error: "destination",
    });
    expect(
      parseHandover({
        kind: "taking",
        destination: "x".repeat(HANDOVER_TEXT_MAX + 1),
        helperName: null,
      }),
    ).toMatchObject({ error: "destination" });
    for (const link of ["http://x.example", "www.pay-now.example", "evil.com/a", "bit.ly/abc"]) {
      expect(parseHandover({ kind: "taking", destination: link, helperName: null })).toMatchObject({
        error: "link",
      });
    }
    // Ordinary place names with dots or colons are fine.
    expect(
      parseHandover({ kind: "taking", destination: "St. Mary's, Ward 4: A&E", helperName: null }),
    ).toMatchObject({ ok: true });
  });
});
