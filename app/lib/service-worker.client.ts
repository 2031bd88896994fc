import { isCardPath, isKeptAccountPath } from "#core/offline.ts";

/**
 * Registers the service worker (docs/decisions/050) once the page has loaded,
 * so it never competes with the page itself. Production builds only: the
 * worker is made by the build, and the development server has none.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  // Whether this page's own request went through a worker.
  const controlled = Boolean(navigator.serviceWorker.controller);
  const register = async () => {
    try {
      await navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" });
      const registration = await navigator.serviceWorker.ready;
      // A card loaded before the worker ran was not kept: ask for a copy now.
      if (!controlled && isCardPath(location.pathname)) {
        registration.active?.postMessage({ type: "keep-card", url: location.pathname });
      }
      // Likewise the signed-in account's SOS page (decision 151).
      if (!controlled && isKeptAccountPath(location.pathname)) {
        registration.active?.postMessage({ type: "keep-page", url: location.pathname });
      }
    } catch {
      // No worker (private mode, storage off): the site works, only not offline.
    }
  };
  if (document.readyState === "complete") void register();
  else window.addEventListener("load", () => void register(), { once: true });
}
