// What reading a catalogue file gave, kept across runs: a file whose text was read before without
// problems is not parsed again (parsing the YAML is most of a large catalogue's load). Kept by the
// hash of the file's text and of the loader itself (this code and the yaml package's version), one
// JSON file per text in the cache folder (cacheDirectory in write/format.ts:
// node_modules/.cache/catalogen/, CATALOGEN_CACHE_DIR, `off`). It holds the file's data, where
// each operation starts and ends, and the YAML parser's line starts (so positions in messages are
// the parser's own); the document itself is parsed again only when a message needs a position.
// Any trouble reading or writing it means "parse the file".
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cacheDirectory } from "../write/format.js";

export interface ReadFile {
  data: unknown;
  operationRanges: [number, number][] | undefined;
  lineStarts: number[];
}

let loaderHash: string | undefined;

/** Hash of what turns text into data: this folder's loader code and the yaml package's version. */
function loader(): string {
  if (loaderHash === undefined) {
    const hash = createHash("sha256");
    // load.js beside this file once built; load.ts when run from source.
    const here = fileURLToPath(import.meta.url);
    hash.update(readFileSync(join(dirname(here), `load${extname(here)}`)));
    hash.update(String((createRequire(import.meta.url)("yaml/package.json") as { version: string }).version));
    loaderHash = hash.digest("hex");
  }
  return loaderHash;
}

function entryPath(text: string): string | undefined {
  const dir = cacheDirectory();
  if (dir === undefined) return undefined;
  const key = createHash("sha256").update(loader()).update("\n").update(text).digest("hex");
  return join(dir, "catalogue", key.slice(0, 2), `${key.slice(2, 40)}.json`);
}

export function cachedRead(text: string): ReadFile | undefined {
  try {
    const path = entryPath(text);
    if (path === undefined) return undefined;
    const entry = JSON.parse(readFileSync(path, "utf8")) as Partial<ReadFile>;
    if (!Array.isArray(entry.lineStarts) || !("data" in entry)) return undefined;
    return { data: entry.data, operationRanges: entry.operationRanges ?? undefined, lineStarts: entry.lineStarts };
  } catch {
    return undefined;
  }
}

export function saveRead(text: string, read: ReadFile): void {
  try {
    const path = entryPath(text);
    if (path === undefined) return;
    mkdirSync(join(path, ".."), { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify({ data: read.data, operationRanges: read.operationRanges ?? null, lineStarts: read.lineStarts }));
    renameSync(temporary, path);
  } catch {
    // best effort: the next run parses the file
  }
}
