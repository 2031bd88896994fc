import type { MiddlewareHandler } from "hono";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests made by another site (CSRF). Browsers send
 * `Sec-Fetch-Site` and `Origin` with every POST; a request from elsewhere is
 * refused with 403. Requests without either header do not come from a browser
 * page, so they cannot ride on a visitor's cookies, and pass.
 */
export function sameOriginOnly(publicUrl: string): MiddlewareHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    // Sec-Fetch-Site is set by the browser and cannot be forged by a page; it is
    // the signal to trust. Origin is only the fallback for older browsers: a page
    // with a no-referrer policy (the public card) sends "Origin: null" on its own
    // same-site form posts.
    const fetchSite = c.req.header("sec-fetch-site");
    if (fetchSite) {
      if (fetchSite !== "same-origin" && fetchSite !== "none") {
        return c.text("Cross-site request refused", 403);
      }
      return next();
    }
    const origin = c.req.header("origin");
    if (origin) {
      const host = c.req.header("host");
      const ownOrigin = host ? `${new URL(c.req.url).protocol}//${host}` : null;
      if (origin !== publicOrigin && origin !== ownOrigin) {
        return c.text("Cross-site request refused", 403);
      }
    }
    return next();
  };
}
