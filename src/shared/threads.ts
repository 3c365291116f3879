// Whether a run may put work on a second thread (the files written, src/write/stage-thread.ts; the
// old version of a `diff`, src/diff/parallel.ts). CATALOGEN_THREADS=1: never; =2: whenever the
// caller has such work, whatever the size and the load (the tests use it); unset: only with a core
// to spare, the 1-minute load below the cores (on a machine already busy a second thread measured
// no faster and held more memory), and only for as much work as pays for the worker's start.
import { availableParallelism, loadavg } from "node:os";

export function threadsSetting(): 1 | 2 | undefined {
  const value = process.env.CATALOGEN_THREADS;
  return value === "1" ? 1 : value === "2" ? 2 : undefined;
}

/** True when the last minute's load leaves a core idle (of `cores`, at `load`: this machine's by default). */
export function coreIdle(cores = availableParallelism(), load = loadavg()[0]!): boolean {
  return load < cores - 0.5;
}
