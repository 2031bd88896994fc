import { describe, expect, it } from "vitest";
import { confirmationStatus, daysSince, RECONFIRM_AFTER_DAYS } from "./medical-record.ts";
import { LIMITS, validateMedicalRecord, validateProfile } from "./validation.ts";

const DAY = 86_400_000;

describe("the fuller medical record's fields (decision 130)", () => {
  it("takes every field, keeps ticked devices in the list's order before typed ones", () => {
    const checked = validateMedicalRecord({
      conditions: " Epilepsy, <b>asthma</b> ,, ",
      implantedDevices: ["insulin_pump", "pacemaker"],
      implantedDevicesOther: "Heart valve, Heart valve",
      organDonor: "yes",
      advanceDirective: "dnr",
      advanceDirectiveLocation: " Kitchen drawer ",
      preferredHospital: "St. Mary's",
    });
    expect(checked).toEqual({
      ok: true,
      record: {
        conditions: ["Epilepsy", "basthma/b"],
        implantedDevices: ["pacemaker", "insulin_pump", "Heart valve"],
        organDonor: true,
        advanceDirective: "dnr",
        advanceDirectiveLocation: "Kitchen drawer",
        preferredHospital: "St. Mary's",
      },
    });
  });

  it("reads nothing said as empty: no lists, null choices and texts", () => {
    expect(
      validateMedicalRecord({ implantedDevices: "", organDonor: "", advanceDirective: "" }),
    ).toEqual({
      ok: true,
      record: {
        conditions: [],
        implantedDevices: [],
        organDonor: null,
        advanceDirective: null,
        advanceDirectiveLocation: null,
        preferredHospital: null,
      },
    });
    expect(validateMedicalRecord({ organDonor: "no", implantedDevices: "icd" })).toMatchObject({
      ok: true,
      record: { organDonor: false, implantedDevices: ["icd"] },
    });
  });

  it("refuses values outside the allowed choices, naming the field", () => {
    for (const [input, field] of [
      [{ organDonor: "maybe" }, "organDonor"],
      [{ advanceDirective: "DNR" }, "advanceDirective"],
      [{ implantedDevices: ["pacemaker", "jetpack"] }, "implantedDevices"],
    ] as const) {
      expect(validateMedicalRecord(input)).toEqual({
        ok: false,
        problem: {
          title: "account:onboarding.errors.medical",
          description: "validation.invalidChoice",
          step: 2,
          field,
        },
      });
    }
  });

  it("holds list sizes and lengths, with the limit for the message", () => {
    const many = Array.from({ length: LIMITS.listItems + 1 }, (_, i) => `c${i}`).join(",");
    expect(validateMedicalRecord({ conditions: many })).toMatchObject({
      ok: false,
      problem: { description: "validation.tooManyItems", field: "conditions", values: { max: 20 } },
    });
    expect(
      validateMedicalRecord({ conditions: "x".repeat(LIMITS.listItem) }).ok,
      "an item of exactly the limit",
    ).toBe(true);
    expect(validateMedicalRecord({ implantedDevicesOther: "x".repeat(101) })).toMatchObject({
      ok: false,
      problem: { description: "validation.itemTooLong", field: "implantedDevicesOther" },
    });
    // Ticked and typed devices together count against the list size.
    const typed = Array.from({ length: LIMITS.listItems - 1 }, (_, i) => `d${i}`).join(",");
    expect(
      validateMedicalRecord({
        implantedDevices: ["icd", "vp_shunt"],
        implantedDevicesOther: typed,
      }),
    ).toMatchObject({ ok: false, problem: { description: "validation.tooManyItems" } });
    for (const field of ["advanceDirectiveLocation", "preferredHospital"]) {
      expect(validateMedicalRecord({ [field]: "x".repeat(LIMITS.place) }).ok).toBe(true);
      expect(validateMedicalRecord({ [field]: "x".repeat(LIMITS.place + 1) })).toMatchObject({
        ok: false,
        problem: { description: "validation.textTooLong", field, values: { max: 200 } },
      });
    }
  });

  it("is part of the onboarding profile, checked after the notes", () => {
    const base = { fullName: "Ana", language: "en", country: "us" };
    expect(validateProfile({ ...base, preferredHospital: "General" })).toMatchObject({
      ok: true,
      profile: { fullName: "Ana", preferredHospital: "General", conditions: [] },
    });
    expect(validateProfile({ ...base, organDonor: "perhaps" })).toMatchObject({
      ok: false,
      problem: { step: 2, field: "organDonor" },
    });
  });
});

describe("how current the record is", () => {
  const now = Date.UTC(2026, 10, 24, 12);

  it("counts whole days, 0 on the day itself, null when never confirmed", () => {
    expect(daysSince(null, now)).toBeNull();
    expect(daysSince(now - 1000, now)).toBe(0);
    expect(daysSince(new Date(now - DAY), now)).toBe(1);
    expect(daysSince(new Date(now - 200 * DAY).toISOString(), now)).toBe(200);
    expect(daysSince(now + DAY, now), "a clock a little ahead is not negative").toBe(0);
  });

  it("asks for a review when never confirmed or after six months (183 days)", () => {
    expect(RECONFIRM_AFTER_DAYS).toBe(183);
    expect(confirmationStatus(null, now)).toEqual({ days: null, due: true });
    expect(confirmationStatus(now - 182 * DAY, now)).toEqual({ days: 182, due: false });
    expect(confirmationStatus(now - 183 * DAY, now)).toEqual({ days: 183, due: true });
  });
});
