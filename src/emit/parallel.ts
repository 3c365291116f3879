// The second core: in a cold generate of a large catalogue, the server and openapi targets are made
// in a worker thread while this thread makes the client and the docs. The worker gets the model
// (v8-serialised: plain data) and the run's options, plans those targets exactly as the pipeline
// does and sends back each file's final text in plan order; the pipeline writes them after its
// own. The output is byte-identical to a run on one thread (test/write/parallel-emit.test.ts).
// CATALOGEN_THREADS=1 makes every target here, =2 uses the worker whatever the size and load.
// Automatically only on 4 cores or more with one to spare (the 1-minute load below the cores), when
// the output folder has no manifest yet (nothing could be kept, so the worker makes no file in
// vain), every target is built in, and prettier is not asked for.
import { existsSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { deserialize, getHeapStatistics, serialize } from "node:v8";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import type { ApiModel } from "../model/types.js";
import type { ChosenTarget } from "./targets.js";
import type { KeptBytes } from "./plan.js";
import { MANIFEST_NAME, sha256 } from "../write/manifest.js";
import { ModuleKeys } from "../reuse/module-keys.js";
import { coreIdle, threadsSetting } from "../shared/threads.js";
import { TargetError } from "./define.js";
import { EmitError } from "./types.js";

/** Targets the worker makes, when chosen beside at least one other. */
const REMOTE_TARGETS = ["server", "openapi"];
/** Below this many operations the worker's start (loading the emitters again) costs more than it saves. */
export const PARALLEL_MIN_OPERATIONS = 500;

/**
 * Below this many cores the worker only competes with the thread that creates the files, which
 * takes the second core in a cold run: on 2 cores, one thread was faster at 10,000 operations (3.95 s
 * against 4.22 s, median of 5 paired cold runs) and level at 1,000, with half the memory.
 */
export const PARALLEL_MIN_CORES = 4;

/** Whether a run not forced either way makes targets in the worker: enough operations, enough cores, and one of them idle. */
export function worthAWorker(operations: number, cores: number, load: number): boolean {
  return operations >= PARALLEL_MIN_OPERATIONS && cores >= PARALLEL_MIN_CORES && coreIdle(cores, load);
}

/** What the worker needs of GenerateOptions: plain data only. */
export interface RemoteOptions {
  catalogue: string;
  out: string;
  importExtension?: "js" | "ts";
  moduleFormat?: "esm" | "commonjs";
}

export interface RemoteFile {
  path: string;
  target: string;
  module?: string;
  also?: string;
  /** A file joining the modules: what it is made from (PlannedFile.joinedFrom). */
  joinedFrom?: string;
  text: string;
}

type Message = { file: RemoteFile } | { done: true } | { error: string; name?: string };

/** The chosen targets to make in a worker, or undefined to make all here. */
export function remoteTargets(model: ApiModel, chosen: readonly ChosenTarget[], options: { out: string; format?: string; plugins?: readonly unknown[] }, builtin: (target: ChosenTarget["target"]) => boolean): Set<string> | undefined {
  // Run from the TypeScript sources (the tests), a worker could not load this file: one thread.
  const threads = threadsSetting();
  if (threads === 1 || options.format === "prettier" || import.meta.url.endsWith(".ts")) return undefined;
  if (!chosen.every((entry) => builtin(entry.target))) return undefined;
  const remote = chosen.filter((entry) => REMOTE_TARGETS.includes(entry.target.name)).map((entry) => entry.target.name);
  if (remote.length === 0 || remote.length === chosen.length) return undefined;
  // A regenerate (a manifest is there) never: asked first, it reads no operation of a kept model.
  if (existsSync(join(options.out, MANIFEST_NAME))) return undefined;
  // CATALOGEN_THREADS=2: whatever the size and the load (the tests use it on small catalogues).
  // A second thread helps only where a core is free: on a machine already busy (more runnable work
  // than cores over the last minute) it measured no faster and held twice the memory.
  if (threads !== 2 && !worthAWorker(model.modules.reduce((sum, module) => sum + module.operations.length, 0), availableParallelism(), loadavg()[0]!)) return undefined;
  return new Set(remote);
}

/** Starts the worker on `targets`; its files come in plan order. A worker that fails yields an error the caller rethrows. */
export function startRemote(model: ApiModel, targets: readonly ChosenTarget[], options: RemoteOptions): AsyncIterable<RemoteFile> & { stop(): Promise<void> } {
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { catalogenEmit: { model: serialize(model), known: keptKeys(model), targets: targets.map(({ target, options }) => ({ name: target.name, options })), options } },
    resourceLimits: { maxYoungGenerationSizeMb: 96, maxOldGenerationSizeMb: Math.ceil(getHeapStatistics().heap_size_limit / 2 ** 20) },
  });
  const queue: Message[] = [];
  let wake: (() => void) | undefined;
  const push = (message: Message) => {
    queue.push(message);
    wake?.();
  };
  worker.on("message", push);
  worker.on("error", (error) => push({ error: (error as Error).message }));
  worker.on("exit", (code) => push(code === 0 ? { done: true } : { error: `the emitting worker stopped with exit code ${code}` }));
  return {
    stop: async () => void (await worker.terminate()),
    async *[Symbol.asyncIterator]() {
      try {
        for (;;) {
          while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
          const message = queue.shift()!;
          if ("file" in message) yield message.file;
          else if ("error" in message) throw message.name === "EmitError" ? new EmitError(message.error) : message.name === "TargetError" ? new TargetError(message.error) : new Error(message.error);
          else return;
        }
      } finally {
        await worker.terminate();
      }
    },
  };
}

/** The module keys the run knows of `model` (as pairs), when it keeps them: the worker then keeps its targets' facts too. */
function keptKeys(model: ApiModel): [string, string][] | undefined {
  const known = ModuleKeys.knownOf(model);
  return known === undefined ? undefined : [...known];
}

interface WorkerInput {
  model: Uint8Array;
  known: [string, string][] | undefined;
  targets: { name: string; options: Record<string, unknown> }[];
  options: RemoteOptions;
}

async function runRemote(input: WorkerInput): Promise<void> {
  const model = deserialize(input.model) as ApiModel;
  // As on the main thread: where the run keeps its module keys, the targets keep their per-module
  // facts (server, openapi paths) for the next run. The keys themselves are kept by the main thread.
  if (input.known !== undefined) ModuleKeys.know(model, { known: new Map(input.known), keep: () => {} });
  const { builtinTarget } = await import("./targets.js");
  const { finalText } = await import("../write/final-text.js");
  try {
    for (const { name, options } of input.targets) {
      const target = builtinTarget(name);
      for (const file of await target.plan(model, options)) {
        // A file given in pieces goes out as its pieces joined (as the pipeline writes it without
        // prettier); one that may be spliced next time (openapi.json) keeps where its parts went, as
        // the main thread's writer does, so the next run copies the unchanged modules' bytes.
        const spliced = file.chunks && file.spliced && file.path.endsWith(".json") ? file.spliced(undefined) : undefined;
        const text = spliced !== undefined ? textOf(spliced.parts) : file.chunks && file.path.endsWith(".json") ? [...file.chunks()].join("") : await finalText(file, input.options);
        spliced?.written(sha256(text));
        const message: RemoteFile = { path: file.path, target: name, text, ...(file.module !== undefined && { module: file.module }), ...(file.also !== undefined && { also: file.also }), ...(file.module === undefined && file.joinedFrom && { joinedFrom: file.joinedFrom() }) };
        parentPort!.postMessage({ file: message });
      }
    }
    parentPort!.postMessage({ done: true });
  } catch (error) {
    parentPort!.postMessage({ error: (error as Error)?.message ?? String(error), name: (error as Error)?.name });
  }
}

/** The text of parts made without a previous file: strings only. */
function textOf(parts: Iterable<string | KeptBytes>): string {
  let text = "";
  for (const part of parts) {
    if (typeof part !== "string") throw new Error("a part names bytes of a previous file, and there is none");
    text += part;
  }
  return text;
}

const given = isMainThread ? undefined : (workerData as { catalogenEmit?: WorkerInput } | undefined)?.catalogenEmit;
if (given !== undefined) await runRemote(given);
