import { describe, expect, it } from "vitest";
import { safeRedirect } from "./validation.ts";

describe("safeRedirect: only a path on this site", () => {
  it.each([
    "/dashboard",
    "/dashboard?tab=tags#contacts",
    "/claim/AB-12345?token=X",
    "/onboarding?welcome=1",
  ])("keeps %s", (value) => {
    expect(safeRedirect(value)).toBe(value);
  });

  it.each([
    ["a TAB after the slash", "/\t/evil.example"],
    ["a TAB between the slashes", "/\t\t/evil.example"],
    ["a CR", "/\r/evil.example"],
    ["an LF", "/\n/evil.example"],
    ["a leading space", " //evil.example"],
    ["a backslash", "/\\evil.example"],
    ["two backslashes", "\\\\evil.example"],
    ["a backslash after a TAB", "/\t\\evil.example"],
    ["protocol-relative", "//evil.example"],
    ["an encoded slash", "/%2F/evil.example"],
    ["an encoded slash (lower case)", "/%2f%2fevil.example"],
    ["an encoded backslash", "/%5Cevil.example"],
    ["an encoded TAB", "/%09/evil.example"],
    ["a double-encoded slash", "/%252F/evil.example"],
    ["an absolute URL", "https://evil.example/"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a relative path", "dashboard"],
    ["a NUL", "/\u0000/evil.example"],
    ["a very long path", `/${"a".repeat(600)}`],
  ])("drops %s", (_name, value) => {
    expect(safeRedirect(value)).toBeNull();
  });

  it("drops what is not a string", () => {
    expect(safeRedirect(null)).toBeNull();
    expect(safeRedirect(["/dashboard"])).toBeNull();
  });
});
