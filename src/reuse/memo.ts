// The one memo of the reuse layer: a stage's output for one unit (a catalogue file's load record
// and model part, a catalogue folder's module keys, a target's facts, a living source's inputs...)
// kept in the cache folder with the key it was made for. The key is content: what the output was
// made from (an input text's hash, the options), and catalogen's own code unless the caller says
// the output does not depend on it. Asked with another key, or when the kept value is unreadable,
// `recall` finds nothing: the caller makes the output again and `remember`s it in place of the old
// one (one file per stage and unit; `forgetOthers` drops the units a run no longer made: the
// eviction rule of docs/architecture.md). Best effort: a cache folder that cannot be written
// changes nothing but time.
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { deserialize, serialize } from "node:v8";
import { cacheDirectory, readCacheValue, writeCacheValue } from "../shared/cache-directory.js";
import { sha256 } from "../shared/hash.js";
import { generatorCode } from "./code-version.js";

/** Where a run's memos are kept: the cache folder, or none (`CATALOGEN_CACHE_DIR=off`, no node_modules). */
export interface MemoStore {
  readonly folder: string | undefined;
}

export function memoStore(): MemoStore {
  return { folder: cacheDirectory() };
}

export interface MemoKey {
  /** What the output is made from, as text (hashes, options). */
  content: string;
  /** False: the output does not depend on catalogen's own code (default true: a new build makes it again). */
  code?: boolean;
}

/** The kept output of `stage` for `unit` when it was made for `key` and `accept` takes it; else undefined. */
export function recall<T>(store: MemoStore, stage: string, unit: string, key: MemoKey, accept: (value: unknown) => value is T): T | undefined {
  const path = memoFile(store, stage, unit);
  if (path === undefined) return undefined;
  const kept = readCacheValue(path) as { key?: unknown; value?: unknown } | undefined;
  return kept?.key === keyText(key) && accept(kept.value) ? kept.value : undefined;
}

/** Keeps `value` as `stage`'s output for `unit` made for `key`, in place of the one kept before. */
export function remember(store: MemoStore, stage: string, unit: string, key: MemoKey, value: unknown): void {
  const path = memoFile(store, stage, unit);
  if (path === undefined) return;
  try {
    writeCacheValue(path, { key: keyText(key), value });
  } catch {
    // best effort: made again next time
  }
}

/**
 * Drops the kept outputs of `stage` for units not among `units` (the eviction rule: a unit a run no
 * longer made, a catalogue file removed). Best effort.
 */
export function forgetOthers(store: MemoStore, stage: string, units: readonly string[]): void {
  if (store.folder === undefined) return;
  const folder = join(store.folder, stage);
  const kept = new Set(units.map(fileName));
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  // A temporary file is a write under way (src/shared/cache-directory.ts).
  for (const name of names.filter((name) => !kept.has(name) && !name.endsWith(".tmp"))) {
    try {
      rmSync(join(folder, name), { force: true });
    } catch {
      // a folder: not a unit's
    }
  }
}

/** Part of a memo value deserialized only when `unfold`ed: a large part (a module's operations) that a run that keeps it may never read. */
export function folded(value: unknown): Buffer {
  return serialize(value);
}

export function unfold(bytes: Buffer): unknown {
  return deserialize(bytes);
}

/** `<cache>/<stage>/<unit>.json`. */
function memoFile(store: MemoStore, stage: string, unit: string): string | undefined {
  return store.folder === undefined ? undefined : join(store.folder, stage, fileName(unit));
}

/** A unit that is a name (a target's facts) keeps it; another (a path, a file name) is hashed. */
function fileName(unit: string): string {
  return `${/^[\w-]{1,64}$/.test(unit) ? unit : sha256(unit).slice(0, 32)}.json`;
}

function keyText(key: MemoKey): string {
  return key.code === false ? key.content : `${generatorCode()}\n${key.content}`;
}
