import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type AltchaChallenge, proofFor } from "#tests/support/altcha.ts";
import { deferred } from "#tests/support/deferred.ts";
import { runCli } from "#tests/support/processes.ts";
import {
  baseURL,
  isContactRequest,
  launchBrowser,
  MOBILE_USER_AGENT,
  mintTag,
  openPage,
  outbox,
  signUpAndOnboard,
  waitForHydration,
  waitForMessage,
} from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const cli = async (args: string[]) => {
  const result = await runCli(args, { DATA_DIR: inject("dataDir") });
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
};

/** An owner with a claimed tag and the given contacts (more than one: a paid plan). */
async function ownerWithCard(
  page: Page,
  name: string,
  contacts: { name: string; channel: string; value: string }[],
) {
  const [first, ...more] = contacts;
  const email = await signUpAndOnboard(page, { name, contacts: [first!] });
  if (more.length) await cli(["users", "set-plan", email, "pro"]);
  const request = page.context().request;
  for (const contact of more) {
    const added = await request.post(`${baseURL()}/dashboard`, {
      form: { intent: "addContact", ...contact },
    });
    expect(added.status()).toBe(200);
  }
  const tag = await mintTag();
  const claimed = await request.post(`${baseURL()}/claim/${tag.tagId}`, {
    form: { token: tag.token },
    maxRedirects: 0,
  });
  expect(claimed.status()).toBe(302);
  return { email, tagId: tag.tagId };
}

const unique = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
// Alerts only: the confirmation request each new contact gets is not one (decision 148).
const messagesTo = async (to: string) =>
  (await outbox()).filter((m) => m.to === to && !isContactRequest(m));

describe("an unknown tag id", () => {
  it("/t/ZZ-NOPE1 shows 'Tag not found' with the emergency number and a field to retype the id", async () => {
    const owner = await openPage(browser);
    const { tagId } = await ownerWithCard(owner.page, "Tina Typo", [
      { name: "Ana", channel: "email", value: `${unique("ana")}@example.com` },
    ]);
    const { page, problems } = await openPage(browser, { locale: "en-US" });
    const response = await page.goto("/t/ZZ-NOPE1");
    expect(response?.status()).toBe(404);
    expect(new URL(page.url()).pathname).toBe("/t/ZZ-NOPE1");
    await page.getByRole("heading", { name: "Tag not found" }).waitFor();
    expect(await page.getByTestId("emergency-number").getAttribute("href")).toBe("tel:911");
    await waitForHydration(page);
    await page.getByLabel("Tag ID").fill(tagId.toLowerCase());
    await page.getByRole("button", { name: "Open card" }).click();
    await page.waitForURL(`**/t/${tagId}`);
    expect(await page.getByTestId("card-name").textContent()).toBe("Tina Typo");
    expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
  });

  it("/claim/ZZ-NOPE1 opens the claim page like any id, and claiming it says 'Tag not found'", async () => {
    const { page } = await openPage(browser);
    await signUpAndOnboard(page, {
      name: "Nora Nope",
      contacts: [{ name: "Nick", channel: "email", value: "nick@example.com" }],
    });
    const response = await page.goto("/claim/ZZ-NOPE1");
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/claim/ZZ-NOPE1");
    await page.locator('input[name="token"]').fill("ACT-AAAAAA");
    await page.locator('form button[type="submit"]').last().click();
    await page.getByText("Tag not found").first().waitFor();
  });
});

describe("after an alert from a card", () => {
  it("a reload and a second scan on that phone show 'Alert sent N min ago — contacts reached' before a repeat", async () => {
    const contact = `${unique("rhea")}@example.com`;
    const owner = await openPage(browser);
    const { tagId } = await ownerWithCard(owner.page, "Remi Repeat", [
      { name: "Rhea", channel: "email", value: contact },
    ]);
    const { page, problems } = await openPage(browser);
    await page.goto(`/t/${tagId}`);
    await waitForHydration(page);
    await page.getByTestId("send-alert").click();
    await page.getByText("Emergency alert sent").waitFor();
    await waitForMessage(contact);

    for (const visit of ["reload", "second scan"]) {
      if (visit === "reload") await page.reload();
      else await page.goto(`/t/${tagId}`);
      await waitForHydration(page);
      await page.getByText("Alert sent just now — contacts reached").waitFor();
      await page.getByTestId("alert-status").getByText("Rhea").waitFor();
      expect(await page.getByTestId("send-alert").textContent(), visit).toContain(
        "Send another alert",
      );
    }
    expect(await messagesTo(contact)).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it("the language switcher changes the card's language and keeps the alert's state", async () => {
    const contact = `${unique("lea")}@example.com`;
    const owner = await openPage(browser);
    const { tagId } = await ownerWithCard(owner.page, "Lina Lingo", [
      { name: "Lea", channel: "email", value: contact },
    ]);
    const { page } = await openPage(browser);
    await page.goto(`/t/${tagId}`);
    await waitForHydration(page);
    await page.getByTestId("send-alert").click();
    await page.getByText("Emergency alert sent").waitFor();
    await page.getByRole("link", { name: "ES", exact: true }).click();
    await page.waitForURL(`**/t/${tagId}?lng=es`);
    await waitForHydration(page);
    await page.getByText("Alerta enviada ahora mismo — contactos avisados").waitFor();
    expect(await page.getByTestId("send-alert").textContent()).toContain("Enviar otra alerta");
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    expect(await messagesTo(contact)).toHaveLength(1);
  });

  it("a press refused as too many says the contacts were already alerted, with their status and call buttons, not 'queued'", async () => {
    const owner = await openPage(browser);
    const { tagId } = await ownerWithCard(owner.page, "Raj Limit", [
      { name: "Sita", channel: "sms", value: "+15550109001" },
    ]);
    // Earlier presses on other phones use up the tag's alerts: its shared share,
    // then (each with its proof of work, decision 111) its reserve for new devices.
    const press = (i: number, altcha?: string) =>
      fetch(`${baseURL()}/t/${tagId}/alert`, {
        method: "POST",
        body: new URLSearchParams({
          idempotencyKey: crypto.randomUUID(),
          ...(altcha ? { altcha } : {}),
        }),
        headers: {
          origin: baseURL(),
          accept: "application/json",
          "user-agent": MOBILE_USER_AGENT,
          "x-forwarded-for": `10.77.${i}.9`,
        },
      });
    let refused = false;
    for (let i = 0; i < 12 && !refused; i++) {
      let answer = await press(i);
      if (answer.status === 429) {
        const first = (await answer.json()) as { reason: string; challenge?: AltchaChallenge };
        if (first.reason !== "challenge") throw new Error(`refused as ${first.reason}`);
        answer = await press(i, await proofFor(first.challenge!));
      }
      refused = answer.status === 429;
    }
    expect(refused).toBe(true);

    const { page, problems } = await openPage(browser);
    await page.goto(`/t/${tagId}`);
    await waitForHydration(page);
    await page.getByTestId("send-alert").click();
    const panel = page.getByTestId("alert-followed");
    await panel.getByText("The contacts were already alerted").waitFor();
    await panel.getByText("Alert sent just now — contacts reached").waitFor();
    await panel.getByTestId("alert-status").getByText("Sita").waitFor();
    expect(await panel.locator('a[href="tel:+15550109001"]').count()).toBe(1);
    expect(await page.getByText("Alert queued — sends when online").count()).toBe(0);
    expect(await page.getByTestId("alert-queued").count()).toBe(0);
    expect(problems.filter((p) => !p.includes("429"))).toEqual([]);
  });

  it("shows 'sent' only from the server's answer to this press", async () => {
    const contact = `${unique("sol")}@example.com`;
    const owner = await openPage(browser);
    const { tagId } = await ownerWithCard(owner.page, "Sam Server", [
      { name: "Sol", channel: "email", value: contact },
    ]);
    const { page } = await openPage(browser);
    const held = deferred();
    let posts = 0;
    await page.route(`**/t/${tagId}/alert`, async (route) => {
      posts++;
      await held.promise;
      await route.continue();
    });
    await page.goto(`/t/${tagId}`);
    await waitForHydration(page);
    await page.getByTestId("send-alert").click();
    await expect.poll(() => posts).toBe(1);
    expect(await page.getByText("Emergency alert sent").count()).toBe(0);
    held.resolve();
    await page.getByText("Emergency alert sent").waitFor();
    expect(posts).toBe(1);
    expect(await messagesTo(contact)).toHaveLength(1);
  });
});

describe("the card on a small phone", () => {
  it("at 360×640 with 3 contacts, the emergency call and the alert are on screen without scrolling", async () => {
    const owner = await openPage(browser);
    const { tagId } = await ownerWithCard(owner.page, "Maximilian Threecontacts", [
      { name: "Alexandra", channel: "sms", value: "+15550109011" },
      { name: "Bartholomew", channel: "whatsapp", value: "+15550109012" },
      { name: "Cordelia", channel: "email", value: `${unique("cordelia")}@example.com` },
    ]);
    const { page } = await openPage(browser, {
      viewport: { width: 360, height: 640 },
      locale: "en-US",
    });
    await page.goto(`/t/${tagId}`);
    await page.getByTestId("card-contacts").locator("li").nth(2).waitFor();
    const inView = async (testId: string) => {
      const box = await page.getByTestId(testId).boundingBox();
      expect(box, testId).not.toBeNull();
      return (
        box!.y >= 0 && box!.y + box!.height <= 640 && box!.x >= 0 && box!.x + box!.width <= 360
      );
    };
    expect(await inView("emergency-number")).toBe(true);
    expect(await inView("send-alert")).toBe(true);
    // "Call 911" on one line.
    const label = page.getByTestId("emergency-call-label");
    expect(await label.textContent()).toBe("Call 911");
    const lines = await label.evaluate((el) => el.getClientRects().length);
    expect(lines).toBe(1);
    const { height } = (await label.boundingBox())!;
    const lineHeight = await label.evaluate((el) =>
      Number.parseFloat(getComputedStyle(el).lineHeight),
    );
    expect(height).toBeLessThan(lineHeight * 1.5);
    // Still there after scrolling to the end of the card.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await inView("send-alert")).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    mkdirSync("tmp", { recursive: true });
    await page.screenshot({ path: "tmp/card-360x640.png" });
  });

  it("an en-US phone in Tokyo that shares its location is offered 119, not 911", async () => {
    const owner = await openPage(browser);
    const { tagId } = await ownerWithCard(owner.page, "Taro Traveller", [
      { name: "Yui", channel: "sms", value: "+15550109021" },
    ]);
    const { page } = await openPage(browser, {
      locale: "en-US",
      geolocation: { latitude: 35.6762, longitude: 139.6503 },
      permissions: ["geolocation"],
    });
    await page.goto(`/t/${tagId}`);
    expect(await page.getByTestId("emergency-number").getAttribute("href")).toBe("tel:911");
    await waitForHydration(page);
    await expect
      .poll(() => page.getByTestId("emergency-number").getAttribute("href"), { timeout: 15_000 })
      .toBe("tel:119");
    expect(await page.getByTestId("emergency-call-label").textContent()).toBe("Call 119");
  });
});

describe("a lost tag", () => {
  it("keeps the emergency number and lets the finder tell the owner, who alone gets the message", async () => {
    const contact = `${unique("kai")}@example.com`;
    const owner = await openPage(browser);
    const { email, tagId } = await ownerWithCard(owner.page, "Lara Lost", [
      { name: "Kai", channel: "email", value: contact },
    ]);
    const lost = await owner.page.context().request.post(`${baseURL()}/dashboard`, {
      form: { intent: "markLost", tagId, confirm: "yes" },
    });
    expect(lost.status()).toBe(200);

    const { page, problems } = await openPage(browser, { locale: "en-US" });
    await page.goto(`/t/${tagId}`);
    await page.getByRole("heading", { name: "Tag Deactivated" }).waitFor();
    expect(await page.getByTestId("emergency-number").getAttribute("href")).toBe("tel:911");
    expect(await page.content()).not.toContain(email);
    await waitForHydration(page);
    await page
      .getByLabel("Message to the owner (optional)")
      .fill("Found it at the bus stop on Main St, call 555-0100");
    await page.getByRole("button", { name: "I found this tag" }).click();
    await page.getByTestId("found-sent").waitFor();
    const message = await waitForMessage(email);
    expect(message.subject).toBe(`Your SafeTap tag ${tagId} was found`);
    expect(message.body).toContain("Found it at the bus stop on Main St, call 555-0100");
    expect(await messagesTo(contact)).toHaveLength(0);
    expect(problems).toEqual([]);
  });
});

describe("without JavaScript", () => {
  it("sending an alert keeps the revealed medical section open", async () => {
    const owner = await openPage(browser);
    const { tagId } = await ownerWithCard(owner.page, "Nia Nojs", [
      { name: "Ravi", channel: "sms", value: "+15550109031" },
    ]);
    const { page } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto(`/t/${tagId}`);
    await page.getByRole("button", { name: "I Understand - View Medical Information" }).click();
    await page.getByText("Epilepsy: turn on side, time the seizure").waitFor();
    await page.getByTestId("send-alert").click();
    await page.getByText("Emergency alert sent").waitFor();
    expect(await page.getByText("Epilepsy: turn on side, time the seizure").count()).toBe(1);
    expect(await page.getByTestId("medical-info").textContent()).toContain("Latex");
  });
});

describe("offline, a page that was never kept", () => {
  it("shows the offline page with the kept cards and the emergency number instead of the browser's error", async () => {
    const owner = await openPage(browser);
    const { tagId } = await ownerWithCard(owner.page, "Otto Offline", [
      { name: "Uma", channel: "sms", value: "+15550109041" },
    ]);
    const { page } = await openPage(browser, { locale: "en-US", serviceWorkers: "allow" });
    await page.goto(`/t/${tagId}`);
    await waitForHydration(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 20_000,
    });
    const cardUrl = `${baseURL()}/t/${tagId}`;
    await expect
      .poll(
        () =>
          page.evaluate(
            async (url) => Boolean((await caches.match(url)) && (await caches.match("/offline"))),
            cardUrl,
          ),
        { timeout: 15_000 },
      )
      .toBe(true);

    await page.context().setOffline(true);
    await page.goto("/pricing");
    expect(new URL(page.url()).pathname).toBe("/offline");
    await page.getByRole("heading", { name: "You are offline" }).waitFor();
    expect(await page.getByTestId("emergency-number").getAttribute("href")).toBe("tel:911");
    const kept = page.getByTestId("kept-cards").getByRole("link", { name: "Otto Offline" });
    await kept.waitFor();
    await kept.click();
    await page.waitForURL(`**/t/${tagId}`);
    expect(await page.getByTestId("card-name").textContent()).toBe("Otto Offline");
    await page.context().setOffline(false);
  });
});
