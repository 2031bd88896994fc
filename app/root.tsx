import { useContext, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, useMatches } from "react-router";
import type { Route } from "./+types/root";
import appCssUrl from "./app.css?url";
// Imported here so that the client build emits them; the server inlines their text.
import "./card.css?url";
import "./site.css?url";
import { NotFound } from "#app/components/not-found.tsx";
import { ScrollManager } from "#app/components/scroll-manager.tsx";
import {
  type DeferScriptsHandle,
  deferredScriptsLoader,
  FormAnswerContext,
  isOnInteractionPage,
  useStaticPage,
} from "#app/lib/deferred-scripts.ts";
import { enhanceOptions, enhanceScript } from "#app/lib/enhance.ts";
import { markHydrated } from "#app/lib/hydration.ts";
import { rememberLanguage, switchLanguage } from "#app/lib/i18n.client.ts";
import type { I18nNamespacesHandle } from "#app/lib/i18n.ts";
import { PageStyles } from "#app/lib/inline-css.tsx";
import { type RootLoaderData, useRootData } from "#app/lib/root-data.ts";
import { getSessionUser } from "#app/lib/session.server.ts";
import { themeBootScript } from "#app/lib/theme.ts";
import {
  detectRequestLanguage,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  matchLanguage,
  readCookie,
} from "#core/languages.ts";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The PWA (docs/decisions/050): every page, the public card included.
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootLoaderData> {
  const user = await getSessionUser(request, context);
  const { config } = context.services;
  return {
    language: detectRequestLanguage(request),
    // The page cache renders its signed-in pages without a session (decision 154).
    signedIn: context.renderSeed?.signedIn ?? Boolean(user),
    cspNonce: context.cspNonce,
    storeUrl: config.storeUrl,
    salesEmail: config.salesEmail,
    supportEmail: config.supportEmail,
  };
}

/**
 * The browser's half of language detection: a choice kept only in local storage
 * (the cookie was cleared) wins over the browser language the server used.
 */
function useLanguagePersistence() {
  const { i18n } = useTranslation();
  useEffect(() => {
    const url = new URL(window.location.href);
    const explicit =
      matchLanguage(url.searchParams.get("lng")) ??
      matchLanguage(readCookie(document.cookie, LANGUAGE_COOKIE));
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    } catch {}
    if (!explicit && isLanguage(stored) && stored !== i18n.language) {
      void switchLanguage(stored);
    } else if (isLanguage(i18n.language)) {
      rememberLanguage(i18n.language);
    }
  }, [i18n]);
}

/** The namespaces the page's routes name, if any (see I18nNamespacesHandle). */
function usePageNamespaces(): string | undefined {
  const named = useMatches().flatMap(
    (match) => (match.handle as I18nNamespacesHandle | undefined)?.i18nNamespaces ?? [],
  );
  return named.length ? named.join(" ") : undefined;
}

/** enhance.ts as the inline script of a whole page (made once). */
let enhanceText: string | undefined;
const pageEnhanceScript = () => (enhanceText ??= enhanceScript(enhanceOptions(true)));

/** In the browser: whether this document was sent with enhance.ts (and so has its script). */
const enhancedDocument = () =>
  typeof document !== "undefined" && document.documentElement.dataset.enhanced === "true";

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const { i18n } = useTranslation();
  const namespaces = usePageNamespaces();
  const matches = useMatches();
  const deferScripts = matches.some(
    (match) => (match.handle as DeferScriptsHandle | undefined)?.deferScripts,
  );
  // Signed out, the public site's pages are not hydrated (decision 159).
  const staticPage = useStaticPage();
  // Signed out, /support, /contact and /auth start React on the first interaction (decision 160).
  const onInteraction = isOnInteractionPage(
    matches.map((match) => match.handle),
    data?.signedIn ?? false,
  );
  // After load instead when the page answers a form post, or has a notice to announce.
  const startOnLoad =
    useContext(FormAnswerContext) ||
    matches.some((match) => (match.data as { notice?: unknown } | undefined)?.notice);
  const startOn = onInteraction && !startOnLoad ? "interaction" : "load";
  return (
    <html
      lang={i18n.language}
      dir="ltr"
      data-i18n-namespaces={namespaces}
      data-hydrate={startOn === "interaction" ? "on-interaction" : undefined}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#c81e2b" />
        <script
          nonce={data?.cspNonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{
            __html:
              deferScripts && !staticPage
                ? themeBootScript + deferredScriptsLoader(startOn)
                : themeBootScript,
          }}
        />
        <Meta />
        {/* Linked (and cached) everywhere except where a route asks for its CSS inline. */}
        <PageStyles href={appCssUrl} nonce={data?.cspNonce} />
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        {/*
          Until React starts (or for good, on a static page), enhance.ts runs the page. Once
          hydrated, the element stays through client-side moves: React never makes a new one.
        */}
        {staticPage || onInteraction || enhancedDocument() ? (
          <script
            nonce={data?.cspNonce}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: pageEnhanceScript() }}
          />
        ) : null}
        {staticPage ? null : <Scripts nonce={data?.cspNonce} />}
      </body>
    </html>
  );
}

export default function App() {
  useLanguagePersistence();
  // Runs after every component's own first effects: theirs still see the hydration.
  useEffect(markHydrated, []);
  return (
    <>
      <ScrollManager />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-4xl font-bold">{status}</h1>
      <p className="text-muted-foreground">{t("errors.generic")}</p>
      <a href="/" className="text-primary underline">
        {t("notFound.home")}
      </a>
    </main>
  );
}
