import { describe, expect, it } from "vitest";
import type { SalesEnquiry } from "#core/sales-enquiry.ts";
import { salesMailBody } from "./sales-enquiries.ts";

describe("the mail to the sales team", () => {
  it("lists the enquiry line by line, in English, with '-' for a missing phone", () => {
    const enquiry = {
      fullName: "Grace Hopper",
      organization: "Lincoln High School",
      email: "grace.hopper@example.org",
      phone: null,
      industry: "education",
      estimatedUsers: "101-500",
      message: "We would like a demo.\nThursdays suit us.",
    } as SalesEnquiry;
    const meta = {
      id: "e1",
      language: "es",
      createdAt: new Date("2026-11-24T09:30:00Z"),
      adminUrl: "https://safetap.app/admin#enquiries",
    };
    expect(salesMailBody(enquiry, meta)).toBe(
      [
        "A new sales / demo enquiry arrived through the SafeTap website.",
        "",
        "Name: Grace Hopper",
        "Organization: Lincoln High School",
        "Email: grace.hopper@example.org",
        "Phone: -",
        "Industry: education",
        "Estimated users: 101-500",
        "Language: es",
        "Received: 2026-11-24T09:30:00.000Z",
        "",
        "Message:",
        "We would like a demo.",
        "Thursdays suit us.",
        "",
        "We promise a reply within 24 hours. All enquiries: https://safetap.app/admin#enquiries (reference e1)",
      ].join("\n"),
    );
  });
});
