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
