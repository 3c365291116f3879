// Which files a living source read last time, so that a generate whose output is up to date can
// hash them without loading YAML or the importer: recorded per catalogue folder in the store (the
// memo) with a hash of the catalogue files they were read for. Nothing is kept in this process: a
// run hands the files it read to its caller in its report (RunReport.sourceInputs).
import { createHash } from "node:crypto";
import { join, resolve } from "node:path";
import { catalogueFolders, listCatalogueFiles } from "../load/files.js";
import { MAX_FILE_BYTES } from "../load/limits.js";
import { readConfinedFile } from "../shared/confined-files.js";
import { memoStore, recall, remember } from "../reuse/memo.js";

/** A living source's files for the catalogue in `dir`, as the store recorded them for its files as they are: [] for a catalogue without one; undefined when not known (read the catalogue). */
export function livingInputs(dir: string): string[] | undefined {
  const { hash, living } = catalogueHash(dir);
  if (!living) return [];
  return recall(memoStore(), MEMO, resolve(dir), { content: hash, code: false }, isNames);
}

/** Records in the store the files a living source read for the catalogue in `dir` as its files are now. */
export function recordInputs(dir: string, files: string[]): void {
  remember(memoStore(), MEMO, resolve(dir), { content: catalogueHash(dir).hash, code: false }, files);
}

const MEMO = "living-inputs";

function isNames(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
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
