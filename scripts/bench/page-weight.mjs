// Page weight as a phone receives it: the HTML and the page's own stylesheets and
// module scripts (stylesheet, modulepreload and module script links, and the
// modules its inline module scripts import), counted in compressed bytes on the
// wire. And the 14 KB check: is the card's content inside the first 14 KB of
// the compressed HTML, i.e. the first round trip of a new TCP connection?
import http from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync, constants as zlib } from "node:zlib";
import { PHONE_UA } from "./http-load.mjs";

export const FIRST_ROUND_TRIP_BYTES = 14 * 1024;
const ACCEPT_ENCODING = "gzip, deflate, br";

/** GET without decoding: the body exactly as it came over the wire. */
export function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { "user-agent": PHONE_UA, "accept-encoding": ACCEPT_ENCODING, ...headers } },
      (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode,
            headers: response.headers,
            encoding: response.headers["content-encoding"] ?? "identity",
            wire: Buffer.concat(chunks),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.setTimeout(30_000, () => request.destroy(new Error(`timeout: ${url}`)));
  });
}

/** Decodes a body, or as much of a body's prefix as can be decoded. */
export function decode(buffer, encoding, partial = false) {
  switch (encoding) {
    case "identity":
      return buffer;
    case "gzip":
      return gunzipSync(buffer, partial ? { finishFlush: zlib.Z_SYNC_FLUSH } : {});
    case "deflate":
      return inflateSync(buffer, partial ? { finishFlush: zlib.Z_SYNC_FLUSH } : {});
    case "br":
      return brotliDecompressSync(
        buffer,
        partial ? { finishFlush: zlib.BROTLI_OPERATION_FLUSH } : {},
      );
    default:
      throw new Error(`cannot decode ${encoding}`);
  }
}

function attributes(tag) {
  const attrs = {};
  for (const m of tag.matchAll(/\s([a-zA-Z:-]+)(?:=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attrs[m[1].toLowerCase()] = (m[2] ?? m[3] ?? m[4] ?? "").replaceAll("&amp;", "&");
  }
  return attrs;
}

/** The page's own CSS and JavaScript URLs, in document order. */
export function assetsOf(html, pageUrl) {
  const css = new Set();
  const js = new Set();
  const resolve = (href) => new URL(href, pageUrl).toString();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const a = attributes(tag);
    const rel = (a.rel ?? "").toLowerCase().split(/\s+/);
    if (!a.href) continue;
    if (rel.includes("stylesheet")) css.add(resolve(a.href));
    if (rel.includes("modulepreload")) js.add(resolve(a.href));
  }
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const a = attributes(`<script ${m[1]}>`);
    if (a.src) js.add(resolve(a.src));
    if (a.type === "module") {
      for (const i of m[2].matchAll(/import\s*\(?\s*["']([^"']+)["']/g)) js.add(resolve(i[1]));
    }
  }
  return { css: [...css], js: [...js] };
}

/** HTML, CSS and JS bytes on the wire for one page (optionally with a cookie). */
export async function pageWeight(baseUrl, path, cookie) {
  const pageUrl = `${baseUrl}${path}`;
  const page = await rawGet(pageUrl, cookie ? { cookie } : {});
  if (page.status !== 200) throw new Error(`${path} answered ${page.status}`);
  const html = decode(page.wire, page.encoding).toString("utf8");
  const { css, js } = assetsOf(html, pageUrl);
  const sum = async (urls) => {
    let bytes = 0;
    for (const url of urls) {
      const asset = await rawGet(url);
      if (asset.status !== 200) throw new Error(`${url} answered ${asset.status}`);
      bytes += asset.wire.byteLength;
    }
    return bytes;
  };
  return {
    path,
    htmlEncoding: page.encoding,
    htmlBytes: Buffer.byteLength(html),
    htmlWireBytes: page.wire.byteLength,
    inlineStyleBytes: [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].reduce(
      (n, m) => n + Buffer.byteLength(m[1]),
      0,
    ),
    stylesheets: css.length,
    cssWireBytes: await sum(css),
    scripts: js.length,
    jsWireBytes: await sum(js),
    html,
    wire: page.wire,
    encoding: page.encoding,
  };
}

/** The element that carries `marker` (an attribute), from its `<` to its closing tag. */
function elementSpan(html, marker) {
  const at = html.indexOf(marker);
  if (at === -1) return null;
  const start = html.lastIndexOf("<", at);
  const name = html.slice(start + 1).match(/^[a-zA-Z0-9]+/)?.[0];
  if (!name) return null;
  const close = html.indexOf(`</${name}>`, at);
  if (close === -1) return null;
  return { start, end: close + name.length + 3, text: html.slice(start, close + name.length + 3) };
}

/**
 * The card's content as the performance budget lists it, each located in the
 * decoded HTML: name, the medical warning (with its reveal button), the
 * contacts with their call/text/mail links, the emergency number, the alert
 * button, and the inlined CSS. Each must end inside what the first 14 KB of
 * the compressed HTML decode to.
 */
/** How many bytes of the decoded HTML the first 14 KB of the compressed body decode to. */
export function decodedPrefixBytes(weight) {
  const { html, wire, encoding } = weight;
  return wire.byteLength <= FIRST_ROUND_TRIP_BYTES
    ? Buffer.byteLength(html)
    : decode(wire.subarray(0, FIRST_ROUND_TRIP_BYTES), encoding, true).byteLength;
}

export function firstRoundTrip(weight) {
  const { html, wire, encoding } = weight;
  const decodedPrefix = decodedPrefixBytes(weight);
  const byteOffset = (index) => Buffer.byteLength(html.slice(0, index));
  const items = [];
  const add = (name, span, ok = true, note = "") => {
    const end = span ? byteOffset(span.end) : null;
    items.push({
      content: name,
      endsAtByte: end,
      inFirst14KB: Boolean(span && ok && end <= decodedPrefix),
      note,
    });
  };
  const nameSpan = elementSpan(html, 'data-testid="card-name"');
  add("name", nameSpan, true, nameSpan?.text.replace(/<[^>]+>/g, "").trim() ?? "not found");
  const warning = elementSpan(html, 'role="note"');
  add("medical warning", warning, true, warning ? "" : "not found");
  const reveal = elementSpan(html, 'value="reveal"');
  add("medical reveal button", reveal, true, reveal ? "" : "not found");
  const contacts = elementSpan(html, 'data-testid="card-contacts"');
  const links = contacts ? [...contacts.text.matchAll(/href="(tel|sms|mailto):/g)].length : 0;
  add(
    "contacts with call/text/mail links",
    contacts,
    links > 0,
    contacts ? `${links} link(s)` : "not found",
  );
  const emergency = elementSpan(html, 'data-testid="emergency-number"');
  add(
    "emergency number (tel: link)",
    emergency,
    Boolean(emergency?.text.includes('href="tel:')),
    emergency ? "" : "not found",
  );
  const button = elementSpan(html, 'data-testid="send-alert"');
  add("alert button", button, true, button ? "" : "not found");
  const styles = [...html.matchAll(/<style\b[^>]*>[\s\S]*?<\/style>/gi)];
  const lastStyle = styles.at(-1);
  const external = weight.stylesheets;
  add(
    "CSS (inlined, no stylesheet request)",
    lastStyle ? { end: lastStyle.index + lastStyle[0].length } : null,
    external === 0,
    external === 0 ? `${styles.length} inline style element(s)` : `${external} stylesheet link(s)`,
  );
  return {
    compressedBytes: wire.byteLength,
    encoding,
    decodedPrefixBytes: decodedPrefix,
    items,
    pass: items.every((i) => i.inFirst14KB),
  };
}

/** A text node's value as React writes it into HTML (react-dom's escapeTextForBrowser). */
export function escapeText(text) {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");
}

/**
 * Where each text node (its DOM value, in document order) is written in `html`: the end of its
 * first occurrence as a whole text node (between a tag or comment and the next `<`), searched
 * from where the previous one was found, then anywhere; a bare occurrence when no whole one
 * exists, all within the body. Returns [{ text, start, end }] with character offsets, or start -1 when not found.
 */
export function locateTexts(html, texts) {
  // Visible text is in the body: a title or a meta description saying the same comes earlier.
  const body = Math.max(0, html.search(/<body\b/i));
  let cursor = body;
  return texts.map((text) => {
    const escaped = escapeText(text);
    const whole = `>${escaped}<`;
    const candidates = [
      [html.indexOf(whole, cursor), 1],
      [html.indexOf(whole, body), 1],
      [html.indexOf(escaped, cursor), 0],
      [html.indexOf(escaped, body), 0],
    ];
    const found = candidates.find(([at]) => at !== -1);
    if (!found) return { text, start: -1, end: -1 };
    const start = found[0] + found[1];
    const end = start + escaped.length;
    if (end > cursor) cursor = end;
    return { text, start, end };
  });
}

/** `<link rel="stylesheet">` elements that block rendering (not media="print"), with offsets. */
export function renderBlockingStylesheets(html) {
  const links = [];
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const a = attributes(m[0]);
    const rel = (a.rel ?? "").toLowerCase().split(/\s+/);
    if (!rel.includes("stylesheet") || a.disabled !== undefined) continue;
    if ((a.media ?? "all").trim().toLowerCase() === "print") continue;
    links.push({ href: a.href, at: m.index });
  }
  return links;
}

/**
 * The 14 KB check for any page: the text a phone shows above the fold (`texts`, the DOM values
 * of the visible text nodes in document order) must all end inside what the first 14 KB of the
 * compressed HTML decode to, with no render-blocking stylesheet before the last of them (its
 * text could not paint from the first round trip alone). Text that is not in the HTML at all
 * (drawn by a script) fails.
 */
export function visibleTextInFirstRoundTrip(weight, texts) {
  const { html, wire, encoding } = weight;
  const decodedPrefix = decodedPrefixBytes(weight);
  const byteOffset = (index) => Buffer.byteLength(html.slice(0, index));
  const located = locateTexts(html, texts).map((l) => ({
    text: l.text.trim().slice(0, 60),
    endsAtByte: l.start === -1 ? null : byteOffset(l.end),
    end: l.end,
  }));
  const missing = located.filter((l) => l.endsAtByte === null).map((l) => l.text);
  const last = located.reduce(
    (a, l) => (l.endsAtByte !== null && l.endsAtByte > (a?.endsAtByte ?? -1) ? l : a),
    null,
  );
  const lastEnd = last ? last.end : 0;
  const blocking = renderBlockingStylesheets(html).filter((s) => s.at < lastEnd);
  const late = located.filter((l) => l.endsAtByte !== null && l.endsAtByte > decodedPrefix);
  return {
    compressedBytes: wire.byteLength,
    encoding,
    decodedPrefixBytes: decodedPrefix,
    texts: texts.length,
    lastTextEndsAtByte: last?.endsAtByte ?? null,
    lastText: last?.text ?? null,
    notInHtml: missing,
    pastFirst14KB: late.map((l) => l.text),
    renderBlockingStylesheets: blocking.map((s) => s.href),
    pass: texts.length > 0 && missing.length === 0 && late.length === 0 && blocking.length === 0,
  };
}

/** Cookie header value from Set-Cookie lines, merged into `jar`. */
function remember(jar, setCookie = []) {
  for (const line of setCookie) {
    const [pair] = line.split(";");
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (value === "" || /max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
}

async function postForm(url, fields, jar) {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        headers: {
          "user-agent": PHONE_UA,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          "sec-fetch-site": "same-origin",
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => {
          remember(jar, response.headers["set-cookie"]);
          resolve(response.statusCode);
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * Signs the demo account in through /auth (password, then the 6-digit code
 * read from /dev/outbox.json) and returns the session's Cookie header.
 */
export async function signInDemo(baseUrl, { email, password }) {
  const jar = new Map();
  const first = await postForm(
    `${baseUrl}/auth`,
    { intent: "signin", identifier: email, password },
    jar,
  );
  if (first !== 200) throw new Error(`sign-in answered ${first}`);
  const outbox = await (await fetch(`${baseUrl}/dev/outbox.json`)).json();
  const message = outbox.find((m) => m.to === email);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no sign-in code for ${email} in /dev/outbox.json`);
  const verified = await postForm(`${baseUrl}/auth`, { intent: "verify", code }, jar);
  if (verified !== 302) throw new Error(`code verification answered ${verified}`);
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}
