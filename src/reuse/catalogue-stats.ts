// The catalogue's files known by their stats (src/shared/stat-hashes.ts): a generate hashes the
// catalogue to know whether anything changed, reading only the files whose stats are not the ones
// recorded with their hash, so a run after one edit at 10,000 operations reads one file, not
// 11 MB. The pipeline hands what it hashed to the loader's memo (./load-memo.ts), which then finds
// the file's load record and kept model part by that hash; the loader reads the file's text only
// when something asks for it (a diagnostic's position).
import { isUtf8 } from "node:buffer";
import { createHash } from "node:crypto";
import type { BigIntStats } from "node:fs";
import { join, resolve } from "node:path";
import { cacheDirectory } from "../shared/cache-directory.js";
import { StatHashes } from "../shared/stat-hashes.js";

export { RACY_MS } from "../shared/stat-hashes.js";

function statsKey(stats: BigIntStats): string {
  return `${stats.size} ${stats.mtimeNs} ${stats.ctimeNs} ${stats.ino} ${stats.dev}`;
}

const LIVING = 1;
const UTF8 = 2;

export class CatalogueStats {
  /** The files this run hashed with stats it could trust (name: stats key, text hash). */
  private readonly known = new Map<string, { stats: string; sha256: string }>();

  private constructor(
    private readonly dir: string,
    private readonly hashes: StatHashes,
  ) {}

  /** The records of the catalogue folder `dir` (none without a cache folder), for one run. */
  static open(dir: string): CatalogueStats {
    const base = cacheDirectory();
    const folder = resolve(dir);
    const file = base === undefined ? undefined : join(base, "catalogue", `${createHash("sha256").update(folder).digest("hex").slice(0, 32)}.stats.json`);
    return new CatalogueStats(dir, StatHashes.open(file, folder));
  }

  /** The SHA-256 of catalogue file `name`'s bytes and whether they name a living source (`living(bytes)`). */
  hash(name: string, living: (bytes: Buffer) => boolean): { sha256: string; living: boolean } {
    const path = join(this.dir, name);
    const { sha256, notes, trusted } = this.hashes.hash(name, path, (bytes) => (living(bytes) ? LIVING : 0) | (isUtf8(bytes) ? UTF8 : 0));
    if (trusted !== undefined && (notes & UTF8) !== 0) this.known.set(name, { stats: statsKey(trusted), sha256 });
    return { sha256, living: (notes & LIVING) !== 0 };
  }

  /**
   * The SHA-256 of the text of file `name` when this run hashed it with stats it could trust and
   * they are still `stats`: the file holds the bytes hashed, valid UTF-8, so its text's hash is
   * theirs. Undefined: read it.
   */
  knownTextHash(name: string, stats: BigIntStats): string | undefined {
    const entry = this.known.get(name);
    return entry !== undefined && entry.stats === statsKey(stats) ? entry.sha256 : undefined;
  }

  save(): void {
    this.hashes.save();
  }
}
