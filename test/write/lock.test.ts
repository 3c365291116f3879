// The output folder's lock on its own: exclusive, never read or written through a link, a dead
// holder's lock taken over, a live one waited for and then refused.
import { spawn } from "node:child_process";
import { readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOCK_NAME, LockBusyError, lockFolder } from "../../src/write/lock.js";
import { freshDir } from "../helpers/generate.js";

describe("the output folder lock", () => {
  it("holds the pid and host, refuses a second taker after its wait, and is gone once released", async () => {
    const dir = await freshDir("lock");
    const lock = await lockFolder(dir);
    expect(JSON.parse(await readFile(join(dir, LOCK_NAME), "utf8"))).toEqual({ pid: process.pid, host: hostname() });
    const started = Date.now();
    await expect(lockFolder(dir, { waitMs: 300 })).rejects.toThrow(new RegExp(`another catalogen run \\(pid ${process.pid}\\) is writing to`));
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    await lock.release();
    expect(await readdir(dir)).toEqual([]);
    const again = await lockFolder(dir, { waitMs: 0 });
    expect(again.tookOverStale).toBe(false);
    await again.release();
  });

  it("takes over the lock of a process that is gone, and says so", async () => {
    const dir = await freshDir("lock");
    const dead = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => dead.on("exit", resolve));
    await writeFile(join(dir, LOCK_NAME), JSON.stringify({ pid: dead.pid, host: hostname() }));
    const lock = await lockFolder(dir, { waitMs: 0 });
    expect(lock.tookOverStale).toBe(true);
    await lock.release();
    expect(await readdir(dir)).toEqual([]);
  });

  it("never reads or replaces a link planted at the lock's name", async () => {
    const dir = await freshDir("lock");
    const victim = join(await freshDir("lock-victim"), "victim.txt");
    await writeFile(victim, JSON.stringify({ pid: 999_999_999, host: hostname() }));
    await symlink(victim, join(dir, LOCK_NAME));
    await expect(lockFolder(dir, { waitMs: 0 })).rejects.toThrow(LockBusyError);
    await expect(lockFolder(dir, { waitMs: 0 })).rejects.toThrow(/is in the way and is not a lock catalogen wrote/);
    expect(await readFile(victim, "utf8")).toBe(JSON.stringify({ pid: 999_999_999, host: hostname() }));
    expect(await readdir(dir)).toEqual([LOCK_NAME]);
  });
});
