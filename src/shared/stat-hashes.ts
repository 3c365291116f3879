// What catalogen last saw of the files of a folder it hashes on every run (the catalogue, its own
// code and templates): each file's stats (size, mtime, ctime, inode) with the SHA-256 of its
// bytes. A file whose stats are the recorded ones is taken to hold the recorded bytes without
// reading it (git's index does the same), so a run after one edit reads one file, not all.
//
// An edit changes the ctime, which no tool sets back; the only edit this misses is one with the
// same size within the same clock tick as the stats recorded (a few ms). So a file whose mtime or
// ctime is younger than RACY_MS when it is read is never recorded (as git's "racily clean"
// entries): it is read on every run until it has been left alone that long.
//
// Local state, not output: one JSON file per folder in the cache folder
// (src/shared/cache-directory.ts). Missing or unreadable records only cost reads.
import { createHash } from "node:crypto";
import { readFileSync, statSync, type BigIntStats } from "node:fs";
import { readCacheValue, writeCacheValue } from "./cache-directory.js";

/** size, mtime ns, ctime ns, inode (decimal strings), SHA-256 of the bytes, what the caller noted of them. */
type Seen = [size: string, mtimeNs: string, ctimeNs: string, ino: string, sha256: string, notes: number];

/** A file seen younger than this (mtime or ctime) is not recorded: an edit in the same clock tick could keep its stats. */
export const RACY_MS = 2000;

export interface Hashed {
  sha256: string;
  /** What `note` said of the bytes (when they were read) or what it said when they were recorded. */
  notes: number;
  /** The stats the hash holds for, when it was recorded or may be (undefined: not to be trusted). */
  trusted: BigIntStats | undefined;
}

export class StatHashes {
  private readonly next: Record<string, Seen> = {};
  private changed = false;

  private constructor(
    private readonly file: string | undefined,
    private readonly folder: string,
    private readonly seen: Record<string, Seen>,
  ) {}

  /** The records kept in `file` (none when undefined) for the folder `folder` (an absolute path, checked on reading). */
  static open(file: string | undefined, folder: string): StatHashes {
    let seen: Record<string, Seen> = {};
    if (file !== undefined) {
      try {
        const parsed = readCacheValue(file) as { dir?: string; files?: Record<string, Seen> };
        if (parsed.dir === folder && typeof parsed.files === "object" && parsed.files !== null) seen = parsed.files;
      } catch {
        // no records: every file is read
      }
    }
    return new StatHashes(file, folder, seen);
  }

  /**
   * The SHA-256 of the bytes of the file at `path` (recorded as `name`), with what `note` says of
   * them: from the record when the file's stats are the recorded ones, else read (throwing as
   * readFileSync does when it cannot be).
   */
  hash(name: string, path: string, note: (bytes: Buffer) => number = () => 0): Hashed {
    let stats: BigIntStats | undefined;
    try {
      stats = statSync(path, { bigint: true });
    } catch {
      // the read below says why
    }
    const entry = Object.hasOwn(this.seen, name) ? this.seen[name] : undefined;
    if (stats !== undefined && Array.isArray(entry) && entry.length === 6 && entry[0] === String(stats.size) && entry[1] === String(stats.mtimeNs) && entry[2] === String(stats.ctimeNs) && entry[3] === String(stats.ino)) {
      this.next[name] = entry;
      return { sha256: entry[4], notes: entry[5], trusted: stats };
    }
    const bytes = readFileSync(path);
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    const notes = note(bytes);
    // A record to drop, or one to make: the records change (a file too young stays unrecorded).
    if (entry !== undefined) this.changed = true;
    if (stats === undefined || Number(stats.size) !== bytes.length || racy(stats)) return { sha256, notes, trusted: undefined };
    this.next[name] = [String(stats.size), String(stats.mtimeNs), String(stats.ctimeNs), String(stats.ino), sha256, notes];
    this.changed = true;
    return { sha256, notes, trusted: stats };
  }

  /** Keeps the records of the files hashed since `open` (only those), when they changed (best effort). */
  save(): void {
    if (this.file === undefined || (!this.changed && Object.keys(this.next).length === Object.keys(this.seen).length)) return;
    try {
      writeCacheValue(this.file, { dir: this.folder, files: this.next });
    } catch {
      // best effort: the next run reads the files
    }
  }
}

/** Whether `stats` are too young to trust: an edit within the same clock tick could leave them as they are. */
function racy(stats: BigIntStats): boolean {
  const youngest = stats.mtimeNs > stats.ctimeNs ? stats.mtimeNs : stats.ctimeNs;
  return youngest + BigInt(RACY_MS) * 1_000_000n > BigInt(Date.now()) * 1_000_000n;
}
