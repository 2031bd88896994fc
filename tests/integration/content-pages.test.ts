import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
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
import type { Section } from "#app/content/types.ts";
import { LANGUAGES, type Language } from "#core/languages.ts";
import { clientBuildDir, projectRoot } from "#server/paths.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";

const STORE_URL = "https://store.example/safetap";
const SUPPORT_EMAIL = "help@safetap.example";
const SALES_EMAIL = "partners@safetap.example";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({
    STORE_URL,
    SUPPORT_EMAIL,
    SALES_EMAIL,
  });
});
afterAll(() => app?.close());

/** What a page must show in one language: its title, description, main heading and a section. */
interface Expected {
  title: string;
  description: string;
  h1: string;
  heading: string;
}

const firstHeading = (sections: Section[]) => sections[0]!.heading;

const PAGES: { path: string; expected: (lng: Language) => Expected }[] = [
  ...(
    [
      ["/products/wristbands", wristbandPage],
      ["/products/cards", cardPage],
      ["/products/keychains", keychainPage],
    ] as const
  ).map(([pagePath, page]) => ({
    path: pagePath,
    expected: (lng: Language) => ({
      ...page[lng].seo,
      h1: page[lng].name,
      heading: firstHeading(page[lng].sections),
    }),
  })),
  {
    path: "/about",
    expected: (lng) => ({
      ...aboutPage[lng].seo,
      h1: aboutPage[lng].title,
      heading: aboutPage[lng].principles.heading,
    }),
  },
  {
    path: "/blog",
    expected: (lng) => ({
      ...blogIndex[lng].seo,
      h1: blogIndex[lng].title,
      heading: ARTICLES[0]!.text[lng].title,
    }),
  },
  ...(
    [
      ["/legal/privacy", privacyPolicy],
      ["/legal/terms", termsOfService],
      ["/legal/hipaa", hipaaNotice],
      ["/legal/cookies", cookiePolicy],
    ] as const
  ).map(([pagePath, document]) => ({
    path: pagePath,
    expected: (lng: Language) => ({
      ...document[lng].seo,
      h1: document[lng].title,
      heading: firstHeading(document[lng].sections),
    }),
  })),
  ...ARTICLES.map((article) => ({
    path: `/blog/${article.slug}`,
    expected: (lng: Language) => ({
      title: article.text[lng].title,
      description: article.text[lng].summary,
      h1: article.text[lng].title,
      heading: firstHeading(article.text[lng].sections),
    }),
  })),
];

/** React escapes text and attributes; undo that, and drop the markers between text parts. */
function decode(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;|\u00a0/g, " ")
    .replace(/&amp;/g, "&");
}

/** The page as a reader sees it: text only, spaces collapsed. */
function visibleText(html: string): string {
  const body = html.slice(html.indexOf("<body"));
  return decode(
    body
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " "),
  ).replace(/\s+/g, " ");
}

const titleOf = (html: string) => decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "");
const metaOf = (html: string, attribute: string, name: string) =>
  decode(html.match(new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`))?.[1] ?? "");

const commonLocale = (lng: Language) =>
  JSON.parse(
    readFileSync(path.join(projectRoot, "core", "locales", lng, "common.json"), "utf8"),
  ) as { pages: Record<string, { description: string }>; home: { description: string } };

async function page(pathAndQuery: string) {
  const response = await app.request(pathAndQuery);
  return { status: response.status, html: await response.text() };
}

describe("every content page, in every language", () => {
  for (const { path: pagePath, expected } of PAGES) {
    it.each(LANGUAGES)(
      `${pagePath}?lng=%s has its own title, description and text`,
      async (lng) => {
        const want = expected(lng);
        const { status, html } = await page(`${pagePath}?lng=${lng}`);
        expect(status).toBe(200);
        expect(html).toMatch(new RegExp(`<html lang="${lng}"`));
        expect(titleOf(html)).toBe(`${want.title} | SafeTap`);
        expect(metaOf(html, "name", "description")).toBe(want.description);
        expect(metaOf(html, "property", "og:title")).toBe(`${want.title} | SafeTap`);
        expect(metaOf(html, "property", "og:description")).toBe(want.description);
        // Not the site's generic descriptions from the shared locale file.
        const generic = commonLocale(lng);
        expect(Object.values(generic.pages).map((p) => p.description)).not.toContain(
          want.description,
        );
        expect(want.description).not.toBe(generic.home.description);
        if (lng !== "en") expect(want.title).not.toBe(expected("en").title);
        const text = visibleText(html);
        expect(decode(html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? "")).toBe(want.h1);
        expect(text).toContain(want.heading);
      },
    );
  }

  it.each([
    ["en", "Back to blog", "Read more"],
    ["es", "Volver al blog", "Leer más"],
    ["fr", "Retour au blog", "Lire la suite"],
    ["vi", "Quay lại blog", "Đọc tiếp"],
  ] as const)("blog labels are translated (%s)", async (lng, back, more) => {
    const article = visibleText((await page(`/blog/${ARTICLES[1]!.slug}?lng=${lng}`)).html);
    expect(article).toContain(back);
    expect(visibleText((await page(`/blog?lng=${lng}`)).html)).toContain(more);
  });
});

describe("blog", () => {
  it("the index lists every article with its title, date, summary and link", async () => {
    const { html } = await page("/blog");
    const text = visibleText(html);
    for (const article of ARTICLES) {
      expect(text).toContain(article.text.en.title);
      expect(text).toContain(article.text.en.summary);
      expect(html).toContain(`href="/blog/${article.slug}"`);
      expect(html).toContain(`<time dateTime="${article.date}"`);
    }
    expect(text).toContain("November 10, 2026");
  });

  it("articles are listed newest first", async () => {
    const { html } = await page("/blog");
    const positions = ARTICLES.map((article) => html.indexOf(`href="/blog/${article.slug}"`));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it("an unknown article answers 404 with the not-found page inside the site layout", async () => {
    const { status, html } = await page("/blog/no-such-article");
    expect(status).toBe(404);
    expect(html).toContain("Oops! Page not found");
    expect(html).toContain('href="/legal/privacy"'); // the footer is still there
  });

  it("an article links back to the blog and to other articles", async () => {
    const { html } = await page(`/blog/${ARTICLES[0]!.slug}`);
    expect(html).toMatch(/href="\/blog"[^>]*>[\s\S]*?Back to blog/);
    expect(html).toContain(`href="/blog/${ARTICLES[1]!.slug}"`);
  });
});

describe("legal pages", () => {
  it.each([
    ["en", "Last updated: November 21, 2026"],
    ["es", "Última actualización: 21 de noviembre de 2026"],
    ["fr", "Dernière mise à jour : 21 novembre 2026"],
    ["vi", "Cập nhật lần cuối: 21 tháng 11, 2026"],
  ] as const)("show the date they were last updated (%s)", async (lng, line) => {
    for (const legal of ["privacy", "terms", "hipaa", "cookies"]) {
      const { html } = await page(`/legal/${legal}?lng=${lng}`);
      expect(visibleText(html)).toContain(line);
      expect(html).toContain('<time dateTime="2026-11-21"');
    }
  });

  it("have a table of contents linking to headings with ids", async () => {
    const { html } = await page("/legal/privacy");
    for (const section of privacyPolicy.en.sections) {
      expect(html).toContain(`href="#${section.id}"`);
      expect(html).toMatch(new RegExp(`<h2 id="${section.id}"[^>]*>`));
    }
  });

  it("end with the support address from the server's configuration", async () => {
    const { html } = await page("/legal/terms");
    expect(html).toContain(`href="mailto:${SUPPORT_EMAIL}"`);
  });

  it("the privacy policy says what is encrypted, shown, logged and shared", async () => {
    const text = visibleText((await page("/legal/privacy")).html);
    for (const fact of [
      "Our authentication library stores it only as a one-way hash",
      "encrypted at rest with AES-256-GCM",
      "The encryption keys are kept outside the database",
      "at most 3 of your emergency contacts",
      "only if you turned it on for that tag and the visitor confirms that they understand their access is logged",
      "We never log passwords, verification codes, activation tokens or the values of your medical information.",
      "the client IP address",
      "limit repeated attempts (rate limiting)",
      "an email provider (SMTP) for email, and Twilio for SMS, WhatsApp and voice calls",
      "only if that person allowed their browser to share it",
      "no advertising or third-party tracking cookies",
      "Children under 16",
      SUPPORT_EMAIL,
    ]) {
      expect(text).toContain(fact);
    }
  });

  it.each(LANGUAGES)("the privacy policy names AES-256-GCM in %s", async (lng) => {
    expect(visibleText((await page(`/legal/privacy?lng=${lng}`)).html)).toContain("AES-256-GCM");
  });

  it("the cookie policy lists the session and language cookies and local storage", async () => {
    const text = visibleText((await page("/legal/cookies")).html);
    for (const fact of [
      "safetap.session_token",
      "HttpOnly",
      "SameSite=Lax",
      "Secure in production",
      "30 days, or until you sign out",
      "lng",
      "1 year",
      "themeMode",
      "Offline copy of emergency cards",
      "no advertising or third-party tracking cookies",
    ]) {
      expect(text).toContain(fact);
    }
  });

  it("the terms say SafeTap is not an emergency service and checkout is not available", async () => {
    const text = visibleText((await page("/legal/terms")).html);
    for (const fact of [
      "SafeTap is not an emergency service.",
      "always call the local emergency number first",
      "we do not guarantee that an alert will be delivered",
      "Checkout coming soon",
      "Acceptable use",
      "Liability",
    ]) {
      expect(text).toContain(fact);
    }
  });

  it("the HIPAA page is honest about covered entities and points organisations to sales", async () => {
    const { html } = await page("/legal/hipaa");
    const text = visibleText(html);
    expect(text).toContain("SafeTap is typically not a HIPAA covered entity");
    expect(text).toContain("Business Associate Agreement");
    expect(text).toContain("Access logging");
    expect(html).toContain(`href="mailto:${SALES_EMAIL}"`);
    expect(html).toContain('href="/contact"');
  });

  it.each([
    ["/terms", "/legal/terms"],
    ["/privacy", "/legal/privacy"],
  ])("%s still redirects to %s", async (from, to) => {
    const response = await app.request(from, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get("location")!, "http://x").pathname).toBe(to);
  });
});

describe("product pages", () => {
  it.each([
    ["/products/wristbands", "WB-7K3MQ"],
    ["/products/cards", "CD-4HX9P"],
    ["/products/keychains", "KC-9TR2W"],
  ])("%s links to the configured store and explains activation", async (pagePath, tagId) => {
    const { html } = await page(pagePath);
    const text = visibleText(html);
    expect(html).toMatch(
      new RegExp(
        `<a href="${STORE_URL}" target="_blank" rel="noopener"[^>]*>[\\s\\S]*?Shop on our store`,
      ),
    );
    expect(text).toContain(tagId);
    expect(text).toContain("ACT-");
    expect(text).toContain("Medical information stays behind a warning.");
    expect(text).toContain("It works offline once viewed.");
    expect(text).toContain("Mark Lost");
    expect(html).toContain('href="/auth?mode=signin&amp;redirect=/activate"');
  });

  it("the cards page introduces stickers and their ST- prefix", async () => {
    const text = visibleText((await page("/products/cards")).html);
    expect(text).toContain("Stickers too");
    expect(text).toContain("ST-");
  });
});

describe("long-form content stays on the server", () => {
  it("no browser bundle contains the legal texts or the articles", () => {
    const assets = path.join(clientBuildDir, "assets");
    const bundles = readdirSync(assets)
      .filter((file) => file.endsWith(".js"))
      .map((file) => readFileSync(path.join(assets, file), "utf8"));
    expect(bundles.length).toBeGreaterThan(0);
    for (const phrase of [
      privacyPolicy.en.sections[0]!.heading,
      hipaaNotice.fr.title,
      ARTICLES[0]!.text.vi.summary,
      wristbandPage.es.intro,
    ]) {
      expect(bundles.filter((bundle) => bundle.includes(phrase))).toEqual([]);
    }
  });
});
