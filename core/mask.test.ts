import { describe, expect, it } from "vitest";
import { maskIdentifier } from "./mask.ts";

describe("maskIdentifier", () => {
  it("keeps the first two letters of an address and its domain", () => {
    expect(maskIdentifier("maria@example.com")).toBe("ma•••@example.com");
    expect(maskIdentifier("a@example.com")).toBe("•••@example.com");
  });

  it("keeps a number's first digit and last three", () => {
    expect(maskIdentifier("+15550101234")).toBe("+1•••••••234");
    expect(maskIdentifier("+447700900123")).toBe("+4••••••••123");
  });

  it("hides a short value entirely", () => {
    expect(maskIdentifier("+1234")).toBe("•••••");
  });
});
