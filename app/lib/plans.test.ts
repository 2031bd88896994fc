import { describe, expect, it } from "vitest";
import { annualPerMonth, onboardingContactRows, PLANS } from "./plans.ts";

describe("plan catalogue (DESIGN 1.2, reading A)", () => {
  it("prices follow reading A", () => {
    expect([PLANS.free.monthlyPrice, PLANS.pro.monthlyPrice, PLANS.family.monthlyPrice]).toEqual([
      0, 1.99, 5.99,
    ]);
    expect([PLANS.pro.annualPrice, PLANS.family.annualPrice]).toEqual([19.9, 59.9]);
    expect(PLANS.enterprise.monthlyPrice).toBeNull();
  });

  it("annual is shown per month as annual ÷ 12 with two decimals", () => {
    expect(annualPerMonth(PLANS.pro)).toBe("1.66");
    expect(annualPerMonth(PLANS.family)).toBe("4.99");
    expect(annualPerMonth(PLANS.enterprise)).toBeNull();
  });

  it("limits: tags 1/3/20, contacts 1/3/15, seats 1/1/5", () => {
    expect([PLANS.free, PLANS.pro, PLANS.family].map((p) => p.limits.tags)).toEqual([1, 3, 20]);
    expect([PLANS.free, PLANS.pro, PLANS.family].map((p) => p.limits.contacts)).toEqual([1, 3, 15]);
    expect(PLANS.family.limits.seats).toBe(5);
  });

  it("onboarding offers min(3, contact limit) rows", () => {
    expect(
      ["free", "pro", "family", "enterprise"].map((id) => onboardingContactRows(id as never)),
    ).toEqual([1, 3, 3, 3]);
  });
});
