import { describe, expect, it } from "vitest";
import { ARTICLES, blogIndex, findArticle } from "#app/content/blog/index.server.ts";
import { cookiePolicy } from "#app/content/legal/cookies.server.ts";
import { hipaaNotice } from "#app/content/legal/hipaa.server.ts";
import { privacyPolicy } from "#app/content/legal/privacy.server.ts";
import { termsOfService } from "#app/content/legal/terms.server.ts";
import { CARD_EXAMPLE_ID, cardPage } from "#app/content/products/cards.server.ts";
import { KEYCHAIN_EXAMPLE_ID, keychainPage } from "#app/content/products/keychains.server.ts";
import { WRISTBAND_EXAMPLE_ID, wristbandPage } from "#app/content/products/wristbands.server.ts";
import { LANGUAGES } from "#core/languages.ts";
import { TAG_ID_PATTERN } from "#core/tag-ids.ts";
import { aboutPage } from "./about.server.ts";
import type { Localized, Section } from "./types.ts";

/** Every long-form content module, by the page that shows it. */
const PAGES: [string, Localized<unknown>][] = [
  ["/legal/privacy", privacyPolicy],
  ["/legal/terms", termsOfService],
  ["/legal/hipaa", hipaaNotice],
  ["/legal/cookies", cookiePolicy],
  ["/about", aboutPage],
  ["/products/wristbands", wristbandPage],
  ["/products/cards", cardPage],
  ["/products/keychains", keychainPage],
  ["/blog", blogIndex],
  ...ARTICLES.map((article): [string, Localized<unknown>] => [
    `/blog/${article.slug}`,
    article.text,
  ]),
];

/** Values that name a thing rather than say something: identical in every language. */
const IDENTITY_KEYS = new Set(["id", "type"]);
const LINK = /\[[^\]]+\]\(([^)\s]+)\)/g;
const VARIABLE = /\{\{(\w+)\}\}/g;
const KNOWN_VARIABLES = new Set(["supportEmail", "salesEmail", "storeUrl"]);
/** Common English words that should never survive in a translation. */
const ENGLISH_WORDS = /\b(the|and|your|with|you|this)\b/i;

const linksIn = (text: string) => [...text.matchAll(LINK)].map((m) => m[1]);
const variablesIn = (text: string) => [...text.matchAll(VARIABLE)].map((m) => m[1]).sort();
/** English names that stay English in every language. */
const PROPER_NAMES = ["Health Insurance Portability and Accountability Act"];
/** The words a reader sees: without link targets, `code` names and proper names. */
const prose = (text: string) =>
  PROPER_NAMES.reduce(
    (rest, name) => rest.replaceAll(name, ""),
    text.replace(/\]\([^)]*\)/g, "]").replace(/`[^`]*`/g, ""),
  );

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

/** Differences between the English tree and a translation: shape, identities, links, blanks. */
function compare(en: unknown, other: unknown, lng: string, path: string, problems: string[]) {
  if (typeof en === "string") {
    if (typeof other !== "string") return problems.push(`${path}: not a string`);
    if (other.trim() === "") problems.push(`${path}: empty`);
    if (linksIn(en).join() !== linksIn(other).join()) problems.push(`${path}: links differ`);
    if (variablesIn(en).join() !== variablesIn(other).join()) {
      problems.push(`${path}: {{values}} differ`);
    }
    if (lng !== "en" && en.split(/\s+/).length >= 4 && en === other) {
      problems.push(`${path}: left in English`);
    }
    if (lng !== "en" && ENGLISH_WORDS.test(prose(other))) {
      problems.push(`${path}: English words in "${other.slice(0, 60)}"`);
    }
    return;
  }
  if (Array.isArray(en)) {
    if (!Array.isArray(other) || other.length !== en.length) {
      return problems.push(`${path}: ${en.length} items in English, not the same here`);
    }
    en.forEach((item, index) => {
      compare(item, other[index], lng, `${path}[${index}]`, problems);
    });
    return;
  }
  if (en && typeof en === "object") {
    if (!other || typeof other !== "object") return problems.push(`${path}: not an object`);
    const keys = Object.keys(en).sort();
    if (keys.join() !== Object.keys(other).sort().join()) problems.push(`${path}: keys differ`);
    for (const key of keys) {
      const a = (en as Record<string, unknown>)[key];
      const b = (other as Record<string, unknown>)[key];
      if (IDENTITY_KEYS.has(key)) {
        if (a !== b) problems.push(`${path}.${key}: ${b} is not ${a}`);
      } else {
        compare(a, b, lng, `${path}.${key}`, problems);
      }
    }
    return;
  }
  if (en !== other) problems.push(`${path}: ${String(other)} is not ${String(en)}`);
}

const sectionsOf = (content: unknown): Section[] =>
  (content as { sections?: Section[] }).sections ?? [];

describe("content modules", () => {
  it("cover every page that shows long-form text, with 4 to 5 blog articles", () => {
    expect(PAGES.length).toBeGreaterThanOrEqual(13);
    expect(ARTICLES.length).toBeGreaterThanOrEqual(4);
    expect(ARTICLES.length).toBeLessThanOrEqual(5);
  });

  for (const [page, localized] of PAGES) {
    describe(page, () => {
      it("is written in every language, with nothing else", () => {
        expect(Object.keys(localized).sort()).toEqual([...LANGUAGES].sort());
      });

      it("has no empty text in English and only known {{values}}", () => {
        for (const text of strings(localized.en)) {
          expect(text.trim(), page).not.toBe("");
          for (const name of variablesIn(text)) expect(KNOWN_VARIABLES).toContain(name);
        }
      });

      for (const lng of LANGUAGES.filter((l) => l !== "en")) {
        it(`${lng} has the same sections, blocks, items and links as English, all translated`, () => {
          const problems: string[] = [];
          compare(localized.en, localized[lng], lng, lng, problems);
          expect(problems).toEqual([]);
        });
      }

      it("has unique section anchors that are safe in a URL", () => {
        const ids = sectionsOf(localized.en).map((section) => section.id);
        expect(new Set(ids).size).toBe(ids.length);
        for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
      });
    });
  }

  it("every page has its own title and description in each language", () => {
    for (const lng of LANGUAGES) {
      const seo = PAGES.filter(([, content]) => "seo" in (content[lng] as object)).map(
        ([, content]) => (content[lng] as { seo: { title: string; description: string } }).seo,
      );
      expect(new Set(seo.map((s) => s.title)).size, lng).toBe(seo.length);
      expect(new Set(seo.map((s) => s.description)).size, lng).toBe(seo.length);
    }
  });
});

describe("links inside the content", () => {
  const pages = new Map(PAGES.map(([page, content]) => [page, content]));
  const otherRoutes = new Set(["/pricing", "/contact", "/for-organizations", "/activate", "/auth"]);

  it("point at pages that exist, and at anchors those pages have", () => {
    const broken: string[] = [];
    for (const [page, localized] of PAGES) {
      for (const href of strings(localized.en).flatMap(linksIn)) {
        if (!href?.startsWith("/")) continue;
        const url = new URL(href, "http://x");
        const target = pages.get(url.pathname);
        if (!target && !otherRoutes.has(url.pathname)) {
          broken.push(`${page} → ${href}`);
          continue;
        }
        const anchor = url.hash.slice(1);
        if (anchor && target && !sectionsOf(target.en).some((s) => s.id === anchor)) {
          broken.push(`${page} → ${href} (no such section)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});

describe("blog articles", () => {
  it("have unique address-safe slugs, real dates, and are listed newest first", () => {
    const slugs = ARTICLES.map((article) => article.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const article of ARTICLES) {
      expect(article.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(article.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(`${article.date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(article.date);
    }
    const dates = ARTICLES.map((article) => article.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("are found by slug, and an unknown slug finds nothing", () => {
    for (const article of ARTICLES) expect(findArticle(article.slug)).toBe(article);
    expect(findArticle("no-such-article")).toBeUndefined();
  });
});

describe("product pages", () => {
  it("show example Tag IDs that real tags could have, with their product's prefix", () => {
    for (const [id, prefix] of [
      [WRISTBAND_EXAMPLE_ID, "WB-"],
      [CARD_EXAMPLE_ID, "CD-"],
      [KEYCHAIN_EXAMPLE_ID, "KC-"],
    ]) {
      expect(id).toMatch(TAG_ID_PATTERN);
      expect(id!.startsWith(prefix!)).toBe(true);
    }
  });
});
