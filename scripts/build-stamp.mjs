#!/usr/bin/env node
// Whether build/ was made from the sources as they are now (docs/decisions/009-tests.md).
// `npm run build` runs `begin` first (the hash of the sources it is about to build, and no
// stamp until it succeeds) and scripts/build-server.mjs runs `finish` last (that hash becomes
// build/sources.sha256). The integration and end-to-end tests call `ensureFreshBuild`, which
// builds once, under a lock, when the stamp is missing or differs from the sources.
//
//   node scripts/build-stamp.mjs begin|finish|check|ensure    (in the project's folder)
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** What the build is made from: the code, the public files, the build scripts and configs. */
export const BUILD_INPUTS = [
  "app",
  "core",
  "server",
  "public",
  "scripts/build-server.mjs",
  "scripts/build-service-worker.mjs",
  "scripts/build-stamp.mjs",
  "package.json",
  "package-lock.json",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
];
/** Test files sit beside the code but are never built. */
const TEST_FILE = /\.(test|e2e)\.[cm]?[jt]sx?$/;
const STAMP = "build/sources.sha256";
const PENDING = "tmp/build-sources.pending";
const LOCK = "tmp/build.lock";

/** The build's input files under `root`, as sorted repository paths. */
export function buildInputs(root, inputs = BUILD_INPUTS) {
  const files = [];
  const walk = (relative) => {
    const full = path.join(root, relative);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full)) walk(path.posix.join(relative, name));
    } else if (!TEST_FILE.test(relative)) {
      files.push(relative);
    }
  };
  for (const input of inputs) walk(input);
  return files.sort();
}

/** SHA-256 of every input's path and content. */
export function sourceHash(root, inputs = BUILD_INPUTS) {
  const hash = createHash("sha256");
  for (const file of buildInputs(root, inputs)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

const read = (file) => {
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return null;
  }
};

/** Why the build under `root` cannot be tested as it is, or null when it matches the sources. */
export function staleness(root, inputs = BUILD_INPUTS) {
  const stamp = read(path.join(root, STAMP));
  if (stamp === null) return "no finished build stamp (build/sources.sha256)";
  if (stamp !== sourceHash(root, inputs)) return "the sources changed since the last build";
  return null;
}

/** Before a build: no stamp while it runs, and the hash of what it is about to read. */
export function beginBuild(root, inputs = BUILD_INPUTS) {
  rmSync(path.join(root, STAMP), { force: true });
  mkdirSync(path.join(root, path.dirname(PENDING)), { recursive: true });
  writeFileSync(path.join(root, PENDING), `${sourceHash(root, inputs)}\n`);
}

/** After a successful build: the hash taken at its start becomes the stamp. */
export function finishBuild(root) {
  const pending = path.join(root, PENDING);
  if (!existsSync(pending)) return false;
  mkdirSync(path.join(root, path.dirname(STAMP)), { recursive: true });
  renameSync(pending, path.join(root, STAMP));
  return true;
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
};

/** Holds `tmp/build.lock` (with this process's id) while `work` runs; waits for a live holder. */
async function withLock(root, work, { waitMs = 15 * 60_000 } = {}) {
  const lock = path.join(root, LOCK);
  mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const fd = openSync(lock, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      const holder = Number(read(lock));
      if (holder && !alive(holder)) {
        rmSync(lock, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`${LOCK} is still held by process ${holder}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { force: true });
  }
}

// Vitest sets NODE_ENV=test, and Vite takes a build under any NODE_ENV but production for a
// development build (React's development bundle, import.meta.env.PROD false: no service worker).
const npmBuild = (root) =>
  execFileSync("npm", ["run", "--silent", "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });

/**
 * Builds when the build under `root` is missing or older than its sources, once however many
 * processes ask at the same time: the first builds, the others wait and find it fresh.
 * Returns whether this call built.
 */
export async function ensureFreshBuild(
  root,
  { inputs = BUILD_INPUTS, build = npmBuild, log = console.log } = {},
) {
  if (!staleness(root, inputs)) return false;
  return withLock(root, async () => {
    const reason = staleness(root, inputs);
    if (!reason) return false;
    log(`Building first: ${reason}.`);
    await build(root);
    const after = staleness(root, inputs);
    if (after) throw new Error(`The build did not leave a fresh stamp: ${after}.`);
    return true;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.cwd();
  const command = process.argv[2];
  if (command === "begin") beginBuild(root);
  else if (command === "finish") {
    if (!finishBuild(root)) console.warn("No pending build stamp: run the whole `npm run build`.");
  } else if (command === "check") {
    const reason = staleness(root);
    console.log(reason ? `stale: ${reason}` : "fresh");
    process.exit(reason ? 1 : 0);
  } else if (command === "ensure") await ensureFreshBuild(root);
  else {
    console.error("usage: node scripts/build-stamp.mjs begin|finish|check|ensure");
    process.exit(2);
  }
}
