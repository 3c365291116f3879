// Whether a run may put work on a second thread (the YAML parse, src/load/parallel-parse.ts; the
// server and openapi targets, src/emit/parallel.ts). CATALOGEN_THREADS=1: never; =2: whenever the
// caller has such work, whatever the size and the load (the tests use it); unset: only with a core
// to spare, the 1-minute load below the cores (on a machine already busy a second thread measured
// no faster and held more memory), and only for as much work as pays for the worker's start (the
// targets' worker also only on 4 cores or more: on 2 the file-creating thread takes the second).
import { availableParallelism, loadavg } from "node:os";

export function threadsSetting(): 1 | 2 | undefined {
  const value = process.env.CATALOGEN_THREADS;
  return value === "1" ? 1 : value === "2" ? 2 : undefined;
}

/** True when the last minute's load leaves a core idle (of `cores`, at `load`: this machine's by default). */
export function coreIdle(cores = availableParallelism(), load = loadavg()[0]!): boolean {
  return load < cores - 0.5;
}
