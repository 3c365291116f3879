// Where catalogen keeps local state between runs (load records, kept models, openapi pieces,
// prettier's results, the writer's stat records): never output, and shared by several stages.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { openPack, PACK_FILE, wholeRecord, writePackNow, type CacheRecord, type PackedRecords } from "./cache-pack.js";

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
 * folder at once (a cold run), where a file each costs a create each. `CacheRecords` finds
 * them. Deferred as writeCacheFile is; throws as the file system does.
 */
export function writeCachePack(folder: string, entries: [name: string, text: string][]): void {
  if (deferred !== undefined) return deferred.pack(folder, entries);
  writePackNow(folder, entries);
}

/**
 * The records of one cache folder as one run reads many of them (a change run at 10,000 operations
 * reads 545 load records and 545 model parts): the folder listed once, so a record that has no
 * file of its own costs no failed open, and its pack's heads read once, when first needed. A record
 * is read from its own file first, else from the pack: its head taken only when whole and
 * unchanged, its tail read when asked for (src/shared/cache-pack.ts). Made per run (a later run
 * lists the folder again).
 */
export class CacheRecords {
  private names: ReadonlySet<string> | undefined;
  private pack: PackedRecords | null | undefined;

  constructor(private readonly folder: string) {}

  /** Record `name` as `accept` takes it, from its own file, else the pack; undefined when neither gives one. */
  read<T>(name: string, accept: (record: CacheRecord) => T | undefined): T | undefined {
    let own: Buffer | undefined;
    if (this.listed().has(name)) {
      try {
        own = readFileSync(join(this.folder, name));
      } catch {
        // gone since the folder was listed: perhaps packed
      }
    }
    const fromOwn = taken(own && wholeRecord(own), accept);
    if (fromOwn !== undefined) return fromOwn;
    if (this.pack === undefined) this.pack = (this.listed().has(PACK_FILE) && openPack(this.folder)) || null;
    return this.pack === null ? undefined : taken(this.pack(name), accept);
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

function taken<T>(record: CacheRecord | undefined, accept: (record: CacheRecord) => T | undefined): T | undefined {
  try {
    return record === undefined ? undefined : accept(record);
  } catch {
    return undefined;
  }
}

/** `writeCacheFile` on this thread, whatever is deferred. */
export function writeCacheFileNow(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}
