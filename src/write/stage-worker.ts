// The staging thread's worker (stage-thread.ts): creates each staging file it is given, in order,
// exactly as staging.ts does on the main thread (exclusive create, so nothing already there, a
// planted link included, is written through; removed again when its write fails), and sends back
// each file's size and mtime, read from the open file before it is closed, for the stat cache.
// After a failure it creates nothing more: the run is stopped and every file it made is removed.
// Node's own modules only (and cache-pack.ts, which uses only those), so the worker starts in a few milliseconds.
import { createHash } from "node:crypto";
import { closeSync, fstatSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { parentPort } from "node:worker_threads";
import { writePackNow } from "../shared/cache-pack.js";

/**
 * From the main thread: files to create, `[staging path, text]`; cache files to write (as
 * src/shared/cache-directory.ts's writeCacheFile does, errors ignored: the cache is best effort);
 * or a request to report once all before it are done.
 */
export type ToStager =
  | { files: [temporary: string, text: string, hash: boolean][] }
  | { cache: [path: string, text: string][] }
  | { pack: [folder: string, entries: [name: string, text: string][]] }
  | { settle: true };
/**
 * To the main thread: files created (`[staging path, size, mtime in ns, sha256 of the bytes when
 * asked, else ""]`), the first failure, or that all so far are done.
 */
export type FromStager = { created: [temporary: string, size: number, mtimeNs: string, sha256: string][]; failed?: [temporary: string, message: string] } | { settled: true };

let failed = false;

function create(temporary: string, text: string, hash: boolean): [string, number, string, string] {
  const fd = openSync(temporary, "wx");
  try {
    const bytes = Buffer.from(text);
    writeFileSync(fd, bytes);
    const stats = fstatSync(fd, { bigint: true });
    closeSync(fd);
    return [temporary, Number(stats.size), String(stats.mtimeNs), hash ? createHash("sha256").update(bytes).digest("hex") : ""];
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true }); // created above, so ours to remove
    throw error;
  }
}

/** Cache folders made or found by this worker: one mkdir each, not one per file. */
const folders = new Set<string>();

function writeCache(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    const folder = dirname(path);
    if (!folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      folders.add(folder);
    }
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  } catch {
    // best effort: the next run makes it again
  }
}

parentPort?.on("message", (message: ToStager) => {
  if ("settle" in message) {
    parentPort!.postMessage({ settled: true } satisfies FromStager);
    return;
  }
  if ("cache" in message) {
    for (const [path, text] of message.cache) writeCache(path, text);
    return;
  }
  if ("pack" in message) {
    try {
      writePackNow(...message.pack);
    } catch {
      // best effort: the next run makes the records again
    }
    return;
  }
  const created: [string, number, string, string][] = [];
  let failure: [string, string] | undefined;
  for (const [temporary, text, hash] of message.files) {
    if (failed) break;
    try {
      created.push(create(temporary, text, hash));
    } catch (error) {
      failed = true;
      failure = [temporary, (error as Error).message];
    }
  }
  parentPort!.postMessage({ created, ...(failure && { failed: failure }) } satisfies FromStager);
});
