// Which files a living source read last time, so that a generate whose output is up to date can
// hash them without loading YAML or the importer: recorded per catalogue folder (in this process and
// in the cache folder) with a hash of the catalogue files they were read for.
import { createHash } from "node:crypto";
import { join, resolve } from "node:path";
import { catalogueFolders, listCatalogueFiles } from "../load/files.js";
import { MAX_FILE_BYTES } from "../load/limits.js";
import { readConfinedFile } from "../shared/confined-files.js";
import { cacheDirectory, readCacheValue, writeCacheValue } from "../shared/cache-directory.js";

const memory = new Map<string, { catalogue: string; files: string[] }>();

/** A living source's files for the catalogue in `dir`: [] for a catalogue without one; undefined when not known (load the catalogue, then ask again). */
export function livingInputs(dir: string): string[] | undefined {
  const { hash, living } = catalogueHash(dir);
  if (!living) return [];
  const record = memory.get(resolve(dir)) ?? readRecord(dir);
  return record?.catalogue === hash ? record.files : undefined;
}

export function recordInputs(dir: string, files: string[]): void {
  const record = { catalogue: catalogueHash(dir).hash, files };
  memory.set(resolve(dir), record);
  const file = recordFile(dir);
  if (file === undefined) return;
  try {
    writeCacheValue(file, record);
  } catch {
    // best effort: the next generate loads the catalogue to learn them
  }
}

const LIVING = /^source\s*:/m;

/** Whether a catalogue file's bytes name a living source (a top-level `source:` key); cheap for the files that do not. */
export function namesLivingSource(bytes: Buffer): boolean {
  return bytes.includes("source") && LIVING.test(bytes.toString("utf8"));
}

/** Hash of the catalogue files' names and texts, and whether one names a living source (a top-level `source:` key). */
function catalogueHash(dir: string): { hash: string; living: boolean } {
  const hash = createHash("sha256");
  let living = false;
  try {
    const inside = catalogueFolders(dir);
    for (const name of listCatalogueFiles(dir)) {
      const text = readConfinedFile(join(inside[0]!, name), inside, MAX_FILE_BYTES).bytes.toString("utf8");
      if (LIVING.test(text)) living = true;
      hash.update(name).update("\0").update(text).update("\0");
    }
  } catch {
    return { hash: "", living: true };
  }
  return { hash: hash.digest("hex"), living };
}

function recordFile(dir: string): string | undefined {
  const cache = cacheDirectory();
  return cache === undefined ? undefined : join(cache, "living", `inputs-${createHash("sha256").update(resolve(dir)).digest("hex").slice(0, 32)}.json`);
}

function readRecord(dir: string): { catalogue: string; files: string[] } | undefined {
  const file = recordFile(dir);
  if (file === undefined) return undefined;
  try {
    const record = readCacheValue(file) as { catalogue?: unknown; files?: unknown };
    if (typeof record.catalogue === "string" && Array.isArray(record.files) && record.files.every((item) => typeof item === "string")) return { catalogue: record.catalogue, files: record.files as string[] };
  } catch {
    // no record
  }
  return undefined;
}
