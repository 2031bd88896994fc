import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runCli } from "#tests/support/processes.ts";
import {
  baseURL,
  launchBrowser,
  openPage,
  shownText,
  waitForCode,
  waitForHydration,
} from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 375, height: 740 };
const START = new Date("2026-06-01T10:00:00");

/**
 * A page whose timers only run when the test moves the clock, so "every 4
 * seconds" can be checked exactly.
 */
async function openWithPausedClock(path: string, options: BrowserContextOptions = {}) {
  const watched = await openPage(browser, options);
  await watched.page.clock.install({ time: START });
  // A minute ahead of the install: on a loaded machine more than a second can pass between the
  // two calls, and pausing at a time already past throws.
  await watched.page.clock.pauseAt(new Date(START.getTime() + 60_000));
  await watched.page.goto(path);
  // The page's scripts start from a timer after the load event (decision 155): let it fire.
  await watched.page.clock.runFor(1);
  await waitForHydration(watched.page);
  return watched;
}

const slideIndex = (page: Page) =>
  page.getByTestId("testimonial-track").getAttribute("data-index").then(Number);

/** Waits until the element with `testId` reports `data-index` = `index` (React renders after the timer). */
const waitForIndex = (page: Page, testId: string, index: number) =>
  page.waitForFunction(
    ([id, i]) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute("data-index") === i,
    [testId, String(index)] as const,
  );

/** Lets React render whatever the last timers changed (the page's clock is paused). */
const settle = (page: Page) => page.waitForTimeout(150);

/** Signs a new account up through /auth and its one-time code, in this browser context. */
async function signUpInBrowser(page: Page) {
  const email = `e2e-marketing-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const request = page.context().request;
  const started = await request.post(`${baseURL()}/auth`, {
    form: {
      intent: "signup",
      fullName: "E2E Marketing",
      identifier: email,
      password: "Correct-Horse-9!",
      acceptTerms: "on",
    },
  });
  expect(started.ok()).toBe(true);
  const verified = await request.post(`${baseURL()}/auth`, {
    form: { intent: "verify", code: await waitForCode(email) },
    maxRedirects: 0,
  });
  expect(verified.status()).toBe(302);
  return email;
}

async function setPlan(email: string, plan: string) {
  const result = await runCli(["users", "set-plan", email, plan], { DATA_DIR: inject("dataDir") });
  expect(result.code, result.stderr).toBe(0);
}

/** The target's top edge sits just under the sticky header once the anchor scroll is done. */
async function waitUntilScrolledTo(page: Page, id: string) {
  await page.waitForFunction((target) => {
    const top = document.getElementById(target)?.getBoundingClientRect().top ?? 9999;
    return window.scrollY > 100 && top >= 0 && top < 160;
  }, id);
}

describe("landing page", () => {
  it("shows every section of the spec, hydrated without errors", async () => {
    const { page, problems } = await openPage(browser, { viewport: DESKTOP });
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "Scan. Tap. Protect." }).waitFor();
    await page.getByRole("list", { name: "Why people trust SafeTap" }).waitFor();
    for (const heading of [
      "How it works",
      "Why SafeTap",
      "Simple, honest pricing",
      "Compare plans",
      "Frequently asked questions",
      "Moments SafeTap is built for",
      "Who SafeTap is for",
      "Protect the people you love today",
    ]) {
      expect(await page.getByRole("heading", { name: heading }).isVisible()).toBe(true);
    }
    expect(await page.getByTestId("offline-note").isVisible()).toBe(true);
    expect(await page.locator("#pricing").count()).toBe(1);
    expect(await page.getByRole("region", { name: "Testimonials" }).count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it("'Learn more' opens one plan at a time", async () => {
    const { page } = await openPage(browser, { viewport: DESKTOP });
    await page.goto("/");
    await waitForHydration(page);
    const isOpen = (plan: string) =>
      page.getByTestId(`learn-more-${plan}`).evaluate((el) => (el as HTMLDetailsElement).open);
    await page.getByTestId("learn-more-pro").locator("summary").click();
    expect(await isOpen("pro")).toBe(true);
    await page.getByText("Contacts confirm that they are on their way").waitFor();
    await page.getByTestId("learn-more-family").locator("summary").click();
    expect(await isOpen("family")).toBe(true);
    expect(await isOpen("pro")).toBe(false);
    expect(await page.getByTestId("learn-more-family").getByText("Show less").isVisible()).toBe(
      true,
    );
  });

  it("the annual toggle shows prices per year", async () => {
    const { page } = await openPage(browser, { viewport: DESKTOP });
    await page.goto("/");
    await waitForHydration(page);
    // Both cycles' prices are in the page (decision 155); the text shown is the price.
    const shown = (plan: string) => shownText(page.getByTestId(`price-${plan}`));
    expect(await shown("pro")).toMatch(/\$1\.99\s*\/month/);
    await page.getByRole("radio", { name: /Annual/ }).check();
    expect(await shown("pro")).toMatch(/\$19\.90\s*\/year/);
    expect(await shown("family")).toMatch(/\$59\.90\s*\/year/);
    expect(await page.getByRole("radio", { name: /Annual/ }).isChecked()).toBe(true);
    await page.getByRole("radio", { name: "Monthly" }).check();
    expect(await shown("pro")).toMatch(/\$1\.99\s*\/month/);
  });
});

describe("testimonials carousel", () => {
  it("advances every 4 seconds and loops (3 per view on desktop)", async () => {
    const { page } = await openWithPausedClock("/", { viewport: DESKTOP });
    const track = page.getByTestId("testimonial-track");
    expect(await track.getAttribute("data-per-view")).toBe("3");
    expect(await page.locator('[data-testid="testimonials-dot"]:visible').count()).toBe(2);
    expect(await slideIndex(page)).toBe(0);
    await page.clock.fastForward(3_900);
    await settle(page);
    expect(await slideIndex(page)).toBe(0);
    await page.clock.fastForward(100);
    await waitForIndex(page, "testimonial-track", 1);
    await page.clock.fastForward(4_000);
    await waitForIndex(page, "testimonial-track", 0);
    expect(await track.getAttribute("aria-live")).toBe("off");
  });

  it("shows one per view on a phone, with dots and without previous/next", async () => {
    const { page } = await openWithPausedClock("/", { viewport: MOBILE });
    expect(await page.getByTestId("testimonial-track").getAttribute("data-per-view")).toBe("1");
    expect(await page.locator('[data-testid="testimonials-dot"]:visible').count()).toBe(4);
    expect(await page.getByTestId("testimonials-previous").isVisible()).toBe(false);
    expect(await page.getByTestId("testimonials-next").isVisible()).toBe(false);
    for (const expected of [1, 2, 3, 0]) {
      await page.clock.fastForward(4_000);
      await waitForIndex(page, "testimonial-track", expected);
    }
    await page.getByRole("button", { name: "Go to slide 3" }).click();
    await waitForIndex(page, "testimonial-track", 2);
    expect(
      await page.getByRole("button", { name: "Go to slide 3" }).getAttribute("aria-current"),
    ).toBe("true");
    expect(await page.getByTestId("testimonial-schoolAdmin").getAttribute("aria-hidden")).toBe(
      "true",
    );
    expect(
      await page.getByTestId("testimonial-familyMember").getAttribute("aria-hidden"),
    ).toBeNull();
  });

  it("previous/next on desktop loop around", async () => {
    const { page } = await openWithPausedClock("/", { viewport: DESKTOP });
    const next = page.getByRole("button", { name: "Next testimonials" });
    const previous = page.getByRole("button", { name: "Previous testimonials" });
    expect(await next.isVisible()).toBe(true);
    await next.click();
    await waitForIndex(page, "testimonial-track", 1);
    await next.click();
    await waitForIndex(page, "testimonial-track", 0);
    await previous.click();
    await waitForIndex(page, "testimonial-track", 1);
  });

  it("does not advance for readers who prefer reduced motion", async () => {
    const { page } = await openWithPausedClock("/", {
      viewport: DESKTOP,
      reducedMotion: "reduce",
    });
    for (let i = 0; i < 3; i++) await page.clock.fastForward(4_000);
    await settle(page);
    expect(await slideIndex(page)).toBe(0);
    await page.getByRole("button", { name: "Resume automatic scrolling" }).waitFor();
  });

  it("the pause button stops auto-advance", async () => {
    const { page } = await openWithPausedClock("/", { viewport: MOBILE });
    await page.getByRole("button", { name: "Pause automatic scrolling" }).click();
    // Leave the carousel (hover and focus pause it too) so only the button is tested.
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.getByRole("button", { name: "Resume automatic scrolling" }).waitFor();
    for (let i = 0; i < 3; i++) await page.clock.fastForward(4_000);
    await settle(page);
    expect(await slideIndex(page)).toBe(0);
  });
});

describe("/pricing", () => {
  const heroIndex = (page: Page) =>
    page.getByTestId("pricing-hero").getAttribute("data-index").then(Number);

  it("the hero cycles through its three messages every 2 seconds", async () => {
    const { page, problems } = await openWithPausedClock("/pricing", { viewport: DESKTOP });
    const active = () => page.locator('[data-testid="pricing-hero-message"] [data-active="true"]');
    expect(await active().textContent()).toBe("Scan or tap the tag");
    await page.clock.fastForward(1_900);
    await settle(page);
    expect(await heroIndex(page)).toBe(0);
    await page.clock.fastForward(100);
    await waitForIndex(page, "pricing-hero", 1);
    expect(await active().textContent()).toBe("The emergency card appears");
    await page.clock.fastForward(2_000);
    await waitForIndex(page, "pricing-hero", 2);
    expect(await active().textContent()).toBe("Your contacts get alerts");
    await page.clock.fastForward(2_000);
    await waitForIndex(page, "pricing-hero", 0);
    expect(problems).toEqual([]);
  });

  it("the hero stays still for readers who prefer reduced motion", async () => {
    const { page } = await openWithPausedClock("/pricing", { reducedMotion: "reduce" });
    for (let i = 0; i < 4; i++) await page.clock.fastForward(2_000);
    await settle(page);
    expect(await heroIndex(page)).toBe(0);
  });

  it("the annual toggle shows annual prices per month", async () => {
    const { page } = await openPage(browser, { viewport: DESKTOP });
    await page.goto("/pricing");
    await waitForHydration(page);
    await page.getByRole("radio", { name: /Annual/ }).check();
    await page.getByText("Billed $19.90 once a year").waitFor();
    // biome-ignore lint/performance/useDomNodeTextContent: the text shown, which is what CSS decides
    expect(await page.getByTestId("price-pro").innerText()).toMatch(/\$1\.66\s*\/month/);
    // biome-ignore lint/performance/useDomNodeTextContent: the text shown, which is what CSS decides
    expect(await page.getByTestId("price-family").innerText()).toMatch(/\$4\.99\s*\/month/);
    expect(await page.getByTestId("price-enterprise").textContent()).toContain("Custom");
  });

  it("the comparison is shown and hidden by its button", async () => {
    const { page } = await openPage(browser, { viewport: DESKTOP });
    await page.goto("/pricing");
    await waitForHydration(page);
    const table = page.getByTestId("compare-table");
    expect(await table.isVisible()).toBe(false);
    const toggle = page.getByTestId("compare-toggle");
    // The summary holds both labels; CSS shows the one for its state.
    // biome-ignore lint/performance/useDomNodeTextContent: the text shown, which is what CSS decides
    expect(await toggle.innerText()).toBe("Compare all features");
    await toggle.click();
    await table.waitFor({ state: "visible" });
    // biome-ignore lint/performance/useDomNodeTextContent: the text shown, which is what CSS decides
    expect(await toggle.innerText()).toBe("Hide comparison");
    await toggle.click();
    await table.waitFor({ state: "hidden" });
  });

  it("without JavaScript the toggles still work, in place, and links may open them", async () => {
    const { page } = await openPage(browser, { viewport: DESKTOP, javaScriptEnabled: false });
    await page.goto("/pricing?lng=en");
    await page.getByRole("radio", { name: /Annual/ }).check();
    // biome-ignore lint/performance/useDomNodeTextContent: the text shown, which is what CSS decides
    expect(await page.getByTestId("price-pro").innerText()).toMatch(/\$1\.66\s*\/month/);
    await page.getByTestId("compare-toggle").click();
    await page.getByTestId("compare-table").waitFor({ state: "visible" });
    expect(new URL(page.url()).search).toBe("?lng=en");
    await page.goto("/pricing?lng=en&billing=annual&compare=1");
    expect(await page.getByRole("radio", { name: /Annual/ }).isChecked()).toBe(true);
    expect(await page.getByTestId("compare-table").isVisible()).toBe(true);
  });

  it("the FAQ opens with the keyboard", async () => {
    const { page } = await openPage(browser, { viewport: DESKTOP });
    await page.goto("/pricing");
    await waitForHydration(page);
    const item = page.getByTestId("faq-familyTags");
    await item.locator("summary").focus();
    await page.keyboard.press("Enter");
    await item.getByText("Up to 20 tags, shared by 5 seats").waitFor();
  });
});

describe("who-it-is-for links land scrolled to their section", () => {
  it.each([
    ["See the Family plan", "/pricing", "family"],
    ["SafeTap for schools", "/for-organizations", "schools"],
    ["See the Pro plan", "/pricing", "pro"],
    ["SafeTap for workplaces", "/for-organizations", "workplaces"],
    ["SafeTap for healthcare", "/for-organizations", "healthcare"],
  ])("%s → %s#%s", async (name, path, id) => {
    const { page } = await openPage(browser, { viewport: DESKTOP });
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("link", { name: new RegExp(name) }).click();
    await page.waitForURL((url) => url.pathname === path && url.hash === `#${id}`);
    await waitUntilScrolledTo(page, id);
  });
});

describe("plan selection (spec section 4)", () => {
  it("Enterprise goes to /contact", async () => {
    const { page } = await openPage(browser, { viewport: DESKTOP });
    await page.goto("/pricing");
    await waitForHydration(page);
    await page.getByTestId("cta-enterprise").click();
    await page.waitForURL((url) => url.pathname === "/contact");
  });

  it("signed out, a plan goes to sign-up with that plan", async () => {
    const { page } = await openPage(browser, { viewport: DESKTOP });
    await page.goto("/pricing");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Choose Pro" }).click();
    await page.waitForURL((url) => url.pathname + url.search === "/auth?mode=signup&plan=pro");
  });

  it("signed in: the current plan is disabled; a paid plan says 'Checkout coming soon' without a request", async () => {
    const { page, problems } = await openPage(browser, { viewport: DESKTOP });
    await signUpInBrowser(page);
    await page.goto("/pricing");
    await waitForHydration(page);
    const current = page.getByTestId("cta-free");
    expect(await current.textContent()).toBe("Current Plan");
    expect(await current.isDisabled()).toBe(true);

    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.getByRole("button", { name: "Choose Pro" }).click();
    await page.getByText("Checkout coming soon").waitFor();
    expect(new URL(page.url()).pathname).toBe("/pricing");
    expect(posts).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("signed in on Pro, Free updates the plan, says 'Plan updated to Free' and goes to onboarding", async () => {
    const { page, problems } = await openPage(browser, { viewport: DESKTOP });
    const email = await signUpInBrowser(page);
    await setPlan(email, "pro");
    await page.goto("/pricing");
    await waitForHydration(page);
    expect(await page.getByTestId("cta-pro").textContent()).toBe("Current Plan");
    await page.getByRole("button", { name: "Start Free" }).click();
    await page.waitForURL((url) => url.pathname === "/onboarding");
    await page.getByText("Plan updated to Free").waitFor();

    await page.goto("/pricing");
    await waitForHydration(page);
    expect(await page.getByTestId("cta-free").isDisabled()).toBe(true);
    // The notice was shown once: it does not come back.
    expect(await page.getByText("Plan updated to Free").count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it("the Free plan form works without JavaScript, from the landing page too", async () => {
    const { page } = await openPage(browser, { viewport: DESKTOP, javaScriptEnabled: false });
    const email = await signUpInBrowser(page);
    await setPlan(email, "family");
    await page.goto("/");
    expect(await page.getByTestId("cta-family").textContent()).toBe("Current Plan");
    await page.getByRole("button", { name: "Start Free" }).click();
    await page.waitForURL((url) => url.pathname === "/onboarding");
    await page.getByRole("status").getByText("Plan updated to Free").waitFor();
    await page.goto("/pricing");
    expect(await page.getByTestId("cta-free").isDisabled()).toBe(true);
  });
});
