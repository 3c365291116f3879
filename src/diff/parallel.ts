// The two versions read at once: the old one on a worker thread, the new one here, when both are
// folders or documents large enough to pay for the worker's start (it loads the importer and the
// checks again: about 0.4 s of CPU) and a core is idle (src/shared/threads.ts decides, as for the
// other second threads). The worker sends back the model, plain data; any trouble there (a version
// that does not load included) and the version is read here again, so its errors are said as usual.
import { statSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import type { ApiModel } from "../model/types.js";
import { coreIdle, threadsSetting } from "../shared/threads.js";
import { pathModel, readSide, type Side, type SideSpec } from "./sides.js";

/** Below this much input (the larger version's document or YAML), one thread is as fast. */
export const PARALLEL_SIDES_MIN_BYTES = 2 * 2 ** 20;

/** Both versions; a revision's files go under `scratch` (see readSide). */
export async function readSides(old: SideSpec, next: SideSpec, cwd: string, scratch: string): Promise<[Side, Side]> {
  const parallel = old.kind === "path" && next.kind === "path" && inTwo(Math.max(bytes(resolve(cwd, old.path)), bytes(resolve(cwd, next.path))));
  if (!parallel) return [await readSide(old, cwd, scratch), await readSide(next, cwd, scratch)];
  const remote = readRemote(resolve(cwd, (old as { path: string }).path), (old as { path: string }).path);
  let after: Side;
  try {
    after = await readSide(next, cwd, scratch);
  } catch (error) {
    await remote;
    throw error;
  }
  return [await readSide(old, cwd, scratch, await remote), after];
}

function inTwo(size: number): boolean {
  if (import.meta.url.endsWith(".ts")) return false; // run from the sources (the tests), a worker could not load this file
  const threads = threadsSetting();
  if (threads !== undefined) return threads === 2;
  return size >= PARALLEL_SIDES_MIN_BYTES && coreIdle();
}

/** A document's size, or a folder's YAML files' together; 0 when it cannot be read (readSide says why). */
function bytes(path: string): number {
  try {
    const stats = statSync(path);
    if (!stats.isDirectory()) return stats.size;
    return readdirSync(path).filter((name) => /\.ya?ml$/.test(name)).reduce((sum, name) => sum + statSync(join(path, name)).size, 0);
  } catch {
    return 0;
  }
}

/** The model of `path` read on a worker thread; undefined when the worker could not (the caller reads it). */
function readRemote(path: string, given: string): Promise<ApiModel | undefined> {
  return new Promise((settle) => {
    let model: ApiModel | undefined;
    const worker = new Worker(new URL(import.meta.url), { workerData: { catalogenDiffSide: { path, given } satisfies WorkerInput } });
    worker.on("message", (message: { model?: ApiModel }) => (model = message.model));
    worker.on("error", () => settle(undefined));
    worker.on("exit", () => settle(model));
  });
}

interface WorkerInput {
  path: string;
  given: string;
}

async function runWorker({ path, given: shown }: WorkerInput): Promise<void> {
  try {
    parentPort!.postMessage({ model: await pathModel(path, shown) });
  } catch {
    parentPort!.postMessage({}); // read again on the main thread, which reports the problem
  }
}

const given = isMainThread ? undefined : (workerData as { catalogenDiffSide?: WorkerInput } | undefined)?.catalogenDiffSide;
if (given !== undefined) await runWorker(given);
