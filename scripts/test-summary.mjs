// Adds up the JSON reports of every test run and prints one closing line; before it, each run's
// slowest files, so where the test command's time goes can be read from every run.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const dir = process.argv[2];
const SLOWEST = 5;
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
  const report = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  const files = (report.testResults ?? [])
    .filter((result) => result.startTime && result.endTime)
    .map((result) => ({
      name: path.relative(process.cwd(), result.name),
      seconds: (result.endTime - result.startTime) / 1000,
    }))
    .sort((a, b) => b.seconds - a.seconds);
  const end = Math.max(report.startTime, ...(report.testResults ?? []).map((r) => r.endTime ?? 0));
  console.log(
    `${file.replace(/\.json$/, "")}: ${report.numPassedTests} passed, ${report.numFailedTests} failed` +
      (files.length
        ? `, ${Math.round((end - report.startTime) / 1000)} s from start to last file`
        : ""),
  );
  for (const slow of files.slice(0, SLOWEST)) {
    console.log(`  ${slow.seconds.toFixed(1).padStart(7)} s  ${slow.name}`);
  }
}
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
