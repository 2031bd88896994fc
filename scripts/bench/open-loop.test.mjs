import { describe, expect, it } from "vitest";
import {
  firstProviderCalls,
  latencySummary,
  percentile,
  runOpenLoop,
  schedule,
} from "./open-loop.mjs";

describe("the open-loop schedule", () => {
  it("spaces 20 alerts a second 50 ms apart for the whole run", () => {
    const offsets = schedule(20, 3);
    expect(offsets).toHaveLength(60);
    expect(offsets.slice(0, 3)).toEqual([0, 50, 100]);
    expect(offsets.at(-1)).toBe(2950);
  });

  it("refuses a rate or a duration that is not positive", () => {
    expect(() => schedule(0, 10)).toThrow(/positive/);
    expect(() => schedule(20, -1)).toThrow(/positive/);
  });

  it("starts every send on time even when none has been answered yet", async () => {
    let answered = 0;
    let release;
    const gate = new Promise((resolve) => {
      release = resolve;
    });
    const startedBeforeAnyAnswer = [];
    const { results } = await runOpenLoop(
      schedule(1000, 0.01),
      async (i) => {
        startedBeforeAnyAnswer.push(answered === 0);
        if (i === 9) release();
        await gate;
        answered++;
        return i;
      },
      async () => {},
    );
    expect(startedBeforeAnyAnswer).toEqual(Array(10).fill(true));
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("keeps a send that failed as an error in its place", async () => {
    const { results } = await runOpenLoop(
      [0, 0, 0],
      async (i) => {
        if (i === 1) throw new Error("refused");
        return i;
      },
      async () => {},
    );
    expect(results).toEqual([0, { error: "Error: refused" }, 2]);
  });
});

describe("percentiles (nearest rank)", () => {
  it("reads p50 and p99 of 1..100 as 50 and 99", () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
  });

  it("gives the slowest of few samples as p99, and nothing for no samples", () => {
    expect(percentile([120, 30, 800], 99)).toBe(800);
    expect(percentile([120, 30, 800], 50)).toBe(120);
    expect(percentile([], 50)).toBeNull();
    expect(latencySummary([])).toEqual({
      samples: 0,
      p50ms: null,
      p90ms: null,
      p99ms: null,
      maxms: null,
    });
  });

  it("rounds the summary to whole milliseconds", () => {
    expect(latencySummary([10.4, 20.6, 30.5])).toEqual({
      samples: 3,
      p50ms: 21,
      p90ms: 31,
      p99ms: 31,
      maxms: 31,
    });
  });
});

describe("accept → first provider call", () => {
  const rows = [
    { alert_id: "a1", delivery_id: "d1", kind: "alert", created_ms: 1_000 },
    { alert_id: "a1", delivery_id: "d2", kind: "alert", created_ms: 1_000 },
    { alert_id: "a2", delivery_id: "d3", kind: "alert", created_ms: 2_000 },
    { alert_id: "a2", delivery_id: "d4", kind: "reminder", created_ms: 2_000 },
    { alert_id: "a3", delivery_id: "d5", kind: "alert", created_ms: 3_000 },
    // A number that replied STOP: the app skips the row and nothing is sent.
    { alert_id: "a3", delivery_id: "d6", kind: "alert", status: "skipped", created_ms: 3_000 },
    // Messenger goes to Meta, which has no peer in the bench.
    { alert_id: "a3", delivery_id: "d7", kind: "alert", channel: "messenger", created_ms: 3_000 },
  ];

  it("takes the earliest call of any of the alert's deliveries on any peer", () => {
    const smtp = new Map([
      ["d1", [1_400]],
      ["d3", [2_150]],
    ]);
    const twilio = new Map([["d2", [1_090]]]);
    const result = firstProviderCalls(rows, [smtp, twilio]);
    expect(result.latencies).toEqual([90, 150]);
    expect([...result.firstCallByAlert]).toEqual([
      ["a1", 1_090],
      ["a2", 2_150],
    ]);
    expect(result).toMatchObject({
      alerts: 3,
      deliveries: 4,
      skipped: 2,
      delivered: 3,
      notDelivered: 1,
      duplicates: 0,
      alertsWithoutCall: 1,
    });
  });

  it("counts a delivery that reached a peer twice as a duplicate", () => {
    const smtp = new Map([
      ["d1", [1_100, 1_900]],
      ["d2", [1_200]],
      ["d3", [2_100]],
      ["d5", [3_050]],
    ]);
    const result = firstProviderCalls(rows, [smtp]);
    expect(result.duplicates).toBe(1);
    expect(result.notDelivered).toBe(0);
    expect(result.latencies).toEqual([100, 100, 50]);
  });
});
