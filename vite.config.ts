import { writeFileSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Lists the browser build's locale chunks (one per language and namespace) in
 * build/locale-chunks.json, for the service worker's precache
 * (scripts/build-service-worker.mjs): a card opened offline needs its strings.
 */
function localeChunks(): Plugin {
  let files: string[] = [];
  return {
    name: "safetap:locale-chunks",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      files = Object.values(bundle)
        .filter(
          (chunk) =>
            chunk.type === "chunk" &&
            /\/core\/locales\/[a-z]+\/[a-z-]+\.json$/.test(chunk.facadeModuleId ?? ""),
        )
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
