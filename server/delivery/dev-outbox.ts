import { desc, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { devOutbox } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import type { ChannelAdapter } from "./types.ts";

/**
 * Used when no provider is configured for a channel (a demo: DEMO_MODE): the
 * message is stored and printed instead of sent, so every flow can be tried on
 * one machine. Its text (sign-in codes among it) is printed only outside
 * production: a production demo's log shows who a message went to, never what.
 */
export function devOutboxAdapter(
  db: Executor,
  logger: Logger,
  settings: { logBodies: boolean } = { logBodies: false },
): ChannelAdapter {
  return {
    provider: "dev-outbox",
    async send(message, options) {
      await options.beforeHandover?.();
      const [row] = await db
        .insert(devOutbox)
        .values({
          channel: message.channel,
          to: message.to,
          subject: message.subject ?? null,
          body: message.body,
          metadata: message.metadata ?? null,
          idempotencyKey: options.idempotencyKey ?? null,
        })
        .onConflictDoNothing({ target: devOutbox.idempotencyKey })
        .returning({ id: devOutbox.id });
      if (!row && options.idempotencyKey) {
        // Sent before (a retry after a crash): like a provider, answer with the first message.
        const [first] = await db
          .select({ id: devOutbox.id })
          .from(devOutbox)
          .where(eq(devOutbox.idempotencyKey, options.idempotencyKey));
        return { provider: "dev-outbox", providerMessageId: first!.id };
      }
      const fields = { outboxId: row!.id, channel: message.channel, to: message.to };
      if (settings.logBodies) {
        logger.info(
          { ...fields, subject: message.subject },
          `dev outbox: ${message.channel} to ${message.to}\n${message.subject ? `${message.subject}\n` : ""}${message.body}`,
        );
      } else {
        logger.info(fields, `dev outbox: ${message.channel} to ${message.to}`);
      }
      return { provider: "dev-outbox", providerMessageId: row!.id };
    },
    async reconcile(_message, { idempotencyKey }) {
      const [held] = await db
        .select({ id: devOutbox.id })
        .from(devOutbox)
        .where(eq(devOutbox.idempotencyKey, idempotencyKey));
      return held
        ? { outcome: "found", receipts: [{ provider: "dev-outbox", providerMessageId: held.id }] }
        : { outcome: "absent" };
    },
  };
}

export async function listDevOutbox(db: Executor, limit = 200) {
  return db
    .select({
      id: devOutbox.id,
      channel: devOutbox.channel,
      to: devOutbox.to,
      subject: devOutbox.subject,
      body: devOutbox.body,
      createdAt: devOutbox.createdAt,
    })
    .from(devOutbox)
    .orderBy(desc(devOutbox.createdAt), desc(devOutbox.id))
    .limit(limit);
}
