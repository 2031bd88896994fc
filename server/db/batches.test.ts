import { describe, expect, it } from "vitest";
import { deferred } from "#tests/support/deferred.ts";
import { inBatches, inBatchesByKey } from "./batches.ts";

describe("inBatches", () => {
  it("writes a lone item at once, and gathers those that come while a write runs", async () => {
    const statements: number[][] = [];
    let gate = deferred();
    const write = inBatches(async (items: number[]) => {
      statements.push(items);
      await gate.promise;
      return items.map((n) => n * 10);
    });
    const first = write(1);
    await Promise.resolve();
    expect(statements).toEqual([[1]]);
    const rest = [write(2), write(3), write(4)];
    const held = gate;
    gate = deferred();
    held.resolve();
    expect(await first).toBe(10);
    await Promise.resolve();
    expect(statements).toEqual([[1], [2, 3, 4]]);
    gate.resolve();
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
    // Idle again: the next item is written alone, at once.
    const later = write(5);
    expect(statements.at(-1)).toEqual([5]);
    expect(await later).toBe(50);
  });

  it("fails every caller of a failed statement, and goes on with the next", async () => {
    let fail = true;
    const gate = deferred();
    const write = inBatches(async (items: string[]) => {
      await gate.promise;
      if (fail) {
        fail = false;
        throw new Error("database away");
      }
      return items.map((s) => s.toUpperCase());
    });
    const failed = write("a");
    const next = write("b");
    gate.resolve();
    await expect(failed).rejects.toThrow("database away");
    expect(await next).toBe("B");
  });

  it("never puts more than maxItems in one statement", async () => {
    const sizes: number[] = [];
    const gate = deferred();
    const write = inBatches(
      async (items: number[]) => {
        sizes.push(items.length);
        await gate.promise;
        return items;
      },
      { maxItems: 2 },
    );
    const all = [1, 2, 3, 4, 5, 6].map((n) => write(n));
    gate.resolve();
    expect(await Promise.all(all)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(sizes).toEqual([1, 2, 2, 1]);
  });
});

describe("inBatchesByKey", () => {
  it("gathers items of one key, lets other keys go beside them, and starts afresh once idle", async () => {
    const statements: [string, number[]][] = [];
    const gates = new Map<string, ReturnType<typeof deferred>>();
    const write = inBatchesByKey(async (key: string, items: number[]) => {
      statements.push([key, items]);
      const gate = deferred();
      gates.set(key, gate);
      await gate.promise;
      return items.map((n) => `${key}${n}`);
    });
    const a1 = write("a", 1);
    const b1 = write("b", 1);
    await Promise.resolve();
    // Each key's first item goes at once: another key's write does not hold it.
    expect(statements).toEqual([
      ["a", [1]],
      ["b", [1]],
    ]);
    const waiting = [write("a", 2), write("a", 3)];
    gates.get("a")!.resolve();
    expect(await a1).toBe("a1");
    await Promise.resolve();
    expect(statements.at(-1)).toEqual(["a", [2, 3]]);
    gates.get("a")!.resolve();
    expect(await Promise.all(waiting)).toEqual(["a2", "a3"]);
    gates.get("b")!.resolve();
    expect(await b1).toBe("b1");
    await Promise.resolve();
    // Idle again: a new item of "a" is written alone, at once.
    const later = write("a", 4);
    expect(statements.at(-1)).toEqual(["a", [4]]);
    gates.get("a")!.resolve();
    expect(await later).toBe("a4");
  });
});
