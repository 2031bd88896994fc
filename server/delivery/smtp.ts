import nodemailer from "nodemailer";
import { ProviderError } from "./twilio.ts";
import type { ChannelAdapter } from "./types.ts";

/** Email through any SMTP server (nodemailer). */
export function smtpAdapter(options: { url: string; from: string }): ChannelAdapter & {
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
    maxConnections: 4,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    provider: "smtp",
    async send(message, { idempotencyKey }) {
      const info = await transport
        .sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject ?? "SafeTap",
          text: message.body,
          // Receivers and our own de-duplication can recognise a retried send.
          messageId: idempotencyKey ? `<${idempotencyKey}@safetap.app>` : undefined,
          headers: idempotencyKey ? { "X-SafeTap-Delivery": idempotencyKey } : undefined,
        })
        .catch((error: Error & { responseCode?: number }) => {
          // 5xx is the server's final answer (e.g. no such mailbox): retrying cannot help.
          const code = error.responseCode ?? 0;
          if (code >= 500)
            throw new ProviderError(`SMTP answered ${code}: ${error.message}`, code, true);
          throw error;
        });
      return { provider: "smtp", providerMessageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
