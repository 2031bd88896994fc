import type { MiddlewareHandler } from "hono";

/** The methods any route of ours answers; pages take GET/HEAD, actions the rest. */
export const KNOWN_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const ALLOW = KNOWN_METHODS.join(", ");
const known = new Set(KNOWN_METHODS);

/**
 * Any other method (TRACE, CONNECT, WebDAV's PROPFIND…) is a 405 with the list
 * of methods we do take, before anything reads the request: TRACE cannot even
 * be turned into a fetch Request, which made it a 500. OPTIONS is answered here
 * too (we serve no cross-origin callers, so there is nothing to negotiate).
 */
export function knownMethodsOnly(): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method.toUpperCase();
    if (!known.has(method)) {
      return c.text("Method Not Allowed", 405, { Allow: ALLOW });
    }
    if (method === "OPTIONS") return c.body(null, 204, { Allow: ALLOW });
    return next();
  };
}
