// V8 flags a one-shot `generate` or `import` sets for itself, before anything is compiled: by
// src/cli/start.ts, and first by the bundle's loader (src/cli/load-bundle.ts).
import { setFlagsFromString } from "node:v8";
import { isMainThread } from "node:worker_threads";

/**
 * How much bytecode V8's optimizing compiler inlines into one function (V8's default: 920). A cold
 * generate runs most of its code once per operation: the emitters are compiled (and, as new shapes
 * of operations arrive, compiled again) on V8's helper threads, which at 10,000 operations took
 * about 3.7 s of CPU beside the 5.4 s of the thread that generates; on two cores that work competes
 * with the run itself. With less inlined, the process's CPU fell by 1.5–2 s at 10,000
 * operations and by about 0.18 s at 1,000, the generating thread's time unchanged
 * (bench/notes/cold4.md). Set before any code is optimized and before a worker starts; V8's
 * flags are the process's, so the worker's compiler reads it too.
 */
export const INLINED_BYTECODE_BUDGET = 200;

/** `generate` or `import` run once (not watching, not asking for help). */
export function oneShot(argv: readonly string[]): boolean {
  const [name, ...rest] = argv;
  return (name === "generate" || name === "import") && !rest.some((arg) => arg === "--watch" || arg === "--help" || arg === "-h");
}

/** Sets the flags of the command line `argv` (on the main thread: a worker runs under its flags; setting them again changes nothing). */
export function setRunFlags(argv: readonly string[]): void {
  if (oneShot(argv) && isMainThread) setFlagsFromString(`--max-inlined-bytecode-size-cumulative=${INLINED_BYTECODE_BUDGET}`);
}
