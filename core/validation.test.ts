import { describe, expect, it } from "vitest";
import { isDialablePhone, isPhone, parseIdentifier, validateContact } from "./validation.ts";

describe("phone numbers (spec section 5, checked with libphonenumber-js)", () => {
  it("refuses '12', too short and unknown country codes, and garbage", () => {
    for (const value of ["12", "+12", "12345", "+1 234", "+999 123 456 789", "+0123456", "abc"]) {
      expect(isPhone(value), value).toBe(false);
    }
  });

  it("accepts real-shaped numbers, including the fictional ranges used in tests and docs", () => {
    for (const value of [
      "+447700900123",
      "+44 7700 900123",
      "447700900123",
      "+15550001111",
      "+1 555 010 2030",
      "+15005550006",
      "+33612345678",
      "+52 55 1234 5678",
      "+84 912 345 678",
    ]) {
      expect(isPhone(value), value).toBe(true);
    }
  });

  it("a sign-up or sign-in identifier '12' is refused with the spec's message, no code is sent to +12", () => {
    expect(parseIdentifier("12")).toEqual({ ok: false, error: "validation.invalidPhone" });
    expect(parseIdentifier("+44 7700 900123")).toEqual({
      ok: true,
      identifier: { kind: "phone", value: "+447700900123" },
    });
  });

  it("an SMS or WhatsApp contact needs a possible number", () => {
    expect(validateContact({ name: "Ana", channel: "sms", value: "+12" })).toEqual({
      ok: false,
      error: "validation.invalidPhone",
      field: "value",
    });
    expect(
      validateContact({ name: "Ana", channel: "whatsapp", value: "+33 6 12 34 56 78" }),
    ).toEqual({ ok: true, contact: { name: "Ana", channel: "whatsapp", value: "+33612345678" } });
  });

  it("the sales form's phone also takes a local number after a country code, never '12'", () => {
    expect(isDialablePhone("+1 555 0100")).toBe(true);
    expect(isDialablePhone("+1 (555) 010-2030")).toBe(true);
    expect(isDialablePhone("12")).toBe(false);
    expect(isDialablePhone("+12")).toBe(false);
    expect(isDialablePhone("call me")).toBe(false);
  });
});
