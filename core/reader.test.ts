import { describe, expect, it } from "vitest";
import { isScanDirection, tagIdFromScan } from "./reader.ts";

describe("tagIdFromScan: the tag id in a scanned card URL or a typed id", () => {
  it("takes the id from a card URL, as printed in QR codes and written to NFC chips", () => {
    expect(tagIdFromScan("https://safetap.app/t/WB-ABCDE")).toBe("WB-ABCDE");
    expect(tagIdFromScan("http://localhost:3000/t/cd-23456?src=qr#top")).toBe("CD-23456");
    expect(tagIdFromScan("safetap.app/t/KC-XYZ99/")).toBe("KC-XYZ99");
    expect(tagIdFromScan("/t/st-qwert")).toBe("ST-QWERT");
    expect(tagIdFromScan("https://safetap.app/t/WB%2DABCDE")).toBe("WB-ABCDE");
  });

  it("normalises a bare id: trimmed and upper case", () => {
    expect(tagIdFromScan("  wb-abcde ")).toBe("WB-ABCDE");
    expect(tagIdFromScan("CD-23456")).toBe("CD-23456");
  });

  it("gives null for anything that cannot be a tag id", () => {
    for (const value of [
      "",
      "   ",
      null,
      42,
      "https://example.com/",
      "https://example.com/tags/WB-ABCDE",
      "https://safetap.app/t/%E0%A4%A",
      "WB ABCDE",
      "<script>",
      "=cmd()",
      "A".repeat(51),
      `https://safetap.app/t/${"A".repeat(3000)}`,
    ]) {
      expect(tagIdFromScan(value), String(value)).toBeNull();
    }
  });
});

describe("scan direction", () => {
  it("is in or out", () => {
    expect(isScanDirection("in")).toBe(true);
    expect(isScanDirection("out")).toBe(true);
    expect(isScanDirection("IN")).toBe(false);
    expect(isScanDirection(undefined)).toBe(false);
  });
});
