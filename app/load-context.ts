import type { Services } from "../server/services.ts";

declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    /** Nonce of this response's Content-Security-Policy, for inline scripts. */
    cspNonce: string;
    requestId: string;
    clientAddress: string;
  }
}
