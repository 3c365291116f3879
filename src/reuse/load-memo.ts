// The memo around the load stage (src/load/load.ts `LoadMemo`): a catalogue file's text hash from
// its stats, when the run's key hashed the catalogue (./run-key.ts, ./catalogue-stats.ts), and what a
// text of that hash gave, from the load records (./records.ts `LoadCache`).
import type { LoadMemo } from "../load/load.js";
import type { CatalogueStats } from "./catalogue-stats.js";
import { LoadCache } from "./records.js";

export function loadMemo(dir: string, stats?: CatalogueStats): LoadMemo {
  const records = LoadCache.open(dir);
  return {
    knownHash: (name, fileStats) => stats?.knownTextHash(name, fileStats),
    recall: (name, hash) => records.get(name, hash),
    keep: (name, hash, read) => records.keep(name, hash, read),
    done: (names) => records.save(names),
  };
}
