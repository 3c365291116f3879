// A real spawned `catalogen` whose temporary folders go into a folder of the test's own (TMPDIR),
// and a signal sent to it the moment such a folder appears: for the tests that a Ctrl-C or SIGTERM
// mid-run leaves no temporary folder behind (test/mock, test/diff).
import { spawn, type ChildProcess } from "node:child_process";
import { watch } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./generate.js";

const bin = join(repoRoot, "bin/catalogen.js");

export interface SpawnedCli {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Its stdout and stderr so far. */
  output(): string;
}

/** `catalogen ARGS` run from this repository with only PATH, HOME, TMPDIR=`tmp` and `env`. */
export function spawnCli(args: string[], tmp: string, env: Record<string, string> = {}): SpawnedCli {
  const child = spawn(process.execPath, [bin, ...args], { cwd: repoRoot, env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", TMPDIR: tmp, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  return { child, exited, output: () => output };
}

/** Sends `signal` to `cli` once a folder named `prefix...` appears in `tmp`; `seen()` says whether one did. */
export function signalOnFolder(tmp: string, prefix: string, cli: SpawnedCli, signal: NodeJS.Signals): { seen(): boolean; close(): void } {
  let seen = false;
  const watcher = watch(tmp, (_event, name) => {
    if (!seen && name?.startsWith(prefix)) {
      seen = true;
      cli.child.kill(signal);
    }
  });
  return { seen: () => seen, close: () => watcher.close() };
}
