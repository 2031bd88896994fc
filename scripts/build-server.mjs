// Bundles the Node entry (server/main.ts) and precompresses the client assets.
// React Router builds the app itself (`react-router build`) before this runs; the build
// stamp (scripts/build-stamp.mjs) is finished last.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "esbuild";
import { buildServiceWorker } from "./build-service-worker.mjs";
import { finishBuild } from "./build-stamp.mjs";

await build({
  entryPoints: ["server/main.ts"],
  outfile: "build/app/main.js",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});

const worker = await buildServiceWorker();
console.log(
  `service worker ${worker.version}: ${worker.files} files precached, ${worker.bytes} bytes`,
);

const COMPRESSIBLE = /\.(js|css|svg|json|webmanifest|html|txt|map)$/;
let count = 0;
function compressTree(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) compressTree(file);
    else if (COMPRESSIBLE.test(name) && name !== "sw.js" && statSync(file).size > 512) {
      const content = readFileSync(file);
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      count++;
    }
  }
}
compressTree("build/client");
console.log(`server bundled to build/app/main.js; ${count} client files precompressed`);
// Last: the stamp says this build matches the sources as they were when `npm run build` began.
if (!finishBuild(process.cwd())) {
  console.warn("no build stamp: `npm run build` writes it (scripts/build-stamp.mjs begin)");
}
