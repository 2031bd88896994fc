import type { Channel } from "#core/channels.ts";
import type { Config } from "#server/config.ts";
import type { Executor } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import { devOutboxAdapter } from "./dev-outbox.ts";
import { createThrottle } from "./throttle.ts";
import type {
  ChannelAdapter,
  DeliveryReceipt,
  OutgoingMessage,
  ReconcileOptions,
  Reconciliation,
  SendOptions,
} from "./types.ts";

export interface Messenger {
  send(message: OutgoingMessage, options?: SendOptions): Promise<DeliveryReceipt>;
  /**
   * Asks the channel's provider whether an earlier, unanswered send of this
   * message reached it. An adapter that cannot be asked but whose send is
   * idempotent by key answers `absent`: sending again is then safe.
   */
  reconcile(message: OutgoingMessage, options: ReconcileOptions): Promise<Reconciliation>;
  /** Which provider serves a channel: "dev-outbox" when none is configured. */
  providerFor(channel: Channel): string;
}

/**
 * Routes each message to the adapter configured for its channel. Channels with
 * no configured provider fall back to the dev outbox.
 */
export function createMessenger(deps: {
  config: Config;
  db: Executor;
  logger: Logger;
  adapters?: Partial<Record<Channel, ChannelAdapter>>;
}): Messenger {
  const fallback = devOutboxAdapter(deps.db, deps.logger, {
    logBodies: !deps.config.isProduction,
  });
  const adapterFor = (channel: Channel) => deps.adapters?.[channel] ?? fallback;
  // One per process: every send of this instance counts against its provider's limits.
  const throttle = createThrottle();
  return {
    send: (message, options = {}) => {
      const adapter = adapterFor(message.channel);
      return throttle.run(adapter.lane?.(message) ?? null, options.priority ?? 1, () =>
        adapter.send(message, options),
      );
    },
    reconcile: async (message, options) => {
      const adapter = adapterFor(message.channel);
      return adapter.reconcile ? adapter.reconcile(message, options) : { outcome: "absent" };
    },
    providerFor: (channel) => adapterFor(channel).provider,
  };
}
