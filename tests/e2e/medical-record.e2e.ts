import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, signUpAndOnboard, waitForHydration } from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("the fuller medical record in the browser (decision 130)", () => {
  it("the medical step checks the new fields before Next, saves them, and the dashboard shows them confirmed today", async () => {
    const { page, problems } = await openPage(browser);
    await signUpAndOnboard(page, {
      name: "Rae Record",
      contacts: [{ name: "Sam", channel: "email", value: "sam@example.com" }],
    });
    await page.goto("/onboarding?edit=1");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Next" }).click();
    expect(await page.getByTestId("step-label").textContent()).toBe("Step 2 of 3");

    const conditions = page.getByLabel(/^Conditions/);
    await conditions.fill(Array.from({ length: 21 }, (_, i) => `c${i}`).join(", "));
    await page.getByRole("button", { name: "Next" }).click();
    expect(await page.getByTestId("notice-title").first().textContent()).toBe(
      "Check the medical information",
    );
    expect(await conditions.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByTestId("step-label").textContent()).toBe("Step 2 of 3");

    await conditions.fill("Epilepsy");
    await page.getByLabel("Pacemaker").check();
    await page.getByLabel("Other devices").fill("Heart valve");
    await page.getByLabel(/^Advance directive or DNR/).selectOption("dnr");
    await page.getByLabel(/^Where it is kept/).fill("Kitchen drawer");
    await page.getByRole("radio", { name: "Yes" }).check();
    await page.getByLabel(/^Preferred hospital/).fill("General Hospital North");
    await page.getByRole("button", { name: "Next" }).click();
    expect(await page.getByTestId("step-label").textContent()).toBe("Step 3 of 3");
    await page.getByRole("button", { name: "Finish" }).click();
    await page.waitForURL("**/dashboard");
    await page.getByTestId("welcome").waitFor();

    const text = await page.locator("main").textContent();
    for (const shown of [
      "Epilepsy",
      "Pacemaker, Heart valve",
      "DNR order (do not resuscitate) · Kitchen drawer",
      "General Hospital North",
      "Medical record last confirmed today",
    ])
      expect(text).toContain(shown);
    expect(await page.getByTestId("medical-review").count()).toBe(0);

    // The edit form shows what was saved.
    await page.goto("/onboarding?edit=1");
    await waitForHydration(page);
    expect(await page.getByLabel("Pacemaker").isChecked()).toBe(true);
    // Step 1 is showing: the medical step's controls are in the page, hidden.
    expect(await page.locator('input[name="organDonor"][value="yes"]').isChecked()).toBe(true);
    expect(await page.getByLabel("Other devices").inputValue()).toBe("Heart valve");
    expect(problems).toEqual([]);
  });
});
