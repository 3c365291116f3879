// Where the CLI runs: one-shot `generate` and `import` of a large input run in a worker thread with
// a larger young generation; everything else (watch, mock, mcp, init, list, help) on the main thread, as before.
// Why: converting and emitting a large document allocates many short-lived objects, and with V8's
// default young generation (16 MiB semi-spaces) a third of a cold generate of GitHub's description
// went to garbage collection. A process cannot widen its own young generation once started
// (`--max-semi-space-size` is read when the heap is made); a worker's `resourceLimits` can.
// The worker's output goes through the main thread's stdout and stderr, byte for byte and in order.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { hasKeptModel } from "../load/cache.js";

/** Young generation of the worker, in MiB (V8 splits it into two semi-spaces and a large-object space). */
export const WORKER_YOUNG_GENERATION_MB = 96;

interface StartData {
  argv: string[];
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
}

/** Runs the command line `argv` and resolves with its exit code. */
export async function start(argv: string[]): Promise<number> {
  if (isMainThread && oneShot(argv)) setFlagsFromString(`--max-inlined-bytecode-size-cumulative=${INLINED_BYTECODE_BUDGET}`);
  if (!inWorker(argv)) return (await import("./main.js")).main(argv);
  return runInWorker(argv);
}

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
function oneShot(argv: readonly string[]): boolean {
  const [name, ...rest] = argv;
  return (name === "generate" || name === "import") && !rest.some((arg) => arg === "--watch" || arg === "--help" || arg === "-h");
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
  const data: StartData = { argv, stdoutIsTTY: process.stdout.isTTY === true, stderrIsTTY: process.stderr.isTTY === true };
  // The old generation keeps the main thread's limit (a worker's default may be lower).
  const oldMb = Math.ceil(getHeapStatistics().heap_size_limit / 2 ** 20);
  const worker = new Worker(new URL(import.meta.url), {
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

async function runHere(data: StartData): Promise<number> {
  // A worker's stdout and stderr are pipes to the main thread; let the CLI see the terminal the
  // main thread has (status line, colours).
  if (data.stdoutIsTTY) Object.defineProperty(process.stdout, "isTTY", { value: true });
  if (data.stderrIsTTY) Object.defineProperty(process.stderr, "isTTY", { value: true });
  const code = await (await import("./main.js")).main(data.argv);
  parentPort!.postMessage({ exitCode: code });
  return code;
}

// Loaded as the worker's entry: run the command it was given.
const given = isMainThread ? undefined : (workerData as { catalogenCli?: StartData } | undefined)?.catalogenCli;
if (given !== undefined) await runHere(given);
