// Writing files on a second thread. In a cold generate, creating the output's files was the
// largest share of the main thread's time after the emitters (each exclusive create 0.1–0.4 ms on
// this machine's disk, about 2 s of main thread for 5,471 files at 10,000 operations: ext4 scans
// the inodes deleted in the last 30 s for every new one), and it waits on nothing the emitters
// make. Past its first files a write hands each file's text and staging path (named here, so the
// plan knows it at once) to a worker (stage-worker.ts), which creates them in order as staging.ts
// would here; `settle` waits until every file given is on disk, or one failed. A run killed
// meanwhile leaves staging files that the next run removes, as before. CATALOGEN_THREADS=1: never;
// =2: from the first file.
import { Worker } from "node:worker_threads";
import { threadsSetting } from "../shared/threads.js";
import type { FromStager, ToStager } from "./stage-worker.js";
import { randomName } from "./staging.js";
import type { FileStats } from "../shared/stat-hashes.js";

/** Files staged on this thread before the worker is started: a small output never starts it. */
export const STAGE_THREAD_AFTER = 32;
const BATCH_FILES = 16;
const BATCH_CHARS = 1 << 20;

/** True when a write that has staged `staged` files here should hand the rest to a StageThread. */
export function stageOnThread(staged: number): boolean {
  // Run from the TypeScript sources (the tests), the worker's file is not there: one thread.
  if (import.meta.url.endsWith(".ts")) return false;
  const threads = threadsSetting();
  if (threads !== undefined) return threads === 2;
  return staged >= STAGE_THREAD_AFTER;
}

export interface Settled {
  /** Each staging file created, with its stats as it was closed (and its bytes' sha256 when asked). */
  created: Map<string, FileStats & { sha256?: string }>;
  /** The first file that could not be staged, and why; nothing after it was created. */
  failed?: { temporary: string; message: string };
}

export class StageThread {
  private readonly thread: Batched<[temporary: string, text: string, hash: boolean]>;
  private readonly created: Settled["created"] = new Map();
  private failed: Settled["failed"];
  /** The files given and not yet reported created (in order): the first is the one a crash stopped at. */
  private readonly waiting = new Set<string>();

  /** A StageThread, or undefined where no worker can be started (staging stays on this thread). */
  static start(): StageThread | undefined {
    try {
      return new StageThread();
    } catch {
      return undefined;
    }
  }

  constructor() {
    this.thread = new Batched((files) => ({ files }), (why) => (this.failed ??= { temporary: this.waiting.values().next().value ?? "", message: why }));
    this.thread.worker.on("message", (message: FromStager) => {
      if ("settled" in message) return;
      for (const [temporary, size, mtimeNs, ino, sha256] of message.created) {
        this.created.set(temporary, { size, mtimeNs: BigInt(mtimeNs), ino: BigInt(ino), ...(sha256 !== "" && { sha256 }) });
        this.waiting.delete(temporary);
      }
      if (message.failed) this.failed ??= { temporary: message.failed[0], message: message.failed[1] };
    });
  }

  /** Queues `text` for a new staging file beside `final` (`hash`: its bytes' sha256 is wanted) and returns that file's path. */
  stage(final: string, text: string, hash = false): string {
    const temporary = `${final}.catalogen-${randomName()}.tmp`;
    this.waiting.add(temporary);
    this.thread.add([temporary, text, hash], text.length);
    return temporary;
  }

  /** Waits until every file given is created or the first failure is known, then stops the worker. */
  async settle(): Promise<Settled> {
    await this.thread.settle();
    return { created: this.created, ...(this.failed && { failed: this.failed }) };
  }
}

/** A stage-worker.ts thread given work in batches, in order; `stopped` once it failed, stopped or settled. */
class Batched<T> {
  readonly worker = new Worker(new URL("./stage-worker.js", import.meta.url));
  stopped = false;
  private batch: T[] = [];
  private chars = 0;

  /** `message`: a batch as the worker takes it; `onStop`: told why when the worker fails or stops before it settles. */
  constructor(
    private readonly message: (batch: T[]) => ToStager,
    onStop: (why: string) => void,
  ) {
    this.worker.unref(); // never what keeps the process alive, but while `settle` waits for it
    // The listeners also keep an 'error' event from being thrown here.
    const stop = (why: string) => {
      if (!this.stopped) onStop(why);
      this.stopped = true;
    };
    this.worker.on("error", (error) => stop(`the staging thread failed: ${error.message}`));
    this.worker.on("exit", (code) => stop(`the staging thread stopped with exit code ${code}`));
  }

  add(item: T, chars: number): void {
    this.batch.push(item);
    this.chars += chars;
    if (this.batch.length >= BATCH_FILES || this.chars >= BATCH_CHARS) this.flush();
  }

  private flush(): void {
    if (this.batch.length > 0 && !this.stopped) this.worker.postMessage(this.message(this.batch));
    this.batch = [];
    this.chars = 0;
  }

  /** Sends what is batched, waits until the worker has done all it was given (or stopped), then stops it. */
  async settle(): Promise<void> {
    this.flush();
    if (!this.stopped) {
      this.worker.ref();
      await new Promise<void>((resolve) => {
        this.worker.on("message", (message: FromStager) => "settled" in message && resolve());
        this.worker.on("error", () => resolve());
        this.worker.on("exit", () => resolve());
        this.worker.postMessage({ settle: true } satisfies ToStager);
      });
    }
    this.stopped = true;
    await this.worker.terminate();
  }
}
