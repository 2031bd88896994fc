import { describe, expect, it } from "vitest";
import { machineCosts } from "./machine.mjs";

describe("the machine's costs printed with the bench", () => {
  it("measures a system call, a fresh gigabyte and a process start, each a positive figure", () => {
    const costs = machineCosts();
    expect(Object.keys(costs).sort()).toEqual([
      "freshMemoryMsPerGb",
      "processStartMs",
      "systemCallMicros",
    ]);
    // Within what any machine gives: above nothing, below a second a call and a minute a gigabyte.
    expect(costs.systemCallMicros).toBeGreaterThan(0);
    expect(costs.systemCallMicros).toBeLessThan(1_000_000);
    expect(costs.freshMemoryMsPerGb).toBeGreaterThan(0);
    expect(costs.freshMemoryMsPerGb).toBeLessThan(60_000);
    expect(costs.processStartMs).toBeGreaterThan(0);
  });
});
