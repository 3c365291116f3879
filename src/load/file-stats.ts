// What catalogen last saw of each catalogue file: its stats (size, mtime, ctime, inode) and the
// SHA-256 of its bytes. A generate hashes the catalogue to know whether anything changed; a file
// whose stats are the recorded ones is taken to hold the recorded bytes without reading it (git's
// index does the same), so a run after one edit at 10,000 operations reads one file, not 11 MB.
// The loader then uses that hash for the file's load record and kept model part, and reads the
// file's text only when something asks for it (a diagnostic's position).
//
// An edit changes the ctime, which no tool sets back; the only edit this misses is one with the
// same size within the same clock tick as the stats recorded (a few ms). So a file whose mtime or
// ctime is younger than RACY_MS when it is seen is never recorded (as git's "racily clean"
// entries): it is read on every run until it has been left alone that long.
//
// Local state, not output: kept in the cache folder (src/shared/cache-directory.ts), one JSON file
// per catalogue folder. Missing or unreadable records only cost reads.
import { isUtf8 } from "node:buffer";
import { createHash } from "node:crypto";
import { readFileSync, statSync, type BigIntStats } from "node:fs";
import { join, resolve } from "node:path";
import { cacheDirectory, writeCacheFile } from "../shared/cache-directory.js";

/** size, mtime ns, ctime ns, inode (decimal strings), SHA-256 of the bytes, 1 when the bytes name a living source, 1 when they are UTF-8. */
type Seen = [size: string, mtimeNs: string, ctimeNs: string, ino: string, sha256: string, living: 0 | 1, utf8: 0 | 1];

/** A file seen younger than this (mtime or ctime) is not recorded: an edit in the same clock tick could keep its stats. */
export const RACY_MS = 2000;

/** This process's files whose hash is known from their stats (absolute path: stats key, text hash): the loader's. */
const known = new Map<string, { stats: string; sha256: string }>();

function statsKey(stats: BigIntStats): string {
  return `${stats.size} ${stats.mtimeNs} ${stats.ctimeNs} ${stats.ino} ${stats.dev}`;
}

function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * The SHA-256 of the text of the catalogue file at `path` (the loader's), when this run hashed it
 * from its stats and they are still `stats`: the file holds the bytes hashed, valid UTF-8, so its
 * text's hash is theirs. Undefined: read it.
 */
export function knownTextHash(path: string, stats: BigIntStats): string | undefined {
  const entry = known.get(resolve(path));
  return entry !== undefined && entry.stats === statsKey(stats) ? entry.sha256 : undefined;
}

export class CatalogueStats {
  private readonly next: Record<string, Seen> = {};
  private changed = false;

  private constructor(
    private readonly dir: string,
    private readonly file: string | undefined,
    private readonly seen: Record<string, Seen>,
  ) {}

  /** The records of the catalogue folder `dir` (none without a cache folder). Forgets what the previous run in this process knew. */
  static open(dir: string): CatalogueStats {
    known.clear();
    const base = cacheDirectory();
    const file = base === undefined ? undefined : join(base, "catalogue", `${createHash("sha256").update(resolve(dir)).digest("hex").slice(0, 32)}.stats.json`);
    let seen: Record<string, Seen> = {};
    if (file !== undefined) {
      try {
        const parsed = JSON.parse(readFileSync(file, "utf8")) as { dir?: string; files?: Record<string, Seen> };
        if (parsed.dir === resolve(dir) && typeof parsed.files === "object" && parsed.files !== null) seen = parsed.files;
      } catch {
        // no records: every file is read
      }
    }
    return new CatalogueStats(dir, file, seen);
  }

  /**
   * The SHA-256 of catalogue file `name`'s bytes and whether they name a living source
   * (`living(bytes)`): from the record when its stats are the recorded ones, else read (throwing
   * as readFileSync does when it cannot be).
   */
  hash(name: string, living: (bytes: Buffer) => boolean): { sha256: string; living: boolean } {
    const path = join(this.dir, name);
    let stats: BigIntStats | undefined;
    try {
      stats = statSync(path, { bigint: true });
    } catch {
      // the read below says why
    }
    const entry = Object.hasOwn(this.seen, name) ? this.seen[name] : undefined;
    if (stats !== undefined && entry !== undefined && Array.isArray(entry) && entry.length === 7 && `${entry[0]} ${entry[1]} ${entry[2]} ${entry[3]}` === `${stats.size} ${stats.mtimeNs} ${stats.ctimeNs} ${stats.ino}`) {
      this.next[name] = entry;
      if (entry[6] === 1) known.set(resolve(path), { stats: statsKey(stats), sha256: entry[4] });
      return { sha256: entry[4], living: entry[5] === 1 };
    }
    const bytes = readFileSync(path);
    const hash = sha256(bytes);
    const names = living(bytes);
    // A record to drop, or one to make: the records change (a file too young stays unrecorded).
    if (entry !== undefined) this.changed = true;
    if (stats !== undefined && Number(stats.size) === bytes.length && !racy(stats)) {
      const utf8 = isUtf8(bytes);
      this.next[name] = [String(stats.size), String(stats.mtimeNs), String(stats.ctimeNs), String(stats.ino), hash, names ? 1 : 0, utf8 ? 1 : 0];
      this.changed = true;
      if (utf8) known.set(resolve(path), { stats: statsKey(stats), sha256: hash });
    }
    return { sha256: hash, living: names };
  }

  /** Keeps the records of the files hashed since `open` (best effort), when they changed. */
  save(): void {
    if (this.file === undefined || (!this.changed && Object.keys(this.next).length === Object.keys(this.seen).length)) return;
    try {
      writeCacheFile(this.file, JSON.stringify({ dir: resolve(this.dir), files: this.next }));
    } catch {
      // best effort: the next run reads the files
    }
  }
}

/** Whether `stats` are too young to trust: an edit within the same clock tick could leave them as they are. */
function racy(stats: BigIntStats): boolean {
  const now = BigInt(Date.now()) * 1_000_000n;
  const youngest = stats.mtimeNs > stats.ctimeNs ? stats.mtimeNs : stats.ctimeNs;
  return youngest + BigInt(RACY_MS) * 1_000_000n > now;
}
