import { describe, expect, it } from "vitest";
import { addressKey } from "./address-key.ts";

describe("addressKey: what a per-address limit counts under", () => {
  it("keeps an IPv4 address", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts every address of an IPv6 /64 as one", () => {
    const keys = [
      "2001:db8:aa:bb::1",
      "2001:0db8:00aa:00bb:ffff:1234:5678:9abc",
      "[2001:db8:aa:bb:1::]",
      "2001:DB8:AA:BB::42%eth0",
    ].map(addressKey);
    expect(new Set(keys)).toEqual(new Set(["2001:db8:aa:bb::/64"]));
    expect(addressKey("2001:db8:aa:bc::1")).not.toBe(keys[0]);
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });

  it("reads an IPv4-mapped IPv6 address as its IPv4 address", () => {
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:cb00:7107")).toBe("203.0.113.7");
  });

  it("leaves anything else as it is", () => {
    expect(addressKey("unknown")).toBe("unknown");
  });
});
