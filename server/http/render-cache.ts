import { createHash, randomBytes, randomUUID } from "node:crypto";
import { parseAccept } from "hono/utils/accept";
import type { AppLoadContext } from "react-router";
import type { PageHandler } from "./app.ts";
import { GzipTemplate } from "./gzip-template.ts";

/** Whether the client takes gzip, read as Hono's compress middleware reads it. */
export function acceptsGzip(header: string | null): boolean {
  const accepts = parseAccept(header ?? "");
  const q = (type: string) => accepts.find((a) => a.type.toLowerCase() === type)?.q;
  return (q("gzip") ?? q("*") ?? 0) > 0;
}

/** Whether an If-None-Match header names this (weak) entity tag, or any (`*`). */
export function matchesEntityTag(header: string | null, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

/** What fills a hole: this response's CSP nonce, or a new idempotency key. */
type Hole = "nonce" | "key";

/** A rendered page with holes where the per-response values go. */
interface Template {
  body: GzipTemplate;
  holes: Hole[];
  status: number;
  headers: [string, string][];
  /**
   * A weak entity tag of the page without its per-response values, or null when the page has
   * a value that must be new on every view (an idempotency key): a browser's stored copy would
   * carry an old one, so such a page is never answered 304.
   */
  etag: string | null;
}

/** How a page is rendered and served from a render cache. */
export interface RenderOptions {
  /** The request React Router renders on a miss; by default the reader's own. */
  renderRequest?: Request;
  /** The load context for that render, before the placeholders are added. */
  renderContext?: AppLoadContext;
  /** Added to `Vary` on every answer from the cache. */
  vary?: string;
  /** Runs once per answer from the cache (a render's own loaders run on a miss instead). */
  onCachedAnswer?: () => void;
}

/**
 * Renders of pages that are pure functions of a few inputs, kept pre-compressed and filled per
 * response (decision 017, generalised by decision 154). The caller names the inputs: `key` must
 * change whenever anything the page is made from changes. The values a page must never share
 * (the CSP nonce, an alert's idempotency key) are rendered as random placeholders and filled in
 * per response. Only a plain 200 HTML page without `Set-Cookie` is kept; anything else is
 * answered as rendered and rendered again next time. Readers arriving together wait for one
 * render. At most `maxEntries` renders are kept; the least recently used goes first.
 */
export function renderCache(handlePage: PageHandler, options: { maxEntries: number }) {
  const placeholder = { nonce: randomBytes(16).toString("hex"), key: randomUUID() };
  const holePattern = new RegExp(`(${placeholder.nonce}|${placeholder.key})`);
  const cache = new Map<string, Template>();
  const rendering = new Map<string, Promise<Template | undefined>>();

  function respond(template: Template, request: Request, nonce: string, vary?: string) {
    const headers = new Headers(template.headers);
    headers.append("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    if (template.etag) {
      headers.set("ETag", template.etag);
      // The browser's copy is as good: it keeps the CSP it was sent with (security-headers.ts).
      if (matchesEntityTag(request.headers.get("if-none-match"), template.etag)) {
        headers.delete("content-type");
        return new Response(null, { status: 304, headers });
      }
    }
    const key = randomUUID(); // one per page, however often it appears
    const values = template.holes.map((hole) => (hole === "nonce" ? nonce : key));
    let body: Buffer;
    if (acceptsGzip(request.headers.get("accept-encoding"))) {
      body = template.body.gzip(values);
      headers.set("Content-Encoding", "gzip");
    } else {
      body = template.body.render(values);
    }
    headers.set("Content-Length", String(body.length));
    // A Buffer from Buffer.concat owns a plain ArrayBuffer.
    return new Response(body as Uint8Array<ArrayBuffer>, { status: template.status, headers });
  }

  async function render(
    request: Request,
    context: AppLoadContext,
  ): Promise<
    | { response: Response; template?: undefined; reusable: false }
    | { response?: undefined; template: Template; reusable: boolean }
  > {
    const response = await handlePage(request, {
      ...context,
      cspNonce: placeholder.nonce,
      renderSeed: { ...context.renderSeed, idempotencyKey: placeholder.key },
    });
    const isPage = response.headers.get("content-type")?.startsWith("text/html");
    if (!isPage || !response.body) return { response, reusable: false };
    const text = await response.text();
    const pieces = text.split(holePattern);
    const holes = pieces
      .filter((_, i) => i % 2 === 1)
      .map((piece): Hole => (piece === placeholder.nonce ? "nonce" : "key"));
    const hash = createHash("sha256")
      .update(`${response.status}\n`)
      .update(text.replaceAll(placeholder.nonce, "NONCE"))
      .digest("base64url");
    const template: Template = {
      body: new GzipTemplate(
        pieces.filter((_, i) => i % 2 === 0),
        pieces.filter((_, i) => i % 2 === 1).map((piece) => piece.length),
      ),
      holes,
      status: response.status,
      headers: [...response.headers].filter(([name]) => name !== "content-length"),
      etag: holes.includes("key") ? null : `W/"${hash.slice(0, 27)}"`,
    };
    const reusable = response.status === 200 && !response.headers.has("set-cookie");
    return { template, reusable };
  }

  return async function serveFromCache(
    request: Request,
    context: AppLoadContext,
    key: string,
    serve: RenderOptions = {},
  ): Promise<Response> {
    const nonce = context.cspNonce;
    let template = cache.get(key);
    if (template) {
      cache.delete(key); // least recently used goes first
      cache.set(key, template);
      serve.onCachedAnswer?.();
      return respond(template, request, nonce, serve.vary);
    }
    // Readers arriving together wait for one render instead of making one each.
    const inFlight = rendering.get(key);
    if (inFlight) {
      template = await inFlight;
      if (template) {
        serve.onCachedAnswer?.();
        return respond(template, request, nonce, serve.vary);
      }
      return handlePage(request, context);
    }
    const rendered = render(serve.renderRequest ?? request, serve.renderContext ?? context);
    const settled = rendered
      .then((r) => (r.reusable ? r.template : undefined))
      .catch(() => undefined);
    rendering.set(key, settled);
    try {
      const result = await rendered;
      if (!result.reusable && serve.renderRequest) {
        // Rendered from a canonical request, not this reader's: they get their own render.
        await result.response?.body?.cancel();
        return handlePage(request, context);
      }
      if (!result.template) return result.response;
      if (!result.reusable) return respond(result.template, request, nonce);
      template = result.template;
      cache.set(key, template);
      if (cache.size > options.maxEntries) cache.delete(cache.keys().next().value!);
    } finally {
      rendering.delete(key);
    }
    return respond(template, request, nonce, serve.vary);
  };
}
