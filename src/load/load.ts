// Reads catalogue/*.yaml into YAML documents that remember where every node came from.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from "yaml";
import type { Diagnostic } from "../shared/diagnostic.js";
import { yamlStructureProblems } from "../shared/yaml-structure.js";
import { LoadCache, type ReadFile } from "./cache.js";
import { displayPath, listCatalogueFiles, unreadable } from "./files.js";
import { misindentedLine } from "./indentation.js";
import { MAX_ALIAS_NODES, MAX_CATALOGUE_BYTES, MAX_FILE_BYTES, MAX_NESTING } from "./limits.js";
import { parseInTwo, parseShared } from "./parallel-parse.js";

export interface CatalogueFile {
  /** As shown in messages: relative to the working directory. */
  displayPath: string;
  /** File name, e.g. `items.yaml`. */
  name: string;
  text: string;
  /**
   * The YAML document, with every node's position. A file that reads without problems drops it
   * once its data is out (the documents of a large catalogue are most of the loader's memory)
   * and parses again only when a diagnostic needs a position.
   */
  readonly document: Document;
  lineCounter: LineCounter;
  /** Where each operation of `operations` starts and ends (offsets): its `source`, without the document. */
  operationRanges?: [start: number, end: number][] | undefined;
  /** Plain data (undefined when the file has YAML errors). */
  data: unknown;
  /** Why the file could not be read as data (YAML syntax, aliases, nesting), each positioned. */
  problems: Diagnostic[];
}

export interface LoadResult {
  files: CatalogueFile[];
  diagnostics: Diagnostic[];
}

export type YamlPath = readonly (string | number)[];

export async function loadCatalogue(dir: string): Promise<LoadResult> {
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
  // parse what the load record does not hold, on two threads when that is worth it. The order of
  // files and of diagnostics is the order of the names either way.
  const read: (Diagnostic | { path: string; name: string; text: string })[] = [];
  let total = 0;
  for (const name of names) {
    const path = join(dir, name);
    let size;
    try {
      size = statSync(path).size;
    } catch (error) {
      throw unreadable(path, error, "catalogue file");
    }
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
    let text;
    try {
      text = readFileSync(path, "utf8");
    } catch (error) {
      throw unreadable(path, error, "catalogue file");
    }
    read.push({ path, name, text });
  }
  const cache = LoadCache.open(dir);
  const files = new Map<number, CatalogueFile>();
  const toParse: number[] = [];
  let toParseBytes = 0;
  for (const [index, item] of read.entries()) {
    if (!("text" in item)) continue;
    const cached = cache.get(item.name, item.text);
    if (cached) files.set(index, fromRecord(displayPath(item.path), item.name, item.text, cached));
    else {
      toParse.push(index);
      toParseBytes += item.text.length;
    }
  }
  const parseHere = (index: number): void => {
    const item = read[index] as { path: string; name: string; text: string };
    files.set(index, parseCatalogueFile(displayPath(item.path), item.name, item.text));
  };
  if (toParse.length > 1 && parseInTwo(toParseBytes)) {
    const texts = toParse.map((index) => (read[index] as { text: string }).text);
    const remote = await parseShared(texts, (at) => parseHere(toParse[at]!));
    for (const [at, index] of toParse.entries()) {
      if (files.has(index)) continue;
      const item = read[index] as { path: string; name: string; text: string };
      const parsed = remote.get(at);
      if (parsed) files.set(index, fromRecord(displayPath(item.path), item.name, item.text, parsed));
      else parseHere(index);
    }
  } else for (const index of toParse) parseHere(index);
  for (const index of toParse) {
    const file = files.get(index)!;
    if (file.problems.length === 0 && survivesJson(file.data)) {
      cache.set(file.name, file.text, { data: file.data, operationRanges: file.operationRanges, lineStarts: file.lineCounter.lineStarts });
    }
  }
  const loaded: CatalogueFile[] = [];
  for (const [index, item] of read.entries()) {
    const file = files.get(index);
    if (file === undefined) diagnostics.push(item as Diagnostic);
    else {
      loaded.push(file);
      diagnostics.push(...file.problems);
    }
  }
  cache.save(loaded.filter((file) => file.problems.length === 0).map((file) => file.name));
  return { files: loaded, diagnostics };
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** A file as a parse that found no problems gave it (the load record, or the parsing worker): its document parsed again only when asked for. */
function fromRecord(displayPath: string, name: string, text: string, record: ReadFile): CatalogueFile {
  const lineCounter = new LineCounter();
  for (const start of record.lineStarts) lineCounter.addNewLine(start);
  return withLazyDocument({ displayPath, name, text, lineCounter, data: record.data, problems: [], operationRanges: record.operationRanges }, undefined);
}

/** `file` with `document`: `parsed` until `dropDocument`, then parsed again when asked for. */
function withLazyDocument(file: Omit<CatalogueFile, "document">, parsed: Document | undefined): CatalogueFile & { dropDocument(): void } {
  let document = parsed;
  return Object.defineProperties(file, {
    document: { get: () => (document ??= parseDocument(file.text, { prettyErrors: false, uniqueKeys: true })), enumerable: true },
    dropDocument: { value: () => (document = undefined) },
  }) as CatalogueFile & { dropDocument(): void };
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

export function parseCatalogueFile(displayPath: string, name: string, text: string): CatalogueFile {
  const lineCounter = new LineCounter();
  const file = withLazyDocument(
    { displayPath, name, text, lineCounter, data: undefined, problems: [] },
    parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true }),
  );
  // A line indented out of place: that line, once, rather than what the parser makes of it.
  const misindented = file.document.errors.length > 0 ? misindentedLine(text) : undefined;
  if (misindented) {
    const start = file.lineCounter.lineStarts[misindented.line - 1] ?? 0;
    file.problems.push({ ...locate(file, start + misindented.indent, start + misindented.indent + 1), message: misindented.message, hint: misindented.hint });
  }
  for (const error of misindented ? [] : file.document.errors) {
    const [start, end] = error.pos;
    const tooDeep = /Maximum call stack size exceeded/.test(error.message);
    file.problems.push({
      ...locate(file, start, end),
      message: tooDeep ? "the file nests mappings and lists too deeply to be read" : `YAML syntax error: ${error.message.split("\n")[0]}`,
      hint: tooDeep
        ? "declare the inner parts as named types and refer to them with { ref: Name }"
        : "fix the YAML syntax; nothing else in this file is checked until it parses",
    });
  }
  if (file.problems.length === 0) file.problems.push(...structureProblems(file));
  if (file.problems.length === 0) {
    try {
      file.data = file.document.toJS({ maxAliasCount: -1 });
    } catch (error) {
      // structureProblems() catches what toJS refuses; this is the last line of defence.
      file.problems.push({ ...locate(file, 0, 1), message: `the file cannot be read as data: ${(error as Error).message}` });
    }
  }
  if (file.problems.length === 0) {
    file.operationRanges = operationRanges(file.document);
    file.dropDocument();
  }
  return file;
}

function operationRanges(document: Document): [number, number][] | undefined {
  const contents = document.contents;
  if (!isMap(contents)) return undefined;
  const pair = contents.items.find((item) => isScalar(item.key) && item.key.value === "operations");
  if (!pair || !isSeq(pair.value)) return undefined;
  return pair.value.items.map((item) => {
    const [start = 0, end = start + 1] = (item as Node | null)?.range ?? [];
    return [start, end];
  });
}

/**
 * What the YAML parser accepts but the catalogue cannot hold (src/shared/yaml-structure.ts), found
 * without expanding anything. Each with its position; at most one of each kind.
 */
function structureProblems(file: CatalogueFile): Diagnostic[] {
  return yamlStructureProblems(file.document, { aliasNodes: MAX_ALIAS_NODES, nesting: MAX_NESTING }).map(({ kind, node }) => {
    const [start = 0, end = start + 1] = node.range ?? [];
    const source = isAlias(node) ? node.source : "";
    const texts: Record<typeof kind, [message: string, hint: string]> = {
      alias: [`alias *${source} names no anchor before it`, `declare &${source} on an earlier value, or write the value out`],
      circular: [`alias *${source} lies inside the value it names, which would make that value contain itself`, "write the value out instead of the alias"],
      bomb: [`aliases in this file expand to more than ${MAX_ALIAS_NODES} values`, "write the repeated parts out, or declare them once as named types"],
      key: ["a key must be plain text", "write the key as a plain word or a quoted string"],
      depth: [`the file nests mappings and lists more than ${MAX_NESTING} deep`, "declare the inner parts as named types and refer to them with { ref: Name }"],
    };
    const [message, hint] = texts[kind];
    return { ...locate(file, start, end), message, hint };
  });
}

/** Where the text ends, trailing white space left out; found from the end (a file may have many problems). */
function textEnd(text: string): number {
  let end = text.length;
  while (end > 0 && /\s/.test(text.charAt(end - 1))) end -= 1;
  return end;
}

/** Line, column and length of an offset range in a file. */
export function locate(file: CatalogueFile, start: number, end: number): Pick<Diagnostic, "file" | "line" | "column" | "length"> {
  // A problem found at the end of the file (an unclosed bracket, say) is shown at the last text.
  const lastText = textEnd(file.text);
  if (start >= lastText && lastText > 0) [start, end] = [lastText - 1, lastText];
  const { line, col } = file.lineCounter.linePos(start);
  const lineEnd = file.text.indexOf("\n", start);
  const stop = Math.min(end, lineEnd === -1 ? file.text.length : lineEnd);
  return { file: file.displayPath, line, column: col, length: Math.max(1, stop - start) };
}

/**
 * Where a path into the data sits in the file: the value node, or with `key: true` the key of
 * the last segment. Falls back to the deepest node that exists.
 */
export function locatePath(
  file: CatalogueFile,
  path: YamlPath,
  options: { key?: boolean } = {},
): Pick<Diagnostic, "file" | "line" | "column" | "length"> {
  const operation = path.length === 2 && path[0] === "operations" && typeof path[1] === "number" ? file.operationRanges?.[path[1]] : undefined;
  if (operation) return locate(file, operation[0], operation[1]);
  let node: unknown = file.document.contents;
  let range: readonly number[] | undefined = (node as Node | null)?.range ?? [0, 1];
  for (const [index, segment] of path.entries()) {
    const last = index === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(segment));
      if (!pair) break;
      if (last && options.key && isScalar(pair.key)) {
        range = pair.key.range ?? range;
        break;
      }
      node = pair.value;
    } else if (isSeq(node) && typeof segment === "number") {
      node = node.items[segment];
    } else {
      break;
    }
    range = (node as Node | null)?.range ?? range;
  }
  const [start = 0, end = start + 1] = range ?? [];
  return locate(file, start, end);
}
