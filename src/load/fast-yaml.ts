// A catalogue file's plain data and operation ranges without a YAML document, for the simplest
// files: every line a `key: value`, a `- value`, a `- key: value`, a key or dash opening a nested
// block, a comment line or blank, cut into tokens by ./fast-yaml-scan.ts. That is what the bench
// catalogue's files are (written by yaml's stringify), and reading them so is what the cold
// 10,000-operation row buys: none of the yaml package's own layers (Lexer, Parser, Composer) is
// within three times of it (docs/architecture.md, "Speed pieces"; bench/yaml/layers.mjs).
//
// What is read: one document whose root is a block map at column 0; block maps and lists nested
// by indentation (a list may sit at its key's column); a value left empty is null; comment lines
// before the document, or between a value and the next key or item no deeper than it. Anything
// else (a line at a column no open block has, a duplicate key, a comment line where the Parser
// would keep it elsewhere, deep nesting...) declines, and the file takes the full path
// (parse-file.ts), which gives every diagnostic and position. Plain scalars resolve through the
// core schema's own tags, as the composer's findScalarTagByTest picks them; line starts are those
// the Parser's line counter records; operation ranges are the composer's node ranges.
// test/load/fast-yaml.test.ts checks that the result equals `parseDocument(text).toJS()` or the
// fast path declines, on every YAML file of the repository, a bench catalogue, tricky snippets and
// mutated files.
import { Document, isScalar, LineCounter, type ScalarTag } from "yaml";
import { simpleLines, type Token } from "./fast-yaml-scan.js";

export interface FastYaml {
  data: Record<string, unknown>;
  /** As parse-file.ts records them from the document: each `operations` item's range[0] and range[1]. */
  operationRanges: [number, number][] | undefined;
  lineCounter: LineCounter;
  /** True when JSON gives `data` back as it is: no plain scalar read as NaN, ±Infinity or -0. */
  jsonSafe: boolean;
}

/** The file's data, or undefined when it holds anything the fast path does not read. */
export function readYamlFast(text: string): FastYaml | undefined {
  const lines = simpleLines(text);
  if (lines === undefined) return undefined;
  try {
    return readLines(lines, text);
  } catch {
    return undefined; // declined, or anything unforeseen: the full path decides
  }
}

/** Deepest nesting read here: far below MAX_NESTING, so no file read fast would have had a depth problem. */
const FAST_NESTING = 128;

const refuse = (): never => {
  throw new Error("declined: the full path reads this file");
};

/** An open block: a map or a list, its column, and the key or item that waits for a nested block. */
interface Block {
  map: Record<string, unknown> | undefined;
  list: unknown[] | undefined;
  indent: number;
  /** Offset of its first key or dash: its range[0]. */
  start: number;
  /** range[2] of its last value: its own range[1] and range[2]. */
  end: number;
  /** A key or item waits for its value (a nested block, else null). */
  waiting: boolean;
  key: string;
  /** Where that null would be: after the indicator. */
  emptyAt: number;
  /** The root's `operations` list: its items' ranges are recorded. */
  ranges: [number, number][] | undefined;
  /** The root map, whose `operations` key opens the list of ranges. */
  root: boolean;
}

function readLines(lines: NonNullable<ReturnType<typeof simpleLines>>, text: string): FastYaml {
  const lineCounter = new LineCounter();
  lineCounter.addNewLine(0);
  const blocks: Block[] = [];
  const operations: [number, number][] = [];
  let operationsFound = false;
  let jsonSafe = true;
  /** The deepest column of the comment lines since the last content line (-1: none). */
  let commentColumn = -1;

  const scalar = (token: Token, atKey: boolean): unknown => {
    // The scan takes only double-quoted scalars without escapes on one line: their text is their value.
    if (!token.plain) return token.source.slice(1, -1);
    const value = plainValue(token.source, atKey);
    if (typeof value === "number" && !atKey && !(Number.isFinite(value) && !Object.is(value, -0))) jsonSafe = false;
    return value;
  };
  const putValue = (block: Block, value: unknown, start: number, valueEnd: number, end: number): void => {
    if (block.map) setEntry(block.map, block.key, value);
    else {
      block.list!.push(value);
      block.ranges?.push([start, valueEnd]);
    }
    block.waiting = false;
    block.end = end;
  };
  const putNull = (block: Block): void => putValue(block, null, block.emptyAt, block.emptyAt, block.emptyAt);
  /** Closes the top block: its waiting key or item gets null; it becomes its parent's value. */
  const close = (): void => {
    const block = blocks.pop()!;
    if (block.waiting) putNull(block);
    const parent = blocks[blocks.length - 1];
    if (parent) putValue(parent, block.map ?? block.list!, block.start, block.end, block.end);
  };
  const open = (kind: "map" | "list", indent: number, start: number): Block => {
    if (blocks.length >= FAST_NESTING) refuse();
    const parent = blocks[blocks.length - 1];
    let ranges: [number, number][] | undefined;
    if (parent?.root && parent.key === "operations") {
      if (kind !== "list") refuse(); // the full path works the ranges out
      ranges = operations;
      operationsFound = true;
    }
    const block: Block = { map: kind === "map" ? {} : undefined, list: kind === "list" ? [] : undefined, indent, start, end: start, waiting: false, key: "", emptyAt: 0, ranges, root: parent === undefined };
    blocks.push(block);
    return block;
  };
  /** A key at `column`, after closing what it ends: the map it belongs to. */
  const mapForKey = (column: number, start: number): Block => {
    while (blocks.length > 0 && blocks[blocks.length - 1]!.indent > column) close();
    let top = blocks[blocks.length - 1];
    // A list at its key's column ends at the next key of that map.
    if (top?.list && top.indent === column && blocks[blocks.length - 2]?.map && blocks[blocks.length - 2]!.indent === column) {
      close();
      top = blocks[blocks.length - 1];
    }
    if (top === undefined) return column === 0 ? open("map", 0, start) : refuse();
    if (top.map && top.indent === column) {
      if (top.waiting) putNull(top);
      return top;
    }
    if (top.waiting && top.indent < column) return open("map", column, start);
    return refuse();
  };
  /** A dash at `column`: the list it belongs to. */
  const listForDash = (column: number, start: number): Block => {
    while (blocks.length > 0 && blocks[blocks.length - 1]!.indent > column) close();
    const top = blocks[blocks.length - 1];
    if (top === undefined) return refuse();
    if (top.list && top.indent === column) {
      if (top.waiting) putNull(top);
      return top;
    }
    // A list as a key's value may sit at the key's column; as an item's value it is indented further.
    if (top.waiting && (top.map ? top.indent <= column : top.indent < column)) return open("list", column, start);
    return refuse();
  };

  /** One line: `[- ][key:][ value]` or a comment line. `end`: after its line break (the values' range[2]). */
  const readLine = (tokens: Token[], column: number, end: number): void => {
    let token = tokens[0]!;
    if (!token.plain && token.source.charCodeAt(0) === 35 /* # */) {
      // Comment lines before the document are the stream's. Inside it, only where the Parser gives
      // them to the next key or item: after a complete value, and not deeper than the next line.
      if (blocks.length === 0) return;
      if (blocks[blocks.length - 1]!.waiting) refuse();
      commentColumn = Math.max(commentColumn, column);
      return;
    }
    if (commentColumn > column) refuse();
    commentColumn = -1;
    let at = 0;
    let block: Block;
    if (token.source === "-" && !token.plain) {
      const list = listForDash(column, token.offset);
      list.waiting = true;
      list.emptyAt = token.offset + 1;
      // The scan gives a dash alone, or a dash and a key or value.
      token = tokens[1]!;
      if (token === undefined) return;
      if (tokens[2]?.source !== ":" || tokens[2].plain) {
        putValue(list, scalar(token, false), token.offset, token.offset + token.source.length, end); // `- value`
        return;
      }
      at = 1;
      block = open("map", token.offset - (tokens[0]!.offset - column), token.offset);
    } else {
      if (tokens[1]?.source !== ":" || tokens[1].plain) return refuse(); // a value on a line of its own
      block = mapForKey(column, token.offset);
    }
    // `key:` then a value, or nothing (a nested block or null follows)
    const name = keyName(block.map!, scalar(token, true));
    block.key = name;
    block.waiting = true;
    const colon = tokens[at + 1]!;
    if (colon.offset - token.offset > 1000) refuse(); // the composer's 1,024-character bound on implicit keys
    block.emptyAt = colon.offset + 1;
    const value = tokens[at + 2];
    if (value === undefined) return;
    if (block.root && name === "operations") refuse();
    putValue(block, scalar(value, false), value.offset, value.offset + value.source.length, end);
  };

  let content = false;
  for (const { start, indent, tokens, end } of lines) {
    if (end > start && text.charCodeAt(end - 1) === 10) lineCounter.addNewLine(end);
    if (tokens.length === 0) continue;
    content ||= tokens[0]!.source.charCodeAt(0) !== 35 || tokens[0]!.plain;
    readLine(tokens, indent, end);
  }
  if (!content || commentColumn !== -1 || blocks.length === 0) refuse(); // comment lines after the last value: the Parser's business
  while (blocks.length > 1) close();
  const root = blocks.pop()!;
  if (root.waiting) putNull(root);
  return { data: root.map!, operationRanges: operationsFound ? operations : undefined, lineCounter, jsonSafe };
}

const template = new Document(undefined, { uniqueKeys: true });
const scalarTags = template.schema.tags.filter((tag): tag is ScalarTag & { test: RegExp } => !("collection" in tag && tag.collection) && tag.test !== undefined);
// As the composer's findScalarTagByTest picks them, in the schema's order.
const valueTags = scalarTags.filter((tag) => tag.default === true);
const keyTags = scalarTags.filter((tag) => tag.default === true || tag.default === "key");

// Plain scalars repeat (`type: string`, `required: true`): their values are primitives, kept by
// source. Only short ones: V8 copies a substring under 13 characters, while a longer one is a slice
// that would keep the whole file's text alive for as long as the cache (watch mode, a server).
const CACHED_LENGTH = 12;
const plainValues = new Map<string, unknown>();
const plainKeys = new Map<string, unknown>();

/** A plain scalar's text as the composer and toJS resolve it. */
function plainValue(source: string, atKey: boolean): unknown {
  const known = source.length <= CACHED_LENGTH ? (atKey ? plainKeys : plainValues) : undefined;
  if (known?.has(source)) return known.get(source);
  let value: unknown = source;
  for (const tag of atKey ? keyTags : valueTags) {
    if (!tag.test.test(source)) continue;
    const resolved = tag.resolve(source, refuse, template.options);
    value = isScalar(resolved) ? resolved.value : resolved;
    if (typeof value === "bigint") value = Number(value);
    break;
  }
  if (known) {
    if (known.size > 4096) known.clear();
    known.set(source, value);
  }
  return value;
}

/** The property name toJS gives a scalar key's value; declines a name the map has (a duplicate, also `1` and `"1"`, which toJS would merge) and the merge key `<<`. */
function keyName(map: Record<string, unknown>, key: unknown): string {
  const name = key === null ? "" : String(key);
  if (Object.hasOwn(map, name) || name === "<<") refuse();
  return name;
}

/** As toJS's addPairToJSMap sets it: `__proto__` and other inherited names as own properties. */
function setEntry(map: Record<string, unknown>, name: string, value: unknown): void {
  if (name in map) Object.defineProperty(map, name, { value, writable: true, enumerable: true, configurable: true });
  else map[name] = value;
}
