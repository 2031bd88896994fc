import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES, SERVER_ONLY_NAMESPACES } from "#core/languages.ts";
import { MESSAGE_CATALOG } from "#server/messages/catalog.ts";
import { clientBuildDir, projectRoot } from "#server/paths.ts";

// The texts SafeTap sends (core/locales/*/messages.json) are read by the server only
// (decision 006): the browser build must hold none of them, in any language.

const localesDir = path.join(projectRoot, "core", "locales");
const pageNamespaces = readdirSync(path.join(localesDir, "en"))
  .map((file) => file.replace(/\.json$/, ""))
  .filter((ns) => !SERVER_ONLY_NAMESPACES.includes(ns));

function textsOf(tree: unknown): string[] {
  if (typeof tree === "string") return [tree];
  return Object.values(tree as Record<string, unknown>).flatMap(textsOf);
}

/**
 * Runs of a text long enough to be its own: placeholders, quotes, backslashes and
 * line breaks cut it, since a bundle may escape those (JSON.parse('…') chunks).
 */
const fragments = (text: string) =>
  text
    .split(/\{\{\w+\}\}|["'\\\n<>&]/)
    .map((part) => part.trim())
    .filter((part) => part.length >= 16);

/** Every text file of the browser build (the .gz and .br copies are of these), with its content. */
function clientFiles(dir = clientBuildDir): [string, string][] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry): [string, string][] => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return clientFiles(file);
    if (!/\.(js|mjs|css|html|json|webmanifest|txt|map)$/.test(entry.name)) return [];
    return [[`/${path.relative(clientBuildDir, file)}`, readFileSync(file, "utf8")]];
  });
}

describe("the browser build holds none of the texts SafeTap sends", () => {
  if (!existsSync(path.join(clientBuildDir, "sw.js"))) {
    throw new Error("No client build: run `npm run build` before the integration tests.");
  }
  const files = clientFiles();
  const pageTexts = LANGUAGES.flatMap((lng) =>
    pageNamespaces.flatMap((ns) =>
      textsOf(JSON.parse(readFileSync(path.join(localesDir, lng, `${ns}.json`), "utf8"))),
    ),
  ).join("\n");
  const found = (fragment: string) => files.filter(([, content]) => content.includes(fragment));

  it("finds the pages' own strings in the build (the search below can see a text)", () => {
    const cardTexts = textsOf(
      JSON.parse(readFileSync(path.join(localesDir, "vi", "card.json"), "utf8")),
    ).flatMap(fragments);
    expect(cardTexts.length).toBeGreaterThan(10);
    for (const fragment of cardTexts.slice(0, 10))
      expect(found(fragment), fragment).not.toEqual([]);
  });

  for (const language of LANGUAGES) {
    it(`has no ${language} message text in any file under build/client`, () => {
      // A run the pages also use (none today) would prove nothing; it is left out.
      const own = Object.values(MESSAGE_CATALOG[language])
        .flatMap(fragments)
        .filter((fragment) => !pageTexts.includes(fragment));
      expect(own.length).toBeGreaterThan(30);
      const leaks = own.flatMap((fragment) =>
        found(fragment).map(([file]) => `${file}: ${fragment}`),
      );
      expect(leaks).toEqual([]);
    });
  }

  it("lists only the pages' namespaces among the locale chunks the service worker precaches", () => {
    const chunks: string[] = JSON.parse(
      readFileSync(path.join(projectRoot, "build", "locale-chunks.json"), "utf8"),
    );
    expect(chunks).toHaveLength(LANGUAGES.length * pageNamespaces.length);
    // Namespaces are lowercase words joined by hyphens ("org-admin"); the 8-character content
    // hash after the last dash may itself begin with "-".
    const names = new Set(
      chunks.map((file) => file.match(/^\/assets\/([a-z]+(?:-[a-z]+)*)-[\w-]{8}\.js$/)?.[1]),
    );
    expect([...names].sort()).toEqual([...pageNamespaces].sort());
    const worker = readFileSync(path.join(clientBuildDir, "sw.js"), "utf8");
    for (const file of chunks) expect(worker, file).toContain(`"${file}"`);
    const precached = [...worker.matchAll(/"(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(precached.filter((file) => /\/messages-/.test(file!))).toEqual([]);
  });
});
