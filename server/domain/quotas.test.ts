import { describe, expect, it } from "vitest";
import { allowanceLeft, periodStart } from "./quotas.ts";

/** How many of `tries` sends on a channel the allowance lets through. */
function fits(allowance: ReturnType<typeof allowanceLeft>, channel: "sms" | "voice", tries = 3) {
  return Array.from({ length: tries }, () => allowance.take(channel)).filter(Boolean).length;
}

describe("the message and voice allowances (DESIGN 1.2)", () => {
  it("below the limit a send fits, at the limit it does not, above it neither", () => {
    expect(fits(allowanceLeft("pro", { messages: 48, voice: 0 }), "sms")).toBe(2);
    expect(fits(allowanceLeft("pro", { messages: 50, voice: 0 }), "sms")).toBe(0);
    expect(fits(allowanceLeft("pro", { messages: 57, voice: 0 }), "sms")).toBe(0);
    expect(fits(allowanceLeft("pro", { messages: 0, voice: 9 }), "voice")).toBe(1);
    expect(fits(allowanceLeft("pro", { messages: 0, voice: 10 }), "voice")).toBe(0);
  });

  it("SMS and WhatsApp share the message allowance; calls have their own; email is never counted", () => {
    const allowance = allowanceLeft("pro", { messages: 49, voice: 9 });
    expect(allowance.take("whatsapp")).toBe(true);
    expect(allowance.take("sms")).toBe(false);
    expect(allowance.take("voice")).toBe(true);
    expect(allowance.take("voice")).toBe(false);
    expect(Array.from({ length: 100 }, () => allowance.take("email")).every(Boolean)).toBe(true);
  });

  it("Free has 3 messages and no calls; Enterprise has no fixed ceiling", () => {
    expect(fits(allowanceLeft("free", { messages: 0, voice: 0 }), "sms", 5)).toBe(3);
    expect(fits(allowanceLeft("free", { messages: 0, voice: 0 }), "voice")).toBe(0);
    const enterprise = allowanceLeft("enterprise", { messages: 1_000_000, voice: 1_000_000 });
    expect(fits(enterprise, "sms", 50)).toBe(50);
    expect(fits(enterprise, "voice", 50)).toBe(50);
  });

  it("Free counts for life; paid plans count from the first of this month (UTC)", () => {
    const now = new Date("2026-11-24T10:00:00Z");
    expect(periodStart("free", now)).toEqual(new Date(0));
    for (const plan of ["pro", "family", "enterprise"] as const) {
      expect(periodStart(plan, now), plan).toEqual(new Date("2026-11-01T00:00:00Z"));
    }
  });
});
