// The embedded database's one-process lock: a pid file beside its data directory. Kept apart from
// the database client so the `safetap` command can tell whether a server holds the database
// without loading the database code (server/cli/main.ts).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export class DatabaseLockedError extends Error {
  constructor(
    public readonly lockFile: string,
    public readonly pid: number,
  ) {
    super(
      `The embedded database in ${path.dirname(lockFile)} is in use by process ${pid}. ` +
        "PGlite allows one process at a time.",
    );
    this.name = "DatabaseLockedError";
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite corrupts its files if two processes open them. A pid file next to the
 * data directory makes the second opener fail loudly instead.
 */
export function acquireLock(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  mkdirSync(path.dirname(lockFile), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number.parseInt(readFileSync(lockFile, "utf8"), 10);
      if (Number.isFinite(pid) && pid !== process.pid && processIsAlive(pid)) {
        throw new DatabaseLockedError(lockFile, pid);
      }
      rmSync(lockFile, { force: true }); // stale lock from a process that died
    }
  }
  throw new Error(`Could not lock ${lockFile}`);
}

export function embeddedLockHolder(dataDir: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(`${dataDir}.lock`, "utf8"), 10);
    return Number.isFinite(pid) && processIsAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}
