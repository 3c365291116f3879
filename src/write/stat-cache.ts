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
import type { Scanned } from "./stage-worker.js";
import { mark } from "../shared/timings.js";

/** size, mtime in ns (as a decimal string: beyond a double's precision), sha256. */
type Seen = [size: number, mtimeNs: string, sha256: string];

/** What `lstat(path, { bigint: true })` says of a file. */
export interface FileStats {
  size: bigint | number;
  mtimeNs: bigint;
}

export class StatCache {
  /** The records, read when first needed (a run that has them looked at on another thread never parses them here). */
  private seenRead: Map<string, Seen> | undefined;
  private changed = false;
  /** Paths found as recorded by a look after the output folder was locked (`useScan`): not looked at again. */
  private verified: Set<string> | undefined;
  private scanning: Promise<void> | undefined;
  /** Paths recorded in this run (`record`). */
  private readonly recorded = new Set<string>();

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

  /**
   * Takes the records from a look at the files made elsewhere (stage-worker.ts `scan`, after the
   * folder was locked): each file found as recorded, with its hash. Those are the records from then
   * on (a file not among them is looked at as before), but for those recorded here meanwhile.
   */
  useScan(scanned: Promise<Scanned>): void {
    this.scanning = scanned.then((found) => {
      // Records made here meanwhile (a file adopted before the scan's answer came) are newer: kept.
      const seen = new Map([...this.recorded].map((path) => [path, this.seen.get(path)!]));
      this.verified = new Set();
      for (const [path, size, mtimeNs, hash] of found) {
        if (seen.has(path)) continue;
        seen.set(path, [size, mtimeNs, hash]);
        this.verified.add(path);
      }
      this.seenRead = seen;
      this.scanning = undefined;
      mark(`output files looked at on the staging thread: ${found.length} as recorded`);
    });
  }

  /** While a look at the files is under way (`useScan`), its end; else undefined (nothing to wait for). */
  pending(): Promise<void> | undefined {
    return this.scanning;
  }

  /** True when a look after the folder was locked found `path` as recorded with `hash` (`useScan`, once not `pending`). */
  foundAsRecorded(path: string, hash: string): boolean {
    return this.verified?.has(path) === true && this.seenRead!.get(path)![2] === hash;
  }

  /** True when `stats` are what was recorded for `path` together with `hash`. */
  matches(path: string, stats: FileStats, hash: string): boolean {
    const entry = this.seen.get(path);
    return entry !== undefined && entry[2] === hash && entry[0] === Number(stats.size) && entry[1] === String(stats.mtimeNs);
  }

  record(path: string, stats: FileStats, hash: string): void {
    this.seen.set(path, [Number(stats.size), String(stats.mtimeNs), hash]);
    this.verified?.delete(path);
    this.recorded.add(path);
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
