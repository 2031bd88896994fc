import { describe, expect, it } from "vitest";
import { createRollCallSignal } from "./roll-calls.ts";

describe("the roll call feed's wake-up on one instance (decision 143)", () => {
  it("wakes the waiting feeds of that roll call only, at once", async () => {
    const signal = createRollCallSignal();
    const woken: string[] = [];
    const a = signal.wait("a", 60_000).then(() => woken.push("a"));
    const b = signal.wait("b", 60_000).then(() => woken.push("b"));
    signal.notify("a");
    await a;
    expect(woken).toEqual(["a"]);
    signal.notify("b");
    await b;
    expect(woken).toEqual(["a", "b"]);
  });

  it("gives up waiting after the poll interval or when the client goes", async () => {
    const signal = createRollCallSignal();
    await signal.wait("a", 5);
    const gone = new AbortController();
    const waiting = signal.wait("a", 60_000, gone.signal);
    gone.abort();
    await waiting;
  });

  it("shares one read among the feeds asking the same thing at once, and reads again after", async () => {
    const signal = createRollCallSignal();
    let reads = 0;
    const load = async () => {
      reads++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return [reads];
    };
    const answers = await Promise.all([1, 2, 3].map(() => signal.shared("a:7", load)));
    expect(reads).toBe(1);
    expect(answers).toEqual([[1], [1], [1]]);
    await signal.shared("a:8", load);
    await signal.shared("a:7", load);
    expect(reads).toBe(3);
  });
});
