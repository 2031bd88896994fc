import { describe, expect, it } from "vitest";
import { sanitizeText } from "./validation.ts";

describe("sanitizeText", () => {
  it("removes NUL and other control characters PostgreSQL or a screen cannot use", () => {
    expect(sanitizeText("Ann\u0000 Lee\u0007\u001b\u007f")).toBe("Ann Lee");
  });

  it("keeps tabs and line breaks, removes angle brackets, trims and cuts", () => {
    expect(sanitizeText("  a\tb\r\nc <b> ")).toBe("a\tb\r\nc b");
    expect(sanitizeText("x".repeat(20), 5)).toBe("xxxxx");
  });
});
