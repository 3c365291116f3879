// Staging files on a second thread. In a cold generate, creating the output's files was the
// largest share of the main thread's time after the emitters (each exclusive create 0.1–0.4 ms on
// this machine's disk, about 2 s of main thread for 5,471 files at 10,000 operations), and it
// waits on nothing the emitters make. Past its first files a write hands each file's text and
// staging path (named here, so the plan knows it at once) to a worker (stage-worker.ts), which
// creates them in order as staging.ts would here; `settle` waits until every file given is on
// disk, or one failed. A run killed meanwhile leaves staging files that the next run removes, as
// before. CATALOGEN_THREADS=1: never; =2: from the first file.
import { Worker } from "node:worker_threads";
import { threadsSetting } from "../shared/threads.js";
import type { FromStager, ToStager } from "./stage-worker.js";
import { randomName } from "./staging.js";
import type { FileStats } from "./stat-cache.js";

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
  /** Each staging file created, with its stats as it was closed. */
  created: Map<string, FileStats>;
  /** The first file that could not be staged, and why; nothing after it was created. */
  failed?: { temporary: string; message: string };
}

export class StageThread {
  private readonly worker: Worker;
  private readonly created = new Map<string, FileStats>();
  private failed: Settled["failed"];
  private batch: [string, string][] = [];
  private batchChars = 0;
  /** The files given and not yet reported created (in order): the first is the one a crash stopped at. */
  private readonly waiting = new Set<string>();
  private settling: (() => void) | undefined;
  private stopped = false;

  constructor() {
    this.worker = new Worker(new URL("./stage-worker.js", import.meta.url));
    this.worker.on("message", (message: FromStager) => {
      if ("settled" in message) {
        this.settling?.();
        return;
      }
      for (const [temporary, size, mtimeNs] of message.created) {
        this.created.set(temporary, { size, mtimeNs: BigInt(mtimeNs) });
        this.waiting.delete(temporary);
      }
      if (message.failed) this.failed ??= { temporary: message.failed[0], message: message.failed[1] };
    });
    const broken = (why: string) => {
      if (!this.stopped) this.failed ??= { temporary: this.waiting.values().next().value ?? "", message: why };
      this.stopped = true;
      this.settling?.();
    };
    this.worker.on("error", (error) => broken(`the staging thread failed: ${error.message}`));
    this.worker.on("exit", (code) => broken(`the staging thread stopped with exit code ${code}`));
  }

  /** Queues `text` for a new staging file beside `final` and returns that file's path. */
  stage(final: string, text: string): string {
    const temporary = `${final}.catalogen-${randomName()}.tmp`;
    this.waiting.add(temporary);
    this.batch.push([temporary, text]);
    this.batchChars += text.length;
    if (this.batch.length >= BATCH_FILES || this.batchChars >= BATCH_CHARS) this.flush();
    return temporary;
  }

  private flush(): void {
    if (this.batch.length === 0) return;
    if (!this.stopped) this.worker.postMessage({ files: this.batch } satisfies ToStager);
    this.batch = [];
    this.batchChars = 0;
  }

  /** Waits until every file given is created or the first failure is known, then stops the worker. */
  async settle(): Promise<Settled> {
    this.flush();
    if (!this.stopped) {
      const done = new Promise<void>((resolve) => (this.settling = resolve));
      this.worker.postMessage({ settle: true } satisfies ToStager);
      await done;
    }
    await this.stop();
    return { created: this.created, ...(this.failed && { failed: this.failed }) };
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await this.worker.terminate();
  }
}
