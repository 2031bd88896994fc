import { describe, expect, it } from "vitest";
import { createThrottle, type Lane } from "./throttle.ts";

/** A call that ends when the test says so, recording when it started. */
function gate(started: string[], name: string) {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    work: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("the send throttle", () => {
  it("keeps a provider's calls in flight at its limit, and lets the next in when one ends", async () => {
    const throttle = createThrottle();
    const lane: Lane = { group: "smtp", maxInFlight: 2 };
    const started: string[] = [];
    const calls = ["a", "b", "c"].map((name) => gate(started, name));
    const results = calls.map((c) => throttle.run(lane, 1, c.work));
    await tick();
    expect(started).toEqual(["a", "b"]);
    expect(throttle.stats().smtp).toEqual({ inFlight: 2, waiting: 1 });
    calls[0]!.finish();
    await results[0];
    await tick();
    expect(started).toEqual(["a", "b", "c"]);
    calls[1]!.finish();
    calls[2]!.finish();
    expect(await Promise.all(results)).toEqual(["a", "b", "c"]);
  });

  it("lets an emergency waiting behind notices go first", async () => {
    const throttle = createThrottle();
    const lane: Lane = { group: "twilio", maxInFlight: 1 };
    const started: string[] = [];
    const first = gate(started, "notice 1");
    const running = throttle.run(lane, 2, first.work);
    const waiting = ["notice 2", "notice 3"].map((name) => {
      const call = gate(started, name);
      call.finish();
      return throttle.run(lane, 2, call.work);
    });
    const alert = gate(started, "alert");
    alert.finish();
    const alertDone = throttle.run(lane, 0, alert.work);
    first.finish();
    await Promise.all([running, alertDone, ...waiting]);
    expect(started).toEqual(["notice 1", "alert", "notice 2", "notice 3"]);
  });

  it("starts no more than a sender's rate allows, and the waiting emergency gets the next slot", async () => {
    let now = 0;
    const throttle = createThrottle(() => now);
    const lane: Lane = {
      group: "twilio",
      maxInFlight: 10,
      rate: { key: "twilio:sms:+15550001111", perSecond: 1 },
    };
    const started: string[] = [];
    const run = (name: string, priority: number) =>
      throttle.run(lane, priority, async () => {
        started.push(name);
      });
    const all = [run("notice 1", 2), run("notice 2", 2), run("alert", 0)];
    await tick();
    // One start in the first second; the rest wait for the clock.
    expect(started).toEqual(["notice 1"]);
    now = 1_000;
    await new Promise((r) => setTimeout(r, 1_100));
    now = 2_000;
    await new Promise((r) => setTimeout(r, 1_100));
    await Promise.all(all);
    expect(started).toEqual(["notice 1", "alert", "notice 2"]);
  });

  it("without a lane, runs at once", async () => {
    const throttle = createThrottle();
    expect(await throttle.run(null, 1, async () => "sent")).toBe("sent");
  });
});
