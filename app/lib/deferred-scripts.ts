import { useMatches } from "react-router";
import { useRootData } from "./root-data.ts";

/**
 * Pages that must paint before anything else happens (the public card) can
 * ask for their JavaScript to wait until the page has loaded: a stranger's
 * phone on a slow network then spends its first round trips on the card, not
 * on 130 KB of modules it does not need to read it.
 *
 * React Router's <Scripts> has no such option, so the server turns its output
 * inert (`deferScriptsHtml`, in entry.server) and a small loader (below, in
 * the page's head) starts the same modules after the load event. Only
 * attributes change, on elements that suppress hydration warnings, so the
 * page hydrates as usual once the modules run. Decision 018.
 */

export interface DeferScriptsHandle {
  deferScripts?: true;
  /**
   * "signed-in": the page is hydrated only for a signed-in visitor. Signed
   * out, it is sent as HTML with no React at all, and a small inline script
   * (enhance.ts) does what HTML and CSS cannot. Decision 159.
   */
  hydrate?: "signed-in";
}

/** Whether the matched routes make this a page without React for this visitor. */
export function isStaticPage(handles: readonly unknown[], signedIn: boolean): boolean {
  return (
    !signedIn &&
    handles.some((handle) => (handle as DeferScriptsHandle | undefined)?.hydrate === "signed-in")
  );
}

/**
 * Whether the page being rendered is one React will not hydrate. Only the
 * server renders such a page: in the browser React runs only on pages it
 * hydrated, so there the answer is always no (and markup stays the same).
 */
export function useStaticPage(): boolean {
  const matches = useMatches();
  const root = useRootData();
  return (
    typeof document === "undefined" &&
    isStaticPage(
      matches.map((match) => match.handle),
      root?.signedIn ?? false,
    )
  );
}

const INERT_PRELOAD = "x-deferred-modulepreload";
const INERT_MODULE = "text/x-deferred-module";

/** Makes React Router's preloads and module script inert in a rendered page. */
export function deferScriptsHtml(html: string): string {
  return html
    .replace(/<link rel="modulepreload"/g, `<link rel="${INERT_PRELOAD}"`)
    .replace(
      /(<script\b[^>]*?) type="module"([^>]*>)/g,
      (_all, start: string, end: string) => `${start} type="${INERT_MODULE}"${end}`,
    );
}

/** Starts the inert modules once the page has loaded (runs in the browser). */
export const deferredScriptsLoader = `addEventListener("load",function(){setTimeout(function(){var d=document;d.querySelectorAll('link[rel="${INERT_PRELOAD}"]').forEach(function(l){var p=d.createElement("link");p.rel="modulepreload";p.href=l.href;d.head.appendChild(p)});d.querySelectorAll('script[type="${INERT_MODULE}"]').forEach(function(s){var m=d.createElement("script");m.type="module";m.nonce=s.nonce;m.text=s.text;d.head.appendChild(m)})})});`;
