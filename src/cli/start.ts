// Where the CLI runs: one-shot `generate` and `import` of a large input run in a worker thread with
// a larger young generation; everything else (watch, mock, mcp, init, list, help) on the main thread, as before.
// Why: converting and emitting a large document allocates many short-lived objects, and with V8's
// default young generation (16 MiB semi-spaces) a third of a cold generate of GitHub's description
// went to garbage collection. A process cannot widen its own young generation once started
// (`--max-semi-space-size` is read when the heap is made); a worker's `resourceLimits` can.
// The worker's output goes through the main thread's stdout and stderr, byte for byte and in order.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { getHeapStatistics } from "node:v8";
import { isMainThread, parentPort, Worker } from "node:worker_threads";
import { lastJoining } from "../incremental-facts.js";
import { hasKeptModel } from "../load/cache.js";
import { oneShot, setRunFlags } from "./run-flags.js";

export { INLINED_BYTECODE_BUDGET } from "./run-flags.js";

/** Young generation of the worker, in MiB (V8 splits it into two semi-spaces and a large-object space). */
export const WORKER_YOUNG_GENERATION_MB = 96;

export interface StartData {
  argv: string[];
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** The bundle the main thread runs from (src/cli/code-cache.ts), for the worker to run too; else dist/. */
  bundle?: string;
}

/** Set in the CLI's bundle (scripts/build-bundle.mjs): its file's URL. */
declare const __catalogenBundleUrl: string | undefined;

/** Runs the command line `argv` and resolves with its exit code. */
export async function start(argv: string[]): Promise<number> {
  if (isMainThread) setRunFlags(argv);
  if (!inWorker(argv)) return (await import("./main.js")).main(argv);
  return runInWorker(argv);
}

/**
 * One-shot commands that read a large catalogue or document (at least WORKER_MIN_INPUT_BYTES).
 * CATALOGEN_WORKER=0 keeps them on the main thread, =1 moves them whatever the size.
 */
export function inWorker(argv: readonly string[], cwd = process.cwd()): boolean {
  if (process.env.CATALOGEN_WORKER === "0" || !isMainThread) return false;
  // --watch waits for signals and files, which belong to the main thread; help is instant anyway.
  if (!oneShot(argv)) return false;
  const [name = "", ...rest] = argv;
  if (process.env.CATALOGEN_WORKER === "1") return true;
  // A catalogue with a kept model: most likely a change or no-op run, where the worker's start
  // costs more than its young generation saves (at 10,000 operations, about 0.1 s CPU of a change
  // run and 0.07 s of a no-op; a changed named type, which checks everything again, measured the same).
  if (name === "generate" && hasKeptModel(catalogueDir(rest, cwd), process.env, cwd)) return false;
  return inputBytes(name, rest, cwd) >= WORKER_MIN_INPUT_BYTES;
}

/** generate's catalogue folder: `--catalogue`, else package.json's `catalogen.catalogue`, else `catalogue`. */
function catalogueDir(rest: readonly string[], cwd: string): string {
  const flag = rest.findIndex((arg) => arg === "--catalogue" || arg.startsWith("--catalogue="));
  const given = flag === -1 ? undefined : rest[flag]!.includes("=") ? rest[flag]!.slice(rest[flag]!.indexOf("=") + 1) : rest[flag + 1];
  return resolve(cwd, given ?? packageCatalogue(cwd) ?? "catalogue");
}

/**
 * Below this much input the worker's start and its larger young generation cost more than they
 * save (Twilio's 2.1 MB document: 0.2 s more CPU of 1.3 s; GitHub's 13 MB: 0.5 s less GC).
 */
export const WORKER_MIN_INPUT_BYTES = 4 * 2 ** 20;

/**
 * A cheap guess of the input's size, read before anything is loaded: import's document; generate's
 * catalogue folder (`--catalogue`, else package.json's `catalogen.catalogue`, else `catalogue`)
 * and the OpenAPI document a living source names there. 0 when unsure: the main thread, as before.
 */
function inputBytes(name: string, rest: readonly string[], cwd: string): number {
  try {
    if (name === "import") {
      const document = rest.find((arg) => !arg.startsWith("-"));
      return document === undefined ? 0 : statSync(resolve(cwd, document)).size;
    }
    const dir = catalogueDir(rest, cwd);
    let bytes = 0;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isFile() || !/\.ya?ml$/.test(entry.name)) continue;
      const path = join(dir, entry.name);
      const size = statSync(path).size;
      bytes += size;
      if (size < 64 * 1024) {
        const openapi = /^source:\s*\n\s+openapi:\s*["']?([^"'\s#]+)/m.exec(readFileSync(path, "utf8"))?.[1];
        if (openapi !== undefined) bytes += statSync(resolve(dir, openapi)).size;
      }
    }
    return bytes;
  } catch {
    return 0;
  }
}

function packageCatalogue(cwd: string): string | undefined {
  try {
    const catalogue = (JSON.parse(readFileSync(join(cwd, "package.json"), "utf8")) as { catalogen?: { catalogue?: unknown } }).catalogen?.catalogue;
    return typeof catalogue === "string" ? catalogue : undefined;
  } catch {
    return undefined;
  }
}

function runInWorker(argv: string[]): Promise<number> {
  const bundle = typeof __catalogenBundleUrl === "string" ? fileURLToPath(__catalogenBundleUrl) : undefined;
  const data: StartData = { argv, stdoutIsTTY: process.stdout.isTTY === true, stderrIsTTY: process.stderr.isTTY === true, ...(bundle && { bundle }) };
  // The old generation keeps the main thread's limit (a worker's default may be lower).
  const oldMb = Math.ceil(getHeapStatistics().heap_size_limit / 2 ** 20);
  const worker = new Worker(new URL("./worker-entry.js", import.meta.url), {
    workerData: { catalogenCli: data },
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB, maxOldGenerationSizeMb: oldMb },
    // The worker's process.argv: the same as the main thread's, for code that reads it.
    argv: process.argv.slice(2),
  });
  return new Promise((resolve, reject) => {
    let code: number | undefined;
    worker.on("message", (message: { exitCode?: number }) => {
      if (typeof message?.exitCode === "number") code = message.exitCode;
    });
    worker.on("error", reject);
    worker.on("exit", (exitCode) => resolve(code ?? (exitCode === 0 ? 0 : exitCode)));
  });
}

/** Runs the command the main thread hands this worker (src/cli/worker-entry.ts). */
export async function runHere(data: StartData): Promise<number> {
  // A worker's stdout and stderr are pipes to the main thread; let the CLI see the terminal the
  // main thread has (status line, colours).
  if (data.stdoutIsTTY) Object.defineProperty(process.stdout, "isTTY", { value: true });
  if (data.stderrIsTTY) Object.defineProperty(process.stderr, "isTTY", { value: true });
  const code = await (await import("./main.js")).main(data.argv);
  parentPort!.postMessage({ exitCode: code });
  return code;
}

/**
 * Whether this run made or kept the targets' files (a generate that was not up to date): the code
 * it compiled is what a change run needs, so the bundle's code cache keeps it (src/cli/code-cache.ts).
 */
export function ranTargets(): boolean {
  return lastJoining.kept.length + lastJoining.made.length > 0;
}
