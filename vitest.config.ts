import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "core/**/*.test.ts",
            "app/**/*.test.{ts,tsx}",
            "server/**/*.test.ts",
            "tests/integration/**/*.test.ts",
            "tests/fault/**/*.test.ts",
            "tests/hostile/**/*.test.ts",
            "scripts/**/*.test.mjs",
          ],
          environment: "node",
          pool: "forks",
          // Vitest's default is one worker per core less one: a single worker on the
          // 2-core CI machines. These files mostly wait on servers and sockets, so
          // three at once finish in about half the time.
          maxWorkers: 3,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.ts"],
          environment: "node",
          pool: "forks",
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          // Runs after the unit project when both are selected.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
