import { describe, expect, it } from "vitest";
import { deferred } from "#tests/support/deferred.ts";
import { inBatches } from "./batches.ts";

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
