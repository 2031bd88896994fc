import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  assetsOf,
  decode,
  FIRST_ROUND_TRIP_BYTES,
  firstRoundTrip,
  locateTexts,
  renderBlockingStylesheets,
  visibleTextInFirstRoundTrip,
} from "./page-weight.mjs";

const card = ({ filler = "", alertButton = true, stylesheet = false } = {}) => `<!DOCTYPE html>
<html><head>${stylesheet ? '<link rel="stylesheet" href="/assets/root.css">' : ""}
<style>body{margin:0}</style></head><body>
<!--${filler}-->
<main><h1 class="x" data-testid="card-name">Alex Demo</h1>
<a href="tel:911" data-testid="emergency-number"><span>Emergency</span> 911</a>
<ul data-testid="card-contacts"><li><a href="mailto:maria@example.com">Email Maria</a></li></ul>
<form method="post"><p role="note">Medical information is private.</p>
<button type="submit" name="intent" value="reveal">I Understand - View Medical Information</button></form>
${alertButton ? '<button type="submit" data-testid="send-alert">Send Emergency Alert</button>' : ""}
</main></body></html>`;

function weigh(html, stylesheets = 0) {
  return { html, wire: gzipSync(html), encoding: "gzip", stylesheets };
}

describe("the 14 KB check", () => {
  it("passes a small card whose content and CSS are all in the first round trip", () => {
    const result = firstRoundTrip(weigh(card()));
    expect(result.items.map((i) => [i.content, i.inFirst14KB])).toEqual([
      ["name", true],
      ["medical warning", true],
      ["medical reveal button", true],
      ["contacts with call/text/mail links", true],
      ["emergency number (tel: link)", true],
      ["alert button", true],
      ["CSS (inlined, no stylesheet request)", true],
    ]);
    expect(result.items[0]?.note).toBe("Alex Demo");
    expect(result.pass).toBe(true);
  });

  it("fails when incompressible bytes push the content past the first 14 KB", () => {
    const filler = randomBytes(20_000).toString("base64");
    const weight = weigh(card({ filler }));
    expect(weight.wire.byteLength).toBeGreaterThan(FIRST_ROUND_TRIP_BYTES);
    const result = firstRoundTrip(weight);
    expect(result.decodedPrefixBytes).toBeLessThan(filler.length);
    expect(result.items.find((i) => i.content === "name")?.inFirst14KB).toBe(false);
    expect(result.items.find((i) => i.content.startsWith("CSS"))?.inFirst14KB).toBe(true);
    expect(result.pass).toBe(false);
  });

  it("fails when a piece of the card is missing or the CSS needs its own request", () => {
    const noButton = firstRoundTrip(weigh(card({ alertButton: false })));
    expect(noButton.items.find((i) => i.content === "alert button")).toMatchObject({
      inFirst14KB: false,
      note: "not found",
    });
    expect(noButton.pass).toBe(false);
    const linked = firstRoundTrip(weigh(card({ stylesheet: true }), 1));
    expect(linked.items.find((i) => i.content.startsWith("CSS"))?.inFirst14KB).toBe(false);
    expect(linked.pass).toBe(false);
  });

  it("decodes a truncated gzip body to a prefix of the page", () => {
    const html = card({ filler: randomBytes(30_000).toString("hex") });
    const prefix = decode(gzipSync(html).subarray(0, 5_000), "gzip", true).toString("utf8");
    expect(prefix.length).toBeGreaterThan(1_000);
    expect(html.startsWith(prefix)).toBe(true);
  });
});

describe("the page's own assets", () => {
  it("follows stylesheet, modulepreload and module script links and inline module imports", () => {
    const html = `<head><link rel="stylesheet" href="/assets/root-1.css">
<link rel="modulepreload" href="/assets/entry.client-2.js"><link rel="icon" href="/favicon.svg">
<link rel="modulepreload" href="/assets/entry.client-2.js"></head><body>
<script type="module" src="/assets/chunk-3.js"></script>
<script type="module" nonce="n">import "/assets/manifest-4.js"; import("/assets/route-5.js");</script>
<script>window.x = 1;</script></body>`;
    expect(assetsOf(html, "http://127.0.0.1:3000/t/WB-ABCDE")).toEqual({
      css: ["http://127.0.0.1:3000/assets/root-1.css"],
      js: [
        "http://127.0.0.1:3000/assets/entry.client-2.js",
        "http://127.0.0.1:3000/assets/chunk-3.js",
        "http://127.0.0.1:3000/assets/manifest-4.js",
        "http://127.0.0.1:3000/assets/route-5.js",
      ],
    });
  });
});

const page = ({ filler = "", stylesheet = "" } = {}) => `<!DOCTYPE html>
<html><head><title>Scan. Tap. Protect.</title>${stylesheet}<style>h1{margin:0}</style></head><body>
<header><a href="/">SafeTap</a></header>
<main><h1>Scan. Tap. Protect.</h1><p>Alex&#x27;s card &amp; contacts<!-- --> in <b>one</b> tap</p>
<!--${filler}--><footer>Below the fold</footer></main></body></html>`;

describe("the 14 KB check for any public page", () => {
  const aboveTheFold = ["SafeTap", "Scan. Tap. Protect.", "Alex's card & contacts", "one"];

  it("finds each visible text node where React wrote it, in the body, escaped", () => {
    const html = page();
    const located = locateTexts(html, aboveTheFold);
    expect(located.map((l) => html.slice(l.start, l.end))).toEqual([
      "SafeTap",
      "Scan. Tap. Protect.",
      "Alex&#x27;s card &amp; contacts",
      "one",
    ]);
    expect(located[1]?.start).toBeGreaterThan(html.indexOf("<body"));
    expect(locateTexts(html, ["Drawn by a script"])).toEqual([
      { text: "Drawn by a script", start: -1, end: -1 },
    ]);
  });

  it("passes a page whose visible text and CSS come in the first round trip", () => {
    const result = visibleTextInFirstRoundTrip(weigh(page()), aboveTheFold);
    expect(result).toMatchObject({
      texts: 4,
      lastText: "one",
      notInHtml: [],
      pastFirst14KB: [],
      renderBlockingStylesheets: [],
      pass: true,
    });
  });

  it("fails when the visible text ends past the first 14 KB", () => {
    const filler = randomBytes(20_000).toString("base64");
    const html = page({ filler }).replace("<footer>", "<footer>Late text</footer><footer>");
    const result = visibleTextInFirstRoundTrip(weigh(html), [...aboveTheFold, "Late text"]);
    expect(result.pastFirst14KB).toEqual(["Late text"]);
    expect(result.pass).toBe(false);
  });

  it("fails on text the HTML does not have and on a stylesheet that blocks the first paint", () => {
    expect(visibleTextInFirstRoundTrip(weigh(page()), ["Hydrated later"])).toMatchObject({
      notInHtml: ["Hydrated later"],
      pass: false,
    });
    const linked = page({ stylesheet: '<link rel="stylesheet" href="/assets/root.css">' });
    expect(visibleTextInFirstRoundTrip(weigh(linked), aboveTheFold)).toMatchObject({
      renderBlockingStylesheets: ["/assets/root.css"],
      pass: false,
    });
    const print = page({ stylesheet: '<link rel="stylesheet" media="print" href="/p.css">' });
    expect(renderBlockingStylesheets(print)).toEqual([]);
    expect(visibleTextInFirstRoundTrip(weigh(page()), []).pass).toBe(false);
  });
});
