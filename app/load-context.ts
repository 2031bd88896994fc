import type { Services } from "#server/services.ts";

declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    /** Nonce of this response's Content-Security-Policy, for inline scripts. */
    cspNonce: string;
    requestId: string;
    clientAddress: string;
    /**
     * Set only by the card render cache (server/http/card-cache.ts): values a
     * page would otherwise make at random, given as placeholders so the
     * rendered HTML can be reused with fresh values filled in.
     */
    renderSeed?: { idempotencyKey: string };
  }
}
