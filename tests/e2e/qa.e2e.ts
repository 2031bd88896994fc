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

/** Waits until the run is over and returns each check's status and message. */
async function results(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelectorAll('[data-testid^="qa-check-"]').length === 10 &&
      !document.querySelector('[data-testid^="qa-check-"][data-status="running"]') &&
      // The run is over (its clean-up included) when Re-run is offered again.
      document.querySelector('[data-testid="qa-rerun"]:not([disabled])'),
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

/**
 * A stand-in for the site's service worker, written to the contract /qa checks:
 * card pages fetched as HTML are kept in a `safetap-cards*` cache. `store`
 * decides what is kept, so the check can be seen to pass and to fail.
 */
function contractWorker(store: "card" | "elsewhere" | "stripped") {
  return `
    self.addEventListener("install", () => self.skipWaiting());
    self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
    self.addEventListener("fetch", (event) => {
      const url = new URL(event.request.url);
      const html = event.request.mode === "navigate" ||
        (event.request.headers.get("accept") || "").includes("text/html");
      if (url.origin !== location.origin || !url.pathname.startsWith("/t/") || !html) return;
      event.respondWith(fetch(event.request).then(async (response) => {
        if (response.ok) {
          const cache = await caches.open(${JSON.stringify(store === "elsewhere" ? "pages" : "safetap-cards-v1")});
          const kept = ${JSON.stringify(store)} === "stripped"
            ? new Response("<main><h1>Card</h1></main>", { headers: { "Content-Type": "text/html" } })
            : response.clone();
          await cache.put(event.request.url, kept);
        }
        return response;
      }));
    });`;
}

/**
 * Where the stand-in is served from: an address the site does not have, so
 * only this test's route answers it.
 *
 * Serving it in place of /sw.js does not work now that the site has its own
 * worker. The route sees only the first fetch of a registration's script; the
 * browser's later update checks (on a register() with other options, such as
 * the app's `updateViaCache: "none"`, or after a navigation) go to the server
 * unseen, get the real worker, which is a new script, and it takes over (it
 * skips waiting and claims the page) before or during the run, so /qa checked
 * the real worker. Here an update check of the stand-in gets a 404, and a
 * failed update leaves the active worker in place.
 */
const STAND_IN_PATH = "/e2e-contract-sw.js";

/**
 * Opens /qa in a context whose only service worker is the stand-in, installed
 * from the home page as a visitor's would be.
 */
async function openWithWorker(store: Parameters<typeof contractWorker>[0]) {
  const watched = await openPage(browser, { serviceWorkers: "allow" });
  const context = watched.page.context();
  // Every page of the app registers the real worker (/sw.js) once loaded; that
  // would replace the stand-in (same scope, another script). In this context the
  // app's registration resolves with the stand-in's instead.
  await context.addInitScript(() => {
    const register = ServiceWorkerContainer.prototype.register;
    ServiceWorkerContainer.prototype.register = function (url, options) {
      if (new URL(String(url), location.href).pathname === "/sw.js") return this.ready;
      return register.call(this, url, options);
    };
  });
  await context.route(`${baseURL()}${STAND_IN_PATH}`, (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: contractWorker(store) }),
  );
  await watched.page.goto("/");
  await watched.page.evaluate(async (url) => {
    await navigator.serviceWorker.register(url, { scope: "/" });
    await navigator.serviceWorker.ready;
  }, STAND_IN_PATH);
  await watched.page.goto("/qa");
  return watched;
}

/** The script of the worker controlling the page (null: none), once the run is over. */
const controllerScript = (page: Page) =>
  page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);

describe("/qa self-check", () => {
  it("runs the ten checks on load against a healthy site: 10/10", async () => {
    const { page, problems } = await openPage(browser, { serviceWorkers: "allow" });
    // A visitor arriving from the home page: the site's worker is installed there
    // (the app registers it once the page has loaded), so it controls /qa.
    await page.goto("/");
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 30_000,
    });
    await page.goto("/qa");
    const found = await results(page);
    expect(Object.keys(found)).toEqual([...CHECKS]);
    for (const id of CHECKS) expect(found[id], id).toMatchObject({ status: "pass", badge: "PASS" });
    await expect(page.getByTestId("qa-summary").textContent()).resolves.toBe("10/10 checks passed");
    // The site's own worker kept the card, in its own cache, and /qa took it out again.
    expect(found.offlineCard.message).toBe(
      "The test card is in safetap-cards with call and text links and the alert form",
    );
    expect(await controllerScript(page)).toBe(`${baseURL()}/sw.js`);
    const left = await page.evaluate(async () =>
      (await (await caches.open("safetap-cards")).keys()).map((request) => request.url),
    );
    expect(left.filter((url) => /\/t\/CD-/.test(url))).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("passes the nine checks that need no service worker where there is none, and removes its test tag", async () => {
    // A browser without service workers (blocked here): the offline check fails and
    // says why; the nine others do not depend on it.
    const { page, problems } = await openPage(browser, { serviceWorkers: "block" });
    await page.goto("/qa");
    const found = await results(page);
    for (const id of CHECKS) {
      if (id === "offlineCard") continue;
      expect(found[id], id).toMatchObject({ status: "pass", badge: "PASS" });
    }
    expect(found.offlineCard).toMatchObject({
      status: "fail",
      message: "No service worker is registered",
    });
    const tagId = found.tagFlow.message.match(/\b(CD-[A-Z0-9]{5})\b/)?.[1];
    expect(tagId).toBeDefined();
    // The throwaway tag is gone again: its card now says 'Tag not found', like any unknown tag.
    const after = await page.request.get(`${baseURL()}/t/${tagId}`, { maxRedirects: 0 });
    expect(after.status()).toBe(404);
    expect(await after.text()).toContain("Tag not found");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("reaches 10/10 with a service worker that keeps the offline contract", async () => {
    const { page } = await openWithWorker("card");
    const found = await results(page);
    for (const id of CHECKS) expect(found[id], id).toMatchObject({ status: "pass" });
    expect(found.offlineCard.message).toBe(
      "The test card is in safetap-cards-v1 with call and text links and the alert form",
    );
    // The throwaway card is not left in the offline cache.
    const left = await page.evaluate(async () => {
      const cache = await caches.open("safetap-cards-v1");
      return (await cache.keys()).map((request) => request.url);
    });
    expect(left).toEqual([]);
    expect(await controllerScript(page)).toBe(`${baseURL()}${STAND_IN_PATH}`);
    await page.context().close();
  });

  it("fails the offline check when the worker keeps the card elsewhere, or keeps a page without the links", async () => {
    const elsewhere = await openWithWorker("elsewhere");
    expect((await results(elsewhere.page)).offlineCard).toMatchObject({
      status: "fail",
      message: "The card page was not saved for offline use",
    });
    expect(await controllerScript(elsewhere.page)).toBe(`${baseURL()}${STAND_IN_PATH}`);
    await elsewhere.page.context().close();
    const stripped = await openWithWorker("stripped");
    expect((await results(stripped.page)).offlineCard).toMatchObject({
      status: "fail",
      message: "The saved card has no call or text links",
    });
    expect(await controllerScript(stripped.page)).toBe(`${baseURL()}${STAND_IN_PATH}`);
    await stripped.page.context().close();
  });

  it("fails each check, with the spec's message, when the thing it checks is broken", async () => {
    // Blocking service workers breaks the offline card check once the worker exists.
    const { page } = await openPage(browser, { serviceWorkers: "block" });
    const base = baseURL();
    await page.addInitScript(() => {
      // A site that forgot to take over scroll restoration.
      Object.defineProperty(History.prototype, "scrollRestoration", {
        configurable: true,
        get: () => "auto",
        set: () => {},
      });
    });
    // The home page without the navbar's sign-in and get-started links and without anchors.
    await page.route(`${base}/`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text())
        .replaceAll('href="/auth?mode=signin"', 'href="/login"')
        .replaceAll('href="/auth?mode=signup&amp;plan=free"', 'href="/signup"')
        .replace(/href="\/(pricing|for-organizations)#/g, 'href="/$1?');
      await route.fulfill({ response, body });
    });
    // A sign-in form that returns somewhere else than the dashboard.
    await page.route(/\/auth\?mode=signin&redirect=/, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replaceAll('value="/dashboard"', 'value="/"');
      await route.fulfill({ response, body });
    });
    await page.route(`${base}/contact`, (route) =>
      route.fulfill({ status: 404, contentType: "text/html", body: "<h1>Not found</h1>" }),
    );
    // Pricing without the Enterprise card.
    await page.route(/\/pricing\?lng=/, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replaceAll('data-testid="plan-enterprise"', "");
      await route.fulfill({ response, body });
    });
    // A card page that shows itself although the tag has no owner yet.
    await page.route(/\/t\/CD-/, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Card</h1>" }),
    );
    // One Vietnamese string emptied in the locale bundle the browser loads.
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      const response = await route.fetch();
      const text = await response.text();
      await route.fulfill({ response, body: text.replace("Không sao chép được báo cáo", "") });
    });
    await page.goto("/qa");
    const found = await results(page);
    for (const id of CHECKS) expect(found[id], id).toMatchObject({ status: "fail", badge: "FAIL" });
    expect(found.signInLink.message).toBe("Sign in link not found in navbar");
    expect(found.getStartedLink.message).toBe("Get started link not found");
    expect(found.authRedirect.message).toBe("Auth may not use proper redirect");
    expect(found.scrollRestoration.message).toBe("Scroll restoration is not manual");
    expect(found.audienceAnchors.message).toBe("No anchor links found");
    expect(found.contactPage.message).toBe("Contact page not found");
    expect(found.pricingPlans.message).toBe("Some pricing plans missing");
    expect(found.tagFlow.message).toMatch(
      /^Unclaimed tag CD-\w{5} did not go to \/claim\/CD-\w{5}/,
    );
    expect(found.offlineCard.message).toBe("No service worker is registered");
    expect(found.languageKeys.message).toBe("Missing or empty keys: vi:qa:copyFailed");
    await expect(page.getByTestId("qa-summary").textContent()).resolves.toBe("0/10 checks passed");
    await expect(page.getByTestId("qa-failed").textContent()).resolves.toBe("10");
    await page.context().close();
  });

  it("compares /pricing with the plan catalogue, not with a copy", async () => {
    const { page } = await openPage(browser, { serviceWorkers: "allow" });
    // Reading B's price instead of the catalogue's (reading A, DESIGN 1.2).
    await page.route(/\/pricing\?lng=en$/, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace("$1.99", "$2.99");
      await route.fulfill({ response, body });
    });
    await page.goto("/qa");
    const found = await results(page);
    expect(found.pricingPlans).toMatchObject({
      status: "fail",
      message: "Some pricing plans missing the catalogue's price: Pro",
    });
    await page.context().close();
  });

  it("re-runs, and copies the JSON report", async () => {
    const { page } = await openPage(browser, {
      serviceWorkers: "allow",
      permissions: ["clipboard-read", "clipboard-write"],
    });
    await page.goto("/qa");
    await results(page);
    await waitForHydration(page);
    await page.getByTestId("qa-rerun").click();
    await expect
      .poll(() => page.locator('[data-status="running"]').count(), { timeout: 5_000 })
      .toBeGreaterThan(0);
    await results(page);
    await page.getByTestId("qa-copy").click();
    await expect(page.getByTestId("notice-title").textContent()).resolves.toBe(
      "Report copied to clipboard!",
    );
    const report = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    expect(Object.keys(report)).toEqual(["timestamp", "checks", "summary"]);
    expect(new Date(report.timestamp).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(report.checks).toHaveLength(10);
    expect(report.checks[0]).toEqual({
      name: "Sign-in link goes to /auth?mode=signin",
      status: "pass",
      message: "The navbar links Sign in to /auth?mode=signin",
    });
    const passed = report.checks.filter((c: { status: string }) => c.status === "pass").length;
    expect(report.summary).toEqual({ total: 10, passed, failed: 10 - passed });
    await page.context().close();
  });
});
