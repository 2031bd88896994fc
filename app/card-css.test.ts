import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const appDir = path.dirname(fileURLToPath(import.meta.url));
const css = readFileSync(path.join(appDir, "card.css"), "utf8");
/** The files and folders Tailwind scans for the card's utilities, relative to app/. */
const sources = [...css.matchAll(/@source\s+"([^"]+)"/g)].map((m) => path.posix.normalize(m[1]!));

describe("the card's inlined stylesheet (app/card.css)", () => {
  it("scans only files and folders that exist", () => {
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(existsSync(path.join(appDir, source)), source).toBe(true);
  });

  it("scans every route module that inlines it, so the page has its own utilities", () => {
    const routes = readdirSync(path.join(appDir, "routes"), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx$/.test(file))
      .map((file) => `routes/${file.split(path.sep).join("/")}`)
      .filter((file) => /inlineCss:\s*true/.test(readFileSync(path.join(appDir, file), "utf8")));
    expect(routes).toEqual(expect.arrayContaining(["routes/card/card.tsx"]));
    for (const route of routes) {
      const scanned = sources.some((s) => route === s || route.startsWith(`${s}/`));
      expect(scanned, route).toBe(true);
    }
  });
});
