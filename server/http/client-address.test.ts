import { describe, expect, it } from "vitest";
import { clientAddressFrom, isLoopback } from "./client-address.ts";

describe("client address behind trusted proxies", () => {
  it("with no trusted hop, the socket's address is the client's, whatever the header says", () => {
    expect(clientAddressFrom("198.51.100.7", "127.0.0.1", 0)).toBe("198.51.100.7");
  });

  it("with one hop, the entry the proxy appended (the right-most), not a forged one left of it", () => {
    expect(clientAddressFrom("10.0.0.2", "6.6.6.6, 203.0.113.5", 1)).toBe("203.0.113.5");
    expect(clientAddressFrom("10.0.0.2", "203.0.113.5", 1)).toBe("203.0.113.5");
  });

  it("with two hops, the entry the outer proxy appended", () => {
    expect(clientAddressFrom("10.0.0.2", "6.6.6.6, 203.0.113.5, 10.0.0.9", 2)).toBe("203.0.113.5");
  });

  it("a chain shorter than the hops ends at its left-most entry", () => {
    expect(clientAddressFrom("10.0.0.2", "203.0.113.5", 3)).toBe("203.0.113.5");
    expect(clientAddressFrom("10.0.0.2", undefined, 1)).toBe("10.0.0.2");
  });

  it("an entry that is not an address is not believed", () => {
    expect(clientAddressFrom("10.0.0.2", "<script>", 1)).toBe("10.0.0.2");
    expect(clientAddressFrom("10.0.0.2", "203.0.113.5, not-an-ip", 2)).toBe("10.0.0.2");
  });

  it("ports, brackets and IPv4-mapped IPv6 are reduced to the address", () => {
    expect(clientAddressFrom("::ffff:10.0.0.2", undefined, 0)).toBe("10.0.0.2");
    expect(clientAddressFrom("10.0.0.2", "[2001:DB8::1]:443", 1)).toBe("2001:db8::1");
    expect(clientAddressFrom("10.0.0.2", "203.0.113.5:8080", 1)).toBe("203.0.113.5");
  });

  it("loopback is 127.0.0.0/8 and ::1 only", () => {
    expect(isLoopback("127.0.0.1")).toBe(true);
    expect(isLoopback("127.9.9.9")).toBe(true);
    expect(isLoopback("::1")).toBe(true);
    expect(isLoopback("unknown")).toBe(false);
    expect(isLoopback("10.0.0.1")).toBe(false);
  });
});
