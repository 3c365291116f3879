// What reading a catalogue file gave and each file's share of the checked model, kept across runs
// through the memo (./memo.ts): one memo value per catalogue file, in a stage folder per catalogue
// folder, so a run after one edit writes one value, not the whole catalogue's. A load record holds
// the file's data, where each operation starts and ends, and the YAML parser's line starts (so
// positions in messages are the parser's own); a module's operations, most of a large catalogue's
// data, are deserialized only when first read. Any trouble reading or writing means "make it again".
import type { BigIntStats } from "node:fs";
import { resolve } from "node:path";
import { sha256 } from "../shared/hash.js";
import { loader } from "./code-version.js";
import { folded, forgetOthers, memoStore, recall, remember, unfold, type MemoKey, type MemoStore } from "./memo.js";
import type { LoadMemo, ReadFile } from "../load/load.js";
import type { ModelPart } from "../model/build.js";

/** The name of a catalogue folder's records and kept model in the cache folder. */
export function folderKey(folder: string): string {
  return sha256(resolve(folder)).slice(0, 32);
}

/** A load record: the file's data with its operations (when it has them) folded. */
interface LoadRecord {
  data: unknown;
  operations: Buffer | undefined;
  operationRanges: [number, number][] | undefined;
  lineStarts: number[];
}

/**
 * The memo around the load stage (src/load/load.ts `LoadMemo`): the load records of one catalogue
 * folder, read when a file is loaded, written only for files parsed this run; and a file's text
 * hash from its stats, when the run hashed the catalogue (./catalogue-stats.ts).
 */
export class LoadCache implements LoadMemo {
  private readonly made = new Map<string, { hash: string; read: ReadFile }>();

  private constructor(
    private readonly store: MemoStore,
    private readonly stage: string,
    private readonly stats: { knownTextHash: LoadMemo["knownHash"] } | undefined,
  ) {}

  static open(folder: string, stats?: { knownTextHash: LoadMemo["knownHash"] }): LoadCache {
    return new LoadCache(memoStore(), `catalogue/${folderKey(folder)}`, stats);
  }

  knownHash(name: string, stats: BigIntStats): string | undefined {
    return this.stats?.knownTextHash(name, stats);
  }

  /** What file `name` gave when it held the text of hash `textHash` (sha256 of the text), if that is recorded. */
  recall(name: string, textHash: string): ReadFile | undefined {
    const record = recall(this.store, this.stage, name, loadKey(textHash), isLoadRecord);
    return record === undefined ? undefined : readFileOf(record);
  }

  /** What file `name` gave with the text of hash `hash`. */
  keep(name: string, hash: string, read: ReadFile): void {
    this.made.set(name, { hash, read });
  }

  /** Writes the records made for the files in `names` and drops those of files not among them (best effort). */
  done(names: readonly string[]): void {
    for (const name of names) {
      const made = this.made.get(name);
      if (made !== undefined) remember(this.store, this.stage, name, loadKey(made.hash), recordOf(made.read));
    }
    forgetOthers(this.store, this.stage, names);
  }
}

function loadKey(textHash: string): MemoKey {
  return { content: `${textHash} ${loader()}`, code: false };
}

/** The key of a file's data deserialized only when first read: a module's operations. */
const LATER = "operations";

function recordOf({ data, operationRanges, lineStarts }: ReadFile): LoadRecord {
  const later = isObject(data) && Object.hasOwn(data, LATER);
  return { data: later ? { ...data, [LATER]: null } : data, operations: later ? folded(data[LATER]) : undefined, operationRanges, lineStarts };
}

function isLoadRecord(value: unknown): value is LoadRecord {
  if (!isObject(value) || !Array.isArray(value.lineStarts) || !(value.operationRanges === undefined || Array.isArray(value.operationRanges))) return false;
  return value.operations === undefined || (Buffer.isBuffer(value.operations) && isObject(value.data) && Object.hasOwn(value.data, LATER));
}

/** The record's file as the loader gives it: its operations (when folded) a property deserialized when first read, in its place among the keys. */
function readFileOf({ data, operations, operationRanges, lineStarts }: LoadRecord): ReadFile {
  if (operations !== undefined) {
    const settle = (value: unknown) => Object.defineProperty(data, LATER, { value, writable: true, enumerable: true, configurable: true });
    Object.defineProperty(data, LATER, {
      get() {
        const made = unfold(operations);
        settle(made);
        return made;
      },
      set: settle,
      enumerable: true,
      configurable: true,
    });
  }
  return { data, operationRanges, lineStarts };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// The checked model, kept per catalogue file (src/reuse/kept-model.ts): an index of the files a
// full check found sound, with the context they were checked in, and each file's share of the
// model as a memo value of its own (a regenerate reads them all but writes only the changed ones).
// Both keyed by catalogen's own code (the memo's default), so a new build never reads what an older one kept.

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

/** A file's part as kept: its module's operations, and what they claim across files (their heads), folded. */
export interface KeptPart {
  part: ModelPart;
  operations?: Buffer;
  heads?: Buffer;
}

export class ModelCache {
  private constructor(
    private readonly store: MemoStore,
    /** The catalogue folder's name in the cache folder. */
    private readonly unit: string,
  ) {}

  static open(folder: string): ModelCache {
    return new ModelCache(memoStore(), folderKey(folder));
  }

  /** The index, when one was kept by this build of catalogen. */
  index(): KeptIndex | undefined {
    return recall(this.store, `model/${this.unit}`, "index", { content: "" }, isIndex);
  }

  /** The kept part of file `name` made from text of hash `hash` in `context`, if there is one. */
  part(name: string, hash: string, context: string): KeptPart | undefined {
    return recall(this.store, `model/${this.unit}/parts`, name, { content: `${hash} ${context}` }, isKeptPart);
  }

  /** The module keys kept in `context` (src/reuse/module-keys.ts), per file name; undefined when none were. */
  moduleKeys(context: string): Record<string, KeptModuleKey> | undefined {
    return recall(this.store, "module-keys", this.unit, { content: context }, isObject as (value: unknown) => value is Record<string, KeptModuleKey>);
  }

  /** Keeps the module keys of `context` (best effort). */
  saveModuleKeys(context: string, files: Record<string, KeptModuleKey>): void {
    remember(this.store, "module-keys", this.unit, { content: context }, files);
  }

  /** Writes the parts given (by file name, with their text's hash), drops those of files not in the index, then writes the index (best effort). */
  save(index: KeptIndex, parts: ReadonlyMap<string, { hash: string; kept: KeptPart }>): void {
    const stage = `model/${this.unit}/parts`;
    for (const [name, { hash, kept }] of parts) remember(this.store, stage, name, { content: `${hash} ${index.context}` }, kept);
    forgetOthers(this.store, stage, Object.keys(index.files));
    remember(this.store, `model/${this.unit}`, "index", { content: "" }, index);
  }
}

function isIndex(value: unknown): value is KeptIndex {
  return isObject(value) && typeof value.context === "string" && isObject(value.files);
}

function isKeptPart(value: unknown): value is KeptPart {
  return isObject(value) && isObject(value.part) && (value.operations === undefined || (Buffer.isBuffer(value.operations) && Buffer.isBuffer(value.heads)));
}
