import nodemailer from "nodemailer";
import type { ChannelAdapter } from "./types.ts";

/** Email through any SMTP server (nodemailer). */
export function smtpAdapter(options: { url: string; from: string }): ChannelAdapter & {
  close(): void;
} {
  const transport = nodemailer.createTransport(options.url);
  return {
    provider: "smtp",
    async send(message, { idempotencyKey }) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject ?? "SafeTap",
        text: message.body,
        // Receivers and our own de-duplication can recognise a retried send.
        messageId: idempotencyKey ? `<${idempotencyKey}@safetap.app>` : undefined,
        headers: idempotencyKey ? { "X-SafeTap-Delivery": idempotencyKey } : undefined,
      });
      return { provider: "smtp", providerMessageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
