import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The checkout's root, found from this module's location so that it is the same
 * whether the code runs from source (tsx, vitest) or from the bundle in build/.
 */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, "package.json");
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, "utf8")).name === "safetap") return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export const projectRoot = findProjectRoot();
export const migrationsFolder = path.join(projectRoot, "drizzle");
export const clientBuildDir = path.join(projectRoot, "build", "client");
