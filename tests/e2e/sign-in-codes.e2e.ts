import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  launchBrowser,
  newestMessageId,
  openPage,
  waitForCode,
  waitForHydration,
} from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const PASSWORD = "Sup3r!secret";
const noticeTitle = (page: Page) => page.getByTestId("notice-title").first().textContent();

async function signInForm(page: Page, email: string) {
  await page.goto("/auth?mode=signin");
  await waitForHydration(page);
  await page.getByLabel("Email or phone").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).last().click();
}

describe("issue 12 item 3: asking for a few codes in a row does not lock a person out", () => {
  it("sign up, one resend, sign in, Back, sign in again, Forgot password: the next sign-in works", async () => {
    const { page } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    const email = `e2e-journey-${Date.now()}@example.com`;
    await page.goto("/auth?mode=signup");
    await waitForHydration(page);
    await page.getByLabel("Full name").fill("Jo Journey");
    await page.getByLabel("Email or phone").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByLabel("Verification code").waitFor();
    await waitForCode(email);

    // One resend, once the page's 30-second countdown (and the server's) has run out.
    const before = await newestMessageId(email);
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll("button")].some(
          (b) => b.textContent === "Resend code" && !b.disabled,
        ),
      undefined,
      { timeout: 40_000 },
    );
    await page.getByRole("button", { name: "Resend code" }).click();
    await page.getByText("Code sent again!").waitFor();
    await page.getByLabel("Verification code").fill(await waitForCode(email, before));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL("**/onboarding?welcome=1");
    await page.context().clearCookies();

    // Sign in, Back, sign in again, Back.
    for (let i = 0; i < 2; i++) {
      await signInForm(page, email);
      await page.getByLabel("Verification code").waitFor();
      expect(await noticeTitle(page)).toBe("Verification code sent!");
      await page.getByRole("button", { name: "Back" }).click();
      await page.getByLabel("Password").waitFor();
    }

    // Forgot password, then give up on it.
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Reset your password" }).waitFor();
    await page.getByLabel("Email or phone").fill(email);
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByLabel("Verification code").waitFor();
    expect(await noticeTitle(page)).toBe("Verification code sent!");

    // The next sign-in with the right password gets a code at once and signs in.
    const last = await newestMessageId(email);
    await signInForm(page, email);
    await page.getByLabel("Verification code").waitFor({ timeout: 5_000 });
    expect(await noticeTitle(page)).toBe("Verification code sent!");
    await page.getByLabel("Verification code").fill(await waitForCode(email, last));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard" || url.pathname === "/onboarding");
  });
});
