// The second core for the YAML: parsing a large catalogue's files is most of a cold load, and each
// file parses on its own. A worker thread and this thread take files from one shared counter
// (an Atomics counter on a SharedArrayBuffer), so neither waits for the other whatever the files'
// sizes, the worker's start or the machine's load. The worker sends back what a file that reads
// without problems gives: the plain, cloneable result the load record keeps (src/reuse/records.ts).
// A file with problems, or any trouble with the worker, is parsed again here, where its
// diagnostics are made: messages and positions are the same as on one thread.
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { coreIdle, threadsSetting } from "../shared/threads.js";
import { parseCatalogueFile } from "./parse-file.js";

/** What a file that reads without problems gives, as the load record keeps it. */
export interface ParsedPlain {
  data: unknown;
  operationRanges: [number, number][] | undefined;
  lineStarts: number[];
  jsonSafe?: boolean;
}

/** Below this much text to parse, the worker's start and its own warming up (the yaml package loaded and compiled again: about 0.4 s of CPU) cost more than it saves: at 956 KB (1,000 operations) two threads measured no faster than one. */
export const PARALLEL_PARSE_MIN_BYTES = 2 * 2 ** 20;

/** True when `bytes` of YAML to parse should be shared with a worker thread. */
export function parseInTwo(bytes: number): boolean {
  // Run from the TypeScript sources (the tests), a worker could not load this file: one thread.
  if (import.meta.url.endsWith(".ts")) return false;
  const threads = threadsSetting();
  if (threads !== undefined) return threads === 2;
  return bytes >= PARALLEL_PARSE_MIN_BYTES && coreIdle();
}

interface WorkerInput {
  texts: string[];
  next: Int32Array;
}

/**
 * Parses `texts` on two threads: `here(index)` parses a file on this thread; the worker's results
 * come back by index. An index missing from the result (a file with problems, or the worker
 * failed) is the caller's to parse with `here` as well.
 */
export async function parseShared(texts: string[], here: (index: number) => void): Promise<Map<number, ParsedPlain>> {
  const next = new Int32Array(new SharedArrayBuffer(4));
  const results = new Map<number, ParsedPlain>();
  let worker: Worker;
  try {
    worker = new Worker(new URL(import.meta.url), { workerData: { catalogenParse: { texts, next } satisfies WorkerInput }, resourceLimits: { maxYoungGenerationSizeMb: 64 } });
  } catch {
    for (let index = 0; index < texts.length; index++) here(index);
    return results;
  }
  const finished = new Promise<void>((resolve) => {
    worker.on("message", (message: { parsed: [number, ParsedPlain][] }) => {
      for (const [index, parsed] of message.parsed) results.set(index, parsed);
      resolve();
    });
    worker.on("error", () => resolve());
    worker.on("exit", () => resolve());
  });
  try {
    for (let index = Atomics.add(next, 0, 1); index < texts.length; index = Atomics.add(next, 0, 1)) here(index);
    await finished;
  } finally {
    await worker.terminate(); // also when `here` throws: the worker must not keep the process alive
  }
  return results;
}

function runWorker({ texts, next }: WorkerInput): void {
  const parsed: [number, ParsedPlain][] = [];
  for (let index = Atomics.add(next, 0, 1); index < texts.length; index = Atomics.add(next, 0, 1)) {
    const file = parseCatalogueFile("", "", texts[index]!);
    if (file.problems.length === 0) parsed.push([index, { data: file.data, operationRanges: file.operationRanges, lineStarts: file.lineCounter.lineStarts, ...(file.jsonSafe === undefined ? {} : { jsonSafe: file.jsonSafe }) }]);
  }
  parentPort!.postMessage({ parsed });
}

const given = isMainThread ? undefined : (workerData as { catalogenParse?: WorkerInput } | undefined)?.catalogenParse;
if (given !== undefined) runWorker(given);
