// Where catalogen keeps local state between runs (load records, kept models, openapi.json's layout,
// prettier's results, the writer's stat records): never output, and shared by several stages.
// Every file there is one value in the format of ./cache-store.ts.
import { AsyncLocalStorage } from "node:async_hooks";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { cacheBytes, readCacheValue, writeCacheBytesNow } from "./cache-store.js";

export { readCacheValue } from "./cache-store.js";

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
  file(path: string, bytes: Buffer): void;
}

/** The cache writes of the run whose code is running (its async context), where it defers them. */
const runWrites = new AsyncLocalStorage<DeferredCacheWrites | undefined>();

/**
 * `run()`, with the cache files it writes handed to `writes` (src/write/stage-thread.ts,
 * CacheWrites: written on another thread, in order, errors ignored); undefined: written at once.
 */
export function withCacheWrites<T>(writes: DeferredCacheWrites | undefined, run: () => T): T {
  return runWrites.run(writes, run);
}

/**
 * Writes `value` as the cache file `path`, whole or not at all, making its folder first. Throws as
 * the file system does; callers treat the cache as best effort. Handed to another thread within a
 * generate that defers them (`withCacheWrites`): done by the end of the run.
 */
export function writeCacheValue(path: string, value: unknown): void {
  const bytes = cacheBytes(value);
  const deferred = runWrites.getStore();
  if (deferred !== undefined) return deferred.file(path, bytes);
  writeCacheBytesNow(path, bytes);
}

/** The file holding the records of a folder that a run wrote all at once (never a record's name: those are hashes with an extension). */
export const PACK_FILE = "records.pack";

/** A record as read: its text up to its second newline (what its reader parses first), and the rest. */
export interface CacheRecord {
  head: Buffer;
  tail(): Buffer | undefined;
}

/** Where `bytes` (a record's text) splits into head and tail: just past its second newline, else its end. */
function wholeRecord(bytes: Buffer): CacheRecord {
  const first = bytes.indexOf(10);
  const second = first === -1 ? -1 : bytes.indexOf(10, first + 1);
  const split = second === -1 ? bytes.length : second + 1;
  const tail = bytes.subarray(split);
  return { head: bytes.subarray(0, split), tail: () => tail };
}

/**
 * Writes many records of `folder` (file name, text) as one cache file, `PACK_FILE`, replacing the
 * one there: for a run that writes every record of a folder at once (a cold run), where a file
 * each costs a create each. `CacheRecords` finds them. Deferred as writeCacheValue is.
 */
export function writeCachePack(folder: string, entries: readonly (readonly [name: string, text: string])[]): void {
  // As bytes: a reader takes each record as bytes, and a Buffer deserialises as one copy.
  writeCacheValue(join(folder, PACK_FILE), Object.fromEntries(entries.map(([name, text]) => [name, Buffer.from(text)])));
}

/**
 * The records of one cache folder as one run reads many of them (a change run at 10,000 operations
 * reads 545 load records and 545 model parts): the folder listed once, so a record that has no
 * file of its own costs no failed open, and its pack read once, when first needed. A record is
 * read from its own file first, else from the pack. Made per run (a later run lists the folder again).
 */
export class CacheRecords {
  private names: ReadonlySet<string> | undefined;
  private pack: Record<string, unknown> | null | undefined;

  constructor(private readonly folder: string) {}

  /** Record `name` as `accept` takes it, from its own file, else the pack; undefined when neither gives one. */
  read<T>(name: string, accept: (record: CacheRecord) => T | undefined): T | undefined {
    const own = this.listed().has(name) ? readCacheValue(join(this.folder, name)) : undefined;
    const fromOwn = taken(own, accept);
    if (fromOwn !== undefined) return fromOwn;
    if (this.pack === undefined) {
      const pack = this.listed().has(PACK_FILE) ? readCacheValue(join(this.folder, PACK_FILE)) : undefined;
      this.pack = typeof pack === "object" && pack !== null && !Array.isArray(pack) ? (pack as Record<string, unknown>) : null;
    }
    return this.pack === null || !Object.hasOwn(this.pack, name) ? undefined : taken(this.pack[name], accept);
  }

  private listed(): ReadonlySet<string> {
    if (this.names === undefined) {
      try {
        this.names = new Set(readdirSync(this.folder));
      } catch {
        this.names = new Set();
      }
    }
    return this.names;
  }
}

/** `accept` of a record kept as text or as bytes (a pack's). */
function taken<T>(kept: unknown, accept: (record: CacheRecord) => T | undefined): T | undefined {
  const bytes = typeof kept === "string" ? Buffer.from(kept) : Buffer.isBuffer(kept) ? kept : undefined;
  if (bytes === undefined) return undefined;
  try {
    return accept(wholeRecord(bytes));
  } catch {
    return undefined;
  }
}
