import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  CHANNEL_IDS,
  CHANNELS,
  CONTACT_CHANNELS,
  cardActions,
  channelOf,
  channelsCountedAs,
  contactChannelOf,
  DEFAULT_CONTACT_CHANNEL,
  describeChannel,
  isChannel,
  isContactChannel,
  isLinkedChannel,
  isPhoneContactChannel,
  LINKED_CHANNELS,
} from "./channels.ts";
import { LANGUAGES } from "./languages.ts";
import { offeredChannels, PLANS } from "./plans.ts";

describe("the channel descriptor (decision 125)", () => {
  it("Messenger and Instagram are linked by the contact, never chosen in a form, counted as messages", () => {
    expect(LINKED_CHANNELS).toEqual(["messenger", "instagram"]);
    for (const channel of LINKED_CHANNELS) {
      expect(isContactChannel(channel)).toBe(false);
      expect(isLinkedChannel(channel)).toBe(true);
      // DESIGN 1.2 and the spec: Free's 3 trial sends count Messenger and Instagram too.
      expect(describeChannel(channel).quota).toBe("messages");
      expect(describeChannel(channel).address).toBe("meta");
    }
    expect(isLinkedChannel("sms")).toBe(false);
  });

  it("lists email, SMS, WhatsApp and voice; contacts choose SMS, email or WhatsApp, SMS first", () => {
    expect(CHANNEL_IDS).toEqual(["email", "sms", "whatsapp", "voice", "messenger", "instagram"]);
    expect(CONTACT_CHANNELS).toEqual(["sms", "email", "whatsapp"]);
    expect(DEFAULT_CONTACT_CHANNEL).toBe("sms");
  });

  it("knows only its own channels: nothing unknown passes for one", () => {
    for (const value of ["telegram", "", "SMS", "toString", "__proto__", null, 3]) {
      expect(isChannel(value), String(value)).toBe(false);
      expect(isContactChannel(value), String(value)).toBe(false);
    }
    expect(isChannel("voice")).toBe(true);
    expect(isContactChannel("voice")).toBe(false);
    expect(channelOf("whatsapp")).toBe("whatsapp");
    expect(() => channelOf("telegram")).toThrow(/Unknown channel/);
    expect(() => contactChannelOf("voice")).toThrow(/Unknown contact channel/);
  });

  it("counts SMS, WhatsApp, Messenger and Instagram as messages and calls as voice; email is never counted", () => {
    expect(channelsCountedAs("messages")).toEqual(["sms", "whatsapp", "messenger", "instagram"]);
    expect(channelsCountedAs("voice")).toEqual(["voice"]);
    expect(describeChannel("email").quota).toBeNull();
  });

  it("calls phone contacts (SMS, WhatsApp), never email contacts or a call itself", () => {
    expect(CHANNEL_IDS.filter(isPhoneContactChannel)).toEqual(["sms", "whatsapp"]);
  });

  it("shapes messages: email with a subject, SMS and WhatsApp as short texts, voice spoken", () => {
    expect(CHANNEL_IDS.map((channel) => CHANNELS[channel].shape)).toEqual([
      "mail",
      "text",
      "text",
      "spoken",
      "text",
      "text",
    ]);
    expect(CHANNEL_IDS.filter((channel) => CHANNELS[channel].carriesLocation)).toEqual([
      "email",
      "sms",
      "whatsapp",
      "messenger",
      "instagram",
    ]);
  });

  it("the card offers call and text for phone contacts, WhatsApp for WhatsApp ones, mail for email", () => {
    expect(cardActions({ channel: "email", value: "ana@example.com" })).toEqual([
      { kind: "mailto", href: "mailto:ana@example.com", external: false },
    ]);
    expect(cardActions({ channel: "sms", value: "+15550001111" })).toEqual([
      { kind: "call", href: "tel:+15550001111", external: false },
      { kind: "text", href: "sms:+15550001111", external: false },
    ]);
    expect(cardActions({ channel: "whatsapp", value: "+33612345678" })).toEqual([
      { kind: "call", href: "tel:+33612345678", external: false },
      { kind: "text", href: "sms:+33612345678", external: false },
      { kind: "whatsapp", href: "https://wa.me/33612345678", external: true },
    ]);
  });

  it("every card link suits the channel's address: phone links for numbers, mail for addresses", () => {
    for (const channel of CHANNEL_IDS) {
      const { address, cardActions: actions } = describeChannel(channel);
      for (const action of actions) {
        expect(action === "mailto" ? "email" : "phone", `${channel}: ${action}`).toBe(address);
      }
    }
  });

  it("a plan offers the channels whose allowance is not zero: Free makes no calls", () => {
    expect(offeredChannels(PLANS.free.limits)).toEqual([
      "email",
      "sms",
      "whatsapp",
      "messenger",
      "instagram",
    ]);
    for (const plan of [PLANS.pro, PLANS.family, PLANS.enterprise]) {
      expect(plan.channels, plan.id).toEqual(CHANNEL_IDS);
    }
    expect(PLANS.free.channels).toEqual(["email", "sms", "whatsapp", "messenger", "instagram"]);
  });

  it("every channel has its name in every language: the plan badges and the contact forms", () => {
    const names = (language: string, namespace: string) =>
      JSON.parse(
        readFileSync(
          path.join(import.meta.dirname, "locales", language, `${namespace}.json`),
          "utf8",
        ),
      ).channels as Record<string, string>;
    for (const language of LANGUAGES) {
      const marketing = names(language, "marketing");
      const account = names(language, "account");
      for (const channel of CHANNEL_IDS)
        expect(marketing[channel], `${language} ${channel}`).toBeTruthy();
      for (const channel of CONTACT_CHANNELS) {
        expect(account[channel], `${language} ${channel}`).toBeTruthy();
      }
    }
  });
});
