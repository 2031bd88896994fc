import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { ANCHOR_SCROLL_DELAY_MS } from "#app/lib/enhance.ts";
import { enhancedArrival } from "#app/lib/hydration.ts";

/**
 * The spec's scrolling rules: restoration is manual; every change of path or
 * query starts at the top; a #anchor target is scrolled into view 100 ms after
 * arrival (so the page has laid out). On a page enhance.ts ran before React
 * (decision 160) the arrival was its own: hydrating, perhaps long after and
 * with the visitor scrolled down, moves nothing.
 */
export function ScrollManager() {
  const { pathname, search, hash } = useLocation();
  const arrival = useRef<string | null | undefined>(undefined);
  if (arrival.current === undefined) arrival.current = enhancedArrival();
  /** Whether the address is still the one enhance.ts arrived at (then forgotten once left). */
  const arrived = () => {
    if (arrival.current === `${pathname}${search}${hash}`) return true;
    arrival.current = null;
    return false;
  };

  useEffect(() => {
    if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path or query change
  useEffect(() => {
    if (arrived()) return;
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname, search]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page with the same hash scrolls again
  useEffect(() => {
    if (!hash || arrived()) return;
    const timer = window.setTimeout(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      target?.scrollIntoView({ behavior: "smooth", block: "start" });
    }, ANCHOR_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, search, hash]);

  return null;
}
