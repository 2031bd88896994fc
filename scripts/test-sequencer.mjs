// Vitest's sequencer for every project (decision 170): each project's longest files first, by the
// seconds they took in a whole test command (tests/support/file-durations.json, written by
// `node scripts/test-durations.mjs`). In a fresh clone Vitest has no timings of its own and
// starts the largest files first; the end-to-end pass then ended with one worker running the
// demo school's journeys (45 s) alone. A file missing from the table (a new one) goes first, as
// Vitest does with files it does not know.
import { readFileSync } from "node:fs";
import path from "node:path";
import { BaseSequencer } from "vitest/node";

/** The table's column for a spec: the integration project has one per database. */
export function runName(projectName, env = process.env) {
  if (projectName !== "integration") return projectName;
  return env.TEST_DATABASE_URL ? "integration-postgres" : "integration-pglite";
}

/**
 * `specs` in the order Vitest gave them, reordered within each project by `seconds` (longest
 * first, unknown first); projects keep their order, and ties keep Vitest's.
 * @template {{ project: { name: string } }} T
 * @param {T[]} specs
 * @param {(spec: T) => number | undefined} seconds
 * @returns {T[]}
 */
export function longestFirst(specs, seconds) {
  const rank = new Map(specs.map((spec, index) => [spec, index]));
  const projectRank = new Map();
  for (const [index, spec] of specs.entries()) {
    if (!projectRank.has(spec.project.name)) projectRank.set(spec.project.name, index);
  }
  const known = (spec) => seconds(spec) ?? Number.POSITIVE_INFINITY;
  return [...specs].sort(
    (a, b) =>
      projectRank.get(a.project.name) - projectRank.get(b.project.name) ||
      (known(b) === known(a) ? 0 : known(b) > known(a) ? 1 : -1) ||
      rank.get(a) - rank.get(b),
  );
}

export class LongestFirst extends BaseSequencer {
  /** @param {import("vitest/node").TestSpecification[]} files */
  async sort(files) {
    const table = JSON.parse(
      readFileSync(new URL("../tests/support/file-durations.json", import.meta.url), "utf8"),
    );
    return longestFirst(
      await super.sort(files),
      (spec) =>
        table[runName(spec.project.name)]?.[path.relative(spec.project.config.root, spec.moduleId)],
    );
  }
}
