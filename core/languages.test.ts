import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isLanguage, LANGUAGES } from "./languages.ts";

const root = path.join(import.meta.dirname, "..");

/** Source files of the app, outside tests (which may spell out what they expect). */
function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs)$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !/\.(test|e2e)\.(ts|tsx|mjs)$/.test(file));
}

describe("the one list of languages", () => {
  it("is core/languages.ts LANGUAGES: no other module writes the codes out as a list", () => {
    const code = LANGUAGES.join("|");
    const list = new RegExp(`\\[\\s*["'](${code})["']\\s*,\\s*["'](${code})["']`);
    const elsewhere = ["core", "app", "server", "scripts"]
      .flatMap(sources)
      .filter((file) => file !== path.join("core", "languages.ts"))
      .filter((file) => list.test(readFileSync(path.join(root, file), "utf8")));
    expect(elsewhere).toEqual([]);
  });

  it("answers isLanguage for its own codes only", () => {
    for (const language of LANGUAGES) expect(isLanguage(language)).toBe(true);
    expect([isLanguage("de"), isLanguage("EN"), isLanguage(undefined)]).toEqual([
      false,
      false,
      false,
    ]);
  });
});
