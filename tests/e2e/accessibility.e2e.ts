import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, seriousViolations, waitForHydration } from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const PAGES = ["/", "/pricing", "/for-organizations", "/contact"];

describe("accessibility (axe-core): no serious or critical violations", () => {
  for (const theme of ["light", "dark"] as const) {
    for (const path of PAGES) {
      it(`${path} in the ${theme} theme`, async () => {
        const { page } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
        await page.goto(`${path}?theme=${theme}`);
        await waitForHydration(page);
        expect(await seriousViolations(page)).toEqual([]);
        await page.context().close();
      });
    }
  }

  it("/contact with a validation error and in its Thank You state", async () => {
    const { page } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto("/contact");
    await waitForHydration(page);
    await page.getByTestId("sales-submit").click();
    await page.getByTestId("notice-title").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto("/contact?sent=1");
    await page.getByTestId("sales-thanks").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
