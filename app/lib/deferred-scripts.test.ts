import { describe, expect, it } from "vitest";
import { deferScriptsHtml } from "./deferred-scripts.ts";

describe("deferScriptsHtml", () => {
  it("makes preloads inert without their nonce, and module scripts inert with theirs", () => {
    const html =
      '<head><link rel="modulepreload" href="/assets/a.js" nonce="n1"/>' +
      '<link rel="modulepreload" href="/assets/b.js"/>' +
      '<link rel="icon" href="/favicon.svg" nonce="n1"/></head>' +
      '<body><script nonce="n1" type="module" async="">import("/assets/a.js")</script></body>';
    expect(deferScriptsHtml(html)).toBe(
      '<head><link rel="x-deferred-modulepreload" href="/assets/a.js"/>' +
        '<link rel="x-deferred-modulepreload" href="/assets/b.js"/>' +
        '<link rel="icon" href="/favicon.svg" nonce="n1"/></head>' +
        '<body><script nonce="n1" type="text/x-deferred-module" async="">import("/assets/a.js")</script></body>',
    );
  });
});
