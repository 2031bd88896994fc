import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aboutPage } from "#app/content/about.server.ts";
import { ARTICLES, blogIndex } from "#app/content/blog/index.server.ts";
import { cookiePolicy } from "#app/content/legal/cookies.server.ts";
import { hipaaNotice } from "#app/content/legal/hipaa.server.ts";
import { privacyPolicy } from "#app/content/legal/privacy.server.ts";
import { termsOfService } from "#app/content/legal/terms.server.ts";
import { cardPage } from "#app/content/products/cards.server.ts";
import { keychainPage } from "#app/content/products/keychains.server.ts";
import { wristbandPage } from "#app/content/products/wristbands.server.ts";
import { launchBrowser, openPage, waitForHydration } from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Each footer link, the page it opens, and that page's main heading and first section. */
const FOOTER_PAGES = [
  [
    "Wristbands",
    "/products/wristbands",
    wristbandPage.en.name,
    wristbandPage.en.sections[0]!.heading,
  ],
  ["Cards", "/products/cards", cardPage.en.name, cardPage.en.sections[0]!.heading],
  ["Keychains", "/products/keychains", keychainPage.en.name, keychainPage.en.sections[0]!.heading],
  ["About", "/about", aboutPage.en.title, aboutPage.en.sections[0]!.heading],
  ["Blog", "/blog", blogIndex.en.title, ARTICLES[0]!.text.en.title],
  [
    "Privacy Policy",
    "/legal/privacy",
    privacyPolicy.en.title,
    privacyPolicy.en.sections[0]!.heading,
  ],
  [
    "Terms of Service",
    "/legal/terms",
    termsOfService.en.title,
    termsOfService.en.sections[0]!.heading,
  ],
  ["HIPAA", "/legal/hipaa", hipaaNotice.en.title, hipaaNotice.en.sections[0]!.heading],
  ["Cookie Policy", "/legal/cookies", cookiePolicy.en.title, cookiePolicy.en.sections[0]!.heading],
] as const;

describe("content pages", () => {
  it("the footer links reach every content page", async () => {
    const { page, problems } = await openPage(browser);
    await page.goto("/");
    await waitForHydration(page);
    for (const [label, path, h1, heading] of FOOTER_PAGES) {
      await page.getByRole("contentinfo").getByRole("link", { name: label, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole("heading", { level: 1, name: h1 }).waitFor();
      await page.getByRole("heading", { name: heading }).first().waitFor();
    }
    expect(problems).toEqual([]);
  });

  it("a blog article opens from the index, and leads back to it", async () => {
    const { page, problems } = await openPage(browser);
    await page.goto("/blog");
    await waitForHydration(page);
    const article = ARTICLES[2]!;
    await page.getByRole("link", { name: article.text.en.title, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/blog/${article.slug}`);
    await page.getByRole("heading", { level: 1, name: article.text.en.title }).waitFor();
    await page.getByRole("heading", { name: article.text.en.sections[1]!.heading }).waitFor();
    expect(await page.title()).toBe(`${article.text.en.title} | SafeTap`);
    await page.getByRole("link", { name: "Back to blog" }).click();
    await page.waitForURL((url) => url.pathname === "/blog");
    await page.getByRole("heading", { level: 1, name: blogIndex.en.title }).waitFor();
    expect(problems).toEqual([]);
  });

  it("every content page reads without JavaScript", async () => {
    const { page } = await openPage(browser, { javaScriptEnabled: false });
    const pages = [
      ...FOOTER_PAGES.map(([, path, h1, heading]) => [path, h1, heading] as const),
      ...ARTICLES.map(
        (a) => [`/blog/${a.slug}`, a.text.en.title, a.text.en.sections[0]!.heading] as const,
      ),
    ];
    for (const [path, h1, heading] of pages) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(await page.locator("h1").first().textContent()).toBe(h1);
      expect(await page.getByRole("heading", { name: heading }).first().isVisible()).toBe(true);
    }
  });

  it("the table of contents jumps to a section of a legal page", async () => {
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 700 } });
    await page.goto("/legal/privacy");
    await waitForHydration(page);
    const logs = privacyPolicy.en.sections.find((s) => s.id === "logs")!;
    await page
      .getByRole("navigation", { name: "On this page" })
      .getByRole("link", { name: logs.heading })
      .click();
    await page.waitForURL((url) => url.hash === "#logs");
    await page.waitForFunction(() => {
      const top = document.getElementById("logs")?.getBoundingClientRect().top ?? 9999;
      return top >= 0 && top < 200;
    });
  });

  it("switching language on a legal page shows that page in the new language", async () => {
    const { page, problems } = await openPage(browser);
    await page.goto("/legal/privacy");
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: privacyPolicy.en.title }).waitFor();

    await page.locator("#language-desktop").selectOption("fr");
    await page.getByRole("heading", { level: 1, name: privacyPolicy.fr.title }).waitFor();
    const logsFr = privacyPolicy.fr.sections.find((s) => s.id === "logs")!.heading;
    await page.getByRole("heading", { level: 2, name: logsFr }).waitFor();
    await page.getByText("Dernière mise à jour").waitFor();
    await page.waitForFunction(
      (title) => document.title === title,
      `${privacyPolicy.fr.seo.title} | SafeTap`,
    );
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
    expect(
      await page.getByRole("heading", { name: privacyPolicy.en.sections[1]!.heading }).count(),
    ).toBe(0);

    await page.locator("#language-desktop").selectOption("vi");
    await page.getByRole("heading", { level: 1, name: privacyPolicy.vi.title }).waitFor();
    expect(problems).toEqual([]);
  });

  it("switching language on a blog article translates the article", async () => {
    const { page } = await openPage(browser);
    const article = ARTICLES[0]!;
    await page.goto(`/blog/${article.slug}`);
    await waitForHydration(page);
    await page.locator("#language-desktop").selectOption("es");
    await page.getByRole("heading", { level: 1, name: article.text.es.title }).waitFor();
    await page.getByRole("link", { name: "Volver al blog" }).waitFor();
  });
});
