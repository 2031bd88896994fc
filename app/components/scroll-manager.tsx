import { useEffect } from "react";
import { useLocation } from "react-router";
import { ANCHOR_SCROLL_DELAY_MS } from "#app/lib/enhance.ts";

/**
 * The spec's scrolling rules: restoration is manual; every change of path or
 * query starts at the top; a #anchor target is scrolled into view 100 ms after
 * arrival (so the page has laid out).
 */
export function ScrollManager() {
  const { pathname, search, hash } = useLocation();

  useEffect(() => {
    if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path or query change
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname, search]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page with the same hash scrolls again
  useEffect(() => {
    if (!hash) return;
    const timer = window.setTimeout(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      target?.scrollIntoView({ behavior: "smooth", block: "start" });
    }, ANCHOR_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, search, hash]);

  return null;
}
