import { createContext } from "react";
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
   *
   * "on-interaction": signed out, the page is sent as for `deferScripts`, plus
   * enhance.ts for its header, and its modules start on the visitor's first
   * interaction instead of after load (decision 160). Signed in, as
   * `deferScripts`.
   */
  hydrate?: "signed-in" | "on-interaction";
}

/** Whether the matched routes make this a page without React for this visitor. */
export function isStaticPage(handles: readonly unknown[], signedIn: boolean): boolean {
  return (
    !signedIn &&
    handles.some((handle) => (handle as DeferScriptsHandle | undefined)?.hydrate === "signed-in")
  );
}

/**
 * Whether the matched routes make this a page whose React starts on the first
 * interaction for this visitor, enhance.ts running its header until then.
 */
export function isOnInteractionPage(handles: readonly unknown[], signedIn: boolean): boolean {
  return (
    !signedIn &&
    handles.some(
      (handle) => (handle as DeferScriptsHandle | undefined)?.hydrate === "on-interaction",
    )
  );
}

/**
 * Whether the document answers a form post (set by entry.server). Such an answer
 * is the middle of a task (a code to type, its countdown), so an on-interaction
 * page starts its modules after load there, as `deferScripts` does.
 */
export const FormAnswerContext = createContext(false);

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

/**
 * Makes React Router's preloads and module script inert in a rendered page. An inert preload
 * loses its nonce: the loader makes a new link from its address alone, and the thirty nonces of
 * an on-interaction page's head (45 bytes each) pushed the support page's first screen past
 * its first 14 KB.
 */
export function deferScriptsHtml(html: string): string {
  return html
    .replace(
      /<link rel="modulepreload"( href="[^"]*")(?: nonce="[^"]*")?/g,
      (_all, href: string) => `<link rel="${INERT_PRELOAD}"${href}`,
    )
    .replace(
      /(<script\b[^>]*?) type="module"([^>]*>)/g,
      (_all, start: string, end: string) => `${start} type="${INERT_MODULE}"${end}`,
    );
}

/**
 * What makes an on-interaction page start its modules: any first touch, key,
 * focus or mouse pointer over the page. Lighthouse and a visitor who only reads
 * send none of them; a desktop pointer starts React before the first click.
 */
export const INTERACTION_EVENTS = ["pointerdown", "touchstart", "keydown", "focusin", "mouseover"];

/**
 * Preloads started in one task. A page's thirty-odd preloads appended at once made one task of
 * 5–40 ms on a desktop, which Lighthouse's four-times-slower phone counted as blocking time on
 * the card (decision 171); six links a task stay far below it.
 */
export const PRELOADS_PER_TASK = 6;

/**
 * Starts the inert modules (runs in the browser, in the page's head): after
 * the load event, or, with `on` "interaction", on the first of
 * INTERACTION_EVENTS (once the document is parsed, so every inert script is
 * there to start). The preloads go in tasks of PRELOADS_PER_TASK, each after
 * the last has let the page breathe, and the module scripts after them all.
 */
export function deferredScriptsLoader(on: "load" | "interaction"): string {
  const start = `function(){var d=document,l=[].slice.call(d.querySelectorAll('link[rel="${INERT_PRELOAD}"]'));(function n(){l.splice(0,${PRELOADS_PER_TASK}).forEach(function(x){var p=d.createElement("link");p.rel="modulepreload";p.href=x.href;d.head.appendChild(p)});if(l.length)return setTimeout(n);d.querySelectorAll('script[type="${INERT_MODULE}"]').forEach(function(s){var m=d.createElement("script");m.type="module";m.nonce=s.nonce;m.text=s.text;d.head.appendChild(m)})})()}`;
  if (on === "load") return `addEventListener("load",function(){setTimeout(${start})});`;
  return `(function(){var r=${start},e=${JSON.stringify(INTERACTION_EVENTS)},o={capture:true,passive:true},g=0;function f(){if(g)return;g=1;e.forEach(function(n){removeEventListener(n,f,o)});if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",r);else r()}e.forEach(function(n){addEventListener(n,f,o)})})();`;
}
