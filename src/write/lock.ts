// One catalogen run at a time per output folder. The lock is a file created exclusively in the
// folder, holding the pid and host of the run that holds it. A lock whose process is gone (the
// run was killed) is taken over; a live one makes the next run wait a little, then give up.
import { constants } from "node:fs";
import { link, open, rename, rm, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { randomName } from "./staging.js";

export const LOCK_NAME = ".catalogen-lock";

/** How long a run waits for another one to finish before it gives up. */
export const LOCK_WAIT_MS = 10_000;

interface Holder {
  pid: number;
  host: string;
}

export interface Lock {
  /** True when the lock was left by a run that died: its staging files may still lie around. */
  tookOverStale: boolean;
  release(): Promise<void>;
}

/** A held lock that cannot be taken: why, for the message. */
export class LockBusyError extends Error {
  override name = "LockBusyError";
}

/** The holder written in the lock file, or undefined when it is not a lock catalogen wrote. */
async function readHolder(path: string): Promise<Holder | undefined | "gone"> {
  let text: string;
  try {
    // O_NOFOLLOW: a symbolic link planted at the lock's name is not read through.
    const handle = await open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    try {
      text = await handle.readFile("utf8");
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "gone";
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as Partial<Holder>;
    if (Number.isSafeInteger(parsed.pid) && typeof parsed.host === "string") return { pid: parsed.pid!, host: parsed.host };
  } catch {
    // not JSON: fall through
  }
  return undefined;
}

/** Locks this process holds: its pid in a lock it does not hold is a previous life of the pid (containers reuse them). */
const held = new Set<string>();

function isAlive(holder: Holder, path: string): boolean {
  if (holder.host !== hostname()) return true; // another machine's process: cannot tell, assume alive
  if (holder.pid === process.pid) return held.has(path);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Creates the lock complete or not at all: the holder is written to a file of a random name,
 * which is then hard-linked to the lock's name (failing when that exists), so no run ever reads
 * a half-written lock.
 */
async function tryCreate(path: string, holder: Holder): Promise<boolean> {
  for (;;) {
    const draft = `${path}-${randomName()}`;
    await writeFile(draft, `${JSON.stringify(holder)}\n`, { flag: "wx" });
    try {
      await link(draft, path);
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EEXIST") return false;
      if (code === "EPERM" || code === "ENOTSUP") return createDirectly(path, holder); // no hard links here
      // The holder's run cleans up drafts of killed runs and may have taken this one: again.
      if (code !== "ENOENT") throw error;
    } finally {
      await rm(draft, { force: true });
    }
  }
}

async function createDirectly(path: string, holder: Holder): Promise<boolean> {
  try {
    await writeFile(path, `${JSON.stringify(holder)}\n`, { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/** Drafts and set-aside locks of killed runs: `.catalogen-lock-<random>`. */
export function isLockLeftover(name: string): boolean {
  return /^\.catalogen-lock-[0-9a-f]{16}$/.test(name);
}

/**
 * Moves a dead run's lock aside and deletes it. The rename is atomic, so of two runs taking
 * over the same stale lock only one gets it; a run that finds it moved a live lock instead (the
 * other run's fresh one) puts it back.
 */
async function removeStale(path: string, stale: Holder): Promise<void> {
  const aside = `${path}-${randomName()}`;
  try {
    await rename(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const moved = await readHolder(aside);
  if (typeof moved === "object" && (moved.pid !== stale.pid || moved.host !== stale.host)) {
    await rename(aside, path).catch(() => undefined);
    return;
  }
  await rm(aside, { force: true });
}

/** Takes the lock of `dir` (an existing folder), waiting up to `waitMs` for a live holder. */
export async function lockFolder(dir: string, options: { waitMs?: number } = {}): Promise<Lock> {
  const path = join(dir, LOCK_NAME);
  const me: Holder = { pid: process.pid, host: hostname() };
  const deadline = Date.now() + (options.waitMs ?? LOCK_WAIT_MS);
  let tookOverStale = false;
  for (;;) {
    if (await tryCreate(path, me)) break;
    const holder = await readHolder(path);
    if (holder === "gone") continue;
    if (holder === undefined) {
      throw new LockBusyError(`${path} is in the way and is not a lock catalogen wrote; delete it`);
    }
    if (!isAlive(holder, path)) {
      await removeStale(path, holder);
      tookOverStale = true;
      continue;
    }
    if (Date.now() >= deadline) {
      throw new LockBusyError(
        `another catalogen run (pid ${holder.pid}${holder.host === me.host ? "" : ` on ${holder.host}`}) is writing to ${dir}; ` +
          `try again when it has finished (if none is running, delete ${path})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  held.add(path);
  return {
    tookOverStale,
    async release() {
      held.delete(path);
      const holder = await readHolder(path);
      if (typeof holder === "object" && holder.pid === me.pid && holder.host === me.host) await rm(path, { force: true });
    },
  };
}
