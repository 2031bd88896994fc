import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deferred } from "#tests/support/deferred.ts";
import { isHydrated, launchBrowser, openPage, startReact } from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const PHONE = { width: 390, height: 844 };
const PASSWORD = "Sup3r!secret";

/** The page's script files (React Router's modules), as requested. */
function scriptRequests(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  return scripts;
}

/**
 * Holds every script file's request until `release()`: the page stays as it is before
 * React, for as long as a test types, taps or submits in it.
 */
async function holdScripts(page: Page) {
  const released = deferred();
  const held: string[] = [];
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    held.push(route.request().url());
    await released.promise;
    await route.continue();
  });
  return { held, release: released.resolve };
}

/** React has hydrated the page and run its first effects (app/lib/hydration.ts). */
const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

/** The page as enhance.ts leaves it: its script ran, no React. */
const enhanced = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.enhanced === "true");

describe("signed out, /support, /contact and /auth start React on the first interaction (decision 160)", () => {
  it.each([
    "/support?lng=en",
    "/contact?lng=en",
    "/auth?mode=signin&lng=en",
    "/auth?mode=signup&plan=free&lng=en",
  ])("%s requests no script file and is not hydrated until someone interacts", async (path) => {
    const { page, problems } = await openPage(browser, { viewport: PHONE });
    const scripts = scriptRequests(page);
    await page.goto(path);
    await enhanced(page);
    // The load event, then a quiet network: a page that started its modules on load would not be.
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);
    expect(await isHydrated(page)).toBe(false);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrate)).toBe(
      "on-interaction",
    );

    // A key pressed (Shift: it does nothing else) starts them.
    await page.keyboard.press("Shift");
    await hydrated(page);
    expect(await isHydrated(page)).toBe(true);
    expect(scripts.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it("a mouse pointer over the page starts them (a desktop visitor's, before the first click)", async () => {
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    await page.goto("/support?lng=en");
    await enhanced(page);
    await page.waitForLoadState("networkidle");
    expect(await isHydrated(page)).toBe(false);
    await page.getByRole("heading", { level: 1 }).hover();
    await hydrated(page);
  });

  it("once React has started, enhance.ts steps aside: the language changes in place, with no page load", async () => {
    const { page, problems } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    await page.goto("/support");
    await enhanced(page);
    await startReact(page);
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    await page.locator("#language-desktop").selectOption("es");
    await page.waitForFunction(() => document.documentElement.lang === "es");
    await page.getByRole("heading", { level: 1, name: "¿Cómo podemos ayudarte?" }).waitFor();
    expect(documents).toEqual([]);
    expect(new URL(page.url()).search).toBe("");
    expect(problems).toEqual([]);
  });

  it("the mobile menu opened by a tap before React closes with one tap after", async () => {
    const { page, problems } = await openPage(browser, { viewport: PHONE, hasTouch: true });
    const { held, release } = await holdScripts(page);
    await page.goto("/support?lng=en");
    await enhanced(page);
    const menu = page.locator("header nav + div");
    expect(await menu.isHidden()).toBe(true);
    await page.getByRole("button", { name: "Open menu" }).tap();
    // The tap asked for the modules (held here): enhance.ts opened the menu meanwhile.
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Close menu" }).waitFor();
    expect(await menu.isVisible()).toBe(true);
    expect(await isHydrated(page)).toBe(false);

    release();
    await hydrated(page);
    // Hydrated, the menu is still open: React started from what the page showed.
    expect(await menu.isVisible()).toBe(true);
    await page.getByRole("button", { name: "Close menu" }).tap();
    await page.getByRole("button", { name: "Open menu" }).waitFor();
    expect(await menu.isHidden()).toBe(true);
    // And React alone answers from now on: one tap, one change.
    await page.getByRole("button", { name: "Open menu" }).tap();
    await page.getByRole("button", { name: "Close menu" }).waitFor();
    expect(await menu.isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });

  it("what is typed before React starts is kept, the password meter shows it, and the form sends it", async () => {
    const { page, problems } = await openPage(browser, { viewport: PHONE });
    const { release } = await holdScripts(page);
    await page.goto("/auth?mode=signup&plan=free&lng=en");
    await enhanced(page);
    const email = `e2e-early-${Date.now()}@example.com`;
    await page.getByLabel("Full name").fill("Early Typist");
    await page.getByLabel("Email or phone").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("checkbox").check();
    expect(await isHydrated(page)).toBe(false);
    expect(await page.getByTestId("password-strength").count()).toBe(0);

    release();
    await hydrated(page);
    await page.getByTestId("password-strength").waitFor();
    expect(await page.getByTestId("password-strength").textContent()).toBe("Strong");
    expect(await page.getByLabel("Full name").inputValue()).toBe("Early Typist");
    expect(await page.getByLabel("Email or phone").inputValue()).toBe(email);
    expect(await page.getByLabel("Password").inputValue()).toBe(PASSWORD);
    expect(await page.getByRole("checkbox").isChecked()).toBe(true);

    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByLabel("Verification code").waitFor();
    expect(await page.getByTestId("notice-title").first().textContent()).toBe(
      "Account created! Check your email/phone for verification code.",
    );
    expect(problems).toEqual([]);
  });

  it("/support's character count starts from the question typed before React; the topic chosen is kept", async () => {
    const { page, problems } = await openPage(browser, { viewport: PHONE });
    const { release } = await holdScripts(page);
    await page.goto("/support?lng=en#ask");
    await enhanced(page);
    const form = page.getByTestId("support-form");
    const question = "Where do I find my tag's number?";
    await form.getByLabel("Your question").fill(question);
    await form.getByLabel("Topic").selectOption("claiming");
    expect(await isHydrated(page)).toBe(false);
    release();
    await hydrated(page);
    await form.getByText(`${question.length} / `).waitFor();
    expect(await form.getByLabel("Your question").inputValue()).toBe(question);
    expect(await form.getByLabel("Topic").inputValue()).toBe("claiming");
    expect(problems).toEqual([]);
  });

  it("a form sent before React starts is answered by the server: /auth sign-in's error", async () => {
    const { page } = await openPage(browser, { viewport: PHONE });
    await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
    await page.goto("/auth?mode=signin&lng=en");
    await enhanced(page);
    await page.getByLabel("Email or phone").fill(`nobody-${Date.now()}@example.com`);
    await page.getByLabel("Password").fill("Wr0ng!pass");
    const answer = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.request().resourceType() === "document",
    );
    await page.getByRole("button", { name: "Sign in" }).last().click();
    expect((await answer).status()).toBe(400);
    await page.getByText("Invalid email/phone or password.").waitFor();
    expect(await page.getByTestId("notice-title").first().textContent()).toBe("Sign in failed");
    expect(await isHydrated(page)).toBe(false);
  });

  it("a form sent before React starts is answered by the server: /support's error, the typed values kept", async () => {
    const { page } = await openPage(browser, { viewport: PHONE });
    await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
    await page.goto("/support?lng=en#ask");
    await enhanced(page);
    const form = page.getByTestId("support-form");
    await form.getByLabel("Your email").fill("early@example.org");
    const answer = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.request().resourceType() === "document",
    );
    await page.getByTestId("support-submit").click();
    expect((await answer).status()).toBe(400);
    await expect
      .poll(() => page.getByTestId("support-form").getByTestId("notice-description").textContent())
      .toBe("Name is required");
    expect(await page.getByTestId("support-form").getByLabel("Your email").inputValue()).toBe(
      "early@example.org",
    );
  });

  it("/support#anchor opens its answer before React, and hydrating leaves the page as the visitor has it", async () => {
    const { page, problems } = await openPage(browser, { viewport: PHONE });
    const { release } = await holdScripts(page);
    await page.goto("/support?lng=en#contacts-confirm");
    await enhanced(page);
    const answer = page.locator("details#contacts-confirm");
    const isOpen = () => answer.evaluate((el) => (el as HTMLDetailsElement).open);
    await expect.poll(isOpen).toBe(true);
    // Scrolled to it.
    await expect
      .poll(() => answer.evaluate((el) => Math.abs(el.getBoundingClientRect().top) < 120))
      .toBe(true);
    // The visitor closes it (React is asked for) and reads on further down.
    await answer.locator("summary").click();
    expect(await isOpen()).toBe(false);
    await page.evaluate(() => window.scrollBy(0, 300));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(300);
    expect(await isHydrated(page)).toBe(false);

    release();
    await hydrated(page);
    // Hydrating neither opened the answer again nor scrolled to the top.
    expect(await isOpen()).toBe(false);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(problems).toEqual([]);
  });
});
