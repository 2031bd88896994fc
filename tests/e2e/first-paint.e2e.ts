import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aboutPage } from "#app/content/about.server.ts";
import {
  baseURL,
  isHydrated,
  launchBrowser,
  openPage,
  shownText,
  waitForHydration,
} from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const DESKTOP = { width: 1280, height: 800 };

/**
 * The public site's pages (decision 155): each paints from its first response. Signed out,
 * all but the last three (their forms) are sent without React (decision 159); those three
 * start React on the visitor's first interaction (decision 160).
 */
const PUBLIC_PAGES = [
  "/",
  "/pricing",
  "/for-organizations",
  "/products/wristbands",
  "/products/cards",
  "/products/keychains",
  "/about",
  "/blog",
  "/legal/privacy",
  "/legal/terms",
  "/legal/hipaa",
  "/legal/cookies",
  "/how-it-works",
  "/support",
  "/contact",
  "/auth",
];
const HYDRATED_PAGES = new Set(["/support", "/contact", "/auth"]);

/** The price a plan's card shows (both cycles' prices are in the page; CSS shows one). */
const shownPrice = (page: Page, plan: string) => shownText(page.getByTestId(`price-${plan}`));

describe("the public site paints from its first response (decision 155)", () => {
  it.each(PUBLIC_PAGES)(
    "%s has its CSS inline, no stylesheet link and no script that runs before load",
    async (path) => {
      const response = await fetch(`${baseURL()}${path}`, { headers: { "accept-language": "en" } });
      expect(response.status).toBe(200);
      const html = await response.text();
      const head = html.slice(0, html.indexOf("</head>"));
      // The CSS itself may hold "<" (media ranges such as `width<40rem`).
      expect(head).toMatch(
        /<style id="inline-css" data-css="site" nonce="[^"]+">[\s\S]{1000,}?<\/style>/,
      );
      expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
      // React Router's preloads and module script are inert until the load event.
      expect(html).not.toMatch(/<link[^>]+rel="modulepreload"/);
      expect(html).not.toMatch(/<script[^>]+type="module"/);
      if (HYDRATED_PAGES.has(path)) {
        expect(html).toMatch(/<script[^>]+type="text\/x-deferred-module"/);
        expect(html).toMatch(/<html[^>]* data-hydrate="on-interaction"/);
      } else {
        // No React at all: no module, no preload, one inline script of its own (decision 159).
        expect(html).not.toMatch(/x-deferred-module|\/assets\/[^"]+\.js/);
        expect(html).toMatch(/<script nonce="[^"]+">\(function enhance\(/);
      }
    },
  );

  it("a page that is not one of them links the stylesheet as before", async () => {
    const response = await fetch(`${baseURL()}/no-such-page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/app-[^"]+\.css"/);
    expect(html).not.toMatch(/id="inline-css"/);
  });
});

describe("the landing page without JavaScript (decision 155)", () => {
  it("the pricing toggle switches the prices in place, with no request", async () => {
    const { page } = await openPage(browser, { viewport: DESKTOP, javaScriptEnabled: false });
    await page.goto("/?lng=en");
    // Documents, fetches and form posts: none may be made (icons and the manifest may load late).
    const requests: string[] = [];
    page.on("request", (request) => {
      if (["document", "fetch", "xhr"].includes(request.resourceType()))
        requests.push(request.url());
    });
    expect(await shownPrice(page, "pro")).toMatch(/\$1\.99\s*\/month/);
    expect(await shownPrice(page, "pro")).not.toMatch(/year/);
    const annual = page.getByRole("radio", { name: /Annual/ });
    await annual.check();
    expect(await shownPrice(page, "pro")).toMatch(/\$19\.90\s*\/year/);
    expect(await shownPrice(page, "family")).toMatch(/\$59\.90\s*\/year/);
    expect(await shownPrice(page, "pro")).not.toMatch(/month/);
    expect(await shownPrice(page, "enterprise")).toContain("Custom");
    await page.getByRole("radio", { name: "Monthly" }).check();
    expect(await shownPrice(page, "pro")).toMatch(/\$1\.99\s*\/month/);
    expect(requests).toEqual([]);
    expect(new URL(page.url()).search).toBe("?lng=en");
  });

  it("the toggle is reached and switched with the keyboard", async () => {
    const { page } = await openPage(browser, { viewport: DESKTOP, javaScriptEnabled: false });
    await page.goto("/?lng=en");
    await page.getByRole("radio", { name: "Monthly" }).focus();
    await page.keyboard.press("ArrowRight");
    expect(await page.getByRole("radio", { name: /Annual/ }).isChecked()).toBe(true);
    expect(await shownPrice(page, "pro")).toMatch(/\$19\.90\s*\/year/);
  });

  it("the FAQ opens and closes", async () => {
    const { page } = await openPage(browser, { viewport: DESKTOP, javaScriptEnabled: false });
    await page.goto("/?lng=en");
    const item = page.locator('[data-testid^="faq-"]').first();
    const answer = item.locator("p");
    expect(await answer.isVisible()).toBe(false);
    await item.locator("summary").click();
    await answer.waitFor({ state: "visible" });
    await item.locator("summary").click();
    await answer.waitFor({ state: "hidden" });
  });

  it("is styled: the hero heading is large and the header sticks", async () => {
    const { page } = await openPage(browser, { viewport: DESKTOP, javaScriptEnabled: false });
    await page.goto("/?lng=en");
    const heading = page.getByRole("heading", { level: 1 });
    const size = await heading.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThan(30);
    const position = await page
      .locator("header")
      .first()
      .evaluate((el) => getComputedStyle(el).position);
    expect(position).toBe("sticky");
  });
});

describe("the landing page with JavaScript", () => {
  it("signed out, it loads no script file and React never runs; its own script does what CSS cannot (decision 159)", async () => {
    const { page, problems } = await openPage(browser, { viewport: DESKTOP });
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/?lng=en");
    await page.waitForFunction(() => document.documentElement.dataset.enhanced === "true");
    await page.waitForLoadState("load");
    expect(scripts).toEqual([]);
    expect(await isHydrated(page)).toBe(false);
    await page.getByRole("radio", { name: /Annual/ }).check();
    expect(await shownPrice(page, "pro")).toMatch(/\$19\.90\s*\/year/);
    // The carousel's controls are shown by the page's script.
    expect(await page.getByTestId("testimonials-next").isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });

  it("a client-side move to another public page keeps the inlined styles", async () => {
    const { page, problems } = await openPage(browser, { viewport: DESKTOP });
    // /support is hydrated (its form) once touched, so its links move client-side.
    await page.goto("/support?lng=en");
    await waitForHydration(page);
    expect(await isHydrated(page)).toBe(true);
    await page.locator("footer").getByRole("link", { name: "About" }).click();
    await page.waitForURL("**/about");
    const heading = page.getByRole("heading", { level: 1, name: aboutPage.en.title });
    await heading.waitFor();
    const size = await heading.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThan(24);
    // The same inlined stylesheet, and no request for the linked one.
    expect(await page.locator('style#inline-css[data-css="site"]').count()).toBe(1);
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it("a landing page rendered by React (a client-side move) gets the same carousel", async () => {
    const { page, problems } = await openPage(browser, { viewport: DESKTOP });
    await page.goto("/support?lng=en");
    await waitForHydration(page);
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Home", exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByTestId("testimonials-next").waitFor({ state: "visible" });
    expect(await isHydrated(page)).toBe(true);
    await page.getByTestId("testimonials-next").click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="testimonial-track"]')?.getAttribute("data-index") ===
        "1",
    );
    expect(problems).toEqual([]);
  });
});
