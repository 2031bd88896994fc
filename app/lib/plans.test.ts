import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  annualPerMonth,
  displayPrice,
  ENTERPRISE_FROM,
  formatAmount,
  monthsSavedPerYear,
  onboardingContactRows,
  PLAN_IDS,
} from "#core/plans.ts";
import { COMPARISON_ROWS, PLAN_COMPARISON, PLANS } from "./plans.ts";

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

describe("plan cards (spec sections 2 and 9)", () => {
  it("channel badges come from the channel descriptor: Free's texts are a trial, its location email only", () => {
    const badges = (id: "free" | "pro" | "family" | "enterprise") =>
      PLANS[id].channelBadges.map((b) => (b.noteKey ? `${b.channel} (${b.noteKey})` : b.channel));
    expect(badges("free")).toEqual([
      "email",
      "sms (channels.trial)",
      "whatsapp (channels.trial)",
      "location (channels.emailOnly)",
    ]);
    for (const id of ["pro", "family", "enterprise"] as const) {
      expect(badges(id), id).toEqual(["email", "sms", "whatsapp", "voice", "location"]);
    }
  });

  it("/pricing shows annual per month (annual ÷ 12), with the yearly bill beside it", () => {
    expect(displayPrice(PLANS.pro, "annual", "month")).toEqual({
      amount: "1.66",
      period: "month",
      billedYearly: "19.90",
    });
    expect(displayPrice(PLANS.family, "annual", "month")?.amount).toBe("4.99");
    expect(displayPrice(PLANS.free, "annual", "month")).toEqual({ amount: "0", period: "month" });
  });

  it("the landing page shows annual per year, monthly per month, and Enterprise as custom", () => {
    expect(displayPrice(PLANS.pro, "annual", "year")).toEqual({ amount: "19.90", period: "year" });
    expect(displayPrice(PLANS.family, "annual", "year")?.amount).toBe("59.90");
    expect(displayPrice(PLANS.pro, "monthly", "year")).toEqual({ amount: "1.99", period: "month" });
    expect(displayPrice(PLANS.enterprise, "monthly", "month")).toBeNull();
  });

  it("'Save 2 Months' is true of every paid plan", () => {
    expect(monthsSavedPerYear(PLANS.pro)).toBe(2);
    expect(monthsSavedPerYear(PLANS.family)).toBe(2);
  });

  it("the organisations page advertises Enterprise from $29/month with 100 users", () => {
    expect(ENTERPRISE_FROM).toEqual({ monthlyPrice: 29, includedUsers: 100 });
    expect(formatAmount(ENTERPRISE_FROM.monthlyPrice)).toBe("29");
  });

  it("every string the catalogue names exists in the marketing locale", () => {
    const en = JSON.parse(
      readFileSync(
        path.join(import.meta.dirname, "..", "..", "core", "locales", "en", "marketing.json"),
        "utf8",
      ),
    );
    const lookup = (key: string) =>
      key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);
    const keys = PLAN_IDS.flatMap((id) => {
      const plan = PLANS[id];
      return [
        plan.nameKey,
        plan.taglineKey,
        plan.ctaKey,
        ...(plan.badgeKey ? [plan.badgeKey] : []),
        ...plan.highlightKeys,
        ...plan.features,
        ...plan.expandedFeatures,
        ...plan.channelBadges.flatMap((b) => [
          `channels.${b.channel}`,
          b.noteKey ?? "channels.label",
        ]),
      ];
    });
    const cells = COMPARISON_ROWS.flatMap((row) => [
      `compare.rows.${row}`,
      ...PLAN_IDS.map((id) => PLAN_COMPARISON[row][id]).filter((c) => typeof c === "string"),
    ]);
    const missing = [...keys, ...cells].filter((key) => typeof lookup(key) !== "string");
    expect(missing).toEqual([]);
  });
});
