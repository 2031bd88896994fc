import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "#core/languages.ts";
import { MESSAGE_CATALOG, messageText, STAFF_LANGUAGE } from "./catalog.ts";

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("outgoing message texts", () => {
  const english = MESSAGE_CATALOG.en;
  for (const language of LANGUAGES) {
    it(`${language} has every text, none empty, with the same placeholders`, () => {
      const catalog = MESSAGE_CATALOG[language];
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(catalog)) {
        expect(text.trim(), key).not.toBe("");
        expect(placeholders(text), key).toEqual(placeholders(english[key]!));
      }
    });
  }

  it("fills placeholders and falls back to English for an unknown language", () => {
    expect(messageText("es", "code.sms", { code: "123456" })).toBe(
      "Código de SafeTap: 123456. Válido 10 minutos. No lo compartas nunca.",
    );
    expect(messageText("de", "code.sms", { code: "123456" })).toContain("SafeTap code: 123456");
  });

  it("are the messages namespace of core/locales, every text of each file and nothing else", () => {
    const texts = (tree: unknown, prefix = ""): [string, unknown][] =>
      typeof tree === "object" && tree !== null
        ? Object.entries(tree).flatMap(([k, v]) => texts(v, prefix ? `${prefix}.${k}` : k))
        : [[prefix, tree]];
    for (const language of LANGUAGES) {
      const file = path.join(import.meta.dirname, "../../core/locales", language, "messages.json");
      const tree = JSON.parse(readFileSync(file, "utf8"));
      expect(MESSAGE_CATALOG[language]).toEqual(Object.fromEntries(texts(tree)));
    }
  });

  it("fills a placeholder once: values that look like placeholders stay as they are", () => {
    expect(messageText("en", "found.note", { message: "{{message}} $& {{tag}}" })).toBe(
      "Their message: {{message}} $& {{tag}}",
    );
  });

  it("names a key it does not have", () => {
    expect(() => messageText("en", "alert.nothing")).toThrow('No message text "alert.nothing"');
  });

  it("writes staff mails in English, as before they moved into the locale files", () => {
    expect(STAFF_LANGUAGE).toBe("en");
    expect(messageText(STAFF_LANGUAGE, "staff.spendBreaker.smsVoice", { sends: 500 })).toBe(
      "SafeTap sent 500 SMS/WhatsApp/voice messages in the last hour. SMS and calls are held back until the hour is over; WhatsApp and email still go. Look for toll fraud in the alert log.",
    );
    expect(
      messageText(STAFF_LANGUAGE, "staff.salesEnquiry.subject", { organization: "O", name: "N" }),
    ).toBe("Sales enquiry: O (N)");
  });
});
