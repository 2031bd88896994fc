import { describe, expect, it } from "vitest";
import { longestFirst, runName } from "./test-sequencer.mjs";

const spec = (project, file) => ({ project: { name: project }, file });

describe("the test sequencer (decision 170)", () => {
  it("starts each project's longest files first, unknown ones before them, projects in Vitest's order", () => {
    const specs = [
      spec("integration", "short"),
      spec("integration", "long"),
      spec("integration", "new"),
      spec("integration", "tie-a"),
      spec("integration", "tie-b"),
      spec("e2e", "quick"),
      spec("e2e", "slow"),
    ];
    const seconds = { short: 1, long: 40, "tie-a": 5, "tie-b": 5, quick: 2, slow: 45 };
    expect(longestFirst(specs, (s) => seconds[s.file]).map((s) => s.file)).toEqual([
      "new",
      "long",
      "tie-a",
      "tie-b",
      "short",
      "slow",
      "quick",
    ]);
  });

  it("reads the integration project's column for the database it runs on", () => {
    expect(runName("integration", {})).toBe("integration-pglite");
    expect(runName("integration", { TEST_DATABASE_URL: "postgres://x" })).toBe(
      "integration-postgres",
    );
    expect(runName("e2e", { TEST_DATABASE_URL: "postgres://x" })).toBe("e2e");
  });
});
