import { META_WEBHOOK_PATH } from "#server/delivery/meta.ts";
import { startTwilioPeer, type TwilioPeer } from "#tests/fault/peers.ts";
import { createTestApp, type TestApp } from "./app.ts";
import type { MetaGraphPeer } from "./meta-graph-peer.ts";
import { startMetaGraphPeer } from "./meta-graph-peer.ts";

/** The Meta stand-in's webhooks go to the in-process app, signed as Meta signs them. */
export function sendMetaWebhooksTo(meta: MetaGraphPeer, app: TestApp) {
  meta.setWebhookTarget(async (body, headers) =>
    app.request(META_WEBHOOK_PATH, { method: "POST", body, headers }),
  );
}

export interface ProviderApp {
  app: TestApp;
  twilio: TwilioPeer;
  meta: MetaGraphPeer;
  close(): Promise<void>;
}

/** An in-process app whose Twilio and Meta Graph API are loopback stand-ins (issue 18's tests). */
export async function startAppWithProviders(): Promise<ProviderApp> {
  const twilio = await startTwilioPeer();
  const meta = await startMetaGraphPeer();
  const app = await createTestApp({ ...twilio.env(), ...meta.env() });
  sendMetaWebhooksTo(meta, app);
  return {
    app,
    twilio,
    meta,
    async close() {
      await app.close();
      await meta.close();
      await twilio.close();
    },
  };
}
