import { randomInt } from "node:crypto";
import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deferred } from "#tests/support/deferred.ts";
import {
  baseURL,
  confirmContact,
  launchBrowser,
  mintTag,
  openPage,
  outbox,
  signUpAndOnboard,
  waitForCode,
  waitForHydration,
  waitForMessage,
} from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A new, verified account that has not been through onboarding yet. */
async function signUp(page: Page, name: string): Promise<string> {
  const email = `e2e-${Date.now()}-${randomInt(1_000_000)}@example.com`;
  const request = page.context().request;
  const started = await request.post(`${baseURL()}/auth`, {
    form: {
      intent: "signup",
      fullName: name,
      identifier: email,
      password: "Sup3r!secret",
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

/** Holds the page's next POST to `path` until `release()` is called. */
function holdNextPost(page: Page, path: string) {
  const held = deferred();
  const seen = deferred();
  let taken = false;
  const handler = async (route: Route) => {
    if (route.request().method() !== "POST" || taken) return route.continue();
    taken = true;
    seen.resolve();
    await held.promise;
    await route.continue();
  };
  const noPost = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`no POST to ${path} was made`)), 15_000).unref(),
  );
  return {
    install: () => page.route(`${baseURL()}${path}*`, handler),
    seen: Promise.race([seen.promise, noPost]),
    release: held.resolve,
  };
}

/** The SOS without holding (decision 151): ask, confirm with one tap; it leaves after the 3-second undo. */
async function sendSos(page: Page) {
  await page.getByRole("button", { name: "Send without holding" }).click();
  await page.getByRole("button", { name: "Send SOS Alert" }).click();
}

const alertsTo = async (email: string) =>
  (await outbox()).filter((m) => m.to === email && m.subject?.startsWith("EMERGENCY"));

describe("/sos: the sent view is the server's answer to this send", () => {
  it("send, Send Another Alert, send again → two alerts; the second sent view only after the server answered", async () => {
    const tag = await mintTag("sticker");
    const email = `sos-twice-${Date.now()}@example.com`;
    const { page, problems } = await openPage(browser, {
      viewport: { width: 390, height: 844 },
    });
    await signUpAndOnboard(page, {
      name: "Sam Twice",
      contacts: [{ name: "Ana", channel: "email", value: email }],
    });
    await page
      .context()
      .request.post(`${baseURL()}/claim/${tag.tagId}`, { form: { token: tag.token } });
    await page.goto("/sos");
    await waitForHydration(page);

    await sendSos(page);
    await page.getByTestId("sos-sent").waitFor();
    await waitForMessage(email);
    expect(await alertsTo(email)).toHaveLength(1);

    await page.getByRole("button", { name: "Send Another Alert" }).click();
    await page.getByRole("button", { name: "Hold to send SOS" }).waitFor();
    expect(await page.getByTestId("sos-sent").count()).toBe(0);

    const hold = holdNextPost(page, "/sos/alert");
    await hold.install();
    await sendSos(page);
    await hold.seen;
    // The request is on its way but unanswered: no "sent" yet.
    expect(await page.getByTestId("sos-sent").count()).toBe(0);
    await expect.poll(() => page.getByRole("button", { name: "Sending…" }).count()).toBe(1);
    hold.release();
    await page.getByTestId("sos-sent").waitFor();
    await expect.poll(async () => (await alertsTo(email)).length, { timeout: 15_000 }).toBe(2);
    expect(problems.filter((p) => p.includes("not connected"))).toEqual([]);
    // Two SOS, each with its 3-second undo, on a loaded machine.
  });

  it("after a cancel, Send Another Alert shows the idle view without a stale 'All clear sent'", async () => {
    const tag = await mintTag("sticker");
    const email = `sos-cancel-${Date.now()}@example.com`;
    const { page } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await signUpAndOnboard(page, {
      name: "Sam Safe",
      contacts: [{ name: "Ana", channel: "email", value: email }],
    });
    await page
      .context()
      .request.post(`${baseURL()}/claim/${tag.tagId}`, { form: { token: tag.token } });
    await page.goto("/sos");
    await waitForHydration(page);
    await sendSos(page);
    await page.getByTestId("sos-sent").waitFor();
    await page.getByRole("button", { name: /Cancel — I'm safe/ }).click();
    await page.getByText("All clear sent").waitFor();
    await page.getByRole("button", { name: "Send Another Alert" }).click();
    await page.getByRole("button", { name: "Hold to send SOS" }).waitFor();
    expect(await page.getByText("All clear sent").count()).toBe(0);
  });
});

describe("/onboarding: Next on step 2 opens step 3 without submitting", () => {
  it("a new user reaches step 3 with no error and no request made", async () => {
    const { page } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await signUp(page, "Nova Newcomer");
    await page.goto("/onboarding");
    await waitForHydration(page);
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.getByLabel("Country").selectOption("us");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Step 2 of 3").waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Step 3 of 3").waitFor();
    await page.getByRole("button", { name: "Finish" }).waitFor();
    expect(await page.getByTestId("notice").count()).toBe(0);
    expect(posts).toEqual([]);
    expect(new URL(page.url()).pathname).toBe("/onboarding");
  });

  it("editing (?edit=1): Next on step 2 shows step 3 and stays on /onboarding", async () => {
    const { page } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await signUpAndOnboard(page, {
      name: "Eddie Editor",
      contacts: [{ name: "Ana", channel: "email", value: `edit-${Date.now()}@example.com` }],
    });
    await page.goto("/onboarding?edit=1");
    await waitForHydration(page);
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Step 2 of 3").waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Step 3 of 3").waitFor();
    expect(posts).toEqual([]);
    expect(new URL(page.url()).pathname).toBe("/onboarding");
  });
});

describe("/activate: the test alert's 'sent' is the answer to this press", () => {
  it("a second test alert shows no 'Test alert sent!' until the server answered, and both are sent", async () => {
    const tag = await mintTag("card");
    const email = `activate-test-${Date.now()}@example.com`;
    const { page } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await signUpAndOnboard(page, {
      name: "Tess Tester",
      contacts: [{ name: "Ana", channel: "email", value: email }],
    });
    // Test alerts go only to contacts who confirmed (decision 148).
    await confirmContact(email);
    await page.goto(`/activate?tag=${tag.tagId}&token=${tag.token}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Activate tag" }).click();
    await page.getByRole("heading", { name: "Tag Activated" }).waitFor();
    const tests = async () =>
      (await outbox()).filter((m) => m.to === email && m.subject?.includes("TEST")).length;

    await page.getByRole("button", { name: "Send a test alert" }).click();
    await page.getByText("Test alert sent!").waitFor();
    await expect.poll(tests, { timeout: 15_000 }).toBe(1);

    const hold = holdNextPost(page, "/activate");
    await hold.install();
    await page.getByRole("button", { name: "Send a test alert" }).click();
    await hold.seen;
    // React hides the first answer when it renders the submission, which on a loaded machine can
    // come after the request is on its way; while the request is held nothing can show it again.
    await expect.poll(() => page.getByText("Test alert sent!").count()).toBe(0);
    hold.release();
    await page.getByText("Test alert sent!").waitFor();
    await expect.poll(tests, { timeout: 15_000 }).toBe(2);
  });
});

/** The focused control, its message (through aria-describedby) and whether both are on screen. */
function focusedFieldState(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const onScreen = (node: Element | null) => {
      if (!node) return false;
      const box = node.getBoundingClientRect();
      return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
    };
    const messages = (el?.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id))
      .filter((node) => node?.getAttribute("data-testid") === "field-error");
    return {
      name: el?.getAttribute("name") ?? null,
      invalid: el?.getAttribute("aria-invalid") ?? null,
      message: messages[0]?.textContent ?? null,
      fieldOnScreen: onScreen(el),
      messageOnScreen: onScreen(messages[0] ?? null),
    };
  });
}

describe("form errors are shown at the field, which takes the focus", () => {
  it("/contact on a 390x844 phone: an error in the bottom field, submitted from the top, focuses it with its message on screen", async () => {
    const { page } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto("/contact");
    await waitForHydration(page);
    const form = page.getByTestId("sales-form");
    await form.locator('[name="organization"]').fill("Hill School");
    await form.locator('[name="email"]').fill("head@hill.example");
    await form.locator('[name="industry"]').selectOption("education");
    await form.locator('[name="estimatedUsers"]').selectOption("51-100");
    await form.locator('[name="message"]').fill("Too short");
    await form.locator('[name="fullName"]').fill("Hana Hill");
    await page.evaluate(() => window.scrollTo(0, 0));
    await form.locator('[name="fullName"]').press("Enter");
    await expect
      .poll(() => focusedFieldState(page))
      .toEqual({
        name: "message",
        invalid: "true",
        message: "Message must be at least 10 characters",
        fieldOnScreen: true,
        messageOnScreen: true,
      });
    // The other fields are not marked.
    expect(await form.locator('[aria-invalid="true"]').count()).toBe(1);
  });
});

describe("form errors answered by the server", () => {
  it("/onboarding: Finish with an SMS contact '+12' → the server's message is at the contact's value, which has the focus", async () => {
    const { page } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await signUp(page, "Fay Fielding");
    await page.goto("/onboarding");
    await waitForHydration(page);
    await page.getByLabel("Country").selectOption("gb");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Step 3 of 3").waitFor();
    const row = page.getByTestId("contact-row").first();
    await row.locator('[name="contacts.0.name"]').fill("Ana");
    await row.locator('[name="contacts.0.value"]').fill("+12");
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("button", { name: "Finish" }).click();
    await expect
      .poll(() => focusedFieldState(page), { timeout: 10_000 })
      .toEqual({
        name: "contacts.0.value",
        invalid: "true",
        message: "Invalid phone number (use +1234567890 format)",
        fieldOnScreen: true,
        messageOnScreen: true,
      });
  });

  it("/auth sign-up: a weak password is marked at the password field, which has the focus", async () => {
    const { page } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto("/auth?mode=signup");
    await waitForHydration(page);
    await page.getByLabel("Full name").fill("Wes Weak");
    await page.getByLabel("Email or phone").fill(`weak-${Date.now()}@example.com`);
    await page.getByLabel("Password").fill("password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect
      .poll(() => focusedFieldState(page))
      .toMatchObject({
        name: "password",
        invalid: "true",
        message: "Password must contain both uppercase and lowercase letters",
        messageOnScreen: true,
      });
  });
});

describe("/pricing: 'See how it works'", () => {
  it("opens the guide at /how-it-works (decision 153)", async () => {
    const { page } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto("/pricing");
    await waitForHydration(page);
    await page.getByRole("link", { name: "See how it works" }).click();
    await page.waitForURL((url) => url.pathname === "/how-it-works");
    await page.getByRole("heading", { level: 1, name: "How SafeTap works" }).waitFor();
    // Every change of path starts at the top.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});
