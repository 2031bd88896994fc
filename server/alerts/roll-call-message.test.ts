import { describe, expect, it } from "vitest";
import { LANGUAGES } from "#core/languages.ts";
import { rollCallSafeTokens } from "#server/domain/roll-calls.ts";
import { composeAlertMessage } from "./compose.ts";

const base = {
  kind: "alert",
  to: "x",
  source: "roll_call",
  place: "North Campus",
  ownerName: "Ben Baker",
  tagId: null,
  latitude: null,
  longitude: null,
  raisedAt: new Date("2026-11-23T14:02:00Z"),
  ackUrl: "http://localhost:3000/ack/t",
} as const;

describe("a roll call's alert to a contact (decision 143)", () => {
  it('says "X was not accounted for at the roll call at PLACE" on every channel, with the ack link', () => {
    const mail = composeAlertMessage({ ...base, channel: "email", language: "en" });
    expect(mail.subject).toBe("URGENT: Ben Baker was not accounted for at North Campus");
    expect(mail.body).toContain(
      "Ben Baker was not accounted for at the roll call at North Campus (Nov 23, 2026, 2:02 PM UTC).",
    );
    expect(mail.body).toContain("http://localhost:3000/ack/t");
    // No scanner, so no location line.
    expect(mail.body).not.toContain("No location was shared.");
    const sms = composeAlertMessage({ ...base, channel: "sms", language: "en" });
    expect(sms.body).toMatch(
      /^URGENT: Ben Baker was not accounted for at the roll call at North Campus/,
    );
    expect(sms.body).toContain("http://localhost:3000/ack/t");
    const voice = composeAlertMessage({ ...base, channel: "voice", language: "en" });
    expect(voice.body).toContain(
      "Ben Baker was not accounted for at the roll call at North Campus",
    );
  });

  it("is written in each language, naming the person and the place", () => {
    for (const language of LANGUAGES) {
      for (const channel of ["email", "sms", "voice"] as const) {
        const message = composeAlertMessage({ ...base, channel, language });
        expect([language, channel, message.body]).toEqual([
          language,
          channel,
          expect.stringContaining("North Campus"),
        ]);
        expect(message.body).toContain("Ben Baker");
        expect(message.body).not.toMatch(/\{\{|alert\./);
      }
    }
  });
});

describe("the mark-yourself-safe link's token", () => {
  const tokens = rollCallSafeTokens(Buffer.alloc(32, 7));
  const rollCallId = "0b0e7b8e-1d2f-4c55-9a3e-2f6f4e9a1c11";
  const other = "9d1a2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b";

  it("opens only for its own person and roll call", () => {
    const token = tokens.make(rollCallId, "person-1");
    expect(tokens.parse(token)).toEqual({ rollCallId, profileId: "person-1" });
    const [, , mac] = token.split(".");
    expect(tokens.parse(`${rollCallId}.person-2.${mac}`)).toBeNull();
    expect(tokens.parse(`${other}.person-1.${mac}`)).toBeNull();
    expect(tokens.parse(`${token}.extra`)).toBeNull();
    expect(tokens.parse("")).toBeNull();
    expect(rollCallSafeTokens(Buffer.alloc(32, 8)).parse(token)).toBeNull();
  });
});
