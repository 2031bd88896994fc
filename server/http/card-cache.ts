import { createHash } from "node:crypto";
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
import { renderCache } from "./render-cache.ts";

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
 * response (render-cache.ts). Anything unusual (a query string, a session
 * cookie, a state other than active, a response that is not a plain 200 page)
 * goes to React Router as usual. Decision 017.
 */
export function cardRenderCache(handlePage: PageHandler) {
  const serveFromCache = renderCache(handlePage, { maxEntries: MAX_ENTRIES });

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
    // On a miss the card's loader runs (and counts the scan) as on any other page.
    return serveFromCache(request, context, key, {
      onCachedAnswer() {
        if (countsAsScan(request)) {
          recordScan(context.services, { tagId, ownerId: card.ownerId }, context.clientAddress);
        }
      },
    });
  };
}
