// Where catalogen keeps local state between runs (load records, kept models, openapi pieces,
// prettier's results, the writer's stat records): never output, and shared by several stages.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { readPacked, writePackNow } from "./cache-pack.js";

/** Where the cache lives for this process; undefined: no cache. */
export function cacheDirectory(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string | undefined {
  const configured = env.CATALOGEN_CACHE_DIR;
  if (configured === "off") return undefined;
  if (configured) return configured;
  // Only where a node_modules folder already is: never create one in a folder that has none.
  return existsSync(join(cwd, "node_modules")) ? join(cwd, "node_modules", ".cache", "catalogen") : undefined;
}

/** Where a run's cache writes go while it defers them (src/write/stage-thread.ts, CacheWrites). */
export interface DeferredCacheWrites {
  file(path: string, text: string): void;
  pack(folder: string, entries: [name: string, text: string][]): void;
}

let deferred: DeferredCacheWrites | undefined;

/**
 * While a run has set one (src/write/stage-thread.ts, CacheWrites), cache files and packs are
 * handed to it to write on another thread, in order, errors ignored; `undefined` writes them here again.
 */
export function deferCacheWrites(writes: DeferredCacheWrites | undefined): void {
  deferred = writes;
}

/**
 * Writes a cache file whole or not at all (a temporary file beside it, renamed over it), making its
 * folder first. Throws as the file system does; callers treat the cache as best effort. Handed to
 * another thread while a generate defers them (`deferCacheWrites`): done by the end of the run.
 */
export function writeCacheFile(path: string, text: string): void {
  if (deferred !== undefined) return deferred.file(path, text);
  writeCacheFileNow(path, text);
}

/**
 * Writes many records of `folder` (file name, text) as one file, the folder's pack
 * (src/shared/cache-pack.ts), replacing the one there: for a run that writes every record of a
 * folder at once (a cold run), where a file each costs a create each. `readCacheRecord` finds
 * them. Deferred as writeCacheFile is; throws as the file system does.
 */
export function writeCachePack(folder: string, entries: [name: string, text: string][]): void {
  if (deferred !== undefined) return deferred.pack(folder, entries);
  writePackNow(folder, entries);
}

/**
 * Record `name` of `folder` as `accept` takes it (undefined: not the record wanted): the record's
 * own file (written by writeCacheFile), else its entry in the folder's pack (writeCachePack), taken
 * only when whole and unchanged. Undefined when neither gives one.
 */
export function readCacheRecord<T>(folder: string, name: string, accept: (bytes: Buffer) => T | undefined): T | undefined {
  const take = (bytes: Buffer | undefined): T | undefined => {
    try {
      return bytes === undefined ? undefined : accept(bytes);
    } catch {
      return undefined;
    }
  };
  let own: Buffer | undefined;
  try {
    own = readFileSync(join(folder, name));
  } catch {
    // not there as a file of its own: perhaps packed
  }
  return take(own) ?? take(readPacked(folder, name));
}

/** `writeCacheFile` on this thread, whatever is deferred. */
export function writeCacheFileNow(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}
