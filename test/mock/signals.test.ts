// `catalogen mock` transpiles the generated server into a temporary folder at start-up; a Ctrl-C or
// SIGTERM that comes meanwhile must not leave it behind (the same promise as `catalogen mcp`,
// issue 42 point 8). A real spawned CLI with TMPDIR set to a folder of the test's own.
import { spawn } from "node:child_process";
import { watch } from "node:fs";
import { mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { freshDir, repoRoot } from "../helpers/generate.js";

const bin = join(repoRoot, "bin/catalogen.js");

function startMock(tmp: string) {
  const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", TMPDIR: tmp };
  const child = spawn(process.execPath, [bin, "mock", "--port", "0"], { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  return { child, exited, output: () => output };
}

describe("catalogen mock stopped by a signal leaves no temporary folder", () => {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    it(`${signal} while the generated server is written into its temporary folder`, async () => {
      const tmp = join(await freshDir(`mock-signal-${signal}`), "tmp");
      await mkdir(tmp);
      let seen = false;
      const mock = startMock(tmp);
      const watcher = watch(tmp, (_event, name) => {
        if (!seen && name?.startsWith("catalogen-mock-")) {
          seen = true;
          mock.child.kill(signal);
        }
      });
      try {
        const result = await mock.exited;
        if (result.signal === null) expect(result.code, mock.output()).toBe(0);
        else expect(result.signal).toBe(signal);
      } finally {
        watcher.close();
      }
      expect(seen, mock.output()).toBe(true);
      expect(mock.output()).not.toMatch(/\n\s+at /);
      expect(await readdir(tmp)).toEqual([]);
    }, 180_000);
  }
});
