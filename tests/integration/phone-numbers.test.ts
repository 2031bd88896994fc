import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts, devOutbox, salesEnquiries, user } from "#server/db/schema.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { Client, STRONG_PASSWORD, signUp } from "#tests/support/http-client.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const INVALID_PHONE = "Invalid phone number (use +1234567890 format)";
const messagesTo = async (to: string) =>
  (await app.services.db.select().from(devOutbox).where(eq(devOutbox.to, to))).length;

describe("phone numbers are checked with libphonenumber-js, with the spec's message", () => {
  it("sign-up with '12' is refused: no account, no code sent to +12", async () => {
    const client = new Client(app);
    const response = await client.post("/auth", {
      intent: "signup",
      fullName: "Twelve",
      identifier: "12",
      password: STRONG_PASSWORD,
      acceptTerms: "on",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(INVALID_PHONE);
    expect(await messagesTo("+12")).toBe(0);
    const users = await app.services.db.select().from(user).where(eq(user.name, "Twelve"));
    expect(users).toEqual([]);
  });

  it("sign-in and forgot password with '12' send nothing", async () => {
    const client = new Client(app);
    const signin = await client.post("/auth", {
      intent: "signin",
      identifier: "12",
      password: STRONG_PASSWORD,
    });
    expect(signin.status).toBe(400);
    const forgot = await client.post("/auth", { intent: "forgot", identifier: "12" });
    expect(forgot.status).toBe(400);
    expect(await forgot.text()).toContain(INVALID_PHONE);
    expect(await messagesTo("+12")).toBe(0);
  });

  it("the UK drama range (+44 7700 900xxx) still signs up by SMS", async () => {
    const phone = `+447700900${String(Date.now()).slice(-3)}`;
    const client = await signUp(app, phone);
    expect(client.hasCookie("safetap.session_token")).toBe(true);
  });

  it("onboarding refuses an SMS contact '+12' and saves nothing", async () => {
    const client = await signUp(app, `phone-rules-${Date.now()}@example.com`);
    const response = await client.post("/onboarding", {
      intent: "finish",
      fullName: "Pat",
      language: "en",
      country: "us",
      "contacts.0.name": "Ana",
      "contacts.0.channel": "sms",
      "contacts.0.value": "+12",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(INVALID_PHONE);
    expect(await app.services.db.select().from(contacts)).toEqual([]);
  });

  it("the sales form refuses a phone '12' and stores nothing", async () => {
    const response = await new Client(app).post("/contact", {
      fullName: "Grace Hopper",
      organization: "Twelve School",
      email: "grace@example.org",
      phone: "12",
      industry: "education",
      estimatedUsers: "101-500",
      message: "We would like wristbands for our students.",
      website: "",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(INVALID_PHONE);
    expect(
      await app.services.db
        .select()
        .from(salesEnquiries)
        .where(eq(salesEnquiries.organization, "Twelve School")),
    ).toEqual([]);
  });
});
