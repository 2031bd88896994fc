import { randomUUID } from "node:crypto";
import type { OutgoingMessage } from "#server/delivery/types.ts";
import type { Services } from "#server/services.ts";
import { CODE_TTL_MS } from "./codes.ts";

/** Retries of one message: 2 s, 4 s, 8 s … while its code can still be used. */
const RETRY_BASE_MS = 2_000;

/**
 * Sends in flight, kept on the process's Services so tests and shutdown can wait
 * for them. A registered symbol, because the page bundle and the server code can
 * each hold their own copy of this module.
 */
const IN_FLIGHT = Symbol.for("safetap.auth-messages-in-flight");
type WithInFlight = Services & { [IN_FLIGHT]?: Set<Promise<void>> };
const inFlightOf = (services: Services) => {
  const holder = services as WithInFlight;
  holder[IN_FLIGHT] ??= new Set();
  return holder[IN_FLIGHT];
};

/**
 * Sends a sign-in, sign-up or reset message without holding up the answer
 * (decision 106): the screen says "code sent" at once whether or not an account
 * exists, however slow the mail or SMS provider is. A failed send is retried
 * with backoff, under one idempotency key, until the code would have expired.
 */
export function sendInBackground(services: Services, message: OutgoingMessage): void {
  const key = `auth-${randomUUID()}`;
  const giveUpAt = Date.now() + CODE_TTL_MS;
  const attempt = async (tries: number): Promise<void> => {
    try {
      await services.messenger.send(message, { idempotencyKey: key });
    } catch (error) {
      const wait = RETRY_BASE_MS * 2 ** tries;
      if (Date.now() + wait >= giveUpAt) {
        services.logger.error(
          { err: error, channel: message.channel, key },
          "auth message not sent; the person can ask for a new code",
        );
        return;
      }
      services.logger.warn({ err: error, channel: message.channel, key }, "auth message retry");
      await new Promise((resolve) => setTimeout(resolve, wait).unref());
      return attempt(tries + 1);
    }
  };
  const set = inFlightOf(services);
  const running = attempt(0);
  set.add(running);
  void running.finally(() => set.delete(running));
}

/** Resolves when every auth message started so far has been sent or given up. */
export async function authMessagesSettled(services: Services): Promise<void> {
  const set = inFlightOf(services);
  while (set.size) await Promise.all([...set]);
}
