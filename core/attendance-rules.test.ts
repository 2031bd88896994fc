import { describe, expect, it } from "vitest";
import {
  attendanceRuleSchema,
  checkNotifyRecipient,
  inQuietHours,
  localClock,
  presetRule,
  toldOf,
} from "./attendance-rules.ts";
import { checkForm } from "./org-forms.ts";

describe("quiet hours", () => {
  it("a window within a day is quiet from its start up to (not at) its end", () => {
    expect(inQuietHours("07:59", "08:00", "18:00")).toBe(false);
    expect(inQuietHours("08:00", "08:00", "18:00")).toBe(true);
    expect(inQuietHours("17:59", "08:00", "18:00")).toBe(true);
    expect(inQuietHours("18:00", "08:00", "18:00")).toBe(false);
  });

  it("a window across midnight is quiet late and early, not in the day", () => {
    expect(inQuietHours("23:30", "22:00", "06:00")).toBe(true);
    expect(inQuietHours("00:00", "22:00", "06:00")).toBe(true);
    expect(inQuietHours("05:59", "22:00", "06:00")).toBe(true);
    expect(inQuietHours("06:00", "22:00", "06:00")).toBe(false);
    expect(inQuietHours("12:00", "22:00", "06:00")).toBe(false);
  });

  it("no window (or half of one) is never quiet", () => {
    expect(inQuietHours("03:00", null, null)).toBe(false);
    expect(inQuietHours("03:00", "02:00", null)).toBe(false);
  });

  it("reads the clock at the location's time zone", () => {
    const at = new Date("2026-11-24T23:30:00Z");
    expect(localClock(at, "UTC")).toBe("23:30");
    expect(localClock(at, "Asia/Tokyo")).toBe("08:30");
    expect(localClock(at, "America/New_York")).toBe("18:30");
  });
});

describe("preset defaults", () => {
  it("schools tell guardians both ways; workplaces tell the HR list after hours; others nobody", () => {
    expect(presetRule("school", "guardians")).toMatchObject({ enabled: true, directions: "both" });
    expect(presetRule("school", "staff_list").enabled).toBe(false);
    expect(presetRule("workplace", "staff_list")).toMatchObject({
      enabled: true,
      quietStart: "08:00",
      quietEnd: "18:00",
    });
    for (const preset of ["healthcare", "events", "other"] as const) {
      expect(presetRule(preset, "guardians").enabled).toBe(false);
      expect(presetRule(preset, "staff_list").enabled).toBe(false);
    }
  });

  it("a rule tells only its directions, and only when on", () => {
    const out = { enabled: true, directions: "out", quietStart: null, quietEnd: null } as const;
    expect(toldOf(out, "in")).toBe(false);
    expect(toldOf(out, "out")).toBe(true);
    expect(toldOf({ ...out, enabled: false }, "out")).toBe(false);
  });
});

describe("the forms", () => {
  it("a rule: a checkbox, a direction, both times or neither, not the same twice", () => {
    expect(
      checkForm(attendanceRuleSchema, {
        enabled: "on",
        directions: "in",
        quietStart: "22:00",
        quietEnd: "06:00",
      }),
    ).toEqual({
      ok: true,
      values: { enabled: true, directions: "in", quietStart: "22:00", quietEnd: "06:00" },
    });
    expect(checkForm(attendanceRuleSchema, { directions: "both" })).toMatchObject({
      ok: true,
      values: { enabled: false, quietStart: null, quietEnd: null },
    });
    expect(checkForm(attendanceRuleSchema, { directions: "up", quietStart: "7:00" })).toEqual({
      ok: false,
      errors: { directions: "org-notify:errors.directions", quietStart: "org-notify:errors.time" },
    });
    expect(checkForm(attendanceRuleSchema, { directions: "in", quietEnd: "06:00" })).toEqual({
      ok: false,
      errors: { quietStart: "org-notify:errors.bothTimes" },
    });
    expect(
      checkForm(attendanceRuleSchema, { directions: "in", quietStart: "06:00", quietEnd: "06:00" }),
    ).toEqual({ ok: false, errors: { quietEnd: "org-notify:errors.sameTimes" } });
  });

  it("an HR list entry is checked as a contact is, with a language", () => {
    expect(
      checkNotifyRecipient({
        name: "Desk",
        channel: "sms",
        value: "+44 7700 900123",
        language: "fr",
      }),
    ).toEqual({
      ok: true,
      recipient: { name: "Desk", channel: "sms", value: "+447700900123", language: "fr" },
    });
    expect(
      checkNotifyRecipient({ name: "", channel: "email", value: "nope", language: "xx" }),
    ).toEqual({
      ok: false,
      errors: {
        name: "validation.invalidContactName",
        value: "validation.invalidEmail",
        language: "validation.languageRequired",
      },
    });
  });
});
