// Where the CLI runs: one-shot `generate` and `import` of a large input run in a worker thread with
// a larger young generation; everything else (watch, mock, mcp, init, list, help) on the main thread, as before.
// Why: converting and emitting a large document allocates many short-lived objects, and with V8's
// default young generation (16 MiB semi-spaces) a third of a cold generate of GitHub's description
// went to garbage collection. A process cannot widen its own young generation once started
// (`--max-semi-space-size` is read when the heap is made); a worker's `resourceLimits` can.
// The worker's output goes through the main thread's stdout and stderr, byte for byte and in order.
import { fileURLToPath } from "node:url";
import { isMainThread, parentPort } from "node:worker_threads";
import { setRunFlags } from "./run-flags.js";
import { inWorker, runInWorker, type StartData } from "./worker-choice.js";

export { INLINED_BYTECODE_BUDGET } from "./run-flags.js";
export { inWorker, WORKER_MIN_INPUT_BYTES, WORKER_YOUNG_GENERATION_MB, type StartData } from "./worker-choice.js";

/** Set in the CLI's bundle (scripts/build-bundle.mjs): its file's URL. */
declare const __catalogenBundleUrl: string | undefined;

/** Runs the command line `argv` and resolves with its exit code. */
export async function start(argv: string[]): Promise<number> {
  if (isMainThread) setRunFlags(argv);
  if (!inWorker(argv)) return (await import("./main.js")).main(argv);
  return runInWorker(argv, typeof __catalogenBundleUrl === "string" ? fileURLToPath(__catalogenBundleUrl) : undefined);
}

/**
 * Runs the command line `argv` on this thread, where the worker question was asked already
 * (src/cli/code-cache.ts); `madeTargets` is told when a generate made or kept the targets' files.
 */
export async function startHere(argv: string[], madeTargets?: () => void): Promise<number> {
  if (isMainThread) setRunFlags(argv);
  const { main, defaultIo } = await import("./main.js");
  return main(argv, madeTargets ? { ...defaultIo, madeTargets } : defaultIo);
}

/** Runs the command the main thread hands this worker (src/cli/worker-entry.ts). */
export async function runHere(data: StartData, madeTargets?: () => void): Promise<number> {
  // A worker's stdout and stderr are pipes to the main thread; let the CLI see the terminal the
  // main thread has (status line, colours).
  if (data.stdoutIsTTY) Object.defineProperty(process.stdout, "isTTY", { value: true });
  if (data.stderrIsTTY) Object.defineProperty(process.stderr, "isTTY", { value: true });
  const { main, defaultIo } = await import("./main.js");
  const code = await main(data.argv, madeTargets ? { ...defaultIo, madeTargets } : defaultIo);
  parentPort!.postMessage({ exitCode: code });
  return code;
}
