import { createHash, randomBytes, randomUUID } from "node:crypto";
import { parseAccept } from "hono/utils/accept";
import type { AppLoadContext } from "react-router";
import { hasSessionCookie } from "#server/auth/session-cookie.ts";
import {
  cardRenderInputs,
  countsAsScan,
  loadPublicCard,
  normaliseTagId,
  recordScan,
} from "#server/domain/public-card.ts";
import type { PageHandler } from "./app.ts";
import { GzipTemplate } from "./gzip-template.ts";

/** Whether the client takes gzip, read as Hono's compress middleware reads it. */
export function acceptsGzip(header: string | null): boolean {
  const accepts = parseAccept(header ?? "");
  const q = (type: string) => accepts.find((a) => a.type.toLowerCase() === type)?.q;
  return (q("gzip") ?? q("*") ?? 0) > 0;
}

/** A rendered card page with holes where the per-response values go. */
interface Template {
  body: GzipTemplate;
  /** What goes in each hole: the nonce or a new idempotency key. */
  holes: ("nonce" | "key")[];
  status: number;
  headers: [string, string][];
}

const MAX_ENTRIES = 256;

/**
 * The public card for a signed-out reader, with its React render reused.
 *
 * Every request still runs the card's one indexed query, so the page always
 * shows the tag's current state; what is reused is only the render of that
 * exact state: the cache key is a hash of everything the page is made from
 * (`cardRenderInputs`: the query's result, the reader's language and country,
 * the path). The two values a page must never share, the CSP nonce and the
 * alert's idempotency key, are rendered as placeholders and filled in per
 * response. Anything unusual (a query string, a session cookie, a state other
 * than active, a response that is not a plain 200 page) goes to React Router
 * as usual. Decision 017.
 */
export function cardRenderCache(handlePage: PageHandler) {
  const placeholder = { nonce: randomBytes(16).toString("hex"), key: randomUUID() };
  const holes = new RegExp(`(${placeholder.nonce}|${placeholder.key})`);
  const cache = new Map<string, Template>();
  const rendering = new Map<string, Promise<Template | undefined>>();

  function respond(template: Template, request: Request, nonce: string) {
    const key = randomUUID(); // one per page, however often it appears
    const values = template.holes.map((hole) => (hole === "nonce" ? nonce : key));
    const headers = new Headers(template.headers);
    headers.append("Vary", "Accept-Encoding");
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

  async function render(request: Request, context: AppLoadContext) {
    const response = await handlePage(request, {
      ...context,
      cspNonce: placeholder.nonce,
      renderSeed: { idempotencyKey: placeholder.key },
    });
    const isPage = response.headers.get("content-type")?.startsWith("text/html");
    if (!isPage || !response.body) return { response };
    const pieces = (await response.text()).split(holes);
    const template: Template = {
      body: new GzipTemplate(
        pieces.filter((_, i) => i % 2 === 0),
        pieces.filter((_, i) => i % 2 === 1).map((piece) => piece.length),
      ),
      holes: pieces
        .filter((_, i) => i % 2 === 1)
        .map((piece) => (piece === placeholder.nonce ? "nonce" : "key")),
      status: response.status,
      headers: [...response.headers].filter(([name]) => name !== "content-length"),
    };
    const reusable = response.status === 200 && !response.headers.has("set-cookie");
    return { template, reusable };
  }

  return async function cardPage(request: Request, context: AppLoadContext) {
    const url = new URL(request.url);
    const tagId = normaliseTagId(url.pathname.slice("/t/".length));
    if (request.method !== "GET" || url.search || !tagId || hasSessionCookie(request)) {
      return handlePage(request, context);
    }
    const card = await loadPublicCard(context.services, tagId);
    if (card.state !== "active") return handlePage(request, context);

    const key = createHash("sha256")
      .update(JSON.stringify(cardRenderInputs(request, card)))
      .digest("base64");
    const countScan = () => {
      if (countsAsScan(request)) {
        recordScan(context.services, { tagId, ownerId: card.ownerId }, context.clientAddress);
      }
    };
    let template = cache.get(key);
    if (template) {
      cache.delete(key); // least recently used goes first
      cache.set(key, template);
      countScan();
      return respond(template, request, context.cspNonce);
    }
    // Readers arriving together wait for one render instead of making one each.
    const inFlight = rendering.get(key);
    if (inFlight) {
      template = await inFlight;
      if (template) {
        countScan();
        return respond(template, request, context.cspNonce);
      }
      return handlePage(request, context);
    }
    // The card's loader runs (and counts the scan) as on any other page.
    const rendered = render(request, context);
    const settled = rendered
      .then((r) => (r.reusable ? r.template : undefined))
      .catch(() => undefined);
    rendering.set(key, settled);
    try {
      const result = await rendered;
      if (!result.template) return result.response;
      template = result.template;
      if (result.reusable) {
        cache.set(key, template);
        if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      }
    } finally {
      rendering.delete(key);
    }
    return respond(template, request, context.cspNonce);
  };
}
