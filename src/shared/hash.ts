import { createHash, hash } from "node:crypto";
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { StatHashes } from "./stat-hashes.js";

/** The SHA-256 of a text or bytes, as hex. */
export function sha256(content: string | Buffer): string {
  // One call, no Hash object: about half the time of createHash for the short texts hashed by the
  // thousand (a change run at 10,000 operations: every file's module key, the manifest's entries).
  return hash("sha256", content);
}

// Keyed by a run's own file objects: gone with them, never seen by another run.
const knownTextHashes = new WeakMap<object, string>();

/** Says that `file.text` hashes to `hash` (the loader hashed it once, or knows it from its stats: src/load/load.ts). */
export function knowTextHash(file: object, hash: string): void {
  knownTextHashes.set(file, hash);
}

/** `sha256(file.text)`, without reading or hashing again a text whose hash is known (knowTextHash). */
export function fileTextSha256(file: { text: string }): string {
  return knownTextHashes.get(file) ?? sha256(file.text);
}

/**
 * `relative(dir, path)` for a `path` made by joining `dir` and names (no `..`): its part after
 * `dir`, without resolving either (a run asks this of some 1,500 paths of catalogen's own code).
 */
export function under(dir: string, path: string): string {
  const root = join(dir);
  return root !== sep && path.startsWith(root + sep) && !path.includes(`${sep}..`) ? path.slice(root.length + 1) : relative(dir, path);
}

// A process-wide memo of catalogen's own files' hashes (read afresh once per generate); no run's data.
const codeHashes = new Map<string, [path: string, sha256: string][]>();

/**
 * Every file under `dir` (test files aside), sorted, each with its SHA-256: catalogen's own code
 * and templates. `fresh`: read them now (the pipeline's input hash, once per run); else as last
 * read in this process (the kept model's and openapi pieces' build hash, later in the same run).
 * Empty when `dir` cannot be read.
 */
export function codeFileHashes(dir: string, fresh = false): readonly [path: string, sha256: string][] {
  let hashes = fresh ? undefined : codeHashes.get(dir);
  if (hashes === undefined) {
    let paths: string[] = [];
    try {
      paths = readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && !/\.test(-d)?\.ts$/.test(entry.name))
        .map((entry) => join(entry.parentPath, entry.name))
        .sort();
      // A declaration file beside its compiled module (dist/, by tsc) is types only: it changes
      // nothing catalogen does, and stat-ing it cost every run some 200 stats.
      const files = new Set(paths);
      paths = paths.filter((path) => !(path.endsWith(".d.ts") && files.has(`${path.slice(0, -".d.ts".length)}.js`)));
    } catch {
      // no such folder: nothing to hash
    }
    // Small files, read synchronously (a promise per file costs more than the read), and only
    // those whose stats are not the ones recorded with their hash (./stat-hashes.ts).
    const seen = StatHashes.open(`code/${sha256(dir).slice(0, 32)}.json`, dir);
    hashes = paths.map((path) => [path, seen.hash(under(dir, path), path).sha256]);
    seen.save();
    codeHashes.set(dir, hashes);
  }
  return hashes;
}
