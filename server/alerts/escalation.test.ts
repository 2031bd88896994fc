import { describe, expect, it } from "vitest";
import { allowanceLeft } from "#server/domain/quotas.ts";
import { planEscalation, type ReachedContact } from "./escalation.ts";

describe("escalation spends the allowances like the first alert (decision 126)", () => {
  const reached: ReachedContact[] = [
    { contactId: "c1", contactName: "Ben", channel: "sms", destination: "+15550001111" },
    { contactId: "c2", contactName: "Maria", channel: "email", destination: "m@example.com" },
  ];
  const plan = (used: { messages: number; voice: number }, called: string[] = []) =>
    planEscalation({
      reached,
      called: new Set(called),
      allowance: allowanceLeft("pro", used),
      ownerEmail: "owner@example.com",
    }).map((d) => [d.contactName, d.channel, d.kind, d.status, d.note]);

  it("calls a phone contact not yet called while the voice allowance lasts", () => {
    expect(plan({ messages: 50, voice: 9 })).toEqual([
      ["Ben", "voice", "escalation", "pending", null],
      ["Maria", "email", "escalation", "pending", null],
    ]);
  });

  it("without voice left, or after a call, reminds on the contact's own channel within the message allowance", () => {
    const reminded = [
      ["Ben", "sms", "escalation", "pending", null],
      ["Maria", "email", "escalation", "pending", null],
    ];
    expect(plan({ messages: 49, voice: 10 })).toEqual(reminded);
    expect(plan({ messages: 49, voice: 0 }, ["c1"])).toEqual(reminded);
  });

  it("beyond both allowances the text is skipped, email still goes, and the owner is told", () => {
    expect(plan({ messages: 50, voice: 10 })).toEqual([
      ["Ben", "sms", "escalation", "skipped", "quota"],
      ["Maria", "email", "escalation", "pending", null],
      ["Ben", "email", "quota_notice", "pending", "quota"],
    ]);
  });

  it("a linked Messenger reminder counts as a message, after every contact's own reminder", () => {
    const withLinked = (messages: number) =>
      planEscalation({
        reached,
        called: new Set(["c1"]),
        allowance: allowanceLeft("pro", { messages, voice: 10 }),
        ownerEmail: "owner@example.com",
        linked: [
          { contactId: "c2", contactName: "Maria", channel: "messenger", destination: "7123" },
        ],
      }).map((d) => [d.contactName, d.channel, d.kind, d.status, d.note]);
    expect(withLinked(48)).toEqual([
      ["Ben", "sms", "escalation", "pending", null],
      ["Maria", "email", "escalation", "pending", null],
      ["Maria", "messenger", "escalation", "pending", null],
    ]);
    // One message left: Ben's own SMS takes it, Maria's Messenger reminder is skipped.
    expect(withLinked(49)).toEqual([
      ["Ben", "sms", "escalation", "pending", null],
      ["Maria", "email", "escalation", "pending", null],
      ["Maria", "messenger", "escalation", "skipped", "quota"],
      ["Maria (Messenger)", "email", "quota_notice", "pending", "quota"],
    ]);
  });
});
