import { describe, expect, it } from "vitest";
import { isPhotoSize, isPlainId, PHOTO_UPLOAD_PATH, photoPath, photoUploadPath } from "./photos.ts";

describe("photo addresses", () => {
  it("take only plain ids: user ids, UUIDs and base64url versions", () => {
    for (const id of ["a1B2c3", "0b6c2f8e-3f5e-4c4a-9a57-3f0e7c6c2d11", "Zx_9-kQ"]) {
      expect(isPlainId(id)).toBe(true);
    }
    for (const id of ["", "a\u0000b", "../x", "a b", "x".repeat(101), 42, null]) {
      expect(isPlainId(id)).toBe(false);
    }
    expect(isPhotoSize("small") && isPhotoSize("large")).toBe(true);
    expect(isPhotoSize("huge")).toBe(false);
  });

  it("the upload path matches its own body-limit pattern, and nothing else of the dashboard", () => {
    expect(PHOTO_UPLOAD_PATH.test(photoUploadPath("0b6c2f8e-3f5e"))).toBe(true);
    expect(PHOTO_UPLOAD_PATH.test("/dashboard")).toBe(false);
    expect(PHOTO_UPLOAD_PATH.test("/dashboard/people/x/photo/more")).toBe(false);
    expect(photoPath("p1", "v1", "small")).toBe("/photos/p1/v1/small");
  });
});
