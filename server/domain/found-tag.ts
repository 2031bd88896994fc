import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { LIMITS, stripAngleBrackets } from "#core/validation.ts";
import { user } from "#server/db/schema.ts";
import { messageText } from "#server/messages/catalog.ts";
import { consumeAll, type RateRule } from "#server/security/rate-limit.ts";
import type { Services } from "#server/services.ts";
import { getProfile } from "./profiles.ts";
import { loadPublicCard } from "./public-card.ts";

/** "I found this tag": per tag and per finder's address (decision 012, card-ux). */
export const FOUND_RULES = {
  tag: { name: "found:tag", points: 3, windowSeconds: 6 * 3600 },
  address: { name: "found:address", points: 5, windowSeconds: 3600 },
} satisfies Record<string, RateRule>;

export type FoundNoticeResult =
  | { ok: true }
  | { ok: false; reason: "refused" | "too_long" | "rate_limited" | "failed" };

/**
 * Tells the owner of a lost (or deactivated) tag that someone found it: one
 * message to the owner's own address, in the owner's language, with the
 * finder's note if they left one. Nothing about the owner reaches the finder.
 */
export async function notifyOwnerTagFound(
  services: Services,
  input: { tagId: string; message: FormDataEntryValue | null; clientAddress: string },
): Promise<FoundNoticeResult> {
  const raw = typeof input.message === "string" ? input.message : "";
  // Control characters (NUL included) never reach a message; line breaks stay.
  const printable = raw.replace(/\p{Cc}/gu, (c) => (c === "\n" || c === "\t" ? c : ""));
  const note = stripAngleBrackets(printable).trim();
  if (note.length > LIMITS.message) return { ok: false, reason: "too_long" };
  const card = await loadPublicCard(services, input.tagId);
  if (card.state !== "deactivated") return { ok: false, reason: "refused" };
  const limited = await consumeAll(services.limiter, [
    [FOUND_RULES.tag, input.tagId],
    [FOUND_RULES.address, input.clientAddress],
  ]);
  if (!limited.allowed) return { ok: false, reason: "rate_limited" };

  const { db, cipher, logger, config, messenger } = services;
  const [owner] = await db
    .select({ email: user.email, phone: user.phoneNumber })
    .from(user)
    .where(eq(user.id, card.ownerId))
    .limit(1);
  if (!owner) return { ok: false, reason: "refused" };
  const language = (await getProfile(db, cipher, card.ownerId))?.language ?? "en";
  const text = (key: string, values: Record<string, string> = {}) =>
    messageText(language, key, { tag: input.tagId, ...values });
  const body = [
    text("found.body"),
    note ? text("found.note", { message: note }) : text("found.none"),
    text("found.manage", { url: `${config.publicUrl}/dashboard?tab=tags` }),
  ].join("\n\n");
  // Phone-only accounts have a placeholder address: they are told by SMS.
  const byPhone = owner.email.endsWith("@phone.safetap.invalid") && owner.phone;
  try {
    await messenger.send(
      byPhone
        ? { channel: "sms", to: owner.phone!, body, metadata: { kind: "tag_found" } }
        : {
            channel: "email",
            to: owner.email,
            subject: text("found.subject"),
            body,
            metadata: { kind: "tag_found" },
          },
      { idempotencyKey: `tag-found:${randomUUID()}` },
    );
  } catch (error) {
    logger.error({ err: error, tagId: input.tagId }, "found-tag notice failed");
    return { ok: false, reason: "failed" };
  }
  logger.info({ tagId: input.tagId }, "found-tag notice sent to the owner");
  return { ok: true };
}
