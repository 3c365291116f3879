// The first and cheapest reader of a catalogue file: straight from the yaml package's Lexer, for
// files whose every line is a `key: value`, a `- value`, a `- key: value`, a key or dash opening a
// nested block, or blank. The yaml Parser builds its CST through a chain of generators per token,
// and cost as much again as the Lexer under it (BENCHMARKS.md, issue 26 fifth pass, yamlfast); such files need none of
// what it decides.
//
// What is read: one document whose root is a block map at column 0; block maps and lists nested
// by indentation (a list may sit at its key's column); keys and values plain or quoted scalars on
// one line, or one-line flow lists and maps of them; a value left empty is null; comments after a
// value, before the document, or on lines of their own between a value and the next key or item
// no deeper than it. Anything else declines (other comment lines, a multi-line scalar, a block
// scalar, other flow collections, anchors, aliases, tags, `---`, `? `, tabs, a line at a column
// no open block has, duplicate keys...) and the file goes to the CST reader (./fast-yaml.ts),
// which declines to the full document in turn. Values resolve as the composer resolves them
// (`CST.resolveAsScalar`, the core schema's tags); the line starts are those the Parser's line
// counter records; the operation ranges are the composer's node ranges.
// Before the Lexer, a plainer scan (`simpleLines`): when every line is of the simplest kinds
// (identifier-like keys, one-line plain or double-quoted values of printable ASCII, `- `, comment
// lines), it makes the very tokens the Lexer would, at a fraction of its cost (the Lexer was the
// largest part of a cold generate's YAML: about 0.2 s at 1,000 operations, 1.1 s at 10,000); any
// other line sends the whole file to the Lexer.
// test/load/fast-yaml.test.ts checks this reader on its own against parseDocument, by the scan and
// by the Lexer.
import { CST, Lexer, LineCounter } from "yaml";
import { FAST_NESTING, keyName, plainValue, refuse, safety, setEntry, type FastYaml } from "./fast-yaml-values.js";

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
  /** Where that null would be: after the indicator and the spaces after it. */
  emptyAt: number;
  /** The root's `operations` list: its items' ranges are recorded. */
  ranges: [number, number][] | undefined;
  /** The root map, whose `operations` key opens the list of ranges. */
  root: boolean;
}

/** One line's tokens after its indentation: `text` and offset, and whether a plain scalar. */
interface Token {
  source: string;
  offset: number;
  plain: boolean;
}

/** `lexer`: always tokenize with the yaml package's Lexer (the tests compare both ways). */
export function readYamlLines(text: string, lineCounter: LineCounter, options: { lexer?: boolean } = {}): FastYaml {
  const blocks: Block[] = [];
  const operations: [number, number][] = [];
  let operationsFound = false;
  safety.json = true;

  /** Closes the top block: its waiting key or item gets null; it becomes its parent's value. */
  const close = (): void => {
    const block = blocks.pop()!;
    if (block.waiting) putValue(block, null, block.emptyAt, block.emptyAt, block.emptyAt);
    const parent = blocks[blocks.length - 1];
    if (parent) putValue(parent, block.map ?? block.list!, block.start, block.end, block.end);
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
  const open = (kind: "map" | "list", indent: number, start: number): Block => {
    if (blocks.length >= FAST_NESTING) refuse();
    const parent = blocks[blocks.length - 1];
    let ranges: [number, number][] | undefined;
    if (parent?.root && parent.key === "operations") {
      if (kind !== "list") refuse(); // the CST reader works the ranges out
      ranges = operations;
      operationsFound = true;
    }
    const block: Block = { map: kind === "map" ? {} : undefined, list: kind === "list" ? [] : undefined, indent, start, end: start, waiting: false, key: "", emptyAt: 0, ranges, root: parent === undefined };
    blocks.push(block);
    return block;
  };
  /** A key at `column` on a line, after closing what it ends: the map it belongs to. */
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
      if (top.waiting) putValue(top, null, top.emptyAt, top.emptyAt, top.emptyAt);
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
      if (top.waiting) putValue(top, null, top.emptyAt, top.emptyAt, top.emptyAt);
      return top;
    }
    // A list as a key's value may sit at the key's column; as an item's value it is indented further.
    if (top.waiting && (top.map ? top.indent <= column : top.indent < column)) return open("list", column, start);
    return refuse();
  };

  // The line's tokens (after its indentation) and where it starts.
  let line: Token[] = [];
  let lineStart = 0;
  let indent = 0;
  let offset = 0;
  let plainNext = false;
  let documents = 0;
  /** The deepest column of the comment lines since the last content line (-1: none). */
  let commentColumn = -1;
  lineCounter.addNewLine(0);
  const endLine = (end: number): void => {
    if (line.length > 0) readLine(line, indent, lineStart, end);
    line = [];
  };

  /** One line: `[- ][key:][ value][ # comment]`. `end`: after its line break (the values' range[2]). */
  const readLine = (tokens: Token[], column: number, start: number, end: number): void => {
    let at = 0;
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
    let block: Block | undefined;
    if (isPunctuation(token, "-")) {
      const list = listForDash(column, token.offset);
      list.waiting = true;
      list.emptyAt = token.offset + 1;
      block = list;
      token = tokens[++at]!;
      if (token === undefined) return;
      if (!isSpace(token)) return refuse();
      list.emptyAt += token.source.length;
      token = tokens[++at]!;
      if (token === undefined) return;
      column = token.offset - start;
      if (isFlowStart(token)) {
        // `- [a, b]`, `- { k: v }`
        const [value, next, closeEnd] = flowValue(tokens, at);
        afterValue(tokens, next);
        putValue(list, value, token.offset, closeEnd, end);
        return;
      }
      if (!isScalar(token)) return refuse();
      if (!isPunctuation(tokens[at + 1], ":")) {
        // `- value`
        const value = scalarValue(token, false);
        afterValue(tokens, at + 1);
        putValue(list, value, token.offset, token.offset + token.source.length, end);
        return;
      }
      block = open("map", column, token.offset);
    } else {
      if (!isScalar(token) || !isPunctuation(tokens[1], ":")) return refuse();
      block = mapForKey(column, token.offset);
    }
    // `key:` then a value, or nothing (a nested block or null follows)
    const key = scalarValue(token, true);
    const name = keyName(block.map!, key);
    block.key = name;
    block.waiting = true;
    at += 2;
    const colon = tokens[at - 1]!;
    if (colon.offset - token.offset > 1000) refuse(); // the composer's 1,024-character bound on implicit keys
    block.emptyAt = colon.offset + 1;
    token = tokens[at]!;
    if (token === undefined) return;
    if (!isSpace(token)) return refuse();
    block.emptyAt += token.source.length;
    token = tokens[++at]!;
    if (token === undefined) return;
    if (block.root && name === "operations") refuse();
    if (isFlowStart(token)) {
      const [value, next, closeEnd] = flowValue(tokens, at);
      afterValue(tokens, next);
      putValue(block, value, token.offset, closeEnd, end);
      return;
    }
    if (!isScalar(token)) return refuse(); // a comment after `key:`, a block scalar...
    const value = scalarValue(token, false);
    afterValue(tokens, at + 1);
    putValue(block, value, token.offset, token.offset + token.source.length, end);
  };

  const scanned = options.lexer ? undefined : simpleLines(text);
  if (scanned !== undefined) {
    for (const { start, indent: column, tokens, end } of scanned) {
      if (end > start && text.charCodeAt(end - 1) === 10) lineCounter.addNewLine(end);
      if (tokens.length > 0) readLine(tokens, column, start, end);
    }
    offset = text.length;
    documents = scanned.some(({ tokens }) => tokens.length > 0 && tokens[0]!.source.charCodeAt(0) !== 35) ? 1 : 0;
  } else {
    for (const source of new Lexer().lex(text)) {
      const code = source.charCodeAt(0);
      if (code === 0x1f /* scalar */) {
        plainNext = true;
        continue;
      }
      if (code === 0x02 /* document */) {
        if (++documents > 1 || line.length > 0) refuse();
        continue;
      }
      if (plainNext) {
        plainNext = false;
        if (source.includes("\n")) refuse();
        line.push({ source, offset, plain: true });
      } else if (source === "\n" || source === "\r\n") {
        offset += source.length;
        lineCounter.addNewLine(offset);
        endLine(offset);
        lineStart = offset;
        indent = 0;
        continue;
      } else if (code === 32 /* space */) {
        if (source.includes("\t")) refuse();
        if (line.length === 0 && offset === lineStart) indent = source.length;
        else line.push({ source, offset, plain: false });
      } else if (code === 0xfeff /* byte order mark */) {
        if (offset !== 0) refuse();
        lineStart = 1;
      } else if (source.length === 1 && "-:[]{},".includes(source)) {
        line.push({ source, offset, plain: false });
      } else if (code === 35 /* # */ || ((code === 34 || code === 39) && !source.includes("\n"))) {
        line.push({ source, offset, plain: false });
      } else return refuse();
      offset += source.length;
    }
  }
  if (plainNext || documents !== 1) refuse();
  if (scanned === undefined) endLine(offset);
  if (commentColumn !== -1) refuse(); // comment lines after the last value: the Parser's business
  if (blocks.length === 0) refuse();
  while (blocks.length > 1) close();
  const root = blocks.pop()!;
  if (root.waiting) setEntry(root.map!, root.key, null);
  return { data: root.map!, operationRanges: operationsFound ? operations : undefined, lineCounter, jsonSafe: safety.json };
}

function isSpace(token: Token): boolean {
  return !token.plain && token.source.charCodeAt(0) === 32;
}

function isScalar(token: Token): boolean {
  if (token.plain) return true;
  const code = token.source.charCodeAt(0);
  return code === 34 || code === 39;
}

function isPunctuation(token: Token | undefined, source: string): boolean {
  return token !== undefined && !token.plain && token.source === source;
}

function isFlowStart(token: Token): boolean {
  return !token.plain && (token.source === "[" || token.source === "{");
}

/**
 * A one-line flow list or map of scalars at `tokens[at]` (`[a, "b"]`, `{ ref: Thing }`), as
 * resolve-flow-collection reads it: items between commas, a map's key then `:` and a space; no
 * empty item, trailing comma or nested collection. Its value, the index after it, and the offset
 * after its closing bracket.
 */
function flowValue(tokens: Token[], at: number): [value: unknown, next: number, closeEnd: number] {
  const isMap = tokens[at]!.source === "{";
  const close = isMap ? "}" : "]";
  const list: unknown[] = [];
  const map: Record<string, unknown> = {};
  let i = at + 1;
  const skipSpaces = (): void => {
    while (tokens[i] !== undefined && isSpace(tokens[i]!)) i++;
  };
  const punctuation = (source: string): boolean => isPunctuation(tokens[i], source);
  skipSpaces();
  if (punctuation(close)) return [isMap ? map : list, i + 1, tokens[i]!.offset + 1];
  for (;;) {
    const item = tokens[i++];
    if (item === undefined || !isScalar(item)) return refuse();
    if (isMap) {
      if (!punctuation(":")) refuse();
      i++;
      if (tokens[i] === undefined || !isSpace(tokens[i]!)) refuse();
      skipSpaces();
      const value = tokens[i++];
      if (value === undefined || !isScalar(value)) return refuse();
      const name = keyName(map, scalarValue(item, true));
      setEntry(map, name, scalarValue(value, false));
    } else list.push(scalarValue(item, false));
    skipSpaces();
    if (punctuation(close)) return [isMap ? map : list, i + 1, tokens[i]!.offset + 1];
    if (!punctuation(",")) refuse();
    i++;
    skipSpaces();
  }
}

/** After a value: spaces, then a comment after a space, and nothing else (resolveEnd's rule). */
function afterValue(tokens: Token[], at: number): void {
  let spaced = false;
  for (let i = at; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (isSpace(token)) spaced = true;
    else if (token.source.charCodeAt(0) !== 35 || !spaced || i !== tokens.length - 1) refuse();
  }
}

/**
 * A scalar's value as the composer resolves it: quoted ones through CST.resolveAsScalar, plain ones
 * through the schema's tags. A plain scalar here is on one line, where resolveFlowScalar gives its
 * source as it is (no line to fold) unless it starts with a character it refuses.
 */
function scalarValue(token: Token, atKey: boolean): unknown {
  if (token.plain) return "\t,%|>@`".includes(token.source.charAt(0)) && token.source !== "" ? refuse() : plainValue(token.source, atKey);
  const type = token.plain ? "scalar" : token.source.charCodeAt(0) === 34 ? "double-quoted-scalar" : "single-quoted-scalar";
  const resolved = CST.resolveAsScalar({ type, offset: token.offset, indent: 0, source: token.source }, true, refuse);
  if (!resolved) return refuse();
  return token.plain ? plainValue(resolved.value, atKey) : resolved.value;
}

/** A line as the Lexer would give it: where it starts, its indentation, its tokens after it, and the offset after its line break. */
interface ScannedLine {
  start: number;
  indent: number;
  tokens: Token[];
  end: number;
}

/**
 * The lines of `text` with the tokens the Lexer makes of them, when every line is blank, a comment
 * line, or `[- ][key:][ value]` with a plain key of identifier characters (or a double-quoted one),
 * and a value that is a one-line plain scalar of printable ASCII with no `:` or `#` and no space at
 * its end (or double-quoted without escapes). Undefined for anything else (tabs, CR, a BOM,
 * non-ASCII text, flow collections, comments after values, indicators, `---`/`...`): the Lexer
 * reads those files.
 */
export function simpleLines(text: string): ScannedLine[] | undefined {
  const lines: ScannedLine[] = [];
  for (let start = 0; ; ) {
    let newline = text.indexOf("\n", start);
    if (newline === -1) newline = text.length;
    const tokens = scanLine(text, start, newline);
    if (tokens === undefined) return undefined;
    const end = newline < text.length ? newline + 1 : newline;
    let indent = 0;
    while (text.charCodeAt(start + indent) === 32) indent++;
    lines.push({ start, indent, tokens, end });
    if (end === text.length) return lines;
    start = end;
  }
}

/** Printable ASCII: space to tilde. */
const printable = (code: number): boolean => code >= 32 && code <= 126;

/** A plain scalar may start with a letter, a digit, `_`, `.`, `/`, `(` or `$` here (never an indicator). */
function plainStart(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 46 || code === 47 || code === 40 || code === 36;
}

/** A key's plain characters: letters, digits and `_ - . / +`. */
function keyChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 45 || code === 46 || code === 47 || code === 43;
}

/** The end of a double-quoted scalar of printable ASCII without escapes starting at `at`, or -1. */
function quotedEnd(text: string, at: number, end: number): number {
  for (let i = at + 1; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 34) return i + 1;
    if (code === 92 || !printable(code)) return -1;
  }
  return -1;
}

/** A value (plain or double-quoted) filling `[at, end)`, pushed as its token; false when it is not of the simplest kinds. */
function pushValue(text: string, at: number, end: number, tokens: Token[]): boolean {
  if (text.charCodeAt(at) === 34) {
    if (quotedEnd(text, at, end) !== end) return false;
    tokens.push({ source: text.slice(at, end), offset: at, plain: false });
    return true;
  }
  if (!plainStart(text.charCodeAt(at)) || text.charCodeAt(end - 1) === 32) return false;
  for (let i = at + 1; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 58 /* : */ || code === 35 /* # */ || !printable(code)) return false;
  }
  tokens.push({ source: text.slice(at, end), offset: at, plain: true });
  return true;
}

/** The tokens of the line `[start, end)` after its indentation, or undefined when it is not of the simplest kinds. */
function scanLine(text: string, start: number, end: number): Token[] | undefined {
  let at = start;
  while (at < end && text.charCodeAt(at) === 32) at++;
  const tokens: Token[] = [];
  if (at === end) return tokens; // blank, or spaces only
  let code = text.charCodeAt(at);
  if (code === 35 /* # */) {
    for (let i = at + 1; i < end; i++) if (!printable(text.charCodeAt(i))) return undefined;
    if (text.charCodeAt(end - 1) === 32) return undefined; // where the Lexer's comment ends: not guessed
    tokens.push({ source: text.slice(at, end), offset: at, plain: false });
    return tokens;
  }
  // `---` and `...` at the start of a line are the document's markers: the Lexer's business.
  if (at === start && (text.startsWith("---", at) || text.startsWith("...", at))) return undefined;
  if (code === 45 /* - */) {
    tokens.push({ source: "-", offset: at, plain: false });
    if (at + 1 === end) return tokens;
    if (text.charCodeAt(at + 1) !== 32) return undefined;
    let after = at + 1;
    while (after < end && text.charCodeAt(after) === 32) after++;
    if (after === end) return undefined; // spaces after the dash and nothing else
    tokens.push({ source: text.slice(at + 1, after), offset: at + 1, plain: false });
    at = after;
    code = text.charCodeAt(at);
  }
  // A key: a plain one of key characters, or double-quoted; a `:` ends it.
  let keyEnd = -1;
  if (code === 34) keyEnd = quotedEnd(text, at, end);
  else if (plainStart(code)) {
    keyEnd = at + 1;
    while (keyEnd < end && keyChar(text.charCodeAt(keyEnd))) keyEnd++;
  }
  if (keyEnd !== -1 && keyEnd < end && text.charCodeAt(keyEnd) === 58 /* : */) {
    tokens.push({ source: text.slice(at, keyEnd), offset: at, plain: code !== 34 });
    tokens.push({ source: ":", offset: keyEnd, plain: false });
    if (keyEnd + 1 === end) return tokens;
    if (text.charCodeAt(keyEnd + 1) !== 32) return undefined;
    let value = keyEnd + 1;
    while (value < end && text.charCodeAt(value) === 32) value++;
    if (value === end) return undefined; // spaces after the colon and nothing else
    tokens.push({ source: text.slice(keyEnd + 1, value), offset: keyEnd + 1, plain: false });
    return pushValue(text, value, end, tokens) ? tokens : undefined;
  }
  // A value on its own (a list item's, or a line the reader refuses).
  return pushValue(text, at, end, tokens) ? tokens : undefined;
}
