import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const appDir = path.dirname(fileURLToPath(import.meta.url));

/** The files and folders Tailwind scans for a stylesheet's utilities, relative to app/. */
function sourcesOf(cssFile: string): string[] {
  const css = readFileSync(path.join(appDir, cssFile), "utf8");
  return [...css.matchAll(/@source\s+"([^"]+)"/g)].map((m) => path.posix.normalize(m[1]!));
}

const routeModules = readdirSync(path.join(appDir, "routes"), { recursive: true, encoding: "utf8" })
  .filter((file) => /\.tsx$/.test(file))
  .map((file) => `routes/${file.split(path.sep).join("/")}`);

function routesInlining(name: string): string[] {
  const pattern = new RegExp(`inlineCss:\\s*"${name}"`);
  return routeModules.filter((file) => pattern.test(readFileSync(path.join(appDir, file), "utf8")));
}

function resolveImport(from: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith("#app/")) target = specifier.slice("#app/".length);
  else if (specifier.startsWith(".")) target = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`]) {
    if (/\.tsx?$/.test(candidate) && existsSync(path.join(appDir, candidate))) return candidate;
  }
  return null;
}

/** Whether a file names CSS classes (and so must be scanned). */
const namesClasses = (file: string) =>
  /className|cva\(/.test(readFileSync(path.join(appDir, file), "utf8"));

/** The app files a module renders or runs in the browser: its value imports, followed through. */
function browserImports(entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || /\.server\.tsx?$/.test(file)) return;
    seen.add(file);
    const text = readFileSync(path.join(appDir, file), "utf8");
    for (const m of text.matchAll(
      /^(?:import|export)\s+(?!type\b)(?:[^"';]*?\sfrom\s+)?"([^"]+)"/gm,
    )) {
      const target = resolveImport(file, m[1]!);
      if (target) visit(target);
    }
  };
  for (const entry of entries) visit(entry);
  return [...seen].sort();
}

describe.each([
  { name: "card", cssFile: "card.css", mustInclude: ["routes/card/card.tsx"] },
  { name: "site", cssFile: "site.css", mustInclude: ["routes/marketing/home.tsx"] },
])("the $name pages' inlined stylesheet (app/$cssFile)", ({ name, cssFile, mustInclude }) => {
  const sources = sourcesOf(cssFile);
  const covered = (file: string) => sources.some((s) => file === s || file.startsWith(`${s}/`));

  it("scans only files and folders that exist", () => {
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(existsSync(path.join(appDir, source)), source).toBe(true);
  });

  it("scans every file those pages render, so each page has its own utilities", () => {
    const routes = routesInlining(name);
    expect(routes).toEqual(expect.arrayContaining(mustInclude));
    const rendered = browserImports(["root.tsx", ...routes]);
    expect(rendered.length).toBeGreaterThan(routes.length);
    expect(rendered.filter((file) => namesClasses(file) && !covered(file))).toEqual([]);
  });
});
