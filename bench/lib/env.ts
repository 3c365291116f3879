// The conditions a run was taken under, stored next to its numbers.
import { execFileSync } from "node:child_process";
import { cpus, loadavg, totalmem } from "node:os";
import { findRepoRoot } from "./measure.js";

export interface Machine {
  date: string;
  commit: string;
  node: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  /** 1-minute load average at the start and at the end of the run. */
  loadStart: number;
  loadEnd?: number;
}

export function machine(): Machine {
  let commit = "unknown";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: findRepoRoot(), encoding: "utf8" }).trim();
  } catch {
    // not a git checkout
  }
  return {
    date: new Date().toISOString(),
    commit,
    node: process.version,
    cpu: cpus()[0]?.model ?? "unknown",
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    loadStart: loadavg()[0]!,
  };
}

export function load1(): number {
  return loadavg()[0]!;
}

/** Waits (up to `maxMs`) for the 1-minute load average to drop below `threshold`; returns it. */
export async function waitForQuiet(threshold: number, maxMs: number, log: (text: string) => void): Promise<number> {
  const until = Date.now() + maxMs;
  while (load1() >= threshold && Date.now() < until) {
    log(`load ${load1().toFixed(2)} >= ${threshold}: waiting for a quieter machine`);
    await new Promise((resolve) => setTimeout(resolve, 15_000));
  }
  return load1();
}
