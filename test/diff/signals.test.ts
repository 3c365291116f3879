// `catalogen diff --since REV` without a cache folder lays the catalogue of the revision out in a
// temporary folder; a Ctrl-C or SIGTERM that comes meanwhile must not leave it behind (as
// `catalogen mock` and `catalogen mcp` promise). A real spawned CLI with TMPDIR set to a folder of
// the test's own, reading this repository's catalogue at HEAD.
import { spawn } from "node:child_process";
import { watch } from "node:fs";
import { mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { freshDir, repoRoot } from "../helpers/generate.js";

const bin = join(repoRoot, "bin/catalogen.js");

function startDiff(tmp: string) {
  const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", TMPDIR: tmp, CATALOGEN_CACHE_DIR: "off" };
  const child = spawn(process.execPath, [bin, "diff", "--since", "HEAD"], { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  return { child, exited, output: () => output };
}

describe("catalogen diff stopped by a signal leaves no temporary folder", () => {
  it("without a signal, the revision's folder is made and removed", async () => {
    const tmp = join(await freshDir("diff-signal-none"), "tmp");
    await mkdir(tmp);
    let seen = false;
    const watcher = watch(tmp, (_event, name) => (seen ||= name?.startsWith("catalogen-diff-") === true));
    const diff = startDiff(tmp);
    try {
      expect((await diff.exited).code, diff.output()).toBe(0);
    } finally {
      watcher.close();
    }
    expect(seen).toBe(true);
    expect(await readdir(tmp)).toEqual([]);
  }, 180_000);

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    it(`${signal} while the revision's catalogue is in its temporary folder`, async () => {
      const tmp = join(await freshDir(`diff-signal-${signal}`), "tmp");
      await mkdir(tmp);
      let seen = false;
      const diff = startDiff(tmp);
      const watcher = watch(tmp, (_event, name) => {
        if (!seen && name?.startsWith("catalogen-diff-")) {
          seen = true;
          diff.child.kill(signal);
        }
      });
      let result: { code: number | null; signal: NodeJS.Signals | null };
      try {
        result = await diff.exited;
      } finally {
        watcher.close();
      }
      expect(seen, diff.output()).toBe(true);
      // Ended by the signal, as without a handler: the diff was stopped mid-run, not finished.
      expect(result.signal, diff.output()).toBe(signal);
      expect(diff.output()).not.toMatch(/\n\s+at /);
      expect(await readdir(tmp)).toEqual([]);
    }, 180_000);
  }
});
