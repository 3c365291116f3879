// What catalogen last saw of the files of a folder, one record format for every folder it looks at
// again on the next run (the catalogue, its own code and templates, an output folder): each file's
// stats with the SHA-256 of its bytes. A file whose stats are the recorded ones is taken to hold the
// recorded bytes without reading it (git's index does the same), so a run after one edit reads one
// file, not all.
//
// An edit changes the ctime, which no tool sets back; the only edit this misses is one with the
// same size within the same clock tick as the stats recorded (a few ms). So a file this module
// reads whose mtime or ctime is younger than RACY_MS is never recorded (as git's "racily clean"
// entries): it is read on every run until it has been left alone that long. The writer records
// the stats of the files it writes itself, taken from the open file before the rename into place
// (which changes the ctime): those records hold no ctime, and match on size, mtime and inode (a
// file moved into its place is another inode).
//
// Local state, not output: one file per folder in the cache folder (./cache-directory.ts), never
// in the committed manifest (a fresh clone has other mtimes). Missing or unreadable records only
// cost reads.
import { hash as digest } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { cacheDirectory, readCacheValue, writeCacheValue } from "./cache-directory.js";

/**
 * size, mtime, ctime, inode (decimal strings: beyond a double's precision; ctime and inode "" when
 * not known), SHA-256 of the bytes, what the caller noted of them.
 */
type Seen = [size: string, mtimeNs: string, ctimeNs: string, ino: string, sha256: string, notes: number];

/** What `stat(path, { bigint: true })` says of a file, or what the writer saw of a file it wrote. */
export interface FileStats {
  size: bigint | number;
  mtimeNs: bigint;
  ctimeNs?: bigint;
  ino?: bigint;
}

/** A file seen younger than this (mtime or ctime) is not recorded: an edit in the same clock tick could keep its stats. */
export const RACY_MS = 2000;

export interface Hashed {
  sha256: string;
  /** What `note` said of the bytes, when they were read or when they were recorded. */
  notes: number;
}

export class StatHashes {
  /** The records, read when first needed and changed as this run looks at the files. */
  private recordsRead: Map<string, Seen> | undefined;
  /** The files this run looked at: the records `save` keeps unless told others. */
  private readonly looked = new Set<string>();
  private changed = false;

  private constructor(
    private readonly file: string | undefined,
    private readonly folder: string,
  ) {}

  /** The records of folder `folder` (an absolute path, checked on reading), kept as `name` in the cache folder (none without one). */
  static open(name: string, folder: string): StatHashes {
    const base = cacheDirectory();
    return new StatHashes(base === undefined ? undefined : join(base, name), folder);
  }

  private get records(): Map<string, Seen> {
    if (this.recordsRead === undefined) {
      this.recordsRead = new Map();
      const kept = this.file === undefined ? undefined : (readCacheValue(this.file) as { dir?: unknown; files?: unknown } | undefined);
      if (kept?.dir === this.folder && typeof kept.files === "object" && kept.files !== null) {
        for (const [name, entry] of Object.entries(kept.files)) if (Array.isArray(entry) && entry.length === 6) this.recordsRead.set(name, entry as Seen);
      }
    }
    return this.recordsRead;
  }

  /** What was recorded of file `name` with the stats `stats` (and the hash `sha256`, when given); undefined: read it. */
  find(name: string, stats: FileStats, sha256?: string): Hashed | undefined {
    const entry = this.records.get(name);
    if (entry === undefined || entry[0] !== String(stats.size) || entry[1] !== String(stats.mtimeNs) || (sha256 !== undefined && entry[4] !== sha256)) return undefined;
    if ((entry[2] !== "" && entry[2] !== String(stats.ctimeNs)) || (entry[3] !== "" && entry[3] !== String(stats.ino))) return undefined;
    this.looked.add(name);
    return { sha256: entry[4], notes: entry[5] };
  }

  /** Records that file `name`, with stats `stats`, holds bytes of hash `sha256` (of which the caller noted `notes`). */
  record(name: string, stats: FileStats, sha256: string, notes = 0): void {
    this.records.set(name, [String(stats.size), String(stats.mtimeNs), String(stats.ctimeNs ?? ""), String(stats.ino ?? ""), sha256, notes]);
    this.looked.add(name);
    this.changed = true;
  }

  /**
   * The SHA-256 of the bytes of the file at `path` (recorded as `name`), with what `note` says of
   * them: from the record when the file's stats are the recorded ones, else read (throwing as
   * readFileSync does when it cannot be) and recorded unless too young to trust.
   */
  hash(name: string, path: string, note: (bytes: Buffer) => number = () => 0): Hashed {
    let stats;
    try {
      stats = statSync(path, { bigint: true });
    } catch {
      // the read below says why
    }
    const found = stats === undefined ? undefined : this.find(name, stats);
    if (found !== undefined) return found;
    const bytes = readFileSync(path);
    const hashed = { sha256: digest("sha256", bytes), notes: note(bytes) };
    if (this.records.delete(name)) this.changed = true;
    if (stats !== undefined && Number(stats.size) === bytes.length && !racy(stats)) this.record(name, stats, hashed.sha256, hashed.notes);
    return hashed;
  }

  /**
   * Keeps the records of `names` only (by default the files looked at since `open`), when they
   * changed (best effort). In the order given: they are looked up by name, never listed.
   */
  save(names: Iterable<string> = this.looked): void {
    if (this.file === undefined) return;
    const kept = [...names].filter((name) => this.records.has(name));
    if (!this.changed && kept.length === this.records.size) return;
    const files: Record<string, Seen> = {};
    for (const name of kept) files[name] = this.records.get(name)!;
    try {
      writeCacheValue(this.file, { dir: this.folder, files });
    } catch {
      // best effort: the next run reads the files
    }
  }
}

/** Whether `stats` are too young to trust: an edit within the same clock tick could leave them as they are. */
function racy(stats: { mtimeNs: bigint; ctimeNs: bigint }): boolean {
  const youngest = stats.mtimeNs > stats.ctimeNs ? stats.mtimeNs : stats.ctimeNs;
  return youngest + BigInt(RACY_MS) * 1_000_000n > BigInt(Date.now()) * 1_000_000n;
}
