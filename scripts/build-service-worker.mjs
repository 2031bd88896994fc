// Bundles the service worker (app/service-worker/worker.ts) into build/client/sw.js
// with the app shell's precache list and a version derived from the build, so a
// new build is a new worker (docs/decisions/050). Runs after `react-router build`.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const CLIENT = "build/client";
const VERSION_PLACEHOLDER = "__SAFETAP_SW_VERSION__";

/** React Router's browser manifest: which hashed files each route needs. */
function routerManifest() {
  const names = readdirSync(path.join(CLIENT, "assets")).filter((name) =>
    /^manifest-[\w-]+\.js$/.test(name),
  );
  if (names.length !== 1) throw new Error(`expected one router manifest, found ${names.length}`);
  const source = readFileSync(path.join(CLIENT, "assets", names[0]), "utf8");
  const json = source.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "");
  return { url: `/assets/${names[0]}`, manifest: JSON.parse(json) };
}

/** The files the public card needs to run offline: entry, root, card route, styles, locales. */
export function precacheList() {
  const { url, manifest } = routerManifest();
  const files = new Set([url]);
  const add = (part) => {
    if (!part) throw new Error("a route the offline card needs is missing from the build");
    for (const file of [part.module, ...(part.imports ?? []), ...(part.css ?? [])]) {
      if (file) files.add(file);
    }
  };
  add(manifest.entry);
  add(manifest.routes.root);
  add(manifest.routes["routes/card/card"]);
  add(manifest.routes["routes/card/offline"]);
  for (const name of readdirSync(path.join(CLIENT, "assets"))) {
    if (name.endsWith(".css")) files.add(`/assets/${name}`);
  }
  // Written by the locale-chunks plugin in vite.config.ts: every language's page strings
  // (never the server-only `messages` namespace, which the build refuses to ship).
  const locales = JSON.parse(readFileSync("build/locale-chunks.json", "utf8"));
  for (const file of locales) files.add(file);
  for (const name of readdirSync(CLIENT)) {
    if (/\.(png|svg|webmanifest)$/.test(name)) files.add(`/${name}`);
  }
  for (const file of files) {
    if (!existsSync(path.join(CLIENT, file))) throw new Error(`precache file missing: ${file}`);
  }
  return [...files].sort();
}

export async function buildServiceWorker() {
  const precache = precacheList();
  const result = await build({
    entryPoints: ["app/service-worker/worker.ts"],
    bundle: true,
    write: false,
    format: "iife",
    target: "es2022",
    minify: true,
    legalComments: "none",
    define: {
      __SW_VERSION__: JSON.stringify(VERSION_PLACEHOLDER),
      __SW_PRECACHE__: JSON.stringify(precache),
    },
    logLevel: "warning",
  });
  const code = result.outputFiles[0].text;
  // Hashed files change name with their content; the others (manifest, icons) count by content.
  const hash = createHash("sha256").update(code);
  for (const file of precache.filter((name) => !name.startsWith("/assets/"))) {
    hash.update(readFileSync(path.join(CLIENT, file)));
  }
  const version = hash.digest("hex").slice(0, 12);
  const output = code.replaceAll(VERSION_PLACEHOLDER, version);
  writeFileSync(path.join(CLIENT, "sw.js"), output);
  return { version, files: precache.length, bytes: output.length };
}
