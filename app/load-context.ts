import type { Services } from "#server/services.ts";

declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    /** Nonce of this response's Content-Security-Policy, for inline scripts. */
    cspNonce: string;
    requestId: string;
    clientAddress: string;
    /**
     * Set only by the render caches (server/http/render-cache.ts): values a
     * page would otherwise make at random, given as placeholders so the
     * rendered HTML can be reused with fresh values filled in; and, for a
     * page rendered for every signed-in reader at once (page-cache.ts),
     * whether to show it signed in, without anyone's session.
     */
    renderSeed?: { idempotencyKey?: string; signedIn?: boolean };
  }
}
