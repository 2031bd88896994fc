import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TWILIO_INBOUND_PATH } from "#server/delivery/twilio-inbound.ts";
import { twilioSignature } from "#server/delivery/twilio-status.ts";
import { startTwilioPeer, type TwilioPeer } from "#tests/fault/peers.ts";
import { freePort, type RunningServer, runCli, startServer } from "#tests/support/processes.ts";
import {
  confirmContact,
  launchBrowser,
  type OutboxMessage,
  openPage,
  seriousViolations,
  signUpAndOnboard,
  waitForHydration,
  waitForMessage,
} from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("a new contact confirms from the link (DESIGN 1b.4)", () => {
  it("the request arrives in the outbox; the link shows who added them; Confirm; the owner sees Confirmed", async () => {
    const contactEmail = `confirming-${Date.now()}@example.com`;
    const owner = await openPage(browser);
    await signUpAndOnboard(owner.page, {
      name: "Hana Owner",
      contacts: [{ name: "Kai Contact", channel: "email", value: contactEmail }],
    });
    await owner.page.goto("/dashboard");
    const row = owner.page.getByTestId("contact-1");
    await row.getByTestId("consent-state").getByText("Pending").waitFor();
    expect(await owner.page.getByTestId("unconfirmed").textContent()).toContain(
      "They will still be alerted in a real emergency",
    );

    const request = await waitForMessage(contactEmail, undefined, { requests: true });
    expect(request.subject).toBe("Hana Owner added you as an emergency contact on SafeTap");
    const link = request.body.match(/https?:\/\/\S+\/c\/[A-Za-z0-9_-]{32}/)![0];

    // The contact, on their own phone, in their own language.
    const contact = await openPage(browser, { locale: "fr-FR" });
    await contact.page.goto(new URL(link).pathname);
    await contact.page
      .getByRole("heading", { name: "Hana Owner vous a ajouté comme contact d'urgence" })
      .waitFor();
    expect(await seriousViolations(contact.page)).toEqual([]);
    await waitForHydration(contact.page);
    await contact.page.getByRole("button", { name: "Confirmer" }).click();
    await contact.page.getByTestId("contact-answer").getByText("Merci").waitFor();
    expect(contact.problems).toEqual([]);

    // Opened again, the spent link says so.
    await contact.page.goto(new URL(link).pathname);
    await contact.page.getByRole("heading", { name: "Ce lien a déjà été utilisé" }).waitFor();

    await owner.page.reload();
    await row.getByTestId("consent-state").getByText("Confirmed").waitFor();
    expect(await owner.page.getByTestId("unconfirmed").count()).toBe(0);
  });
});

describe("a STOP reply stops SMS to that contact, and the owner sees it", () => {
  let twilio: TwilioPeer;
  let server: RunningServer;
  let origin: string;
  let dataDir: string;

  beforeAll(async () => {
    twilio = await startTwilioPeer();
    const port = await freePort();
    origin = `http://localhost:${port}`;
    dataDir = mkdtempSync(path.join(tmpdir(), "safetap-e2e-consent-"));
    server = await startServer({
      ...twilio.env(),
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      TRUST_PROXY: "true",
      // Email (codes, requests) still lands in this server's dev outbox.
      DEMO_MODE: "true",
    });
  });
  afterAll(async () => {
    await server?.stop();
    await twilio?.close();
  });

  const outboxHere = async () =>
    (await (await fetch(`${origin}/dev/outbox.json`)).json()) as OutboxMessage[];

  async function codeFor(email: string) {
    for (let i = 0; i < 75; i++) {
      const code = (await outboxHere()).find((m) => m.to === email)?.body.match(/\b(\d{6})\b/)?.[1];
      if (code) return code;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no code to ${email}`);
  }

  /** Signs up and onboards on this server, with one SMS and one email contact. */
  async function ownerHere(page: Page, number: string, email: string) {
    const account = `stop-owner-${Date.now()}@example.com`;
    const request = page.context().request;
    const started = await request.post(`${origin}/auth`, {
      form: {
        intent: "signup",
        fullName: "Omar Owner",
        identifier: account,
        password: "Sup3r!secret",
        acceptTerms: "on",
      },
    });
    expect(started.ok()).toBe(true);
    const verified = await request.post(`${origin}/auth`, {
      form: { intent: "verify", code: await codeFor(account) },
      maxRedirects: 0,
    });
    expect(verified.status()).toBe(302);
    // Two contacts need a plan with room for them.
    const plan = await runCli(["users", "set-plan", account, "pro"], { DATA_DIR: dataDir });
    expect(plan.code, plan.stderr).toBe(0);
    const onboarded = await request.post(`${origin}/onboarding`, {
      form: {
        intent: "finish",
        fullName: "Omar Owner",
        language: "en",
        country: "us",
        "contacts.0.name": "Sara Sms",
        "contacts.0.channel": "sms",
        "contacts.0.value": number,
        "contacts.1.name": "Eli Email",
        "contacts.1.channel": "email",
        "contacts.1.value": email,
      },
      maxRedirects: 0,
    });
    expect(onboarded.status()).toBe(302);
    const minted = await runCli(["tags", "mint", "--product", "card", "--count", "1"], {
      DATA_DIR: dataDir,
    });
    expect(minted.code, minted.stderr).toBe(0);
    const [tagId, token] = minted.stdout.trim().split("\n")[1]!.split(",");
    const claimed = await request.post(`${origin}/claim/${tagId}`, {
      form: { token: token! },
      maxRedirects: 0,
    });
    expect(claimed.status()).toBe(302);
    return { tagId: tagId! };
  }

  /** Twilio's inbound post, signed with the auth token over the public URL, as Twilio sends it. */
  async function reply(from: string, body: string) {
    const params = { From: from, To: "+15005550006", Body: body, MessageSid: `SM${Date.now()}` };
    const url = new URL(TWILIO_INBOUND_PATH, origin).toString();
    return fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": twilioSignature(twilio.authToken, url, params),
      },
      body: new URLSearchParams(params),
    });
  }

  it("the request goes by SMS; a signed STOP is honoured; Test Alert reaches only email; the dashboard says Stopped", async () => {
    const number = `+1202555${String(Date.now()).slice(-4)}`;
    const email = `eli-${Date.now()}@example.com`;
    const { page, problems } = await openPage(browser, { baseURL: origin });
    const tag = await ownerHere(page, number, email);

    // The SMS contact's request reached Twilio; the contact confirms from its link.
    await twilio.waitForKeys(1, 15_000);
    const sms = twilio.received.find((r) => r.to === number && r.channel === "sms")!;
    expect(sms.body).toContain("Omar Owner added you as an emergency contact");
    const link = sms.body.match(/https?:\/\/\S+\/c\/[A-Za-z0-9_-]{32}/)![0];
    expect(
      (
        await fetch(new URL(new URL(link).pathname, origin), {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "answer=confirm",
        })
      ).status,
    ).toBe(200);
    const emailRequest = await confirmContact(email, origin);

    // A forged reply changes nothing.
    const forged = await fetch(new URL(TWILIO_INBOUND_PATH, origin), {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": "Zm9yZ2Vk",
      },
      body: new URLSearchParams({ From: number, Body: "STOP" }),
    });
    expect(forged.status).toBe(403);
    await page.goto("/dashboard");
    await page
      .getByTestId("contact-1")
      .getByTestId("consent-state")
      .getByText("Confirmed")
      .waitFor();

    const stop = await reply(number, "Stop");
    expect(stop.status).toBe(200);
    const smsBefore = twilio.received.filter((r) => r.to === number).length;

    await page.reload();
    await waitForHydration(page);
    const row = page.getByTestId("contact-1");
    await row.getByTestId("consent-state").getByText("Stopped").waitFor();
    expect(await row.textContent()).toContain("they replied STOP");
    expect(await page.getByTestId("stopped").textContent()).toContain("Sara Sms replied STOP");

    const item = page.getByTestId(`tag-${tag.tagId}`);
    await item.getByRole("button", { name: "Test Alert" }).click();
    await item.getByText("Test alert sent!").waitFor();
    const test = await waitForOutbox(email, emailRequest);
    expect(test.subject).toContain("TEST");
    // The alert's deliveries: email sent, SMS recorded as not sent because of the STOP.
    await page.reload();
    await page.getByTestId("recent-alerts").getByText("Not sent: replied STOP").waitFor();
    expect(twilio.received.filter((r) => r.to === number)).toHaveLength(smsBefore);
    expect(problems).toEqual([]);

    async function waitForOutbox(to: string, after: string) {
      for (let i = 0; i < 75; i++) {
        const newest = (await outboxHere()).find((m) => m.to === to);
        if (newest && newest.id !== after) return newest;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`no new message to ${to}`);
    }
    // Two command-line runs and a sign-up on its own server: more than the default minute on a
    // busy machine.
  }, 180_000);
});
