// The catalogue's files known by their stats (src/shared/stat-hashes.ts): a generate hashes the
// catalogue to know whether anything changed, reading only the files whose stats are not the ones
// recorded with their hash, so a run after one edit at 10,000 operations reads one file, not
// 11 MB. The pipeline hands what it hashed to the loader's memo (./records.ts `LoadCache`), which then finds
// the file's load record and kept model part by that hash; the loader reads the file's text only
// when something asks for it (a diagnostic's position).
import { isUtf8 } from "node:buffer";
import type { BigIntStats } from "node:fs";
import { join, resolve } from "node:path";
import { StatHashes } from "../shared/stat-hashes.js";
import { folderKey } from "./records.js";

export { RACY_MS } from "../shared/stat-hashes.js";

const LIVING = 1;
const UTF8 = 2;

export class CatalogueStats {
  private constructor(
    private readonly dir: string,
    private readonly records: StatHashes,
  ) {}

  /** The records of the catalogue folder `dir` (none without a cache folder), for one run. */
  static open(dir: string): CatalogueStats {
    return new CatalogueStats(dir, StatHashes.open(`catalogue/${folderKey(dir)}.stats.json`, resolve(dir)));
  }

  /** The SHA-256 of catalogue file `name`'s bytes and whether they name a living source (`living(bytes)`). */
  hash(name: string, living: (bytes: Buffer) => boolean): { sha256: string; living: boolean } {
    const { sha256, notes } = this.records.hash(name, join(this.dir, name), (bytes) => (living(bytes) ? LIVING : 0) | (isUtf8(bytes) ? UTF8 : 0));
    return { sha256, living: (notes & LIVING) !== 0 };
  }

  /**
   * The SHA-256 of the text of file `name` when its stats are still `stats` as recorded with the
   * hash of its bytes, valid UTF-8: then its text's hash is theirs. Undefined: read it.
   */
  knownTextHash(name: string, stats: BigIntStats): string | undefined {
    const found = this.records.find(name, stats);
    return found !== undefined && (found.notes & UTF8) !== 0 ? found.sha256 : undefined;
  }

  save(): void {
    this.records.save();
  }
}
