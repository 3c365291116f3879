// One catalogue file's text -> its YAML document (every node's position) and plain data, with what
// keeps it from being read; and positions in it for diagnostics. A leaf of the loader (load.ts).
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, type Document, type Node } from "yaml";
import type { Diagnostic } from "../shared/diagnostic.js";
import { parseYamlDocument } from "../shared/yaml-parse.js";
import { yamlStructureProblems } from "../shared/yaml-structure.js";
import { readYamlFast } from "./fast-yaml.js";
import { misindentedLine } from "./indentation.js";
import { MAX_ALIAS_NODES, MAX_NESTING } from "./limits.js";

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
  /** True when JSON gives `data` back as it is, known without a walk (the fast path knows it: ./fast-yaml.ts). */
  jsonSafe?: boolean;
  /** Why the file could not be read as data (YAML syntax, aliases, nesting), each positioned. */
  problems: Diagnostic[];
}

export type YamlPath = readonly (string | number)[];

/** `file` with `document`: `parsed` until `dropDocument`, then parsed again when asked for. */
export function withLazyDocument(file: Omit<CatalogueFile, "document">, parsed: Document | undefined): CatalogueFile & { dropDocument(): void } {
  let document = parsed;
  return Object.defineProperties(file, {
    document: { get: () => (document ??= parseYamlDocument(file.text, { prettyErrors: false, uniqueKeys: true })), enumerable: true },
    dropDocument: { value: () => (document = undefined) },
  }) as CatalogueFile & { dropDocument(): void };
}

export function parseCatalogueFile(displayPath: string, name: string, text: string): CatalogueFile {
  // The common case without a document (./fast-yaml.ts); anything it declines takes the full path below.
  const fast = readYamlFast(text);
  if (fast) {
    const { data, operationRanges, lineCounter, jsonSafe } = fast;
    return withLazyDocument({ displayPath, name, text, lineCounter, data, jsonSafe, problems: [], operationRanges }, undefined);
  }
  return parseCatalogueDocument(displayPath, name, text);
}

/** The full path: the whole YAML document, every problem with its position. */
export function parseCatalogueDocument(displayPath: string, name: string, text: string): CatalogueFile {
  const lineCounter = new LineCounter();
  const file = withLazyDocument(
    { displayPath, name, text, lineCounter, data: undefined, problems: [] },
    parseYamlDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true }),
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
