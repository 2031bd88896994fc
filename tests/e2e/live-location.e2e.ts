import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runCli } from "#tests/support/processes.ts";
import {
  launchBrowser,
  mintTag,
  newestMessageId,
  openPage,
  signUpAndOnboard,
  waitForHydration,
  waitForMessage,
} from "./browser.ts";

// Issue 18 items 3 and 5 (decisions 150 and 152): live sharing updates the contact's page and
// stops; a responder's "taking them to St Mary's" reaches the contacts.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Waits until the contact's live page shows `latitude` as the latest position (its poll runs every 4 s). */
async function latestShows(page: Page, latitude: number) {
  await page.waitForFunction(
    (text) =>
      document
        .querySelector('[data-testid="live-latest-coordinates"]')
        ?.textContent?.includes(text),
    latitude.toFixed(6),
    { timeout: 20_000 },
  );
}

const trackRows = (page: Page) => page.locator('[data-testid="live-track"] tbody tr').count();

describe("live location and the responder's handover", () => {
  it("a Pro owner's card alert: sharing updates the contact's page three times, stops, and a paramedic's 'taking them to St Mary's' reaches the contact", async () => {
    const tag = await mintTag("wristband");
    const contactEmail = `live-contact-${Date.now()}@example.com`;
    const owner = await openPage(browser);
    const ownerEmail = await signUpAndOnboard(owner.page, {
      name: "Lee Live",
      contacts: [{ name: "Maria", channel: "email", value: contactEmail }],
    });
    const plan = await runCli(["users", "set-plan", ownerEmail, "pro"], {
      DATA_DIR: inject("dataDir"),
    });
    expect(plan.code, plan.stderr).toBe(0);
    const claimed = await owner.page
      .context()
      .request.post(`${inject("baseURL")}/claim/${tag.tagId}`, { form: { token: tag.token } });
    expect(claimed.ok()).toBe(true);

    // A stranger's phone raises the alert with its position, then keeps sharing for 15 minutes.
    let latitude = 51.5074;
    const longitude = -0.1278;
    const stranger = await openPage(browser, {
      geolocation: { latitude, longitude },
      permissions: ["geolocation"],
    });
    await stranger.page.goto(`/t/${tag.tagId}`);
    await waitForHydration(stranger.page);
    await stranger.page.getByTestId("send-alert").click();
    await stranger.page.getByTestId("alert-followed").waitFor();
    await stranger.page.getByTestId("live-start-15m").click();
    await stranger.page.locator('[data-testid="live-share"][data-state="live"]').waitFor();
    expect(await stranger.page.getByTestId("live-time-left").textContent()).toMatch(
      /^1[45]:\d\d left$/,
    );

    // The contact opens the link in their message: the live page.
    const message = await waitForMessage(contactEmail);
    const link = message.body.match(/https?:\/\/\S+\/ack\/\S+/)?.[0];
    expect(link).toBeTruthy();
    const contact = await openPage(browser);
    await contact.page.goto(link!);
    await waitForHydration(contact.page);
    await latestShows(contact.page, latitude);
    expect(await contact.page.getByTestId("live-state").textContent()).toContain("Sharing until");

    // The phone moves three times (about 110 m each); the contact's page follows each time.
    for (let step = 1; step <= 3; step++) {
      latitude += 0.001;
      await stranger.page.context().setGeolocation({ latitude, longitude, accuracy: 10 });
      await latestShows(contact.page, latitude);
      expect(await trackRows(contact.page)).toBe(step + 1);
    }
    await contact.page.getByTestId("live-age").waitFor();
    expect(await contact.page.getByTestId("live-age").textContent()).toMatch(/ago/);

    // "Stop sharing": the contact's page says sharing ended and shows no newer position.
    await stranger.page.getByTestId("live-stop").click();
    await stranger.page.getByText("Location sharing has stopped.").waitFor();
    await contact.page
      .locator('[data-testid="live-state"][data-state="ended"]')
      .waitFor({ timeout: 20_000 });
    expect(await contact.page.getByTestId("live-state").textContent()).toContain(
      "No newer position will be shown.",
    );
    // The phone moves on; nothing of it may reach the contact (checked once the next update has).
    await stranger.page
      .context()
      .setGeolocation({ latitude: latitude + 0.01, longitude, accuracy: 10 });

    // A paramedic at the scene: "I'm taking them to St Mary's".
    const before = await newestMessageId(contactEmail);
    await stranger.page.getByText("I'm helping this person").click();
    await stranger.page.getByTestId("handover-taking").check();
    await stranger.page.getByTestId("handover-destination").fill("St Mary's");
    await stranger.page.getByTestId("handover-who").fill("Paramedic, unit 12");
    await stranger.page.getByTestId("handover-submit").click();
    await stranger.page.getByTestId("handover-result").waitFor();
    expect(await stranger.page.getByTestId("handover-result").textContent()).toBe(
      "Sent to 1 contact.",
    );
    const handover = await waitForMessage(contactEmail, before);
    expect(handover.subject).toBe("Lee Live is being taken to St Mary's");
    expect(handover.body).toContain("Paramedic, unit 12 is taking Lee Live to St Mary's");
    await contact.page
      .getByTestId("live-handovers")
      .getByText(/^Taking them to St Mary's — /)
      .waitFor({ timeout: 20_000 });
    expect(await contact.page.getByTestId("live-handovers").textContent()).toContain(
      "Said by: Paramedic, unit 12",
    );
    // Still no newer position after the stop.
    expect(await trackRows(contact.page)).toBe(4);

    const pageErrors = [...stranger.problems, ...contact.problems].filter(
      (p) => p.startsWith("pageerror") || /Content Security Policy/i.test(p),
    );
    expect(pageErrors).toEqual([]);
  }, 240_000);

  it("a Free owner's card alert sends the one position and says live sharing is a Pro feature", async () => {
    const tag = await mintTag("card");
    const owner = await openPage(browser);
    await signUpAndOnboard(owner.page, {
      name: "Fay Free",
      contacts: [{ name: "Ola", channel: "email", value: `free-${Date.now()}@example.com` }],
    });
    await owner.page
      .context()
      .request.post(`${inject("baseURL")}/claim/${tag.tagId}`, { form: { token: tag.token } });
    const stranger = await openPage(browser, {
      geolocation: { latitude: 48.8566, longitude: 2.3522 },
      permissions: ["geolocation"],
    });
    await stranger.page.goto(`/t/${tag.tagId}`);
    await waitForHydration(stranger.page);
    await stranger.page.getByTestId("send-alert").click();
    await stranger.page.getByTestId("live-pro-feature").waitFor();
    expect(await stranger.page.getByTestId("live-pro-feature").textContent()).toContain(
      "Live location sharing is a Pro feature.",
    );
    expect(await stranger.page.getByTestId("live-start-15m").count()).toBe(0);
  });
});
