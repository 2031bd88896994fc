import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { projectRoot } from "#server/paths.ts";

/**
 * The modules a fresh Node.js process resolves while it loads the `safetap` command, as
 * bin/safetap.mjs loads it (tsx), seen by a module hook that prints every resolved URL.
 */
function modulesLoadedByTheCommand(): string[] {
  const hook = `export async function resolve(specifier, context, next) {
    const result = await next(specifier, context);
    process.stderr.write("resolved " + result.url + "\\n");
    return result;
  }`;
  const child = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `import { register } from "node:module";
       import { register as tsx } from "tsx/esm/api";
       tsx();
       register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});
       await import("#server/cli/main.ts");`,
    ],
    { cwd: projectRoot, encoding: "utf8" },
  );
  expect(child.status, child.stderr).toBe(0);
  return child.stderr
    .split("\n")
    .filter((line) => line.startsWith("resolved "))
    .map((line) => line.slice("resolved ".length));
}

describe("the safetap command", () => {
  it("loads neither the database nor the domain code until it runs a command itself", () => {
    const loaded = modulesLoadedByTheCommand();
    // What it needs to check a command and send it to a running server (decision 166).
    expect(loaded.some((url) => url.endsWith("/server/operator/command-schema.ts"))).toBe(true);
    expect(loaded.some((url) => url.endsWith("/server/db/embedded-lock.ts"))).toBe(true);
    const heavy = loaded.filter(
      (url) =>
        url.endsWith("/server/db/client.ts") ||
        url.endsWith("/server/operator/commands.ts") ||
        url.includes("/server/domain/") ||
        url.includes("/node_modules/@electric-sql/pglite/") ||
        url.includes("/node_modules/drizzle-orm/"),
    );
    expect(heavy).toEqual([]);
  });
});
