import { defineConfig } from "vitest/config";
import { LongestFirst } from "./scripts/test-sequencer.mjs";

/**
 * Three projects, named for what they run (docs/decisions/009-tests.md):
 * - unit: pure functions, no server, no database, no build;
 * - integration: the in-process app on a fresh database per file (PGlite, or PostgreSQL with
 *   TEST_DATABASE_URL), the fault and hostile-input tests and the database-backed limiter. They
 *   load build/, so the project's global setup builds first when the sources changed;
 * - e2e: the production build in Chromium (same build check in its global setup).
 */
export default defineConfig({
  test: {
    // Each project's longest files first, by a whole test command's timings (decision 170).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "core/**/*.test.ts",
            "app/**/*.test.{ts,tsx}",
            "server/**/*.test.ts",
            "scripts/**/*.test.mjs",
          ],
          environment: "node",
          pool: "forks",
          maxWorkers: 4,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "integration",
          include: [
            "tests/integration/**/*.test.ts",
            "tests/fault/**/*.test.ts",
            "tests/hostile/**/*.test.ts",
          ],
          environment: "node",
          pool: "forks",
          // One module graph per worker, not per file: each file re-imported the server and
          // the page build and compiled PGlite's WebAssembly again, about 3 s of CPU a file.
          // Nothing in these tests keeps module state that another file could trip over: every
          // file makes its own app (services, database, limiter) with createTestApp.
          isolate: false,
          globalSetup: ["tests/support/fresh-build.ts", "tests/support/database-template.ts"],
          // The build runs as in production (`npm start`): React's production bundles, not the
          // development ones Vitest's NODE_ENV=test would load, which render pages 2-3 times slower.
          env: { NODE_ENV: "production" },
          // Vitest's default is one worker per core less one: a single worker on the
          // 2-core CI machines. These files mostly wait on servers and sockets, so
          // three at once finish in about half the time.
          maxWorkers: 3,
          // Limits on waiting, not speeds under test (those live in `npm run bench`): the test
          // command runs this project beside the e2e run and the other database's pass, and a
          // shared 2-core machine under load took over 30 s for tests and over 120 s for the
          // hooks that build organisations, which then failed every test of their file.
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.ts"],
          environment: "node",
          pool: "forks",
          globalSetup: ["tests/e2e/global-setup.ts"],
          // Limits on waiting, as in the integration project (the runs share the cores).
          testTimeout: 180_000,
          hookTimeout: 600_000,
          maxWorkers: 2,
          // A failure shows the whole value: the test command's summary keeps only each
          // failure's message, and "expected [ …(2) ] to deeply equal []" does not say which
          // console errors a page logged.
          chaiConfig: { truncateThreshold: 0 },
          // Runs after the unit and integration projects when they are selected together.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
