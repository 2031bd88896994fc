// Writes tests/support/file-durations.json from the JSON reports of a whole test command
// (tmp/test-results/*.json): each run's test files and the seconds each took. The test
// sequencer (scripts/test-sequencer.mjs) starts the longest first, so that no pass ends with one
// worker running its longest file alone. Refresh it after a fresh clone's `bash scripts/test.sh`
// when files were added or got much longer: `node scripts/test-durations.mjs`.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const dir = process.argv[2] ?? "tmp/test-results";
const out = "tests/support/file-durations.json";
// The reports name files by absolute path, under the checkout that ran them.
const root = path.resolve(dir, "../..");
const table = {};
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort()) {
  const run = file.replace(/\.json$/, "");
  const report = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
  const rows = (report.testResults ?? [])
    .filter((result) => result.startTime && result.endTime)
    .map((result) => [
      path.relative(root, result.name),
      Math.round((result.endTime - result.startTime) / 100) / 10,
    ])
    .sort(([a], [b]) => (a < b ? -1 : 1));
  table[run] = Object.fromEntries(rows);
}
writeFileSync(out, `${JSON.stringify(table, null, 2)}\n`);
console.log(`${out}: ${Object.keys(table).join(", ")}`);
