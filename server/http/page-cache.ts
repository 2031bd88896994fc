import type { AppLoadContext } from "react-router";
import { detectRequestLanguage, LANGUAGE_COOKIE } from "#core/languages.ts";
import { PLAN_IDS } from "#core/plans.ts";
import { hasSessionCookie } from "#server/auth/session-cookie.ts";
import { peopleProtectedClaim } from "#server/domain/people-protected.ts";
import type { Services } from "#server/services.ts";
import type { PageHandler } from "./app.ts";
import { renderCache } from "./render-cache.ts";

/** What a cached page's HTML may depend on besides its path, language and signed-in state. */
export interface CachedPage {
  /**
   * Whether the signed-in variant is cached too. Only where being signed in changes nothing but
   * the header's links: a page that shows the reader's own data (their plan, their name and
   * email in a form) or sends them elsewhere is rendered per request for them.
   */
  signedIn: boolean;
  /** Query parameters the page reads, each with every value it accepts; any other query goes to React Router. */
  query?: Readonly<Record<string, readonly string[]>>;
  /** Anything else the page is made from, read per request (the landing page's count). */
  inputs?: (services: Services) => unknown;
}

/**
 * The marketing and content pages (issue 19, decision 154): their HTML is a function of the
 * path, the language, whether someone is signed in, the year (the footer's ©), the process's
 * configuration and build, and what `inputs` adds. A page added here must be added to the
 * equality tests (tests/integration/page-cache.test.ts), which compare every variant with
 * React Router's own render.
 */
export const CACHED_PAGES: ReadonlyMap<string, CachedPage> = new Map<string, CachedPage>([
  // The trust bar's count of people protected; signed in, the plans show the reader's own.
  ["/", { signedIn: false, inputs: peopleProtectedClaim }],
  ["/pricing", { signedIn: false }],
  ["/how-it-works", { signedIn: true }],
  // Signed in, the question form is filled in with the reader's name and email.
  ["/support", { signedIn: false }],
  ["/contact", { signedIn: true }],
  ["/for-organizations", { signedIn: true }],
  ["/products/wristbands", { signedIn: true }],
  ["/products/cards", { signedIn: true }],
  ["/products/keychains", { signedIn: true }],
  ["/about", { signedIn: true }],
  ["/blog", { signedIn: true }],
  ["/legal/privacy", { signedIn: true }],
  ["/legal/terms", { signedIn: true }],
  ["/legal/hipaa", { signedIn: true }],
  ["/legal/cookies", { signedIn: true }],
  // Sign-up, sign-in and the forgotten password as the site's links open them; signed in, /auth
  // sends the reader to the dashboard.
  [
    "/auth",
    {
      signedIn: false,
      query: { mode: ["signin", "signup"], plan: PLAN_IDS, forgot: ["1"] },
    },
  ],
]);

/** A blog post: the article's slug (an unknown one is a 404, which is never kept). */
const BLOG_POST = /^\/blog\/[a-z0-9-]{1,80}$/;
const BLOG_POST_PAGE: CachedPage = { signedIn: true };

export function cachedPageFor(pathname: string): CachedPage | undefined {
  return CACHED_PAGES.get(pathname) ?? (BLOG_POST.test(pathname) ? BLOG_POST_PAGE : undefined);
}

/** Cookies a cached page may be asked with: the language and the session. Any other goes past. */
const KNOWN_COOKIE = new RegExp(`^(?:${LANGUAGE_COOKIE}|(?:__Secure-)?safetap\\.session_token)$`);
function onlyKnownCookies(request: Request): boolean {
  const header = request.headers.get("cookie");
  if (!header) return true;
  return header
    .split(";")
    .map((part) => part.split("=", 1)[0]!.trim())
    .every((name) => name === "" || KNOWN_COOKIE.test(name));
}

/**
 * Whether the query is one the page reads, with values it accepts (at most once each), written
 * plainly: `?mode=signin&&` or `?mode=%73ignin` would each be a key of their own.
 */
function acceptedQuery(url: URL, page: CachedPage): boolean {
  if (!url.search) return true;
  if (!page.query || url.search !== `?${url.searchParams}`) return false;
  const seen = new Set<string>();
  for (const [name, value] of url.searchParams) {
    if (seen.has(name) || !page.query[name]?.includes(value)) return false;
    seen.add(name);
  }
  return true;
}

/** Rendered pages kept: 18 pages and a few posts × 4 languages × 2, and the auth page's links. */
const MAX_ENTRIES = 384;

/**
 * Marketing and content pages served from a render cache (decision 154, over decision 017's
 * mechanism). A request is answered from the cache when it is a GET of a page in
 * `CACHED_PAGES`, with no query but the page's own, no cookie but the language and the session,
 * and, signed in, only on pages whose signed-in variant is cached. Everything else (a notice
 * cookie, any other query, a POST, a HEAD) goes to React Router as before.
 *
 * On a miss the page is rendered from a canonical request made of the key alone: the public
 * origin, the path and query, a language cookie, and no session. The signed-in variant is
 * rendered with `renderSeed.signedIn` instead of anyone's session, so no reader's own data can
 * reach a render that others are served.
 */
export function pageRenderCache(handlePage: PageHandler, services: Services) {
  const serveFromCache = renderCache(handlePage, { maxEntries: MAX_ENTRIES });
  const origin = new URL(services.config.publicUrl).origin;

  return async function page(request: Request, context: AppLoadContext): Promise<Response> {
    const url = new URL(request.url);
    const page = cachedPageFor(url.pathname);
    if (
      request.method !== "GET" ||
      !page ||
      !acceptedQuery(url, page) ||
      !onlyKnownCookies(request)
    ) {
      return handlePage(request, context);
    }
    let signedIn = false;
    if (hasSessionCookie(request)) {
      if (!page.signedIn) return handlePage(request, context);
      // The same question the root loader asks (app/lib/session.server.ts).
      const session = await services.auth.api
        .getSession({ headers: request.headers })
        .catch(() => undefined);
      if (session === undefined) return handlePage(request, context);
      signedIn = Boolean(session?.user);
    }
    const language = detectRequestLanguage(request);
    const key = JSON.stringify([
      url.pathname + url.search,
      language,
      signedIn,
      new Date().getFullYear(),
      page.inputs?.(services) ?? null,
    ]);
    const renderRequest = new Request(`${origin}${url.pathname}${url.search}`, {
      headers: { cookie: `${LANGUAGE_COOKIE}=${language}` },
    });
    return serveFromCache(request, context, key, {
      renderRequest,
      renderContext: { ...context, renderSeed: { signedIn } },
      vary: "Cookie, Accept-Language",
    });
  };
}
