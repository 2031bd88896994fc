// What this machine's kernel work costs, printed with the bench's summary (decision 166). The
// machines here differ less in how fast they compute than in what a system call, a fresh page of
// memory and a new process cost: on a virtual machine that traps each of them, Chromium, process
// starts and the test command are several times slower while Lighthouse's benchmark index (pure
// JavaScript) says the machine is fast. These three figures tell such a day from a slow page.
import { spawnSync } from "node:child_process";
import { closeSync, openSync, readSync } from "node:fs";
import { percentile } from "./open-loop.mjs";

/** Microseconds for one system call: one-byte reads of /dev/zero, the best of three rounds. */
function systemCallMicros(calls = 100_000) {
  const fd = openSync("/dev/zero", "r");
  const byte = Buffer.alloc(1);
  try {
    const rounds = [];
    for (let round = 0; round < 3; round++) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < calls; i++) readSync(fd, byte, 0, 1, null);
      rounds.push(Number(process.hrtime.bigint() - start) / 1000 / calls);
    }
    return Math.min(...rounds);
  } finally {
    closeSync(fd);
  }
}

/** Milliseconds to fill 256 MB of memory the process never touched, scaled to a gigabyte. */
function freshMemoryMsPerGb(megabytes = 256) {
  const rounds = [];
  for (let round = 0; round < 3; round++) {
    const start = process.hrtime.bigint();
    // Each round's buffer is new: its pages are faulted in as the fill first writes them.
    Buffer.allocUnsafeSlow(megabytes * 1024 * 1024).fill(1);
    rounds.push((Number(process.hrtime.bigint() - start) / 1e6) * (1024 / megabytes));
  }
  return Math.min(...rounds);
}

/** Milliseconds for Node.js to start, run nothing and exit: the median of five. */
function processStartMs(runs = 5) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    const child = spawnSync(process.execPath, ["-e", "0"], { stdio: "ignore" });
    if (child.status !== 0) throw new Error(`node -e 0 exited with ${child.status}`);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return percentile(times, 50);
}

export function machineCosts() {
  return {
    systemCallMicros: Math.round(systemCallMicros() * 100) / 100,
    freshMemoryMsPerGb: Math.round(freshMemoryMsPerGb()),
    processStartMs: Math.round(processStartMs()),
  };
}
