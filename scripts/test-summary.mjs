// Adds up the JSON reports of every test run and prints one closing line; before it, each run's
// slowest files, so where the test command's time goes can be read from every run, and every failed
// test with the first line of its failure, so the end of a long log alone tells what failed.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const dir = process.argv[2];
const SLOWEST = 5;
const failures = [];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
  const run = file.replace(/\.json$/, "");
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
    `${run}: ${report.numPassedTests} passed, ${report.numFailedTests} failed` +
      (files.length
        ? `, ${Math.round((end - report.startTime) / 1000)} s from start to last file`
        : ""),
  );
  for (const slow of files.slice(0, SLOWEST)) {
    console.log(`  ${slow.seconds.toFixed(1).padStart(7)} s  ${slow.name}`);
  }
  for (const result of report.testResults ?? []) {
    const name = path.relative(process.cwd(), result.name);
    const failedTests = (result.assertionResults ?? []).filter((test) => test.status === "failed");
    // A file that failed before any test ran (an import error, a failed hook) has no failed test.
    if (result.status === "failed" && failedTests.length === 0) {
      failures.push(`${run}  ${name}\n      ${firstLine(result.message)}`);
    }
    for (const test of failedTests) {
      failures.push(
        `${run}  ${name} > ${test.fullName}\n      ${firstLine(test.failureMessages?.[0])}`,
      );
    }
  }
}
if (failures.length) {
  console.log("\nfailed:");
  for (const failure of failures) console.log(`  ${failure}`);
}
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || failures.length > 0 || passed === 0 ? 1 : 0);

function firstLine(message) {
  // Vitest's messages carry colour codes and a stack; the first line says what went wrong. It
  // can be long: the end-to-end tests' assertions print whole values (the console errors a page
  // logged, the state a poll last saw), and the end of the CI log is often all there is to read.
  const line = stripVTControlCharacters(message ?? "")
    .split("\n")
    .find((l) => l.trim());
  return (line ?? "(no message)").trim().slice(0, 1200);
}
