import { Transform } from "node:stream";
import nodemailer from "nodemailer";
import { ProviderError } from "./twilio.ts";
import type { ChannelAdapter } from "./types.ts";

/** The Message-ID of a delivery's email: stable, so a repeat is recognisable. */
export const messageIdFor = (key: string) => `<${key}@safetap.app>`;

/** Email through any SMTP server (nodemailer). */
export function smtpAdapter(options: {
  url: string;
  from: string;
  /** Connections kept open, and so emails sent at once (decision 156). */
  poolSize?: number;
}): ChannelAdapter & {
  close(): void;
} {
  // Bounded, well inside the dispatcher's lease (60 s by default): nodemailer's own
  // defaults wait up to 10 minutes on a silent server, and a delivery still
  // being sent when its lease ends could be taken up and sent by another instance.
  // (Settings in the URL's query string, if any, win over these.)
  // Pooled: a few kept-open connections instead of a new one (and a new TLS
  // handshake) per message, which capped sending at a handful per second.
  const transport = nodemailer.createTransport({
    url: options.url,
    pool: true,
    maxConnections: options.poolSize ?? 4,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  // SMTP's point of no return is the dot that ends DATA: until the server has it,
  // a broken connection discards the message. The message's stream holds its end
  // until the sender has recorded the handover, so a crash before that point
  // leaves nothing at the server and a resend cannot duplicate (decision 116).
  transport.use("stream", (mail, done) => {
    const beforeHandover = (mail.data as { beforeHandover?: () => Promise<void> }).beforeHandover;
    if (beforeHandover) {
      mail.message.transform(
        () =>
          new Transform({
            transform: (chunk, _encoding, next) => next(null, chunk),
            flush: (next) => {
              beforeHandover().then(
                () => next(),
                (error: Error) => next(error),
              );
            },
          }),
      );
    }
    done();
  });
  const poolSize = options.poolSize ?? 4;
  return {
    provider: "smtp",
    // No more emails at once than the pool has connections: the rest wait here, in the
    // dispatcher's order, not in nodemailer's queue.
    lane: () => ({ group: "smtp", maxInFlight: poolSize }),
    async send(message, { idempotencyKey, beforeHandover }) {
      const info = await transport
        .sendMail({
          ...({ beforeHandover } as object),
          from: options.from,
          to: message.to,
          subject: message.subject ?? "SafeTap",
          text: message.body,
          // Receivers and our own de-duplication can recognise a retried send.
          messageId: idempotencyKey ? messageIdFor(idempotencyKey) : undefined,
          headers: idempotencyKey ? { "X-SafeTap-Delivery": idempotencyKey } : undefined,
        })
        .catch((error: Error & { responseCode?: number }) => {
          // 5xx is the server's final answer (e.g. no such mailbox): retrying cannot help.
          // Any answer means the server did not take the message. Without one (a reset,
          // a timeout), whether it did depends on whether the closing dot went out: the
          // dispatcher knows that from the handover (beforeHandover).
          const code = error.responseCode ?? 0;
          if (code) {
            throw new ProviderError(`SMTP answered ${code}: ${error.message}`, code, code >= 500);
          }
          throw error;
        });
      return { provider: "smtp", providerMessageId: info.messageId };
    },
    // SMTP has no way to ask a server what it accepted: the dispatcher decides (decision 116).
    async reconcile(_message, { idempotencyKey }) {
      return {
        outcome: "unknown",
        receipt: { provider: "smtp", providerMessageId: messageIdFor(idempotencyKey) },
      };
    },
    close: () => transport.close(),
  };
}
