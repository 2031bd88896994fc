import { writeFileSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { SERVER_ONLY_NAMESPACES } from "#core/languages.ts";

/** A locale file, `core/locales/{language}/{namespace}.json`; group 1 is its namespace. */
const LOCALE_FILE = /\/core\/locales\/[a-z]+\/([a-z-]+)\.json$/;
const isServerOnlyLocale = (id: string) =>
  SERVER_ONLY_NAMESPACES.includes(id.match(LOCALE_FILE)?.[1] ?? "");

/**
 * Lists the browser build's locale chunks (one per language and namespace) in
 * build/locale-chunks.json, for the service worker's precache
 * (scripts/build-service-worker.mjs): a card opened offline needs its strings.
 * Server-only namespaces (the texts SafeTap sends) are never listed, and the
 * build fails if one reaches any browser chunk at all.
 */
function localeChunks(): Plugin {
  let files: string[] = [];
  return {
    name: "safetap:locale-chunks",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((chunk) => chunk.type === "chunk");
      for (const chunk of chunks) {
        const leaked = chunk.moduleIds.filter(isServerOnlyLocale);
        if (leaked.length) {
          this.error(
            `server-only texts in the browser chunk ${chunk.fileName}: ${leaked.join(", ")}`,
          );
        }
      }
      files = chunks
        .filter((chunk) => LOCALE_FILE.test(chunk.facadeModuleId ?? ""))
        .map((chunk) => `/${chunk.fileName}`)
        .sort();
    },
    writeBundle(options) {
      if (!options.dir) return;
      writeFileSync(path.join(options.dir, "..", "locale-chunks.json"), JSON.stringify(files));
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), localeChunks()],
  build: {
    // Long-lived caching relies on content hashes; keep chunks reasonably sized.
    assetsInlineLimit: 0,
  },
});
