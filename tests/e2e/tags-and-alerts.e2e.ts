import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  confirmContact,
  launchBrowser,
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

describe("a tag from minting to help arriving", () => {
  it("mint → claim → card signed out → reveal → alert with location → messages → acknowledge → 'on the way'", async () => {
    const tag = await mintTag("wristband");
    const stamp = Date.now();
    const email = `maria-${stamp}@example.com`;
    const owner = await openPage(browser);
    await signUpAndOnboard(owner.page, {
      name: "Robin Rescue",
      contacts: [{ name: "Maria", channel: "email", value: email }],
    });
    await owner.page.goto(`/claim/${tag.tagId}`);
    await waitForHydration(owner.page);
    await owner.page.getByLabel("Activation token").fill(tag.token);
    await owner.page.getByRole("button", { name: "Claim tag" }).click();
    await owner.page.waitForURL("**/dashboard?tab=tags");
    await owner.page.getByText("Tag claimed successfully!").waitFor();
    expect(await owner.page.getByTestId(`tag-${tag.tagId}`).textContent()).toContain("active");

    // A stranger scans the tag, on their own phone, with a location to share.
    const stranger = await openPage(browser, {
      geolocation: { latitude: 45.764043, longitude: 4.835659 },
      permissions: ["geolocation"],
    });
    await stranger.page.goto(`/t/${tag.tagId}`);
    await waitForHydration(stranger.page);
    expect(await stranger.page.getByTestId("card-name").textContent()).toBe("Robin Rescue");
    expect(await stranger.page.getByText("Latex").count()).toBe(0);
    await stranger.page
      .getByRole("button", { name: "I Understand - View Medical Information" })
      .click();
    await stranger.page.getByTestId("medical-info").waitFor();
    expect(await stranger.page.getByTestId("medical-info").textContent()).toContain("Latex");
    await stranger.page.getByTestId("send-alert").click();
    await stranger.page.getByText("Emergency alert sent").waitFor();

    const message = await waitForMessage(email);
    expect(message.subject).toBe("EMERGENCY: Robin Rescue needs help");
    expect(message.body).toContain("https://maps.google.com/?q=45.764043,4.835659");
    await stranger.page
      .getByTestId("alert-status")
      .getByText("Delivered")
      .waitFor({ timeout: 20_000 });

    const ackUrl = message.body.match(/(https?:\/\/\S+\/ack\/\S+)/)![1]!;
    const contact = await openPage(browser);
    await contact.page.goto(new URL(ackUrl).pathname);
    await contact.page.getByRole("button", { name: "I'm on my way" }).click();
    await contact.page
      .getByText("The emergency card now shows that you are on your way.")
      .waitFor();
    await stranger.page.getByText("Maria is on the way").waitFor({ timeout: 15_000 });
    expect(stranger.problems.filter((p) => !p.includes("Failed to load resource"))).toEqual([]);
  });

  it("the card reads, and its call links work, with JavaScript disabled; the alert posts as a form", async () => {
    const tag = await mintTag("card");
    const owner = await openPage(browser);
    await signUpAndOnboard(owner.page, {
      name: "Nojs Nora",
      contacts: [{ name: "Ravi", channel: "sms", value: "+15557654321" }],
    });
    const claimed = await owner.page
      .context()
      .request.post(`${inject("baseURL")}/claim/${tag.tagId}`, {
        form: { token: tag.token },
        maxRedirects: 0,
      });
    expect(claimed.status()).toBe(302);

    const { page } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto(`/t/${tag.tagId}`);
    expect(await page.getByTestId("card-name").textContent()).toBe("Nojs Nora");
    expect(await page.locator('a[href="tel:+15557654321"]').count()).toBe(1);
    expect(await page.locator('a[href="sms:+15557654321"]').count()).toBe(1);
    expect(await page.locator('a[href^="tel:"]').first().getAttribute("href")).toBe("tel:911");
    await page.getByRole("button", { name: "I Understand - View Medical Information" }).click();
    await page.getByText("Epilepsy: turn on side, time the seizure").waitFor();
    await page.getByTestId("send-alert").click();
    await page.getByText("Emergency alert sent").waitFor();
    const sms = await waitForMessage("+15557654321");
    expect(sms.body).toContain("No location shared.");
  });

  it("Mark Lost shows 'Tag Deactivated'; Unlink makes the tag claimable again", async () => {
    const tag = await mintTag("keychain");
    const { page } = await openPage(browser);
    const kim = `kim-${Date.now()}@example.com`;
    await signUpAndOnboard(page, {
      name: "Lou Lost",
      contacts: [{ name: "Kim", channel: "email", value: kim }],
    });
    // A test alert goes only to contacts who confirmed (decision 148).
    await confirmContact(kim);
    await page.goto(`/activate?tag=${tag.tagId}&token=${tag.token}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Activate tag" }).click();
    await page.getByRole("heading", { name: "Tag Activated" }).waitFor();
    await page.getByRole("button", { name: "Send a test alert" }).click();
    await page.getByText("Test alert sent!").waitFor();
    await page.goto("/dashboard");
    await waitForHydration(page);
    const item = page.getByTestId(`tag-${tag.tagId}`);
    await item.getByText("Mark Lost", { exact: true }).click();
    await item.getByRole("button", { name: "Yes, mark as lost" }).click();
    await page.getByText("Tag marked as lost").waitFor();
    await item.getByTestId("tag-badge").getByText("Lost", { exact: true }).waitFor();
    const reader = await openPage(browser);
    await reader.page.goto(`/t/${tag.tagId}`);
    await reader.page.getByRole("heading", { name: "Tag Deactivated" }).waitFor();
    await item.getByText("Unlink", { exact: true }).click();
    await item.getByRole("button", { name: "Yes, unlink" }).click();
    await page.getByText("This tag can now be claimed by another user.").waitFor();
    await reader.page.goto(`/t/${tag.tagId}`);
    await reader.page.waitForURL(`**/claim/${tag.tagId}`);
    await reader.page.getByRole("link", { name: "Sign In to Claim" }).waitFor();
  });

  it("SOS with location, then 'Cancel — I'm safe' sends an all-clear", async () => {
    const tag = await mintTag("sticker");
    const email = `sos-contact-${Date.now()}@example.com`;
    const { page } = await openPage(browser, {
      geolocation: { latitude: 21.028511, longitude: 105.804817 },
      permissions: ["geolocation"],
    });
    await signUpAndOnboard(page, {
      name: "Sam SOS",
      contacts: [{ name: "Ana", channel: "email", value: email }],
    });
    await page
      .context()
      .request.post(`${inject("baseURL")}/claim/${tag.tagId}`, { form: { token: tag.token } });
    await page.goto("/sos");
    await waitForHydration(page);
    await page.getByTestId("sos-location").getByText("21.028511, 105.804817").waitFor();
    // Without holding (decision 151): one confirming tap, then the 3-second undo passes.
    await page.getByRole("button", { name: "Send without holding" }).click();
    await page.getByRole("button", { name: "Send SOS Alert" }).click();
    await page.getByTestId("sos-sent").waitFor();
    await page.getByText("1 contact notified.").waitFor();
    expect(
      await page.getByRole("link", { name: "Open the location on a map" }).getAttribute("href"),
    ).toBe("https://maps.google.com/?q=21.028511,105.804817");
    await waitForMessage(email);
    await page.getByRole("button", { name: /Cancel — I'm safe/ }).click();
    await page.getByText("All clear sent").waitFor();
    const allClear = await (async () => {
      for (let i = 0; i < 50; i++) {
        const found = (await outbox()).find(
          (m) => m.to === email && m.subject?.startsWith("All clear"),
        );
        if (found) return found;
        await new Promise((r) => setTimeout(r, 200));
      }
      return null;
    })();
    expect(allClear?.body).toContain("Sam SOS says they are safe");
    await page.getByRole("button", { name: "Send Another Alert" }).click();
    await page.getByRole("button", { name: "Hold to send SOS" }).waitFor();
  });
});
