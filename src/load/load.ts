// Reads catalogue/*.yaml into YAML documents that remember where every node came from.
import { statSync, type BigIntStats } from "node:fs";
import { join } from "node:path";
import { LineCounter } from "yaml";
import { CatalogueError, type Diagnostic } from "../shared/diagnostic.js";
import { knowTextHash, sha256 } from "../shared/hash.js";
import { catalogueFolders, displayPath, displayPathsIn, listCatalogueFiles, refused, unreadable } from "./files.js";
import { ConfinedFileError, readConfinedFile } from "../shared/confined-files.js";
import { MAX_CATALOGUE_BYTES, MAX_FILE_BYTES, megabytes } from "./limits.js";
import { parseCatalogueFile, withLazyDocument, type CatalogueFile } from "./parse-file.js";

export { locate, locatePath, parseCatalogueFile, type CatalogueFile, type YamlPath } from "./parse-file.js";

export interface LoadResult {
  files: CatalogueFile[];
  diagnostics: Diagnostic[];
}

/** What parsing a file's text gave, as a memo keeps it (src/reuse/load-records.ts). */
export interface ReadFile {
  data: unknown;
  operationRanges: [number, number][] | undefined;
  lineStarts: number[];
}

/**
 * What an earlier run may answer for the loader (src/reuse/: the pipeline's memo), by content: a
 * file's text hash from its stats, and what a text of that hash gave. The loader asks, and says
 * what it parsed; it knows nothing of where the answers are kept.
 */
export interface LoadMemo {
  /** The SHA-256 of file `name`'s text when its stats `stats` say it (the text is then read only when asked for). */
  knownHash(name: string, stats: BigIntStats): string | undefined;
  /** What file `name` gave when it held the text of hash `hash`. */
  recall(name: string, hash: string): ReadFile | undefined;
  /** What file `name`, of text hash `hash`, gave this run (parsed without problems). */
  keep(name: string, hash: string, read: ReadFile): void;
  /** The load is done; `names` loaded without problems (the others' answers are dropped). */
  done(names: readonly string[]): void;
}

export async function loadCatalogue(dir: string, memo?: LoadMemo): Promise<LoadResult> {
  const names = listCatalogueFiles(dir);
  const diagnostics: Diagnostic[] = [];
  if (names.length === 0) {
    diagnostics.push({
      file: displayPath(dir),
      line: 1,
      column: 1,
      length: 1,
      message: "no catalogue files (*.yaml) found in this folder",
      hint: "point --catalogue at the folder that holds api.yaml and the module files",
    });
  }
  // Read first (small files, synchronously: a promise per file costs more than the read), then
  // parse what the load record does not hold. The order of files and of diagnostics is the order
  // of the names.
  // A file whose hash the memo knows from its stats is not read: what it gave is found by that
  // hash, and its text read only when something asks for it.
  const read: (Diagnostic | { path: string; name: string; text: string } | { path: string; name: string; hash: string })[] = [];
  let total = 0;
  const [real] = catalogueFolders(dir);
  // Read by the folder's real path, inside it; named in messages as the user named the folder.
  const readText = (path: string, name: string): string => readCatalogueFile(join(real!, name), path, dir, [real!]);
  for (const name of names) {
    const path = join(dir, name);
    let stats;
    try {
      stats = statSync(path, { bigint: true });
    } catch (error) {
      throw unreadable(path, error, "catalogue file");
    }
    const size = Number(stats.size);
    total += size;
    if (total > MAX_CATALOGUE_BYTES) {
      read.push({
        file: displayPath(path),
        line: 1,
        column: 1,
        length: 1,
        message: `with this file the catalogue holds more than the ${megabytes(MAX_CATALOGUE_BYTES)} it may hold`,
        hint: "a catalogue describes an API, it does not hold its data",
      });
      break;
    }
    if (size > MAX_FILE_BYTES) {
      read.push({
        file: displayPath(path),
        line: 1,
        column: 1,
        length: 1,
        message: `the file is ${megabytes(size)}, more than the ${megabytes(MAX_FILE_BYTES)} a catalogue file may hold`,
        hint: "split the module, or shorten its texts; a catalogue describes an API, it does not hold its data",
      });
      continue;
    }
    const hash = memo?.knownHash(name, stats);
    read.push(hash === undefined ? { path, name, text: readText(path, name) } : { path, name, hash });
  }
  const shown = displayPathsIn(dir);
  const files = new Map<number, CatalogueFile>();
  const hashes = new Map<number, string>();
  const parsedNow: number[] = [];
  for (const [index, item] of read.entries()) {
    if (!("name" in item)) continue;
    const hash = "hash" in item ? item.hash : sha256(item.text);
    hashes.set(index, hash);
    const text = "hash" in item ? lazyText(item.path, item.hash, () => readText(item.path, item.name)) : item.text;
    const recalled = memo?.recall(item.name, hash);
    if (recalled) files.set(index, fromRecord(shown(item.name), item.name, text, recalled));
    else {
      const fullText = typeof text === "string" ? text : readText(item.path, item.name);
      files.set(index, parseCatalogueFile(shown(item.name), item.name, fullText));
      parsedNow.push(index);
    }
  }
  for (const index of parsedNow) {
    const file = files.get(index)!;
    if (memo !== undefined && file.problems.length === 0 && (file.jsonSafe ?? survivesJson(file.data))) {
      memo.keep(file.name, hashes.get(index)!, { data: file.data, operationRanges: file.operationRanges, lineStarts: file.lineCounter.lineStarts });
    }
  }
  // Each file's text hash, known without hashing its text again (its kept model part's key).
  for (const [index, hash] of hashes) if (files.has(index)) knowTextHash(files.get(index)!, hash);
  const loaded: CatalogueFile[] = [];
  for (const [index, item] of read.entries()) {
    const file = files.get(index);
    if (file === undefined) diagnostics.push(item as Diagnostic);
    else {
      loaded.push(file);
      diagnostics.push(...file.problems);
    }
  }
  memo?.done(loaded.filter((file) => file.problems.length === 0).map((file) => file.name));
  return { files: loaded, diagnostics };
}

/** The text of the catalogue file at `real` (shown as `path`) in `dir`: a regular file inside `inside`, read once. */
function readCatalogueFile(real: string, path: string, dir: string, inside: readonly string[]): string {
  try {
    return readConfinedFile(real, inside, MAX_FILE_BYTES).bytes.toString("utf8");
  } catch (error) {
    if (error instanceof ConfinedFileError) throw refused(path, dir, error);
    throw error;
  }
}

/** The text of the file at `path`, known to hash to `hash`: read when first asked for, and refused if it changed meanwhile. */
interface LazyText {
  hash: string;
  read(): string;
}

function lazyText(path: string, hash: string, readText: () => string): LazyText {
  let text: string | undefined;
  return {
    hash,
    read() {
      if (text === undefined) {
        const read = readText();
        if (sha256(read) !== hash) {
          throw new CatalogueError([{ file: displayPath(path), line: 0, column: 0, length: 1, message: "the file changed while catalogen was reading the catalogue", hint: "run the command again" }], new Map());
        }
        text = read;
      }
      return text;
    },
  };
}

/** A file as the load record keeps it: its document parsed again only when asked for. */
function fromRecord(displayPath: string, name: string, text: string | LazyText, record: ReadFile): CatalogueFile {
  const lineCounter = new LineCounter();
  // The record's line starts, read when a position is first asked for (a record parses them then).
  Object.defineProperty(lineCounter, "lineStarts", {
    get(): number[] {
      const lineStarts = [...record.lineStarts];
      Object.defineProperty(lineCounter, "lineStarts", { value: lineStarts, writable: true, enumerable: true, configurable: true });
      return lineStarts;
    },
    enumerable: true,
    configurable: true,
  });
  const file = { displayPath, name, text: typeof text === "string" ? text : "", lineCounter, data: record.data, problems: [], operationRanges: record.operationRanges };
  if (typeof text !== "string") {
    // Read when first asked for (a diagnostic's position, a full check); its hash is known meanwhile.
    Object.defineProperty(file, "text", { get: text.read, enumerable: true, configurable: true });
  }
  return withLazyDocument(file, undefined);
}

/** True when JSON gives `data` back as it is (no non-finite numbers, no -0). */
function survivesJson(data: unknown): boolean {
  const stack: unknown[] = [data];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === "number" && (!Number.isFinite(value) || Object.is(value, -0))) return false;
    if (typeof value === "object" && value !== null) for (const item of Object.values(value)) stack.push(item);
    else if (typeof value !== "number" && typeof value !== "string" && typeof value !== "boolean" && value !== null) return false;
  }
  return true;
}
