import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  launchBrowser,
  newestMessageId,
  openPage,
  seriousViolations,
  waitForHydration,
  waitForMessage,
} from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const SUPPORT = "support@safetap.app";

const isOpen = (page: Page, id: string) =>
  page.locator(`details#${id}`).evaluate((el) => (el as HTMLDetailsElement).open);

describe("/support", () => {
  it("opens the answer its address names, and the links between answers open theirs", async () => {
    const { page, problems } = await openPage(browser);
    await page.goto("/support#contacts-confirm");
    await waitForHydration(page);
    await expect.poll(() => isOpen(page, "contacts-confirm")).toBe(true);
    await page.getByText("Nobody should get automated alerts without having agreed").waitFor();
    // Only that answer: its neighbours stay closed.
    expect(await isOpen(page, "contacts-stop")).toBe(false);
    // The page scrolled to it.
    await expect
      .poll(() =>
        page.locator("details#contacts-confirm").evaluate((el) => {
          const { top } = el.getBoundingClientRect();
          return top >= 0 && top < window.innerHeight;
        }),
      )
      .toBe(true);

    // A topic link in the page jumps to its section; an answer opens with one press.
    await page
      .getByRole("navigation", { name: "Topics" })
      .getByRole("link", { name: "Privacy" })
      .click();
    await page.waitForURL("**/support#privacy");
    await page.locator("details#privacy-delete summary").click();
    expect(await isOpen(page, "privacy-delete")).toBe(true);
    await page.locator("details#privacy-delete").getByRole("link", { name: SUPPORT }).waitFor();
    expect(await page.getByTestId("support-email").getAttribute("href")).toBe(`mailto:${SUPPORT}`);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("checks the form in the browser, sends the question, confirms it, and support gets the mail", async () => {
    const { page, problems } = await openPage(browser);
    await page.goto("/support#ask");
    await waitForHydration(page);
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    const form = page.getByTestId("support-form");
    await page.getByTestId("support-submit").click();
    await expect
      .poll(() => form.getByTestId("notice-description").textContent())
      .toBe("Name is required");
    expect(posts).toEqual([]);

    const marker = `browser question ${Date.now()}`;
    await form.getByLabel("Your name").fill("Grace Browser");
    await form.getByLabel("Your email").fill("grace.browser@example.org");
    await form.getByLabel("Topic").selectOption("claiming");
    await form
      .getByLabel("Your question")
      .fill(`My new wristband says "Tag Already Claimed": ${marker}`);
    const before = await newestMessageId(SUPPORT);
    await page.getByTestId("support-submit").click();

    await page.getByTestId("support-sent").waitFor();
    await page.getByText("Thank you, we have your question").waitFor();
    expect(page.url()).toMatch(/\/support\?sent=1#ask$/);
    const mail = await waitForMessage(SUPPORT, before);
    expect(mail.subject).toBe("Support: claiming (Grace Browser)");
    expect(mail.body).toContain(marker);
    expect(mail.body).toContain("grace.browser@example.org");
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});

describe("/how-it-works", () => {
  it("is the guide: text first, then the pictures of the card, the alert and the acknowledgement", async () => {
    const { page, problems } = await openPage(browser);
    const failed: string[] = [];
    page.on("response", (r) => {
      if (r.url().includes("/guide/") && !r.ok()) failed.push(r.url());
    });
    await page.goto("/how-it-works");
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "How SafeTap works" }).waitFor();
    for (const id of ["card", "alert", "ack"]) {
      const picture = page.getByTestId(`guide-picture-${id}`);
      expect(await picture.getAttribute("loading")).toBe("lazy");
      expect(await picture.getAttribute("width")).toBe("360");
      expect(await picture.getAttribute("height")).toBe("640");
      expect((await picture.getAttribute("alt"))?.length).toBeGreaterThan(40);
      await picture.scrollIntoViewIfNeeded();
      // Loaded and decoded: a phone's 2× screen takes the 2× file.
      await expect
        .poll(() =>
          picture.evaluate((img) => {
            const image = img as HTMLImageElement;
            return image.complete && image.naturalWidth > 0 ? image.currentSrc : "";
          }),
        )
        .toMatch(new RegExp(`/guide/${id}-(1|2)x\\.webp$`));
    }
    expect(failed).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    // In another language, the alt texts are translated (the pictures stay the demo's).
    await page.goto("/how-it-works?lng=fr");
    await page.getByRole("heading", { level: 1, name: "Comment fonctionne SafeTap" }).waitFor();
    expect(await page.getByTestId("guide-picture-ack").getAttribute("alt")).toContain("J'arrive");
    expect(problems).toEqual([]);
  });
});
