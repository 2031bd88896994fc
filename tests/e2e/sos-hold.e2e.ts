import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseURL,
  launchBrowser,
  mintTag,
  openPage,
  outbox,
  seriousViolations,
  signUpAndOnboard,
  waitForHydration,
  waitForMessage,
} from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const alertsTo = async (email: string) =>
  (await outbox()).filter((m) => m.to === email && m.subject?.startsWith("EMERGENCY"));

/** A signed-in owner with one email contact and a claimed tag, on /sos. */
async function ownerOnSos(name: string, options: { fakeClock?: boolean; touch?: boolean } = {}) {
  const tag = await mintTag("sticker");
  const email = `sos-hold-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const watched = await openPage(browser, {
    serviceWorkers: "allow",
    viewport: { width: 390, height: 844 },
    hasTouch: options.touch ?? false,
  });
  const { page } = watched;
  await signUpAndOnboard(page, {
    name,
    contacts: [{ name: "Ana", channel: "email", value: email }],
  });
  await page
    .context()
    .request.post(`${baseURL()}/claim/${tag.tagId}`, { form: { token: tag.token } });
  // The page's clock is ours: a hold of 5 s or 2 s takes no real time, and runs exactly.
  if (options.fakeClock) await page.clock.install();
  await page.goto("/sos");
  await waitForHydration(page);
  if (options.fakeClock) await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
  // Every SOS the page sends goes through POST /sos/alert: count them.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/sos")) {
      posts.push(new URL(request.url()).pathname);
    }
  });
  return { ...watched, email, posts };
}

const holdButton = (page: Page) => page.getByTestId("sos-hold");
const status = (page: Page) => page.getByTestId("sos-status");

/** Presses the SOS button with the mouse for `ms` of the page's (fake) clock. */
async function holdFor(page: Page, ms: number, release = true) {
  await holdButton(page).hover();
  await page.mouse.down();
  await page.clock.runFor(ms);
  if (release) await page.mouse.up();
}

describe("/sos: press and hold 5 seconds, 3 seconds to undo (decision 151)", () => {
  it("a 5-second hold fills the ring, counts down 'Sending in 3…', then the contacts get the SOS", async () => {
    const { page, email, posts, problems } = await ownerOnSos("Hana Hold", { fakeClock: true });
    await holdButton(page).hover();
    await page.mouse.down();
    await page.clock.runFor(2_500);
    expect(await status(page).textContent()).toBe("Keep holding: 3 s");
    const half = Number(
      await page.getByTestId("sos-ring").locator("[data-progress]").getAttribute("data-progress"),
    );
    expect(half).toBeGreaterThan(0.4);
    expect(half).toBeLessThan(0.6);
    await page.clock.runFor(2_600);
    await page.mouse.up();
    expect(await status(page).textContent()).toBe("Sending in 3…");
    expect(await holdButton(page).getAttribute("data-phase")).toBe("undo");
    await page.clock.runFor(1_100);
    expect(await status(page).textContent()).toBe("Sending in 2…");
    // Nothing has left the phone during the undo window.
    expect(posts).toEqual([]);
    await page.clock.runFor(2_000);
    await page.clock.resume();
    await page.getByTestId("sos-sent").waitFor();
    await page.getByText("1 contact notified.").waitFor();
    expect(posts).toEqual(["/sos/alert"]);
    await waitForMessage(email);
    expect(await alertsTo(email)).toHaveLength(1);
    await page.getByRole("button", { name: /Cancel — I'm safe/ }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("a 2-second hold sends nothing and says 'Hold for 5 seconds to send'", async () => {
    const { page, email, posts } = await ownerOnSos("Tom Tooshort", { fakeClock: true });
    await holdFor(page, 2_000);
    expect(await status(page).textContent()).toBe("Hold for 5 seconds to send");
    expect(await holdButton(page).getAttribute("data-phase")).toBe("idle");
    // The ring empties on release.
    expect(
      await page.getByTestId("sos-ring").locator("[data-progress]").getAttribute("data-progress"),
    ).toBe("0.00");
    // However long one waits afterwards, nothing goes.
    await page.clock.runFor(30_000);
    await page.clock.resume();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(posts).toEqual([]);
    expect(await alertsTo(email)).toHaveLength(0);
    expect(await page.getByTestId("sos-sent").count()).toBe(0);
    await page.context().close();
  });

  it("a finger held 5 s (touch) arms it; Undo inside the 3 seconds sends nothing", async () => {
    const { page, email, posts } = await ownerOnSos("Uma Undo", { fakeClock: true, touch: true });
    // A real touch, as a phone's screen sends it: touchstart … touchend on the button.
    const box = (await holdButton(page).boundingBox())!;
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
    await page.clock.runFor(3_000);
    expect(await status(page).textContent()).toBe("Keep holding: 2 s");
    await page.clock.runFor(2_100);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    // Lifting the finger after the hold neither sends nor undoes.
    expect(await status(page).textContent()).toBe("Sending in 3…");
    expect(await holdButton(page).getAttribute("data-phase")).toBe("undo");
    await page.clock.runFor(2_000);
    await page.getByRole("button", { name: "Undo" }).click();
    expect(await holdButton(page).getAttribute("data-phase")).toBe("idle");
    await page.clock.runFor(10_000);
    await page.clock.resume();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(posts).toEqual([]);
    expect(await alertsTo(email)).toHaveLength(0);
    await page.getByRole("button", { name: "Hold to send SOS" }).waitFor();
    await page.context().close();
  });

  it("with the keyboard: holding Space sends after 5 s; 'Send without holding' asks for one tap", async () => {
    const { page, email, posts } = await ownerOnSos("Kai Keys", { fakeClock: true });
    // Space held for one second only: too short.
    await holdButton(page).focus();
    await page.keyboard.down(" ");
    await page.clock.runFor(1_000);
    await page.keyboard.up(" ");
    expect(await status(page).textContent()).toBe("Hold for 5 seconds to send");

    // The accessible alternative, by keyboard only: Tab to it, Enter, Enter on the question.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      "Send without holding",
    );
    await page.keyboard.press("Enter");
    await page.getByTestId("sos-confirm").getByText("Send an SOS now?").waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(
      "Send SOS Alert",
    );
    await page.keyboard.press("Enter");
    // The undo is announced and has the focus: Enter now would undo.
    expect(await status(page).getAttribute("aria-live")).toBe("assertive");
    expect(await status(page).textContent()).toBe("Sending in 3…");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-phase"))).toBe(
      "undo",
    );
    expect(posts).toEqual([]);
    await page.clock.runFor(3_100);
    await page.clock.resume();
    await page.getByTestId("sos-sent").waitFor();
    await waitForMessage(email);
    expect(posts).toEqual(["/sos/alert"]);

    // Send Another Alert, then a full Space hold.
    await page.getByRole("button", { name: "Send Another Alert" }).click();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
    await holdButton(page).focus();
    await page.keyboard.down(" ");
    await page.clock.runFor(5_100);
    await page.keyboard.up(" ");
    expect(await status(page).textContent()).toBe("Sending in 3…");
    await page.clock.runFor(3_100);
    await page.clock.resume();
    await page.getByTestId("sos-sent").waitFor();
    await expect.poll(async () => (await alertsTo(email)).length, { timeout: 15_000 }).toBe(2);
    await page.context().close();
  });
});

function deviceQueue(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ kind?: string; state: string; account?: string; pressedAt: number }[]>(
        (resolve, reject) => {
          const request = indexedDB.open("safetap-offline");
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            const all = request.result.transaction("alerts").objectStore("alerts").getAll();
            all.onsuccess = () => resolve(all.result);
          };
        },
      ),
  );
}

describe("/sos offline after one visit (decision 151)", () => {
  it("opens from the phone, saves the SOS, sends it once when the network returns; signing out forgets the page", async () => {
    // The page or the worker (Background Sync) may send it: the outbox is what counts.
    const { page, email } = await ownerOnSos("Odile Offline");
    const sosUrl = `${baseURL()}/sos`;
    expect(await seriousViolations(page)).toEqual([]);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 20_000,
    });
    await expect
      .poll(() => page.evaluate(async (url) => Boolean(await caches.match(url)), sosUrl), {
        timeout: 15_000,
      })
      .toBe(true);

    await page.context().setOffline(true);
    await page.reload();
    await waitForHydration(page);
    await page.getByTestId("sos-offline").waitFor();
    expect(await page.getByTestId("sos-contacts").textContent()).toContain("Ana");
    const pressed = Date.now();
    await page.getByRole("button", { name: "Send without holding" }).click();
    await page.getByRole("button", { name: "Send SOS Alert" }).click();
    // Three real seconds of undo, then the SOS is kept on the phone.
    await page.getByTestId("sos-queued").waitFor({ timeout: 10_000 });
    expect(await page.getByTestId("sos-queued").textContent()).toContain(
      "Saved — will send when you're back online",
    );
    expect(await page.getByTestId("sos-call").getAttribute("href")).toMatch(/^tel:\d+$/);
    const queued = await deviceQueue(page);
    expect(queued).toEqual([expect.objectContaining({ kind: "sos", state: "queued" })]);
    expect(queued[0]!.pressedAt).toBeGreaterThanOrEqual(pressed);
    expect(queued[0]!.account).toMatch(/^\w{16,}$/);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await alertsTo(email)).toHaveLength(0);

    await page.context().setOffline(false);
    await page.getByTestId("sos-sent").waitFor({ timeout: 20_000 });
    await waitForMessage(email);
    // Give a second sender (Background Sync, another online event, a reload) time to show up.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await page.reload();
    await waitForHydration(page);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await alertsTo(email)).toHaveLength(1);
    expect((await deviceQueue(page)).map((a) => a.state)).toEqual(["sent"]);

    // Signing out forgets the kept page: the next person on this phone never sees it.
    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Sign Out" }).first().click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect
      .poll(() => page.evaluate(async (url) => Boolean(await caches.match(url)), sosUrl), {
        timeout: 10_000,
      })
      .toBe(false);
    await page.context().close();
    // Real seconds: the undo, and time for a second sender to show up.
  });

  it("is kept too when reached by a link inside the app (no page load)", async () => {
    const { page } = await openPage(browser, {
      serviceWorkers: "allow",
      viewport: { width: 390, height: 844 },
    });
    await signUpAndOnboard(page, {
      name: "Lin Link",
      contacts: [{ name: "Ana", channel: "email", value: `sos-link-${Date.now()}@example.com` }],
    });
    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 20_000,
    });
    const sosUrl = `${baseURL()}/sos`;
    expect(await page.evaluate(async (url) => Boolean(await caches.match(url)), sosUrl)).toBe(
      false,
    );
    await page.getByRole("link", { name: "Emergency SOS" }).first().click();
    await page.getByTestId("sos-hold").waitFor();
    await expect
      .poll(() => page.evaluate(async (url) => Boolean(await caches.match(url)), sosUrl), {
        timeout: 15_000,
      })
      .toBe(true);
    await page.context().close();
  });
});
