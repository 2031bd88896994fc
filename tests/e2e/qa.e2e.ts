import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, openPage, waitForHydration } from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const CHECKS = [
  "signInLink",
  "getStartedLink",
  "authRedirect",
  "scrollRestoration",
  "audienceAnchors",
  "contactPage",
  "pricingPlans",
  "tagFlow",
  "offlineCard",
  "languageKeys",
] as const;

/** Waits until no check is running and returns each check's status and message. */
async function results(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelectorAll('[data-testid^="qa-check-"]').length === 10 &&
      !document.querySelector('[data-testid^="qa-check-"][data-status="running"]'),
    undefined,
    { timeout: 45_000 },
  );
  const entries = await page.$$eval('[data-testid^="qa-check-"]', (items) =>
    items.map((item) => [
      item.getAttribute("data-testid")!.replace("qa-check-", ""),
      {
        status: item.getAttribute("data-status"),
        badge: item.querySelector('[data-testid="qa-badge"]')?.textContent?.trim(),
        message: item.querySelector('[data-testid="qa-message"]')?.textContent?.trim(),
      },
    ]),
  );
  return Object.fromEntries(entries) as Record<
    (typeof CHECKS)[number],
    { status: string; badge: string; message: string }
  >;
}

describe("/qa self-check", () => {
  it("runs the ten checks on load against a healthy site: 10/10", async () => {
    const { page, problems } = await openPage(browser);
    await page.goto("/qa");
    const found = await results(page);
    console.log(JSON.stringify(found, null, 2));
    expect(Object.keys(found)).toEqual([...CHECKS]);
    for (const id of CHECKS) expect(found[id], id).toMatchObject({ status: "pass", badge: "PASS" });
    await expect(page.getByTestId("qa-summary").textContent()).resolves.toBe("10/10 checks passed");
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
