#!/usr/bin/env node
// The layer rule (docs/ARCHITECTURE.md), checked on every import of the tree; `npm run lint`
// runs it after Biome. Exits 1 with one line per wrong-way import, naming the rule it breaks.
//
//   core   → core only (and packages)
//   server → server, core
//   app    → app, core; server only from `*.server.ts(x)` modules, the load context and the
//            server entry (type-only imports of server types are allowed anywhere in app)
//   a route module never imports another route module
//   imports that leave their folder use the aliases (#core/…, #app/…, #server/…), never `../`
//   nothing outside tests imports tests/ (test files may)
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ALIASES = {
  "#core/": "core/",
  "#app/": "app/",
  "#server/": "server/",
  "#tests/": "tests/",
  "#scripts/": "scripts/",
};
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const LAYERS = ["core", "app", "server", "tests", "scripts", "bin"];

/** Every import in a file's source: its specifier, line and whether it is type-only. */
export function importsOf(source) {
  const found = [];
  const patterns = [
    /(^|[\s;])import\s+(type\s+)?[\w*{}\s,$]*?\s*from\s*["']([^"']+)["']/g,
    /(^|[\s;])import\s*["']([^"']+)["']/g,
    /(^|[\s;])export\s+(type\s+)?[\w*{}\s,$]*?\s*from\s*["']([^"']+)["']/g,
    /(^|[^\w.])import\s*\(\s*["']([^"']+)["']\s*\)/g,
  ];
  patterns.forEach((re, kind) => {
    for (const m of source.matchAll(re)) {
      const specifier = kind === 1 || kind === 3 ? m[2] : m[3];
      const typeOnly = (kind === 0 || kind === 2) && Boolean(m[2]);
      const line = source.slice(0, m.index + m[0].length).split("\n").length;
      found.push({ specifier, typeOnly, line });
    }
  });
  return found;
}

/** The repository path an import points at, or null for a package. */
export function resolveImport(file, specifier) {
  for (const [alias, dir] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) return dir + specifier.slice(alias.length);
  }
  if (specifier.startsWith(".")) {
    return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  }
  return null;
}

const layerOf = (file) => {
  const top = file.split("/")[0];
  return LAYERS.includes(top) ? top : null;
};
const isTestFile = (file) => /\.(test|e2e)\.(ts|tsx|mjs)$/.test(file) || file.startsWith("tests/");
const isServerOnly = (file) =>
  /\.server\.tsx?$/.test(file) ||
  ["app/load-context.ts", "app/entry.server.tsx"].includes(file) ||
  file.startsWith("app/content/");

/**
 * The wrong-way imports of the given files. `routeModules` is the set of files that
 * app/routes.ts names; `read` returns a file's text.
 */
export function layerViolations(files, routeModules, read) {
  const problems = [];
  for (const file of files) {
    const from = layerOf(file);
    if (!from || !SOURCE.test(file)) continue;
    for (const { specifier, typeOnly, line } of importsOf(read(file))) {
      const target = resolveImport(file, specifier);
      if (!target) continue;
      const to = layerOf(target);
      const where = `${file}:${line} imports ${specifier}`;
      if (specifier.startsWith("../")) {
        problems.push(`${where}: a parent-relative import; write it with its alias (#${to}/…)`);
      }
      if (to === "tests" && !isTestFile(file)) {
        problems.push(`${where}: only tests import tests/`);
      }
      if (from === "core" && to !== "core" && to !== null) {
        problems.push(
          `${where}: core imports nothing from app/, server/ or elsewhere (core → core only)`,
        );
      }
      if (from === "server" && to === "app" && !isTestFile(file)) {
        problems.push(
          `${where}: server never imports app (server → core only; move shared rules to core/)`,
        );
      }
      if (
        from === "app" &&
        to === "server" &&
        !typeOnly &&
        !isServerOnly(file) &&
        !isTestFile(file)
      ) {
        problems.push(
          `${where}: app reaches server only through *.server.ts modules and the load context (move this call into a *.server.ts beside the route)`,
        );
      }
      if (routeModules.has(file) && routeModules.has(target) && target !== file) {
        problems.push(
          `${where}: a route module never imports another route module (share through app/components or app/lib)`,
        );
      }
    }
  }
  return problems;
}

/** The modules app/routes.ts names, as repository paths. */
export function routeModulesOf(routesSource) {
  const modules = new Set(["app/root.tsx"]);
  for (const m of routesSource.matchAll(/["'](routes\/[^"']+\.(?:tsx?|jsx?))["']/g)) {
    modules.add(`app/${m[1]}`);
  }
  return modules;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const { execFileSync } = await import("node:child_process");
  const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\n")
    .filter((f) => SOURCE.test(f) && !f.startsWith("node_modules/"));
  const read = (f) => {
    try {
      return readFileSync(path.join(root, f), "utf8");
    } catch {
      return "";
    }
  };
  const problems = layerViolations(files, routeModulesOf(read("app/routes.ts")), read);
  if (problems.length) {
    console.error(
      `Layer rule (docs/ARCHITECTURE.md): ${problems.length} wrong-way import${problems.length === 1 ? "" : "s"}`,
    );
    for (const p of problems) console.error(`  ${p}`);
    process.exit(1);
  }
  console.log(`Layer rule: ${files.length} files, every import goes the right way`);
  void pathToFileURL;
}
