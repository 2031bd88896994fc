import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { GzipTemplate } from "./gzip-template.ts";

const fill = (parts: string[], values: string[]) =>
  parts.map((part, i) => part + (values[i] ?? "")).join("");

describe("GzipTemplate", () => {
  it("makes gzip that decompresses to the filled text", () => {
    const parts = ['<html nonce="', '"><p>Xin chào, Đặng</p><input value="', '">', ""];
    const template = new GzipTemplate(parts, [32, 36, 4]);
    for (const values of [
      ["ab".repeat(16), crypto.randomUUID(), "tail"],
      ["0f".repeat(16), crypto.randomUUID(), "    "],
    ]) {
      const expected = fill(parts, values);
      expect(gunzipSync(template.gzip(values)).toString("utf8")).toBe(expected);
      expect(template.render(values).toString("utf8")).toBe(expected);
    }
  });

  it("compresses about as well as the whole text, and never refers into a hole", () => {
    // Text that repeats, with holes whose values change: a reference into a
    // hole would decompress to the wrong bytes (or fail the CRC).
    const block = '<link rel="modulepreload" href="/assets/chunk-abc.js" nonce="';
    const parts = ["<head>", ...Array.from({ length: 30 }, () => block), "</head>"];
    const lengths = parts.slice(1).map(() => 32);
    const template = new GzipTemplate(parts, lengths);
    for (let run = 0; run < 3; run++) {
      const values = lengths.map(() => crypto.randomUUID().replaceAll("-", ""));
      const gz = template.gzip(values);
      const expected = fill(parts, values);
      expect(gunzipSync(gz).toString("utf8")).toBe(expected);
      // The fixed text costs about nothing after its first copy: what is left
      // is each hole's value stored as is, with about 16 bytes of framing.
      const holes = lengths.reduce((sum, n) => sum + n + 16, 0);
      expect(gz.length).toBeLessThan(gzipSync(parts.join("")).length + holes);
    }
  });

  it("handles parts longer than the deflate window, and holes side by side", () => {
    const big = `${'<div class="card">lorem ipsum dolor</div>'.repeat(3000)}é`;
    const parts = ["", big, "", big, ""];
    const template = new GzipTemplate(parts, [1, 1, 1, 1]);
    const values = ["a", "b", "c", "d"];
    const gz = template.gzip(values);
    expect(gunzipSync(gz).toString("utf8")).toBe(fill(parts, values));
    expect(gz.length).toBeLessThan(big.length / 20);
  });

  it("refuses values of the wrong number or length", () => {
    const template = new GzipTemplate(["a", "b"], [2]);
    expect(() => template.gzip([])).toThrow();
    expect(() => template.gzip(["toolong"])).toThrow();
    expect(() => new GzipTemplate(["a", "b"], [])).toThrow();
  });
});
