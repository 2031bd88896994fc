import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  detectRequestLanguage,
  LANGUAGES,
  languageFromAcceptHeader,
  matchLanguage,
  SERVER_ONLY_NAMESPACES,
} from "#core/languages.ts";
import { loadLanguage } from "./i18n.client.ts";
import { resources } from "./i18n.server.ts";

const localesDir = path.join(import.meta.dirname, "..", "..", "core", "locales");

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe("locale files", () => {
  const namespaces = readdirSync(path.join(localesDir, "en")).filter((f) => f.endsWith(".json"));

  it("exist for every language and namespace", () => {
    expect(namespaces.length).toBeGreaterThan(0);
    for (const lng of LANGUAGES) {
      expect(readdirSync(path.join(localesDir, lng)).sort()).toEqual([...namespaces].sort());
    }
  });

  for (const ns of namespaces) {
    const en = flatten(JSON.parse(readFileSync(path.join(localesDir, "en", ns), "utf8")));
    for (const lng of LANGUAGES) {
      it(`${lng}/${ns} has every key, none empty, with the same placeholders as English`, () => {
        const other = flatten(JSON.parse(readFileSync(path.join(localesDir, lng, ns), "utf8")));
        const missing = [...en.keys()].filter((k) => !other.has(k));
        const extra = [...other.keys()].filter((k) => !en.has(k));
        const empty = [...other].filter(([, v]) => v.trim() === "").map(([k]) => k);
        const badPlaceholders = [...en]
          .filter(
            ([k, v]) =>
              other.has(k) && placeholders(v).join() !== placeholders(other.get(k)!).join(),
          )
          .map(([k]) => k);
        expect({ missing, extra, empty, badPlaceholders }).toEqual({
          missing: [],
          extra: [],
          empty: [],
          badPlaceholders: [],
        });
      });
    }
  }
});

describe("the server-only namespace (the texts SafeTap sends)", () => {
  const all = readdirSync(path.join(localesDir, "en")).map((f) => f.replace(/\.json$/, ""));
  const pageNamespaces = all.filter((ns) => !SERVER_ONLY_NAMESPACES.includes(ns)).sort();

  it("is a locale file in every language, checked like the others above", () => {
    expect(SERVER_ONLY_NAMESPACES).toEqual(["messages"]);
    expect(all).toEqual(expect.arrayContaining([...SERVER_ONLY_NAMESPACES]));
  });

  it("is never loaded by the browser, which loads every other namespace", async () => {
    for (const lng of LANGUAGES) {
      expect(Object.keys(await loadLanguage(lng)).sort()).toEqual(pageNamespaces);
    }
  });

  it("is not among the pages' strings on the server either", () => {
    for (const lng of LANGUAGES)
      expect(Object.keys(resources[lng]!).sort()).toEqual(pageNamespaces);
  });
});

describe("language detection (spec: query, cookie, local storage, browser, page tag)", () => {
  const request = (url: string, headers: Record<string, string> = {}) =>
    new Request(`http://localhost${url}`, { headers });

  it("query string wins over cookie and browser language", () => {
    expect(
      detectRequestLanguage(request("/?lng=vi", { cookie: "lng=fr", "accept-language": "es" })),
    ).toBe("vi");
  });

  it("cookie wins over browser language", () => {
    expect(
      detectRequestLanguage(request("/", { cookie: "a=1; lng=fr", "accept-language": "es" })),
    ).toBe("fr");
  });

  it("browser language is used by quality, with regional tags matched to their language", () => {
    expect(
      detectRequestLanguage(request("/", { "accept-language": "de-DE, es-MX;q=0.8, fr;q=0.9" })),
    ).toBe("fr");
  });

  it("falls back to English for unknown or missing languages", () => {
    expect(
      detectRequestLanguage(request("/?lng=xx", { cookie: "lng=zz", "accept-language": "de" })),
    ).toBe("en");
    expect(detectRequestLanguage(request("/"))).toBe("en");
  });

  it("matches tags case-insensitively and ignores q=0", () => {
    expect(matchLanguage("ES-es")).toBe("es");
    expect(matchLanguage("vi_VN")).toBe("vi");
    expect(languageFromAcceptHeader("fr;q=0, es;q=0.1")).toBe("es");
  });
});
