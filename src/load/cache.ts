// What reading a catalogue file gave, kept across runs: a file whose text was read before without
// problems is not parsed again (parsing the YAML is most of a large catalogue's load). Kept by the
// hash of the file's text, per catalogue folder, for one version of the loader (this code and the
// yaml package's version): one JSON file per catalogue folder in the cache folder (cacheDirectory
// in write/format.ts: node_modules/.cache/catalogen/, CATALOGEN_CACHE_DIR, `off`). It holds the file's data, where
// each operation starts and ends, and the YAML parser's line starts (so positions in messages are
// the parser's own); the document itself is parsed again only when a message needs a position.
// Any trouble reading or writing it means "parse the file".
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { cacheDirectory } from "../write/format.js";

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
    if (entry === undefined || entry.hash !== textHash(text)) return undefined;
    return { data: entry.data, operationRanges: entry.operationRanges ?? undefined, lineStarts: entry.lineStarts };
  }

  set(name: string, text: string, read: ReadFile): void {
    this.entries.set(name, { hash: textHash(text), data: read.data, operationRanges: read.operationRanges ?? undefined, lineStarts: read.lineStarts });
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
      mkdirSync(dirname(this.file), { recursive: true });
      const temporary = `${this.file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify({ loader: loader(), files }));
      renameSync(temporary, this.file);
    } catch {
      // best effort: the next run parses the files
    }
  }
}

function textHash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
