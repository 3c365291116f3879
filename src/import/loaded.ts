// The catalogue import writes, as the loader would read it, without parsing the YAML again: each
// file's data is the intermediate as JSON gives it back (what the YAML says: undefined values are
// left out of both), its line starts and operation ranges are found in the text it was written to.
// Parsing 1,222 operations' worth of YAML again was a third of GitHub's import (BENCHMARKS.md);
// test/import/direct-path.test.ts checks on real documents that a parse gives the same.
// The records go into the load cache of the folder the catalogue is written to, so the first
// generate does not parse it either.
import { LineCounter, type Document } from "yaml";
import { sha256 } from "../shared/hash.js";
import { parseYamlDocument } from "../shared/yaml-parse.js";
import type { CatalogueFile } from "../load/load.js";
import { LoadCache } from "../reuse/records.js";
import { displayPath } from "../load/files.js";
import { MAX_CATALOGUE_BYTES, MAX_FILE_BYTES, MAX_NESTING } from "../load/limits.js";
import type { CatalogueText } from "./yaml.js";

export interface DirectFile {
  name: string;
  text: string;
  data: unknown;
  lineStarts: number[];
  operationRanges: [number, number][] | undefined;
}

/**
 * The files with their data, or undefined when the loader's own checks could refuse them (a file or
 * the catalogue over its size bound, nesting near the bound): those are read back from disk instead.
 */
export function directFiles(files: readonly (CatalogueText & { data: unknown })[]): DirectFile[] | undefined {
  let total = 0;
  const direct: DirectFile[] = [];
  for (const file of files) {
    const bytes = Buffer.byteLength(file.text);
    total += bytes;
    if (bytes > MAX_FILE_BYTES || total > MAX_CATALOGUE_BYTES) return undefined;
    const data = JSON.parse(JSON.stringify(file.data)) as unknown;
    if (nesting(data) > MAX_NESTING - 8) return undefined;
    direct.push({ name: file.name, text: file.text, data, lineStarts: lineStarts(file.text), operationRanges: operationRanges(file.text) });
  }
  return direct;
}

/** Catalogue files as `loadCatalogue` gives them, for files that are (or are about to be) in `dir`. */
export function asCatalogueFiles(files: readonly DirectFile[], dir: string): CatalogueFile[] {
  return files.map((file) => {
    const lineCounter = new LineCounter();
    for (const start of file.lineStarts) lineCounter.addNewLine(start);
    let document: Document | undefined;
    const loaded = { displayPath: displayPath(`${dir}/${file.name}`), name: file.name, text: file.text, lineCounter, data: file.data, problems: [], operationRanges: file.operationRanges };
    return Object.defineProperty(loaded, "document", {
      get: () => (document ??= parseYamlDocument(file.text, { prettyErrors: false, uniqueKeys: true })),
      enumerable: true,
    }) as unknown as CatalogueFile;
  });
}

/** Records the files in `dir`'s load cache (best effort, as every use of that cache). */
export function recordInLoadCache(files: readonly DirectFile[], dir: string): void {
  const cache = LoadCache.open(dir);
  for (const file of files) cache.keep(file.name, sha256(file.text), { data: file.data, operationRanges: file.operationRanges, lineStarts: file.lineStarts });
  cache.done(files.map((file) => file.name));
}

/** Offsets where lines start, as the YAML parser's line counter records them. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

/**
 * Where each item of the top-level `operations:` list starts (after its `- `) and ends (after its
 * last line that is not blank), in text written by ./yaml.ts: items are the lines that begin
 * `  - ` (anything nested inside an item, literal block text included, is indented further).
 */
export function operationRanges(text: string): [number, number][] | undefined {
  const section = text.startsWith("operations:\n") ? 0 : text.indexOf("\noperations:\n") + 1;
  if (section === 0 && !text.startsWith("operations:\n")) return undefined;
  const ranges: [number, number][] = [];
  let lastEnd = -1;
  let at = text.indexOf("\n", section) + 1;
  while (at > 0 && at < text.length) {
    const next = text.indexOf("\n", at);
    const end = next === -1 ? text.length : next + 1;
    if (text.startsWith("  - ", at)) {
      if (ranges.length > 0) ranges[ranges.length - 1]![1] = lastEnd;
      ranges.push([at + 4, end]);
      lastEnd = end;
    } else if (text.charCodeAt(at) !== 32 && text.charCodeAt(at) !== 10) break; // the next top-level key
    else if (!isBlank(text, at, end)) lastEnd = end;
    at = end;
  }
  if (ranges.length > 0) ranges[ranges.length - 1]![1] = lastEnd;
  return ranges;
}

function isBlank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code !== 32 && code !== 10 && code !== 13 && code !== 9) return false;
  }
  return true;
}

function nesting(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    // What JSON and YAML would give back differently (non-finite numbers, -0, holes): read back from disk.
    if (item === undefined || (typeof item === "number" && (!Number.isFinite(item) || Object.is(item, -0)))) return Infinity;
    if (item === null || typeof item !== "object") continue;
    if (depth + 1 > deepest) deepest = depth + 1;
    const inner = Array.isArray(item) ? item : Object.values(item).filter((value) => value !== undefined);
    for (const value of inner) stack.push([value, depth + 1]);
  }
  return deepest;
}
