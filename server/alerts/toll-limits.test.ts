import { describe, expect, it } from "vitest";
import { callingCodeOf, isHighRiskNumber } from "./toll-limits.ts";

describe("numbers in premium-rate and high-fraud ranges", () => {
  it("refuses premium-rate, shared-cost and personal numbers and high-fraud country codes", () => {
    for (const number of [
      "+19005551234", // US 900 premium rate
      "+449098790000", // UK 09 premium rate
      "+447012345678", // UK 070 personal numbers
      "+882123456789", // international networks
      "+5352345678", // Cuba
      "+2521234567", // Somalia
    ]) {
      expect(isHighRiskNumber(number), number).toBe(true);
    }
  });

  it("accepts ordinary mobiles and landlines, and WhatsApp addresses of them", () => {
    for (const number of [
      "+12025550123",
      "+33612345678",
      "+84912345678",
      "whatsapp:+12025550123",
    ]) {
      expect(isHighRiskNumber(number), number).toBe(false);
    }
  });

  it("accepts a range an operator allowed", () => {
    expect(isHighRiskNumber("+5352345678", ["+53"])).toBe(false);
    expect(isHighRiskNumber("+19005551234", ["+1900"])).toBe(false);
    expect(isHighRiskNumber("+2521234567", ["+53"])).toBe(true);
  });

  it("keys country limits by the calling code", () => {
    expect(callingCodeOf("+447700900123")).toBe("44");
    expect(callingCodeOf("+12025550123")).toBe("1");
  });
});
