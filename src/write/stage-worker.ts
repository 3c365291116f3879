// The staging thread's worker (stage-thread.ts): creates each staging file it is given, in order,
// exactly as staging.ts does on the main thread (exclusive create, so nothing already there, a
// planted link included, is written through; removed again when its write fails), and sends back
// each file's size and mtime, read from the open file before it is closed, for the stat cache.
// After a failure it creates nothing more: the run is stopped and every file it made is removed.
// Node's own modules only (and cache-store.ts, which uses only those), so the worker starts in a few milliseconds.
import { createHash } from "node:crypto";
import { closeSync, fstatSync, lstatSync, openSync, readSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { parentPort } from "node:worker_threads";
import { readCacheValue, writeCacheBytesNow } from "../shared/cache-store.js";

/**
 * From the main thread: files to create, `[staging path, text]`; cache files to write (as
 * src/shared/cache-directory.ts's writeCacheFile does, errors ignored: the cache is best effort);
 * or a request to report once all before it are done.
 */
export type ToStager =
  | { files: [temporary: string, text: string, hash: boolean][] }
  | { cache: [path: string, bytes: Uint8Array][] }
  | { scan: ScanRequest }
  | { splice: SpliceRequest }
  | { settle: true };

/**
 * Look at the files a manifest lists (`paths`, each with its `hashes`) in the output folder `root`:
 * each whose size and mtime are the ones the stat records (`records`, the StatCache file of `root`)
 * hold with the hash the manifest lists. The paths are the main thread's parse of the manifest
 * (each checked to stay inside the folder); the folders on the way are its to check.
 */
export interface ScanRequest {
  root: string;
  records: string | undefined;
  paths: string[];
  hashes: string[];
}

/**
 * A file made of text and byte ranges `[start, end)` of the file open at `from` (`size` bytes, found
 * intact), written to the staging file open at `to`: its sha256 and size are reported (`spliced`).
 * Both descriptors are the main thread's (a process's descriptors are its threads'): it closes them.
 */
export interface SpliceRequest {
  id: number;
  from: number;
  size: number;
  to: number;
  parts: (string | [start: number, end: number])[];
}

/** A scan's answer: each file found as recorded, `[path, size, mtime in ns, sha256]`. */
export type Scanned = [path: string, size: number, mtimeNs: string, sha256: string][];
/**
 * To the main thread: files created (`[staging path, size, mtime in ns, sha256 of the bytes when
 * asked, else ""]`), the first failure, or that all so far are done.
 */
export type FromStager =
  | { created: [temporary: string, size: number, mtimeNs: string, sha256: string][]; failed?: [temporary: string, message: string] }
  | { scanned: Scanned }
  | { spliced: number; sha256?: string; size?: number; failed?: string; unread?: true }
  | { settled: true };

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

function writeCache(path: string, bytes: Uint8Array): void {
  try {
    writeCacheBytesNow(path, bytes);
  } catch {
    // best effort: the next run makes it again
  }
}

/** The files of `request` whose stats are still the ones recorded with the manifest's hash. */
function scan({ root, records, paths, hashes }: ScanRequest): Scanned {
  let seen: Record<string, unknown> = {};
  try {
    const parsed = readCacheValue(records!) as { root?: string; files?: Record<string, unknown> };
    if (parsed.root === root && typeof parsed.files === "object" && parsed.files !== null) seen = parsed.files;
  } catch {
    return []; // no records: every file is looked at by the main thread
  }
  const found: Scanned = [];
  for (let i = 0; i < paths.length; i++) {
    const path = paths[i]!;
    const record = Object.hasOwn(seen, path) ? seen[path] : undefined;
    if (!Array.isArray(record) || record.length !== 3 || record[2] !== hashes[i]) continue;
    const [size, mtimeNs] = record as [number, string];
    let stats;
    try {
      stats = lstatSync(join(root, path), { bigint: true, throwIfNoEntry: false });
    } catch {
      continue;
    }
    if (stats?.isFile() && Number(stats.size) === size && String(stats.mtimeNs) === mtimeNs) found.push([path, size, mtimeNs, hashes[i]!]);
  }
  return found;
}

/** Carries out a SpliceRequest: the old file read whole, the parts written in order and hashed. */
function splice({ from, size, to, parts }: SpliceRequest): { sha256: string; size: number } | { failed: string; unread: true } {
  const old = Buffer.allocUnsafe(size);
  try {
    for (let at = 0; at < size; ) {
      const read = readSync(from, old, at, size - at, at);
      if (read === 0) throw new Error(`the file ended after ${at} of ${size} bytes`);
      at += read;
    }
  } catch (error) {
    return { failed: (error as Error).message, unread: true };
  }
  const hasher = createHash("sha256");
  let written = 0;
  for (const part of parts) {
    let bytes: Buffer;
    if (typeof part === "string") bytes = Buffer.from(part);
    else {
      const [start, end] = part;
      if (!(Number.isInteger(start) && Number.isInteger(end) && 0 <= start && start <= end && end <= size)) throw new Error(`a part names bytes ${start}-${end} of a file of ${size}`);
      bytes = old.subarray(start, end);
    }
    hasher.update(bytes);
    for (let at = 0; at < bytes.length; ) {
      const wrote = writeSync(to, bytes, at, bytes.length - at);
      if (wrote === 0) throw new Error(`wrote ${written + at} bytes, then none`);
      at += wrote;
    }
    written += bytes.length;
  }
  return { sha256: hasher.digest("hex"), size: written };
}

parentPort?.on("message", (message: ToStager) => {
  if ("scan" in message) {
    let found: Scanned = [];
    try {
      found = scan(message.scan);
    } catch {
      // nothing found: the main thread looks at every file
    }
    parentPort!.postMessage({ scanned: found } satisfies FromStager);
    return;
  }
  if ("splice" in message) {
    try {
      parentPort!.postMessage({ spliced: message.splice.id, ...splice(message.splice) } satisfies FromStager);
    } catch (error) {
      parentPort!.postMessage({ spliced: message.splice.id, failed: (error as Error).message } satisfies FromStager);
    }
    return;
  }
  if ("settle" in message) {
    parentPort!.postMessage({ settled: true } satisfies FromStager);
    return;
  }
  if ("cache" in message) {
    for (const [path, bytes] of message.cache) writeCache(path, bytes);
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
