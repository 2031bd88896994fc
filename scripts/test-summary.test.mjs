import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const script = fileURLToPath(new URL("./test-summary.mjs", import.meta.url));
const dirs = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs the summary on reports shaped as Vitest's JSON reporter writes them. */
function summarise(reports) {
  const dir = mkdtempSync(path.join(tmpdir(), "safetap-summary-"));
  dirs.push(dir);
  for (const [name, report] of Object.entries(reports)) {
    writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(report));
  }
  const run = spawnSync(process.execPath, [script, dir], { encoding: "utf8" });
  return { status: run.status, output: run.stdout };
}

function report(files) {
  const tests = files.flatMap((file) => file.assertionResults);
  return {
    numPassedTests: tests.filter((test) => test.status === "passed").length,
    numFailedTests: tests.filter((test) => test.status === "failed").length,
    numPendingTests: 0,
    numTodoTests: 0,
    startTime: 1_000,
    testResults: files.map((file) => ({ startTime: 1_000, endTime: 3_000, ...file })),
  };
}

describe("the test command's summary", () => {
  it("names every failed test with the first line of its failure, after the counts", () => {
    const { status, output } = summarise({
      e2e: report([
        {
          name: path.resolve("tests/e2e/card-ux.e2e.ts"),
          status: "failed",
          message: "",
          assertionResults: [
            { fullName: "the card shows the name", status: "passed", failureMessages: [] },
            {
              fullName: "the card > sends an alert",
              status: "failed",
              failureMessages: [
                "\u001b[31mTimeoutError: locator.click: Timeout 30000ms exceeded.\u001b[39m\n    at card-ux.e2e.ts:40",
              ],
            },
          ],
        },
      ]),
      unit: report([
        {
          name: path.resolve("scripts/broken.test.mjs"),
          status: "failed",
          message: "Cannot find module './gone.mjs'\n    at import",
          assertionResults: [],
        },
      ]),
    });
    expect(status).toBe(1);
    expect(output).toContain(
      "failed:\n  e2e  tests/e2e/card-ux.e2e.ts > the card > sends an alert\n" +
        "      TimeoutError: locator.click: Timeout 30000ms exceeded.\n",
    );
    expect(output).toContain(
      "  unit  scripts/broken.test.mjs\n      Cannot find module './gone.mjs'\n",
    );
    expect(output).not.toContain("the card shows the name\n      ");
    expect(output).toMatch(/tests: 1 passed, 1 failed, 0 skipped\n$/);
  });

  it("lists no failures and passes when every test passed", () => {
    const { status, output } = summarise({
      unit: report([
        {
          name: path.resolve("scripts/fine.test.mjs"),
          status: "passed",
          message: "",
          assertionResults: [{ fullName: "works", status: "passed", failureMessages: [] }],
        },
      ]),
    });
    expect(status).toBe(0);
    expect(output).not.toContain("failed:");
    expect(output).toContain("unit: 1 passed, 0 failed, 2 s from start to last file");
  });
});
