import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import {
  beginBuild,
  buildInputs,
  ensureFreshBuild,
  finishBuild,
  sourceHash,
  staleness,
} from "./build-stamp.mjs";

const stampScript = fileURLToPath(new URL("./build-stamp.mjs", import.meta.url));
const projectRoot = path.resolve(path.dirname(stampScript), "..");

const roots = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A small project: some sources, a test file beside them, docs outside the build. */
function project(files = {}) {
  const root = mkdtempSync(path.join(tmpdir(), "safetap-stamp-"));
  roots.push(root);
  const all = {
    "app/root.tsx": "export default function Root() {}\n",
    "app/lib/plans.test.ts": "it('x', () => {});\n",
    "core/plans.ts": "export const PLANS = [];\n",
    "server/main.ts": "console.log('up');\n",
    "package.json": `{ "name": "stamp-fixture" }\n`,
    "docs/ARCHITECTURE.md": "# Architecture\n",
    ...files,
  };
  for (const [file, text] of Object.entries(all)) write(root, file, text);
  return root;
}

function write(root, file, text) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** What `npm run build` does to the stamp: begin, build, finish. */
function build(root) {
  beginBuild(root);
  finishBuild(root);
}

describe("the build stamp (scripts/build-stamp.mjs)", () => {
  it("lists the build's inputs: code, configs and package files, without tests or docs", () => {
    const root = project();
    expect(buildInputs(root)).toEqual([
      "app/root.tsx",
      "core/plans.ts",
      "package.json",
      "server/main.ts",
    ]);
    const real = buildInputs(projectRoot);
    for (const file of [
      "app/root.tsx",
      "core/languages.ts",
      "server/main.ts",
      "public/manifest.webmanifest",
      "scripts/build-server.mjs",
      "package-lock.json",
      "vite.config.ts",
    ]) {
      expect(real).toContain(file);
    }
    expect(real.filter((file) => /\.(test|e2e)\./.test(file))).toEqual([]);
    expect(real.filter((file) => file.startsWith("tests/") || file.startsWith("docs/"))).toEqual(
      [],
    );
  });

  it("is stale with no stamp, fresh after a build, stale again when a source changes", () => {
    const root = project();
    expect(staleness(root)).toMatch(/no finished build stamp/);
    build(root);
    expect(staleness(root)).toBeNull();

    write(root, "core/plans.ts", "export const PLANS = ['free'];\n");
    expect(staleness(root)).toMatch(/sources changed/);
    write(root, "core/plans.ts", "export const PLANS = [];\n");
    expect(staleness(root)).toBeNull();
  });

  it("sees added and renamed files, and ignores tests and files outside the build", () => {
    const root = project();
    build(root);
    write(root, "app/lib/plans.test.ts", "it('y', () => {});\n");
    write(root, "docs/ARCHITECTURE.md", "# Architecture, rewritten\n");
    write(root, "tests/integration/new.test.ts", "it('z', () => {});\n");
    expect(staleness(root)).toBeNull();

    write(root, "server/new.ts", "export {};\n");
    expect(staleness(root)).toMatch(/sources changed/);
    build(root);
    renameSync(path.join(root, "server/new.ts"), path.join(root, "server/renamed.ts"));
    expect(staleness(root)).toMatch(/sources changed/);
  });

  it("hashes the sources as they were when the build began, and leaves no stamp if it never finishes", () => {
    const root = project();
    build(root);
    const before = sourceHash(root);
    beginBuild(root);
    expect(staleness(root)).toMatch(/no finished build stamp/);
    write(root, "app/root.tsx", "export default function Root() { return null; }\n");
    expect(finishBuild(root)).toBe(true);
    expect(readFileSync(path.join(root, "build/sources.sha256"), "utf8").trim()).toBe(before);
    expect(staleness(root)).toMatch(/sources changed/);
  });

  it("writes no stamp when the build's second half runs without its first", () => {
    const root = project();
    expect(finishBuild(root)).toBe(false);
    expect(staleness(root)).toMatch(/no finished build stamp/);
  });
});

describe("ensureFreshBuild", () => {
  it("builds when stale and not when fresh", async () => {
    const root = project();
    let builds = 0;
    const counted = (r) => {
      builds++;
      build(r);
    };
    const options = { build: counted, log: () => {} };
    expect(await ensureFreshBuild(root, options)).toBe(true);
    expect(await ensureFreshBuild(root, options)).toBe(false);
    expect(builds).toBe(1);
  });

  it("fails when the build leaves no fresh stamp", async () => {
    const root = project();
    await expect(ensureFreshBuild(root, { build: () => {}, log: () => {} })).rejects.toThrow(
      /did not leave a fresh stamp/,
    );
  });

  it("builds once for callers that ask at the same time", async () => {
    const root = project();
    let builds = 0;
    let release;
    const held = new Promise((resolve) => (release = resolve));
    const slowBuild = async (r) => {
      builds++;
      beginBuild(r);
      await held;
      finishBuild(r);
    };
    const options = { build: slowBuild, log: () => {} };
    const first = ensureFreshBuild(root, options);
    const second = ensureFreshBuild(root, options);
    const third = ensureFreshBuild(root, options);
    release();
    expect(await Promise.all([first, second, third])).toEqual([true, false, false]);
    expect(builds).toBe(1);
  });

  it("builds once for processes that start together (`npm run build`, under a lock)", async () => {
    const root = project({
      "package.json": JSON.stringify({
        name: "stamp-fixture",
        scripts: {
          build: `node ${stampScript} begin && node -e "require('fs').appendFileSync('builds.txt', 'x')" && node ${stampScript} finish`,
        },
      }),
    });
    const run = async () => {
      const child = spawn(process.execPath, [stampScript, "ensure"], {
        cwd: root,
        stdio: "ignore",
      });
      const [code] = await once(child, "exit");
      return code;
    };
    expect(await Promise.all([run(), run(), run()])).toEqual([0, 0, 0]);
    expect(readFileSync(path.join(root, "builds.txt"), "utf8")).toBe("x");
    expect(staleness(root)).toBeNull();
    // Three Node processes, one `npm run build` and its three Node steps: over 30 s of wall
    // time while the test command's other runs shared the 2 cores.
  }, 180_000);
});
