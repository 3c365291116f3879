// What catalogen last saw of each file it owns in an output folder: size, mtime and content hash.
// A file whose size and mtime are what was recorded with the hash the manifest lists is taken as
// intact without reading it, so a no-op generate stats the output instead of reading it all. Any
// other file (no record, a different size or mtime, a different hash) is read and hashed as
// before, so a hand-edited or replaced file is still found; an edit that keeps both the size and
// the mtime to the nanosecond is not (as with make or git's index).
//
// The records are local state, not output: they live in the cache folder (see cacheDirectory in src/shared/cache-directory.ts:
// node_modules/.cache/catalogen/, CATALOGEN_CACHE_DIR, `off`), one JSON file per output
// folder, never in the committed manifest (a fresh clone has other mtimes). Missing or unreadable
// records only cost reads.
import { join } from "node:path";
import { cacheDirectory, readCacheValue, writeCacheValue } from "../shared/cache-directory.js";
import { sha256 } from "./manifest.js";

/** size, mtime in ns (as a decimal string: beyond a double's precision), sha256. */
type Seen = [size: number, mtimeNs: string, sha256: string];

/** What `lstat(path, { bigint: true })` says of a file. */
export interface FileStats {
  size: bigint | number;
  mtimeNs: bigint;
}

export class StatCache {
  /** The records, read when first needed. */
  private seenRead: Map<string, Seen> | undefined;
  private changed = false;

  private constructor(
    private readonly root: string,
    /** The records' file; undefined without a cache folder. */
    readonly file: string | undefined,
  ) {}

  /** The records for the output folder whose real path is `root`. */
  static open(root: string): StatCache {
    const dir = cacheDirectory();
    return new StatCache(root, dir === undefined ? undefined : join(dir, "outputs", `${sha256(root).slice(0, 32)}.json`));
  }

  private get seen(): Map<string, Seen> {
    if (this.seenRead === undefined) {
      this.seenRead = new Map();
      if (this.file !== undefined) {
        try {
          const parsed = readCacheValue(this.file) as { root?: string; files?: Record<string, Seen> };
          if (parsed.root === this.root && typeof parsed.files === "object" && parsed.files !== null) {
            for (const [path, entry] of Object.entries(parsed.files)) {
              if (Array.isArray(entry) && entry.length === 3) this.seenRead.set(path, entry);
            }
          }
        } catch {
          // no records: files are read
        }
      }
    }
    return this.seenRead;
  }

  /** True when `stats` are what was recorded for `path` together with `hash`. */
  matches(path: string, stats: FileStats, hash: string): boolean {
    const entry = this.seen.get(path);
    return entry !== undefined && entry[2] === hash && entry[0] === Number(stats.size) && entry[1] === String(stats.mtimeNs);
  }

  record(path: string, stats: FileStats, hash: string): void {
    this.seen.set(path, [Number(stats.size), String(stats.mtimeNs), hash]);
    this.changed = true;
  }

  /** Keeps records of `paths` only, and saves them when they changed (best effort). */
  save(root: string, paths: Iterable<string>): void {
    if (this.file === undefined) return;
    const files: Record<string, Seen> = {};
    let kept = 0;
    // In the order given (the records are looked up by path, never listed): sorting 5,467 paths
    // cost a change run at 10,000 operations 2-3 ms.
    for (const path of paths) {
      const entry = this.seen.get(path);
      if (entry) files[path] = entry;
      if (entry) kept += 1;
    }
    if (!this.changed && kept === this.seen.size) return;
    try {
      writeCacheValue(this.file, { root, files });
    } catch {
      // best effort: the next run reads the files instead
    }
  }
}
