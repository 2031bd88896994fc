import { useSyncExternalStore } from "react";

/**
 * A CSS media query as React state. The server (and the first client render,
 * during hydration) sees `serverValue`, so markup never differs between the two;
 * the real value follows right after hydration and on every change.
 */
export function useMediaQuery(query: string, serverValue: boolean): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

/** True until the browser says motion is fine, so nothing moves for users who asked it not to. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery("(prefers-reduced-motion: reduce)", true);
}
