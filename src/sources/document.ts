// A living source's OpenAPI document -> the catalogue's Raw shapes, in memory: the importer's own
// conversion (src/import), with no YAML written and parsed again. A conversion is kept by the
// content hash of every file it read (the document and the files its $refs name), in the cache
// folder (node_modules/.cache/catalogen/living/) and in the Conversions a long-lived caller (the
// watcher) hands in, so a run whose document did not change does not convert it again.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ImportedCatalogue } from "../import/ir.js";
import { cacheDirectory, readCacheValue, writeCacheValue } from "../shared/cache-directory.js";
import { sha256 } from "../shared/hash.js";
import { readRegularFile } from "../shared/confined-files.js";
import { MAX_DOCUMENT_BYTES } from "../import/bounds.js";

export interface DocumentOptions {
  moduleBy?: "tag" | "path";
  tokenKindsExtension?: string;
  limitsExtension?: string;
}

/** How an operation of the converted catalogue is known in the document. */
export interface OperationKey {
  /** The document's operationId, when it has one. */
  operationId?: string;
  /** `GET /pets/{petId}`, the path as the document writes it. */
  route: string;
  /** Where it is declared in the document: file (absolute), line and column (1-based). */
  at: { file: string; line: number; column: number };
}

export interface ConvertedDocument {
  catalogue: ImportedCatalogue;
  /** Parallel to catalogue.modules[m].operations. */
  keys: OperationKey[][];
  /** Every file read, with the hash of its text. */
  files: { path: string; hash: string }[];
}

/**
 * Documents converted, by document and options, that a long-lived caller keeps across its runs
 * (`generate --watch`): an unchanged one is then neither converted nor read from the store again
 * (GitHub's document: a change run of the catalogue's file 0.84 s against 1.5 s).
 */
export type Conversions = Map<string, ConvertedDocument>;

/**
 * The document at `path` (absolute), which must lie in the folder `inside` after links, converted;
 * throws the importer's ImportError when it cannot be read. `conversions`: the caller's, kept
 * across its runs.
 */
export async function convertDocument(path: string, options: DocumentOptions, cwd: string, inside: string, conversions?: Conversions): Promise<ConvertedDocument> {
  const key = cacheKey(path, options);
  const known = conversions?.get(key) ?? readRecord(key);
  if (known && stillTheSame(known.files)) {
    conversions?.set(key, known);
    return known;
  }
  const { importOpenApi } = await import("../import/index.js");
  const result = importOpenApi(path, { cwd, ...options, documentInside: inside });
  const places = new Map(result.operations.map((entry) => [entry.operation, entry.place]));
  const texts = new Map<string, string>();
  const textOf = (file: string): string => {
    let text = texts.get(file);
    // As the converter read it (not read again: the hash is of what was converted).
    if (text === undefined) texts.set(file, (text = result.docs.text(file) ?? readFileSync(file, "utf8")));
    return text;
  };
  const positions = new Map<string, Positions>();
  const keys = result.catalogue.modules.map((module) =>
    module.operations.map((operation): OperationKey => {
      const place = places.get(operation)!;
      const data = result.docs.get(place) as Record<string, unknown> | undefined;
      const operationId = typeof data?.operationId === "string" ? data.operationId : undefined;
      const documentPath = place.file === result.docs.root.file && place.path[0] === "paths" && place.path[1] !== undefined ? place.path[1] : operation.path;
      let found = positions.get(place.file);
      if (!found) positions.set(place.file, (found = new Positions(textOf(place.file))));
      return { ...(operationId !== undefined && { operationId }), route: `${operation.method} ${documentPath}`, at: { file: place.file, ...found.of(operationId, documentPath) } };
    }),
  );
  const files = result.docs.fileNames().map((file) => ({ path: file, hash: sha256(textOf(file)) }));
  const converted: ConvertedDocument = { catalogue: result.catalogue, keys, files };
  conversions?.set(key, converted);
  writeRecord(key, converted);
  return converted;
}

/**
 * Where operations are written in a document's text, found without parsing it again: the
 * `operationId` line when there is one, else the path's key. One scan, then a binary search per offset.
 */
class Positions {
  private readonly ids = new Map<string, number>();
  private lineStarts: number[] | undefined;

  constructor(private readonly text: string) {
    for (const match of text.matchAll(/["']?operationId["']?\s*:\s*["']?([^"'\s,}]+)/g)) if (!this.ids.has(match[1]!)) this.ids.set(match[1]!, match.index);
  }

  of(operationId: string | undefined, path: string): { line: number; column: number } {
    let offset = operationId === undefined ? undefined : this.ids.get(operationId);
    if (offset === undefined) {
      // The path's key: "/pets": in JSON, /pets: in YAML (one search per operation without an id).
      const json = this.text.indexOf(`"${path}"`);
      const index = json !== -1 ? json : this.text.indexOf(`${path}:`);
      offset = Math.max(0, index);
    }
    return this.position(offset);
  }

  private position(offset: number): { line: number; column: number } {
    if (!this.lineStarts) {
      this.lineStarts = [0];
      for (let i = this.text.indexOf("\n"); i !== -1; i = this.text.indexOf("\n", i + 1)) this.lineStarts.push(i + 1);
    }
    let [low, high] = [0, this.lineStarts.length - 1];
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low]! + 1 };
  }
}

function stillTheSame(files: readonly { path: string; hash: string }[]): boolean {
  try {
    // Read as the importer reads them (a regular file, never through a link): the hash is of its text.
    return files.every((file) => sha256(readRegularFile(file.path, MAX_DOCUMENT_BYTES).toString("utf8")) === file.hash);
  } catch {
    return false;
  }
}

// A process-wide memo of a constant (the importer's code hash); no run's data.
let converterHash: string | undefined;

/** Hash of what converts a document: the importer's code and the yaml package's version. */
function converter(): string {
  if (converterHash === undefined) {
    const hash = createHash("sha256");
    const folders = [join(dirname(fileURLToPath(import.meta.url)), "..", "import"), dirname(fileURLToPath(import.meta.url))];
    for (const folder of folders) for (const name of readdirSync(folder).sort()) if (/\.[jt]s$/.test(name)) hash.update(name).update(readFileSync(join(folder, name)));
    hash.update(String((createRequire(import.meta.url)("yaml/package.json") as { version: string }).version));
    converterHash = hash.digest("hex");
  }
  return converterHash;
}

function cacheKey(path: string, options: DocumentOptions): string {
  return sha256(JSON.stringify([converter(), resolve(path), options.moduleBy ?? "tag", options.tokenKindsExtension ?? null, options.limitsExtension ?? null]));
}

function recordFile(key: string): string | undefined {
  const dir = cacheDirectory();
  return dir === undefined ? undefined : join(dir, "living", `${key.slice(0, 32)}.json`);
}

function readRecord(key: string): ConvertedDocument | undefined {
  const file = recordFile(key);
  if (file === undefined) return undefined;
  try {
    const record = readCacheValue(file) as { key?: string; converted?: ConvertedDocument };
    return record.key === key && record.converted && Array.isArray(record.converted.files) ? record.converted : undefined;
  } catch {
    return undefined;
  }
}

function writeRecord(key: string, converted: ConvertedDocument): void {
  const file = recordFile(key);
  if (file === undefined) return;
  try {
    // A value JSON cannot give back as it is (an infinite bound, -0) is not recorded: the next run converts again.
    if (!jsonExact(converted)) return;
    writeCacheValue(file, { key, converted });
  } catch {
    // best effort: the next run converts the document again
  }
}

/** Whether JSON gives `value` back as it is: no number JSON cannot write (NaN, an infinity, -0). A walk: a replacer function costs a call per value. */
function jsonExact(value: unknown): boolean {
  if (typeof value === "number") return Number.isFinite(value) && !Object.is(value, -0);
  if (value === null || typeof value !== "object") return true;
  if (Array.isArray(value)) {
    for (const item of value) if (!jsonExact(item)) return false;
    return true;
  }
  for (const key in value) if (!jsonExact((value as Record<string, unknown>)[key])) return false;
  return true;
}
