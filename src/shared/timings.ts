// The steps a generate passes, each with the time it passed it: kept in the run's report
// (RunReport.timings in src/pipeline.ts), which the CLI prints to stderr with CATALOGEN_TIMINGS=1
// (where a one-shot generate spends its time, without a profiler, which changes what it measures:
// bench/notes/incr9.md). A step noted deep in a stage reaches its run through the run's async
// context, so no module holds a run's steps.
import { AsyncLocalStorage } from "node:async_hooks";

const runSteps = new AsyncLocalStorage<(name: string) => void>();

/** `run()`, with the steps its code notes (`mark`) handed to `step`. */
export function withSteps<T>(step: (name: string) => void, run: () => T): T {
  return runSteps.run(step, run);
}

/** Notes that the run reached step `name` (nothing outside a run). */
export function mark(name: string): void {
  runSteps.getStore()?.(name);
}

/** A run's steps as CATALOGEN_TIMINGS=1 prints them: one a line, milliseconds since the run started. */
export function timingsText(timings: readonly (readonly [step: string, ms: number])[]): string {
  return timings.map(([step, at]) => `${at.toFixed(1).padStart(8)} ms ${step}`).join("\n");
}
