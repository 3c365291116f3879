// Runs a command in a fresh process and measures it: wall time around the spawn, and peak RSS
// through a preload that every Node process of the command loads (see maxrss-preload.mjs).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";


/** The repository root, whether this file runs from bench/lib/ or bundled into .tmp/bench/. */
export function findRepoRoot(): string {
  const here = fileURLToPath(import.meta.url);
  const marker = here.lastIndexOf("/.tmp/");
  if (marker !== -1) return here.slice(0, marker);
  return fileURLToPath(new URL("../..", import.meta.url));
}

export interface Measured {
  wallMs: number;
  /** Peak resident memory of the largest Node process of the run, in MiB; undefined if none reported. */
  rssMiB: number | undefined;
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Kill the run after this many ms (default 10 minutes). */
  timeoutMs?: number;
}

export async function measure(command: string, args: string[], options: RunOptions = {}): Promise<Measured> {
  const preload = pathToFileURL(join(findRepoRoot(), "bench/lib/maxrss-preload.mjs")).href;
  const dir = mkdtempSync(join(tmpdir(), "catalogen-bench-"));
  const rssFile = join(dir, "rss");
  const inherited = options.env ?? process.env;
  const env = {
    ...inherited,
    CATALOGEN_BENCH_RSS_FILE: rssFile,
    NODE_OPTIONS: `${inherited.NODE_OPTIONS ?? ""} --import=${preload}`.trim(),
  };
  const started = process.hrtime.bigint();
  const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd ?? findRepoRoot(), env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 600_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  let rssMiB: number | undefined;
  try {
    const values = readFileSync(rssFile, "utf8").trim().split("\n").map(Number).filter(Number.isFinite);
    if (values.length > 0) rssMiB = Math.max(...values) / 1024;
  } catch {
    rssMiB = undefined;
  }
  rmSync(dir, { recursive: true, force: true });
  return { wallMs, rssMiB, ...result };
}

/** Throws with the command's output when it failed. */
export function ensureOk(run: Measured, what: string): Measured {
  if (run.code !== 0) throw new Error(`${what} failed (exit ${run.code}):\n${run.stdout}\n${run.stderr}`.slice(0, 4000));
  return run;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function medianOf(values: (number | undefined)[]): number | undefined {
  const known = values.filter((value): value is number => value !== undefined);
  return known.length === 0 ? undefined : median(known);
}
