import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, waitForHydration } from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("landing page and navigation", () => {
  it("renders the hero, hydrates, and reports no errors", async () => {
    const { page, problems } = await openPage(browser);
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    expect(await page.locator("h1").first().textContent()).toBe("Scan. Tap. Protect.");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(await page.evaluate(() => history.scrollRestoration)).toBe("manual");
    expect(problems).toEqual([]);
  });

  it("Sign in and Get started go to the spec's addresses", async () => {
    const { page } = await openPage(browser);
    await page.goto("/");
    await waitForHydration(page);
    await page.locator("header nav").getByTestId("nav-sign-in").click();
    await page.waitForURL("**/auth?mode=signin");
    await page.goto("/");
    await waitForHydration(page);
    await page.locator("header nav").getByTestId("nav-get-started").click();
    await page.waitForURL("**/auth?mode=signup&plan=free");
  });

  it("Pricing smooth-scrolls on the landing page and goes to /#pricing elsewhere", async () => {
    const { page } = await openPage(browser);
    await page.goto("/");
    await waitForHydration(page);
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Pricing" })
      .click();
    await page.waitForFunction(() => window.scrollY > 200);
    expect(new URL(page.url()).pathname).toBe("/");

    await page.goto("/about");
    await waitForHydration(page);
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Pricing" })
      .click();
    await page.waitForURL((url) => url.pathname === "/" && url.hash === "#pricing");
    await page.waitForFunction(() => {
      const top = document.getElementById("pricing")?.getBoundingClientRect().top ?? 9999;
      return Math.abs(top) < 120;
    });
  });

  it("every change of path scrolls to the top", async () => {
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 700 } });
    await page.goto("/");
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.locator("footer").getByRole("link", { name: "About" }).click();
    await page.waitForURL("**/about");
    await page.waitForFunction(() => window.scrollY === 0);
  });

  it("arriving at an #anchor starts at the top, then scrolls to the target", async () => {
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 700 } });
    await page.goto("/#pricing");
    await page.waitForFunction(() => {
      const top = document.getElementById("pricing")?.getBoundingClientRect().top ?? 9999;
      return window.scrollY > 100 && Math.abs(top) < 120;
    });
  });

  it("the mobile menu is collapsed until opened", async () => {
    const { page } = await openPage(browser, { viewport: { width: 375, height: 740 } });
    await page.goto("/");
    await waitForHydration(page);
    const toggle = page.getByRole("button", { name: "Open menu" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    const forOrgs = page.locator("header [hidden] >> text=For Organizations");
    expect(await forOrgs.count()).toBe(1);
    await toggle.click();
    await page.getByRole("button", { name: "Close menu" }).waitFor();
    await page.locator("header").getByRole("link", { name: "For Organizations" }).last().click();
    await page.waitForURL("**/for-organizations");
    expect(
      await page.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded"),
    ).toBe("false");
  });

  it("an unknown page shows 'Oops! Page not found' with status 404 and a link home", async () => {
    const { page } = await openPage(browser);
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Oops! Page not found" }).waitFor();
    await waitForHydration(page);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });

  it("the page reads without JavaScript", async () => {
    const { page } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto("/");
    expect(await page.locator("h1").first().textContent()).toBe("Scan. Tap. Protect.");
  });
});

describe("languages", () => {
  it("the switcher changes the language in place and the choice survives a reload", async () => {
    const { page, problems } = await openPage(browser);
    await page.goto("/");
    await waitForHydration(page);
    await page.locator("#language-desktop").selectOption("es");
    await page.getByRole("heading", { level: 1, name: "Escanea. Toca. Protege." }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("es");
    expect(await page.evaluate(() => localStorage.getItem("lng"))).toBe("es");
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("es");
    expect(await page.locator("h1").first().textContent()).toBe("Escanea. Toca. Protege.");
    expect(problems).toEqual([]);
  });

  it("?lng= is rendered by the server and cached in a cookie", async () => {
    const { page } = await openPage(browser);
    await page.goto("/?lng=vi");
    expect(await page.locator("h1").first().textContent()).toBe("Quét. Chạm. Bảo vệ.");
    await waitForHydration(page);
    await page.waitForFunction(() => document.cookie.includes("lng=vi"));
    await page.goto("/pricing");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("vi");
  });

  it("the browser's language is used on a first visit", async () => {
    const { page } = await openPage(browser, { locale: "fr-FR" });
    await page.goto("/");
    expect(await page.locator("h1").first().textContent()).toBe("Scannez. Touchez. Protégez.");
  });

  it("a choice kept only in local storage wins over the browser language", async () => {
    const { page } = await openPage(browser, { locale: "fr-FR" });
    await page.goto("/");
    await waitForHydration(page);
    await page.evaluate(() => localStorage.setItem("lng", "es"));
    await page.context().clearCookies({ name: "lng" });
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "Escanea. Toca. Protege." }).waitFor();
  });
});

describe("themes", () => {
  const isDark = (page: import("playwright-core").Page) =>
    page.evaluate(() => document.documentElement.classList.contains("dark"));

  it("?theme=dark applies before any script loads, and is stored", async () => {
    const { page } = await openPage(browser);
    // Block every JavaScript file: only the inline <head> script can set the theme.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/?theme=dark");
    expect(await isDark(page)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("themeMode"))).toBe("dark");
    await page.goto("/");
    expect(await isDark(page)).toBe(true);
  });

  it("auto is dark at 20:00 and light at noon", async () => {
    const night = await openPage(browser);
    await night.page.clock.install({ time: new Date(2026, 5, 1, 20, 0) });
    await night.page.goto("/");
    expect(await isDark(night.page)).toBe(true);
    const noon = await openPage(browser);
    await noon.page.clock.install({ time: new Date(2026, 5, 1, 12, 0) });
    await noon.page.goto("/");
    expect(await isDark(noon.page)).toBe(false);
  });

  it("auto is rechecked every 15 minutes", async () => {
    const { page } = await openPage(browser);
    await page.clock.install({ time: new Date(2026, 5, 1, 18, 50) });
    await page.goto("/");
    await waitForHydration(page);
    expect(await isDark(page)).toBe(false);
    await page.clock.fastForward("15:00");
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
  });

  it("system follows the operating system", async () => {
    const { page } = await openPage(browser, { colorScheme: "dark" });
    await page.clock.install({ time: new Date(2026, 5, 1, 12, 0) });
    await page.goto("/?theme=system");
    expect(await isDark(page)).toBe(true);
  });

  it("the theme menu switches and remembers the mode", async () => {
    const { page } = await openPage(browser);
    await page.goto("/");
    await waitForHydration(page);
    await page.locator("#theme-desktop").selectOption("dark");
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    await page.locator("#theme-desktop").selectOption("light");
    await page.waitForFunction(() => !document.documentElement.classList.contains("dark"));
    expect(await page.evaluate(() => localStorage.getItem("themeMode"))).toBe("light");
  });
});
