import { type Channel, describeChannel } from "#core/channels.ts";
import { messageText, STAFF_LANGUAGE } from "#server/messages/catalog.ts";
import type { Services } from "#server/services.ts";
import { operatorAddresses } from "./toll-limits.ts";

/**
 * The global circuit breaker on provider spend (issue 13 item 2, decision
 * 110). Every paid send in an hour, all accounts together, is counted; past
 * PAID_SENDS_PER_HOUR, SMS and calls stop and WhatsApp (billed per
 * conversation, never premium-rate) goes on for WHATSAPP_SENDS_BEYOND_PER_HOUR
 * more; then only email goes. The first refusal of each level in an hour
 * pages the operator (an email, and an error in the log).
 */
export interface SpendBreaker {
  /**
   * Counts a send about to be made; false when the breaker holds it back. A mass notice's sends
   * (`kind` "mass_notice", decision 144) count apart, against their own hourly ceiling: ten
   * thousand of them never use up the sends an individual's alert needs.
   */
  allows(channel: Channel, kind?: string): Promise<boolean>;
}

const HOUR = 3600;

export function spendBreaker(services: Services): SpendBreaker {
  const { config, limiter, logger } = services;
  const paid = { name: "spend:paid", points: config.toll.paidSendsPerHour, windowSeconds: HOUR };
  const whatsapp = {
    name: "spend:whatsapp-beyond",
    points: config.toll.whatsappBeyondPerHour,
    windowSeconds: HOUR,
  };
  const paged = { name: "spend:paged", points: 1, windowSeconds: HOUR };
  const massNotices = {
    name: "spend:mass-notice",
    points: config.toll.massNoticeSendsPerHour,
    windowSeconds: HOUR,
  };

  async function page(level: "sms_voice" | "whatsapp") {
    if (!(await limiter.consume(paged, level)).allowed) return; // once per trip
    logger.error(
      { level, paidSendsPerHour: paid.points, whatsappBeyondPerHour: whatsapp.points },
      level === "sms_voice"
        ? "spend breaker tripped: SMS and calls held back for the rest of the hour"
        : "spend breaker tripped: WhatsApp held back too; only email goes",
    );
    const body =
      level === "sms_voice"
        ? messageText(STAFF_LANGUAGE, "staff.spendBreaker.smsVoice", { sends: paid.points })
        : messageText(STAFF_LANGUAGE, "staff.spendBreaker.whatsapp", { sends: whatsapp.points });
    const subject = messageText(STAFF_LANGUAGE, "staff.spendBreaker.subject");
    for (const to of await operatorAddresses(services)) {
      await services.messenger
        .send({ channel: "email", to, subject, body })
        .catch((error) => logger.error({ err: error }, "paging the operator failed"));
    }
  }

  return {
    async allows(channel, kind) {
      const cost = describeChannel(channel).cost;
      if (cost === "free") return true;
      if (kind === "mass_notice") {
        if ((await limiter.consume(massNotices, "all")).allowed) return true;
        logger.error(
          { massNoticeSendsPerHour: massNotices.points },
          "spend breaker: mass notices' paid sends held back for the rest of the hour",
        );
        return false;
      }
      if ((await limiter.consume(paid, "all")).allowed) return true;
      switch (cost) {
        case "premium_rate":
          await page("sms_voice");
          return false;
        case "per_conversation":
          if ((await limiter.consume(whatsapp, "all")).allowed) return true;
          await page("whatsapp");
          return false;
        default: {
          const never: never = cost;
          throw new Error(`No spend rule for ${never}`);
        }
      }
    },
  };
}
