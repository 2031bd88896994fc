import { describe, expect, it } from "vitest";
import { LANGUAGES } from "#core/languages.ts";
import { MESSAGE_CATALOG, messageText } from "./catalog.ts";

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
});
