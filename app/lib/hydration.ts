import { type RefObject, useLayoutEffect } from "react";

/**
 * What React finds when it hydrates a page that enhance.ts ran first (decision
 * 160): /support, /contact and /auth start React on the visitor's first
 * interaction, so by then enhance.ts may have scrolled to the #anchor, opened
 * its answer or opened the menu, and the visitor may have typed. Components
 * start from that, instead of doing it again or undoing it.
 */

/**
 * The attribute entry.client sets on <html> just before it hydrates: from then
 * on React answers the page's events (it hydrates at once on the first one),
 * so enhance.ts's handlers step aside.
 */
export const REACT_STARTED_ATTRIBUTE = "data-react-started";

let hydrated = false;

/**
 * Called once by the root component's first effect, after every other first
 * effect; `<html data-hydrated>` says so (the e2e tests wait for it).
 */
export function markHydrated() {
  hydrated = true;
  document.documentElement.dataset.hydrated = "true";
}

/**
 * The address (path, query and hash) enhance.ts already arrived at, while React
 * hydrates that document; null otherwise (a client-side move, a page enhance.ts
 * did not run on). Effects that do arrival work (scroll to the top or to the
 * #anchor, open the anchored answer) skip it while the address is still this.
 */
export function enhancedArrival(): string | null {
  if (hydrated || typeof document === "undefined") return null;
  if (document.documentElement.dataset.enhanced !== "true") return null;
  return `${location.pathname}${location.search}${location.hash}`;
}

/**
 * Hands `apply` what a form's control holds when the form first renders in the
 * browser, if anything: a page hydrated late may have been typed into (or
 * filled by the browser) before. React 19 keeps such values in the controls
 * (it does not write a value while hydrating) but no state hears of them, so a
 * password meter, a character count or a controlled field starts from them
 * here, before the first paint.
 */
export function useValueTypedEarly(
  formRef: RefObject<HTMLFormElement | null>,
  name: string,
  apply: (value: string) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form is first shown
  useLayoutEffect(() => {
    const control = formRef.current?.elements.namedItem(name);
    const value =
      control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement
        ? control.value
        : "";
    if (value) apply(value);
  }, []);
}
