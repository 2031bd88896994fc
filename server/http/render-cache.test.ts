import { describe, expect, it } from "vitest";
import { acceptsGzip, matchesEntityTag } from "./render-cache.ts";

describe("If-None-Match (decision 154)", () => {
  const etag = 'W/"abc123"';

  it("matches the same tag, weak or strong, alone or in a list, and *", () => {
    expect(matchesEntityTag('W/"abc123"', etag)).toBe(true);
    expect(matchesEntityTag('"abc123"', etag)).toBe(true);
    expect(matchesEntityTag('W/"old", W/"abc123"', etag)).toBe(true);
    expect(matchesEntityTag("*", etag)).toBe(true);
  });

  it("does not match another tag, a prefix of it, or nothing", () => {
    expect(matchesEntityTag(null, etag)).toBe(false);
    expect(matchesEntityTag("", etag)).toBe(false);
    expect(matchesEntityTag('W/"abc12"', etag)).toBe(false);
    expect(matchesEntityTag('W/"other", "abc1234"', etag)).toBe(false);
  });
});

describe("Accept-Encoding", () => {
  it("sends gzip only to clients that take it", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0, *")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip(null)).toBe(false);
  });
});
