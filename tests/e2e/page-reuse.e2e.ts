import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage } from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * A file's tests get the page an earlier test of the file used with the same options
 * (decision 167), emptied: what one test leaves behind never reaches the next. These tests
 * run in order; each leaves everything it can behind and the next looks for it.
 */
/** A file the server sends as it is: no page of the app, so no script of its own runs. */
const STATIC = "/manifest.webmanifest";

describe("a page kept between tests", () => {
  const OPTIONS = {
    viewport: { width: 390, height: 844 },
    geolocation: { latitude: 48.8566, longitude: 2.3522 },
    permissions: ["geolocation"],
  };
  let first: Page;
  const heardByFirst: string[] = [];

  it("is left with cookies, storage of every kind, routes, listeners, a second page and changed settings", async () => {
    const { page } = await openPage(browser, OPTIONS);
    first = page;
    const context = page.context();
    await page.goto(STATIC);
    await context.addCookies([{ name: "left", value: "behind", url: page.url() }]);
    await page.evaluate(async () => {
      localStorage.setItem("left", "behind");
      await (await caches.open("left")).put("/left", new Response("behind"));
      await new Promise((resolve, reject) => {
        const request = indexedDB.open("left");
        request.onsuccess = resolve;
        request.onerror = reject;
      });
    });
    await page.route(`**${STATIC}`, (route) => route.fulfill({ body: "routed" }));
    page.on("console", (message) => heardByFirst.push(message.text()));
    await context.newPage();
    await context.setOffline(true);
    await context.setGeolocation({ latitude: 1, longitude: 1 });
    await context.clearPermissions();
    await page.setViewportSize({ width: 800, height: 600 });
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  });

  it("comes back to the next test as a new context's would", async () => {
    // What the first test's listener heard while that test ran is its own.
    heardByFirst.length = 0;
    const { page } = await openPage(browser, OPTIONS);
    expect(page).toBe(first);
    const context = page.context();
    expect(page.url()).toBe("about:blank");
    expect(context.pages()).toEqual([page]);
    expect(await context.cookies()).toEqual([]);
    expect(page.viewportSize()).toEqual(OPTIONS.viewport);
    await page.goto(STATIC);
    expect(await page.textContent("body")).not.toBe("routed");
    const left = await page.evaluate(async () => ({
      online: navigator.onLine,
      localStorage: localStorage.length,
      caches: await caches.keys(),
      databases: (await indexedDB.databases()).map((database) => database.name),
      position: await new Promise<number[]>((resolve, reject) =>
        navigator.geolocation.getCurrentPosition(
          ({ coords }) => resolve([coords.latitude, coords.longitude]),
          reject,
        ),
      ),
    }));
    expect(left).toEqual({
      online: true,
      localStorage: 0,
      caches: [],
      databases: [],
      position: [OPTIONS.geolocation.latitude, OPTIONS.geolocation.longitude],
    });
    await page.evaluate(() => console.log("heard by the second test only"));
    expect(heardByFirst).toEqual([]);
  });

  let clocked: Page;
  it("is not kept after a test installs Playwright's clock (an init script that stays)", async () => {
    const { page } = await openPage(browser, OPTIONS);
    clocked = page;
    await page.clock.install({ time: new Date(2026, 0, 1) });
  });

  it("so the next test gets a new one", async () => {
    const { page } = await openPage(browser, OPTIONS);
    expect(page).not.toBe(clocked);
    expect(clocked.isClosed()).toBe(true);
  });

  let withWorker: Page;
  it("is never kept when the service worker is allowed (the offline tests)", async () => {
    withWorker = (await openPage(browser, { serviceWorkers: "allow" })).page;
  });

  it("and other options get a context of their own", async () => {
    const { page } = await openPage(browser, { serviceWorkers: "allow" });
    expect(page).not.toBe(withWorker);
    expect(withWorker.isClosed()).toBe(true);
    const other = await openPage(browser, { ...OPTIONS, locale: "fr-FR" });
    expect(other.page).not.toBe(first);
  });
});
