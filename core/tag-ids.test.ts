import { describe, expect, it } from "vitest";
import { normaliseTagId } from "./tag-ids.ts";

describe("normaliseTagId: the id a card address or a typed id names", () => {
  it("trims and upper-cases an id", () => {
    expect(normaliseTagId(" wb-abcde ")).toBe("WB-ABCDE");
    expect(normaliseTagId("CD-23456")).toBe("CD-23456");
  });

  it("gives null for anything that cannot name a tag", () => {
    for (const value of ["", "   ", "WB ABCDE", "WB_ABCDE", "<script>", "A".repeat(51)]) {
      expect(normaliseTagId(value)).toBeNull();
    }
    expect(normaliseTagId("A".repeat(50))).toBe("A".repeat(50));
  });
});
