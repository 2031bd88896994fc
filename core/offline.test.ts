import { describe, expect, it } from "vitest";
import { accountCacheKey, endsAccountPages, isCardPath, isKeptAccountPath } from "./offline.ts";

describe("the SOS page kept for the signed-in account (decision 151)", () => {
  it("keeps /sos only: no other signed-in page, and the card's paths stay the card's", () => {
    expect(isKeptAccountPath("/sos")).toBe(true);
    expect(isKeptAccountPath("/sos/")).toBe(true);
    for (const other of ["/sos/alert", "/sos.data", "/dashboard", "/t/WB-ABCDE", "/"]) {
      expect(isKeptAccountPath(other), other).toBe(false);
    }
    expect(isCardPath("/sos")).toBe(false);
    expect(accountCacheKey("https://safetap.example/sos/?lng=fr")).toBe(
      "https://safetap.example/sos",
    );
  });

  it("forgets it on every sign-out and every sign-in step, never on reading a page", () => {
    for (const [method, path] of [
      ["POST", "/sign-out"],
      ["POST", "/sign-out.data"],
      ["GET", "/sign-out"],
      ["POST", "/auth"],
      ["POST", "/auth.data"],
      ["POST", "/api/auth/sign-in/email"],
      ["POST", "/api/auth/sign-out"],
    ] as const) {
      expect(endsAccountPages(method, path), `${method} ${path}`).toBe(true);
    }
    for (const [method, path] of [
      ["GET", "/auth"],
      ["GET", "/auth.data"],
      ["GET", "/api/auth/get-session"],
      ["POST", "/sos"],
      ["POST", "/dashboard"],
      ["GET", "/authors"],
    ] as const) {
      expect(endsAccountPages(method, path), `${method} ${path}`).toBe(false);
    }
  });
});
