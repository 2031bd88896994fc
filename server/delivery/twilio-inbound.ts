/**
 * Replies to SafeTap's numbers (issue 18 item 1, decision 148): Twilio posts each inbound SMS or
 * WhatsApp message here, signed like its delivery reports. STOP and its synonyms record an
 * opt-out for the sender's number (every owner who lists it), START removes it, HELP answers with
 * SafeTap's help text and support address; each is an audit line. Other messages change nothing.
 */
import type { Language } from "#core/languages.ts";
import type { Database } from "#server/db/client.ts";
import { recordAudit } from "#server/domain/audit.ts";
import { keywordOf, recordOptOut, removeOptOut, senderOf } from "#server/domain/opt-outs.ts";
import type { Logger } from "#server/logger.ts";
import { messageText } from "#server/messages/catalog.ts";
import { addressHash } from "#server/security/address-hash.ts";

export const TWILIO_INBOUND_PATH = "/webhooks/twilio/inbound";

/** The sender's language, as far as their number's country tells it (Twilio's `FromCountry`). */
const COUNTRY_LANGUAGE: Record<string, Language> = {
  MX: "es",
  ES: "es",
  AR: "es",
  CO: "es",
  CL: "es",
  PE: "es",
  FR: "fr",
  BE: "fr",
  VN: "vi",
};

const xml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A TwiML answer: one message back, or nothing. */
export const twiml = (message?: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response>${
    message ? `<Message>${xml(message)}</Message>` : ""
  }</Response>`;

/**
 * Acts on one signed inbound message; returns the TwiML to answer with. SMS confirmations of
 * STOP and START are the carrier's and Twilio's own (their standard replies); WhatsApp has none,
 * so SafeTap confirms there itself.
 */
export async function handleTwilioInbound(
  deps: { db: Database; logger: Logger; masterKey: Buffer; supportEmail: string },
  params: Record<string, string>,
  clientAddress: string,
): Promise<string> {
  const keyword = keywordOf(params);
  const sender = senderOf(params.From);
  if (!keyword || !sender) return twiml();
  const language = COUNTRY_LANGUAGE[params.FromCountry?.toUpperCase() ?? ""] ?? "en";
  const said = (params.Body ?? "").trim().toUpperCase().slice(0, 20);
  const audit = (type: "contact_opt_out" | "contact_opt_in" | "contact_help") =>
    recordAudit(deps.db, deps.logger, {
      type,
      clientAddress,
      metadata: {
        family: sender.family,
        keyword: said || keyword,
        // The number itself never reaches the log; its keyed hash ties the lines together.
        number_hash: addressHash(deps.masterKey, sender.number).slice(0, 16),
      },
    });
  switch (keyword) {
    case "stop":
      await recordOptOut(deps.db, deps.masterKey, sender, said || "STOP");
      await audit("contact_opt_out");
      return twiml(
        sender.family === "whatsapp" ? messageText(language, "inbound.stopped") : undefined,
      );
    case "start":
      await removeOptOut(deps.db, deps.masterKey, sender);
      await audit("contact_opt_in");
      return twiml(
        sender.family === "whatsapp" ? messageText(language, "inbound.started") : undefined,
      );
    case "help":
      await audit("contact_help");
      return twiml(messageText(language, "inbound.help", { email: deps.supportEmail }));
  }
}
