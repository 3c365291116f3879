// Whether a one-shot `generate` or `import` runs in a worker thread with a larger young generation
// (src/cli/start.ts says why), and starting it. Light on purpose: the bundle's loader
// (src/cli/code-cache.ts) asks before it compiles the bundle, which a run in the worker does not
// need on the main thread.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { getHeapStatistics } from "node:v8";
import { isMainThread, Worker } from "node:worker_threads";
import { hasKeptModel } from "../reuse/kept-model-file.js";
import { oneShot } from "./run-flags.js";

/** Young generation of the worker, in MiB (V8 splits it into two semi-spaces and a large-object space). */
export const WORKER_YOUNG_GENERATION_MB = 96;

export interface StartData {
  argv: string[];
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** The bundle the main thread runs from (src/cli/code-cache.ts), for the worker to run too; else dist/. */
  bundle?: string;
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

/** Runs `argv` in a worker thread (src/cli/worker-entry.ts), from the bundle `bundle` when given, else from dist/. */
export function runInWorker(argv: string[], bundle?: string): Promise<number> {
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
