// What reading a catalogue file gave, kept across runs: a file whose text was read before without
// problems is not parsed again (parsing the YAML is most of a large catalogue's load). Kept by the
// hash of the file's text, per catalogue folder, for one version of the loader (this code and the
// yaml package's version): one JSON file per catalogue folder in the cache folder (cacheDirectory
// in src/shared/cache-directory.ts: node_modules/.cache/catalogen/, CATALOGEN_CACHE_DIR, `off`). It holds the file's data, where
// each operation starts and ends, and the YAML parser's line starts (so positions in messages are
// the parser's own); the document itself is parsed again only when a message needs a position.
// Any trouble reading or writing it means "parse the file".
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, extname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { cacheDirectory, writeCacheFile } from "../shared/cache-directory.js";
import { sha256 } from "../shared/hash.js";

export interface ReadFile {
  data: unknown;
  operationRanges: [number, number][] | undefined;
  lineStarts: number[];
}

let loaderHash: string | undefined;

/** Hash of what turns text into data: the loader's code, its structure check and the yaml package's version. */
function loader(): string {
  if (loaderHash === undefined) {
    const hash = createHash("sha256");
    // load.js beside this file once built; load.ts when run from source.
    const here = fileURLToPath(import.meta.url);
    hash.update(readFileSync(join(dirname(here), `load${extname(here)}`)));
    hash.update(readFileSync(join(dirname(here), `../shared/yaml-structure${extname(here)}`)));
    hash.update(String((createRequire(import.meta.url)("yaml/package.json") as { version: string }).version));
    loaderHash = hash.digest("hex");
  }
  return loaderHash;
}

/**
 * The records of one catalogue folder: one JSON file in the cache folder, read once per load and
 * written again only when a file had to be parsed (a cold run writes it once, not once per file).
 */
export class LoadCache {
  private changed = false;

  private constructor(
    private readonly file: string | undefined,
    private readonly entries: Map<string, ReadFile & { hash: string }>,
  ) {}

  static open(folder: string): LoadCache {
    const dir = cacheDirectory();
    const file = dir === undefined ? undefined : join(dir, "catalogue", `${createHash("sha256").update(resolve(folder)).digest("hex").slice(0, 32)}.json`);
    const entries = new Map<string, ReadFile & { hash: string }>();
    if (file !== undefined) {
      try {
        const parsed = JSON.parse(readFileSync(file, "utf8")) as { loader?: string; files?: Record<string, ReadFile & { hash: string }> };
        if (parsed.loader === loader() && typeof parsed.files === "object" && parsed.files !== null) {
          for (const [name, entry] of Object.entries(parsed.files)) {
            if (typeof entry?.hash === "string" && Array.isArray(entry.lineStarts) && "data" in entry) entries.set(name, entry);
          }
        }
      } catch {
        // no records: every file is parsed
      }
    }
    return new LoadCache(file, entries);
  }

  /** What file `name` gave when it held `text`, if that is recorded. */
  get(name: string, text: string): ReadFile | undefined {
    const entry = this.entries.get(name);
    if (entry === undefined || entry.hash !== sha256(text)) return undefined;
    return { data: entry.data, operationRanges: entry.operationRanges ?? undefined, lineStarts: entry.lineStarts };
  }

  set(name: string, text: string, read: ReadFile): void {
    this.entries.set(name, { hash: sha256(text), data: read.data, operationRanges: read.operationRanges ?? undefined, lineStarts: read.lineStarts });
    this.changed = true;
  }

  /** Writes the records of the files in `names` when any changed (best effort). */
  save(names: readonly string[]): void {
    if (this.file === undefined || (!this.changed && names.length === this.entries.size)) return;
    const files: Record<string, unknown> = {};
    for (const name of names) {
      const entry = this.entries.get(name);
      if (entry) files[name] = { ...entry, operationRanges: entry.operationRanges ?? null };
    }
    try {
      writeCacheFile(this.file, JSON.stringify({ loader: loader(), files }));
    } catch {
      // best effort: the next run parses the files
    }
  }
}


// The checked model, kept per catalogue file (src/validate/incremental.ts): an index of the files a
// full check found sound, with the context they were checked in, and each file's share of the model
// in a file of its own (a regenerate reads them all but writes only the changed ones). Kept for one
// build of catalogen: the hash of its own code (src/ or dist/), so a new version never reads
// what an older one kept.

export interface KeptIndex {
  /** Hash of the api file's text and of every file's named types: the context the files were checked in. */
  context: string;
  /** Per file name: the hash of the text that was checked and of its named types' data. */
  files: Record<string, { hash: string; types: string }>;
}

let codeHash: string | undefined;

/** Hash of catalogen's own code (every file of src/ or dist/, with its path) and its package version. */
export function generatorCode(): string {
  if (codeHash === undefined) {
    const root = dirname(dirname(fileURLToPath(import.meta.url)));
    const hash = createHash("sha256");
    const entries = readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !/\.test(-d)?\.ts$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name))
      .sort();
    for (const path of entries) hash.update(`${relative(root, path)}\n`).update(readFileSync(path));
    hash.update(loader());
    codeHash = hash.digest("hex");
  }
  return codeHash;
}

export class ModelCache {
  private constructor(private readonly dir: string | undefined) {}

  static open(folder: string): ModelCache {
    const base = cacheDirectory();
    return new ModelCache(base === undefined ? undefined : join(base, "model", createHash("sha256").update(resolve(folder)).digest("hex").slice(0, 32)));
  }

  /** The index, when one was kept by this build of catalogen. */
  index(): KeptIndex | undefined {
    if (this.dir === undefined) return undefined;
    try {
      const parsed = JSON.parse(readFileSync(join(this.dir, "index.json"), "utf8")) as { code?: string } & Partial<KeptIndex>;
      if (parsed.code !== generatorCode() || typeof parsed.context !== "string" || typeof parsed.files !== "object" || parsed.files === null) return undefined;
      return { context: parsed.context, files: parsed.files };
    } catch {
      return undefined;
    }
  }

  /** The kept part of file `name` made from text of hash `hash` in `context` (JSON text), if there is one. */
  part(name: string, hash: string, context: string): string | undefined {
    if (this.dir === undefined) return undefined;
    try {
      const text = readFileSync(join(this.dir, "parts", partFile(name)), "utf8");
      const newline = text.indexOf("\n");
      return text.slice(0, newline) === `${hash} ${context}` ? text.slice(newline + 1) : undefined;
    } catch {
      return undefined;
    }
  }

  /** Writes the parts given (JSON text by file name, with their text's hash), then the index (best effort). */
  save(index: KeptIndex, parts: ReadonlyMap<string, { hash: string; json: string }>): void {
    if (this.dir === undefined) return;
    try {
      for (const [name, { hash, json }] of parts) writeCacheFile(join(this.dir, "parts", partFile(name)), `${hash} ${index.context}\n${json}`);
      writeCacheFile(join(this.dir, "index.json"), JSON.stringify({ code: generatorCode(), ...index }));
      // The parts of files no longer in the catalogue.
      const current = new Set(Object.keys(index.files).map(partFile));
      for (const name of readdirSync(join(this.dir, "parts"))) if (!current.has(name) && !name.endsWith(".tmp")) rmSync(join(this.dir, "parts", name), { force: true });
    } catch {
      // best effort: the next run checks the whole catalogue
    }
  }
}

function partFile(name: string): string {
  return `${createHash("sha256").update(name).digest("hex").slice(0, 32)}.json`;
}
