// CATALOGEN_TIMINGS=1: the milliseconds since the process started at which a run passed each of
// its steps, printed to stderr as it exits (where a one-shot generate spends its time, without a
// profiler, which changes what it measures: bench/notes/incr9.md).
import { performance } from "node:perf_hooks";

const marks: [name: string, at: number][] = [];

/** Notes that the run reached step `name` (nothing unless CATALOGEN_TIMINGS=1). */
export function mark(name: string): void {
  if (process.env.CATALOGEN_TIMINGS !== "1") return;
  if (marks.length === 0) process.on("exit", () => process.stderr.write(`${marks.map(([step, at]) => `${at.toFixed(1).padStart(8)} ms ${step}`).join("\n")}\n`));
  marks.push([name, performance.now()]);
}
