import { describe, expect, it } from "vitest";
import { LANGUAGES } from "#core/languages.ts";
import {
  composeAlertMessage,
  composeHandoverMessage,
  formatAlertTime,
  timeZoneForCountry,
} from "./compose.ts";

/** 14:02 UTC on a winter day: 15:02 in Paris, 09:02 in New York. */
const raisedAt = new Date("2026-11-23T14:02:00Z");
const base = {
  kind: "alert",
  to: "x",
  source: "sos",
  ownerName: "Élodie",
  tagId: null,
  latitude: null,
  longitude: null,
  raisedAt,
  ackUrl: "http://localhost:3000/ack/t",
} as const;

describe("times in messages to contacts", () => {
  it("come from the owner's country", () => {
    expect(timeZoneForCountry("fr")).toBe("Europe/Paris");
    expect(timeZoneForCountry("vn")).toBe("Asia/Ho_Chi_Minh");
    expect(timeZoneForCountry("GB")).toBe("Europe/London");
    // Several zones: the one most people live in.
    expect(timeZoneForCountry("us")).toBe("America/New_York");
    expect(timeZoneForCountry("au")).toBe("Australia/Sydney");
    // One zone by Intl's own list, not in the table.
    expect(timeZoneForCountry("jp")).toBe("Asia/Tokyo");
    expect(timeZoneForCountry(null)).toBe("UTC");
    expect(timeZoneForCountry("zz")).toBe("UTC");
    expect(timeZoneForCountry("../etc")).toBe("UTC");
  });

  const expected: Record<string, RegExp> = {
    en: /3:02\s?PM GMT\+1 \(Europe\/Paris\)/,
    es: /15:02 CET/,
    fr: /15:02 UTC\+1 \(Europe\/Paris\)/,
    vi: /15:02 .*GMT\+1 \(Europe\/Paris\)/,
  };
  for (const language of LANGUAGES) {
    it(`${language}: SMS, email and voice give the owner's local time and name the zone`, () => {
      const timeZone = timeZoneForCountry("fr");
      for (const channel of ["sms", "email", "voice"] as const) {
        const message = composeAlertMessage({ ...base, channel, language, timeZone });
        expect(message.body, channel).toMatch(expected[language]!);
        expect(message.body, channel).not.toMatch(/14:02|2:02\s?PM/);
      }
      const allClear = composeAlertMessage({
        ...base,
        kind: "all_clear",
        channel: "sms",
        language,
        timeZone,
      });
      expect(allClear.body).toMatch(expected[language]!);
    });
  }

  it("an abbreviation the language knows is enough; no zone at all stays UTC", () => {
    expect(formatAlertTime(raisedAt, "en", "America/New_York")).toMatch(/9:02\s?AM EST$/);
    expect(formatAlertTime(raisedAt, "en")).toMatch(/2:02\s?PM UTC$/);
    expect(formatAlertTime(raisedAt, "en", "Not/AZone")).toMatch(/2:02\s?PM UTC$/);
  });
});

describe("a responder's handover message (decision 152)", () => {
  const input = {
    to: "+15550001111",
    ownerName: "Hana",
    kind: "taking" as const,
    destination: "St Mary's",
    helperName: "Paramedic, unit 12",
    at: new Date("2026-11-25T10:42:00Z"),
    timeZone: "Europe/London",
    liveUrl: "https://safetap.example/ack/abc",
  };

  it("by text: who, where, when and the live link, in one line", () => {
    const message = composeHandoverMessage({ ...input, channel: "sms", language: "en" });
    // Intl puts a narrow no-break space before "AM".
    expect(message.body).toMatch(
      /^SafeTap: Paramedic, unit 12 is taking Hana to St Mary's \(Nov 25, 2026, 10:42\sAM GMT \(Europe\/London\)\)\. Follow: https:\/\/safetap\.example\/ack\/abc$/,
    );
  });

  it("by email: a subject naming the destination, and the live link", () => {
    const message = composeHandoverMessage({
      ...input,
      channel: "email",
      language: "fr",
      helperName: "",
    });
    expect(message.subject).toBe("Hana est emmené(e) à St Mary's");
    expect(message.body).toContain("Une personne sur place emmène Hana à St Mary's");
    expect(message.body).toContain("https://safetap.example/ack/abc");
  });
});
