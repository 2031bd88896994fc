import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MetaGraphPeer, startMetaGraphPeer } from "#tests/support/meta-graph-peer.ts";
import { type RunningServer, runCli, startServer } from "#tests/support/processes.ts";
import { launchBrowser, openPage, waitForHydration } from "./browser.ts";

// Issue 18 item 2: a contact links Messenger from their link page (the Graph API stand-in plays
// Messenger: opening the m.me link sends the signed referral webhook), the page shows Linked,
// and an alert from the card reaches the stand-in on Messenger.

let browser: Browser;
let peer: MetaGraphPeer;
let server: RunningServer;
let base: string;
let dataDir: string;

beforeAll(async () => {
  peer = await startMetaGraphPeer();
  dataDir = mkdtempSync(path.join(tmpdir(), "safetap-meta-e2e-"));
  server = await startServer({
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    TRUST_PROXY: "true",
    DEMO_MODE: "true",
    // No demo data: this server needs only the accounts the journey makes, and starts faster.
    SEED_DEMO: "false",
    ...peer.env(),
  });
  base = server.url.replace("127.0.0.1", "localhost");
  peer.setWebhookTarget(`${server.url}/webhooks/meta`);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await peer?.close();
});

async function codeFor(email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const messages = (await (await fetch(`${server.url}/dev/outbox.json`)).json()) as {
      to: string;
      body: string;
    }[];
    const code = messages.find((m) => m.to === email)?.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code for ${email}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** An owner signed up, onboarded with one email contact, and a claimed tag. */
async function ownerWithTag(page: Page) {
  const request = page.context().request;
  const email = `meta-owner-${Date.now()}@example.com`;
  const started = await request.post(`${base}/auth`, {
    form: {
      intent: "signup",
      fullName: "Lena Link",
      identifier: email,
      password: "Sup3r!secret",
      acceptTerms: "on",
    },
  });
  expect(started.ok()).toBe(true);
  const verified = await request.post(`${base}/auth`, {
    form: { intent: "verify", code: await codeFor(email) },
    maxRedirects: 0,
  });
  expect(verified.status()).toBe(302);
  const onboarded = await request.post(`${base}/onboarding`, {
    form: {
      intent: "finish",
      fullName: "Lena Link",
      language: "en",
      country: "us",
      "contacts.0.name": "Marco",
      "contacts.0.channel": "email",
      "contacts.0.value": `marco-${Date.now()}@example.com`,
    },
    maxRedirects: 0,
  });
  expect(onboarded.status()).toBe(302);
  const minted = await runCli(["tags", "mint", "--product", "card", "--count", "1"], {
    DATA_DIR: dataDir,
  });
  expect(minted.code, minted.stderr).toBe(0);
  const [tagId, token] = minted.stdout.trim().split("\n")[1]!.split(",");
  const claimed = await request.post(`${base}/claim/${tagId}`, {
    form: { token: token! },
    maxRedirects: 0,
  });
  expect(claimed.status()).toBe(302);
  return tagId!;
}

describe("Messenger as a contact's channel", () => {
  it("a contact opens /c/link/TOKEN, opens Messenger, sees Linked, and an alert from the card reaches Messenger", async () => {
    const owner = await openPage(browser, { baseURL: base });
    const tagId = await ownerWithTag(owner.page);

    // The owner makes Marco's one-time link (the confirmation page will offer the same link).
    await owner.page.goto("/dashboard");
    await waitForHydration(owner.page);
    await owner.page.getByRole("button", { name: "Messenger or Instagram link for Marco" }).click();
    const linkUrl = await owner.page.getByTestId("contact-link-url").inputValue();
    expect(linkUrl).toMatch(/\/c\/link\/[A-Za-z0-9_-]{32}$/);

    // Marco, on his phone: Messenger is the stand-in, which tells SafeTap he opened the link.
    const contact = await openPage(browser, { baseURL: base });
    let linkedAs = "";
    await contact.page.context().route("https://m.me/**", async (route) => {
      const opened = await peer.openLink(route.request().url());
      linkedAs = opened.userId;
      await route.fulfill({ status: 200, contentType: "text/html", body: "<p>Messenger</p>" });
    });
    await contact.page.goto(new URL(linkUrl).pathname);
    await waitForHydration(contact.page);
    const open = contact.page.getByTestId("open-messenger");
    expect(await open.getAttribute("href")).toBe(
      `https://m.me/${peer.pageUsername}?ref=${linkUrl.split("/").pop()}`,
    );
    const popup = contact.page.waitForEvent("popup");
    await open.click();
    await (await popup).close();
    // The page looks again by itself and says it is linked.
    await contact.page
      .getByText("Linked: you will get emergency alerts for Lena Link on Messenger.")
      .waitFor({ timeout: 15_000 });
    expect(linkedAs).not.toBe("");
    const [confirmation] = await peer.waitForMessages(1);
    expect(confirmation).toMatchObject({ recipient: linkedAs, messagingType: "RESPONSE" });

    await owner.page.reload();
    await owner.page.getByTestId("contact-linked").getByText("Messenger linked").waitFor();

    // A stranger scans the card and raises the alert: Marco's Messenger gets it.
    const stranger = await openPage(browser, { baseURL: base });
    await stranger.page.goto(`/t/${tagId}`);
    await waitForHydration(stranger.page);
    await stranger.page.getByTestId("send-alert").click();
    await stranger.page.getByText("Emergency alert sent").waitFor();
    const [, alert] = await peer.waitForMessages(2, 20_000);
    expect(alert).toMatchObject({
      platform: "messenger",
      recipient: linkedAs,
      messagingType: "MESSAGE_TAG",
      tag: "ACCOUNT_UPDATE",
    });
    expect(alert!.text).toContain("EMERGENCY: Lena Link needs help");
    expect(contact.problems.filter((p) => !p.includes("Failed to load resource"))).toEqual([]);
  });
});
