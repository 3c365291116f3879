// What reading a catalogue file gave, kept across runs: a file whose text was read before without
// problems is not parsed again (parsing the YAML is most of a large catalogue's load). Kept by the
// hash of the file's text, per catalogue folder, for one version of the loader (this code and the
// yaml package's version): one record per catalogue file, in a folder per catalogue folder in the
// cache folder (cacheDirectory in src/shared/cache-directory.ts: node_modules/.cache/catalogen/,
// CATALOGEN_CACHE_DIR, `off`), so a run after one edit writes one record, not the whole
// catalogue's. A record holds the file's data, where each operation starts and ends, and the YAML
// parser's line starts (so positions in messages are the parser's own); the document itself is
// parsed again only when a message needs a position. Any trouble reading or writing it means
// "parse the file".
import { isAscii } from "node:buffer";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { cacheDirectory, CacheRecords, PACK_FILE, readCacheValue, writeCachePack, writeCacheValue, type CacheRecord } from "../shared/cache-directory.js";
import { sha256 } from "../shared/hash.js";
import { generatorCode, loader } from "./code-version.js";
import { memoStore, recall, remember } from "./memo.js";
import type { ReadFile } from "../load/load.js";

/** The name of a catalogue folder's records and kept model in the cache folder. */
export function folderKey(folder: string): string {
  return createHash("sha256").update(resolve(folder)).digest("hex").slice(0, 32);
}

/**
 * The records of one catalogue folder: `<cache>/catalogue/<folder hash>/<file name hash>.json`,
 * each starting with a line of the text's hash and the loader's, then the JSON of what the file
 * gave. A record is read when its file is loaded and written only when the file had to be parsed.
 */
export class LoadCache {
  private readonly made = new Map<string, { hash: string; read: ReadFile }>();

  /** False when the folder of records did not exist when opened (a first run): nothing to read, no failed read per file. */
  private readonly any: boolean;

  /** The folder's records as this run reads them (listed once, the pack read once). */
  private readonly records: CacheRecords | undefined;

  private constructor(private readonly dir: string | undefined) {
    this.any = dir !== undefined && existsSync(dir);
    this.records = this.any ? new CacheRecords(dir!) : undefined;
  }

  static open(folder: string): LoadCache {
    const base = cacheDirectory();
    return new LoadCache(base === undefined ? undefined : join(base, "catalogue", folderKey(folder)));
  }

  /** What file `name` gave when it held the text of hash `textHash` (sha256 of the text), if that is recorded. */
  get(name: string, textHash: string): ReadFile | undefined {
    return this.records?.read(recordFile(name), (record) => readRecord(record, textHash));
  }

  set(name: string, text: string, read: ReadFile): void {
    this.keep(name, sha256(text), read);
  }

  /** What file `name` gave with the text of hash `hash`. */
  keep(name: string, hash: string, read: ReadFile): void {
    this.made.set(name, { hash, read });
  }

  /** Writes the records made for the files in `names` and drops those of files not among them (best effort). */
  save(names: readonly string[]): void {
    if (this.dir === undefined) return;
    try {
      const texts: [string, string][] = [];
      for (const name of names) {
        const made = this.made.get(name);
        if (made === undefined) continue;
        const { data, operationRanges, lineStarts } = made.read;
        // The line starts last, and a module's operations on a line of their own before them, each
        // parsed when first read (see `later`).
        const lineStartsText = JSON.stringify(lineStarts);
        const head = { operationRanges: operationRanges ?? null, lineStartsLength: lineStartsText.length };
        const text =
          isObject(data) && Object.hasOwn(data, LATER)
            ? laterText(JSON.stringify(data[LATER]), (laterLength) => JSON.stringify({ data: { ...data, [LATER]: null }, ...head, later: LATER, laterLength }))
            : `${JSON.stringify({ data, ...head })}\n`;
        texts.push([recordFile(name), `${made.hash} ${loader()}\n${text}${lineStartsText}`]);
      }
      writeRecords(this.dir, texts, names.map(recordFile));
      // The one record file per folder that earlier versions wrote.
      rmSync(`${this.dir}.json`, { force: true });
    } catch {
      // best effort: the next run parses the files
    }
  }
}

/**
 * The record `record` when it is the one of text hash `textHash` read by this loader, else
 * undefined. Its head (the two first lines) is parsed now; its tail (a module's operations, the
 * line starts: most of a large catalogue's data) when first read, so a run that keeps a file's
 * checked model never parses the operations of the files that did not change.
 */
function readRecord(record: CacheRecord, textHash: string): ReadFile | undefined {
  const bytes = record.head;
  const newline = bytes.indexOf(10);
  if (newline === -1 || bytes.toString("latin1", 0, newline) !== `${textHash} ${loader()}`) return undefined;
  const second = bytes.indexOf(10, newline + 1);
  if (second === -1) return undefined;
  const entry = JSON.parse(bytes.toString("utf8", newline + 1, second)) as Partial<ReadFile> & { operationRanges?: [number, number][] | null; later?: string; laterLength?: number; lineStartsLength?: number };
  if (!("data" in entry) || !Number.isInteger(entry.lineStartsLength)) return undefined;
  const laterLength = entry.later === undefined ? 0 : entry.laterLength! + 1;
  if (!Number.isInteger(laterLength)) return undefined;
  if (entry.later !== undefined && (!isObject(entry.data) || !Object.hasOwn(entry.data, entry.later))) return undefined;
  // The lengths (in characters) check the record's parts against each other. ASCII, as records of
  // most catalogues are: as many bytes as characters.
  const read = record.tail();
  const tail = read === undefined ? undefined : isAscii(read) ? read : read.toString("utf8");
  if (tail === undefined || tail.length !== laterLength + entry.lineStartsLength!) return undefined;
  if (entry.later !== undefined) {
    later(entry.data as Record<string, unknown>, entry.later, () => JSON.parse(typeof tail === "string" ? tail.slice(0, laterLength - 1) : tail.toString("latin1", 0, laterLength - 1)) as unknown);
  }
  // Where the lines start: wanted only for a message's position, parsed when first read.
  let lineStarts: number[] | undefined;
  return {
    data: entry.data,
    operationRanges: entry.operationRanges ?? undefined,
    get lineStarts(): number[] {
      return (lineStarts ??= JSON.parse(tail.slice(laterLength).toString()) as number[]);
    },
  };
}

/**
 * Records of a folder are written as one cache file (writeCachePack) when a run makes every
 * one of them and they are this many at least (a first run of a large catalogue: a file each cost
 * a create each, 1,092 at 10,000 operations); otherwise each its own file, so a run after one edit
 * writes one record, not the whole catalogue's.
 */
export const PACK_MIN_RECORDS = 256;

/**
 * Writes the records `texts` (file name, text) made by this run into `folder`, whose records are
 * now `current`: one pack when the run made every one of them (a first run, a changed named type:
 * the records' own files are then all old), else a file each; then removes the files of records
 * no longer current. Throws as the file system does.
 */
function writeRecords(folder: string, texts: readonly [string, string][], current: readonly string[]): void {
  const packed = texts.length >= PACK_MIN_RECORDS && texts.length === current.length;
  if (packed) writeCachePack(folder, [...texts]);
  else for (const [file, text] of texts) writeCacheValue(join(folder, file), text);
  const kept = new Set(packed ? [] : current);
  // A folder that none was ever written to holds nothing to remove.
  for (const entry of existsSync(folder) ? readdirSync(folder) : []) if (!kept.has(entry) && entry !== PACK_FILE && !entry.endsWith(".tmp")) rmSync(join(folder, entry), { force: true });
}

/**
 * The key of a file's data parsed only when first read: a module's operations, most of a large
 * catalogue's data. A regenerate that keeps a file's checked model (src/reuse/kept-model.ts)
 * reads only its named types, so the operations of the files that did not change are never parsed.
 */
const LATER = "operations";

/** `data[key]` becomes what `value` gives, asked when first read (then a plain property again, in its place among the keys). */
function later(data: Record<string, unknown>, key: string, value: () => unknown): void {
  const settle = (value: unknown) => Object.defineProperty(data, key, { value, writable: true, enumerable: true, configurable: true });
  Object.defineProperty(data, key, {
    get() {
      const made = value();
      settle(made);
      return made;
    },
    set: settle,
    enumerable: true,
    configurable: true,
  });
}

function laterText(json: string, head: (length: number) => string): string {
  return `${head(json.length)}\n${json}\n`;
}

function isRecord(value: unknown): value is Record<string, KeptModuleKey> {
  return isObject(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function recordFile(name: string): string {
  return `${createHash("sha256").update(name).digest("hex").slice(0, 32)}.json`;
}

// The checked model, kept per catalogue file (src/reuse/kept-model.ts): an index of the files a
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

/** A module's key as a run made it (src/reuse/module-keys.ts), with the hash of the text of the file that declares the module. */
export interface KeptModuleKey {
  hash: string;
  module: string;
  key: string;
}

export class ModelCache {
  /** The parts as this run reads them (listed once, the pack read once). */
  private readonly parts: CacheRecords | undefined;

  private constructor(
    private readonly dir: string | undefined,
    /** The catalogue folder's name in the cache folder. */
    private readonly unit: string,
  ) {
    this.parts = dir === undefined ? undefined : new CacheRecords(join(dir, "parts"));
  }

  static open(folder: string): ModelCache {
    const base = cacheDirectory();
    return new ModelCache(base === undefined ? undefined : join(base, "model", folderKey(folder)), folderKey(folder));
  }

  /** The index, when one was kept by this build of catalogen. */
  index(): KeptIndex | undefined {
    if (this.dir === undefined) return undefined;
    try {
      const parsed = readCacheValue(join(this.dir, "index.json")) as { code?: string } & Partial<KeptIndex>;
      if (parsed.code !== generatorCode() || typeof parsed.context !== "string" || typeof parsed.files !== "object" || parsed.files === null) return undefined;
      return { context: parsed.context, files: parsed.files };
    } catch {
      return undefined;
    }
  }

  /**
   * The kept part of file `name` made from text of hash `hash` in `context`, if there is one: its
   * text as bytes, its head (past the line naming what it was made from) now and its tail when
   * asked for, for a caller that decodes only what it reads (src/reuse/kept-model.ts).
   */
  part(name: string, hash: string, context: string): CacheRecord | undefined {
    return this.parts?.read(recordFile(name), ({ head, tail }) => {
      const newline = head.indexOf(10);
      return newline !== -1 && head.toString("utf8", 0, newline) === `${hash} ${context}` ? { head: head.subarray(newline + 1), tail } : undefined;
    });
  }

  /** The module keys kept in `context` (src/reuse/module-keys.ts), per file name; undefined when none were. */
  moduleKeys(context: string): Record<string, KeptModuleKey> | undefined {
    return recall(memoStore(), "module-keys", this.unit, { content: context }, isRecord);
  }

  /** Keeps the module keys of `context` (best effort). */
  saveModuleKeys(context: string, files: Record<string, KeptModuleKey>): void {
    remember(memoStore(), "module-keys", this.unit, { content: context }, files);
  }

  /** Writes the parts given (JSON text by file name, with their text's hash), then the index (best effort). */
  save(index: KeptIndex, parts: ReadonlyMap<string, { hash: string; json: string }>): void {
    if (this.dir === undefined) return;
    try {
      const texts: [string, string][] = [...parts].map(([name, { hash, json }]) => [recordFile(name), `${hash} ${index.context}\n${json}`]);
      writeRecords(join(this.dir, "parts"), texts, Object.keys(index.files).map(recordFile));
      writeCacheValue(join(this.dir, "index.json"), { code: generatorCode(), ...index });
    } catch {
      // best effort: the next run checks the whole catalogue
    }
  }
}
