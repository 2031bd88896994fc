import type { MiddlewareHandler } from "hono";

/**
 * Pages that show OpenStreetMap tiles (the family map, decision 133; a contact's live page,
 * decision 150): only they may load images from the tile server. The map's link reloads the
 * document, so its policy is the one in force.
 */
const MAP_TILE_PAGES = new Set(["/dashboard/map", "/dashboard/map/"]);
const LIVE_PAGE = /^\/ack\/[^/]+\/?$/;
const showsTiles = (path: string) => MAP_TILE_PAGES.has(path) || LIVE_PAGE.test(path);
const MAP_TILE_HOST = "https://tile.openstreetmap.org";

/**
 * Security headers for every response. Pages get a Content-Security-Policy
 * whose script nonce is made per request and passed to React Router, so the
 * only inline scripts that run are the ones the server rendered.
 */
export function securityHeaders(options: {
  isProduction: boolean;
  devMode?: boolean;
}): MiddlewareHandler<{ Variables: { cspNonce: string } }> {
  return async (c, next) => {
    await next();
    const nonce = c.get("cspNonce");
    const scriptSrc = options.devMode ? "'self' 'unsafe-inline'" : `'self' 'nonce-${nonce}'`;
    const csp = [
      "default-src 'self'",
      `script-src ${scriptSrc}`,
      // Inline style attributes come from React components and the card's inlined CSS.
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob:${showsTiles(c.req.path) ? ` ${MAP_TILE_HOST}` : ""}`,
      "font-src 'self'",
      `connect-src 'self'${options.devMode ? " ws: wss:" : ""}`,
      "media-src 'self' blob:",
      "worker-src 'self'",
      "manifest-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; ");
    // A 304 leaves the browser's copy in use with the policy it came with (its nonce); a new
    // policy would replace that one and block the copy's scripts (decision 154).
    if (c.res.status !== 304) c.header("Content-Security-Policy", csp);
    c.header("X-Content-Type-Options", "nosniff");
    // A page whose address holds a secret (a household invitation's link) sets its own, stricter.
    if (!c.res.headers.has("Referrer-Policy")) {
      c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    }
    c.header("X-Frame-Options", "DENY");
    c.header("Cross-Origin-Opener-Policy", "same-origin");
    c.header(
      "Permissions-Policy",
      "geolocation=(self), camera=(self), microphone=(), payment=(), usb=()",
    );
    if (options.isProduction) {
      c.header("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
    }
  };
}
