// A catalogue file's plain data and operation ranges read straight from the yaml package's CST
// (its Parser, `CST.resolveAsScalar` and its core-schema scalar tags), without composing a
// Document, taking `toJS` of it and walking it for structure problems: that was half of the YAML
// time of a cold load (BENCHMARKS.md, issue 26 fifth pass, yamlfast).
//
// Only a subset is read here: one document of block mappings and block sequences whose keys are
// single-line plain or quoted scalars and whose values are scalars (plain, quoted or block) or
// one-line flow collections of such scalars. The checks below follow the yaml package's composer
// (compose/resolve-props, resolve-block-map, resolve-block-seq, resolve-flow-collection) and
// decline wherever it could report an error. Anything else (an error token, anchors, aliases,
// tags, directives, `---`, other flow collections, explicit or duplicate keys, tabs in
// indentation, deep nesting) returns undefined and the file takes the full path (parse-file.ts),
// which gives every diagnostic and position. test/load/fast-yaml.test.ts checks that on every
// YAML file in the repository, a bench catalogue, a table of tricky snippets and mutated files the
// result equals `parseDocument(text).toJS()` or the fast path declines.
import { CST, LineCounter, Parser } from "yaml";
import { withPlainEnv } from "../shared/yaml-parse.js";
import { readYamlLines } from "./fast-yaml-lines.js";
import { FAST_NESTING, keyName, plainValue, refuse, safety, setEntry, type FastYaml } from "./fast-yaml-values.js";

export type { FastYaml } from "./fast-yaml-values.js";

/** The range of the node read last: [start, value end, node end], as the composer sets `node.range`. */
let range: [number, number, number] = [0, 0, 0];

/**
 * The file's data, or undefined when it holds anything outside the subsets read without a
 * document: first by lines from the Lexer (./fast-yaml-lines.ts), else from the CST.
 */
export function readYamlFast(text: string): FastYaml | undefined {
  return readYamlAttempt(readYamlLines, text) ?? readYamlAttempt(readYamlCst, text);
}

/** One reader's result, or undefined when it declines. */
export function readYamlAttempt(reader: (text: string, lineCounter: LineCounter) => FastYaml, text: string): FastYaml | undefined {
  try {
    return reader(text, new LineCounter());
  } catch {
    // Decline, or anything unforeseen (a stack overflow, say): the next way decides.
    return undefined;
  }
}

/** The CST reader. */
export function readYamlCst(text: string, lineCounter: LineCounter): FastYaml {
  let document: CST.Document | undefined;
  // The Parser reads process.env once per token (src/shared/yaml-parse.ts); the Lexer does not.
  for (const token of withPlainEnv(() => [...new Parser(lineCounter.addNewLine).parse(text)])) {
    switch (token.type) {
      case "byte-order-mark":
      case "space":
      case "comment":
      case "newline":
        break;
      case "document":
        if (document) refuse();
        document = token;
        break;
      default:
        refuse();
    }
  }
  const root = document?.value;
  if (!document || document.start.length > 0 || root?.type !== "block-map") return refuse();
  for (const token of document.end ?? []) if (token.type !== "space" && token.type !== "comment" && token.type !== "newline") refuse();
  const operationRanges: [number, number][] = [];
  const state = { operations: operationRanges, found: false };
  safety.json = true;
  const data = readMap(root, 1, state);
  return { data, operationRanges: state.found ? operationRanges : undefined, lineCounter, jsonSafe: safety.json };
}

interface Props {
  found: CST.SourceToken | undefined;
  hasNewline: boolean;
  comment: boolean;
  end: number;
}

/** resolveProps for tokens without anchors or tags; declines where it would report an error (and on any tab). */
function props(tokens: CST.SourceToken[], indicator: "explicit-key-ind" | "map-value-ind" | "seq-item-ind", startOnNewline: boolean, offset: number): Props {
  let hasSpace = startOnNewline;
  let hasNewline = false;
  let comment = false;
  let found: CST.SourceToken | undefined;
  for (const token of tokens) {
    switch (token.type) {
      case "space":
        if (token.source.includes("\t")) refuse();
        hasSpace = true;
        break;
      case "comment":
        if (!hasSpace) refuse();
        comment = true;
        break;
      case "newline":
        hasNewline = true;
        hasSpace = true;
        break;
      case indicator:
        if (found) refuse();
        found = token;
        hasSpace = false;
        break;
      default:
        refuse();
    }
  }
  const last = tokens[tokens.length - 1];
  return { found, hasNewline, comment, end: last ? last.offset + last.source.length : offset };
}

/** The root's `operations` list, whose items' ranges are recorded. */
interface RootState {
  operations: [number, number][];
  found: boolean;
}

function readNode(token: CST.Token, depth: number): unknown {
  switch (token.type) {
    case "scalar":
    case "single-quoted-scalar":
    case "double-quoted-scalar":
    case "block-scalar":
      return readScalar(token, false);
    case "block-map":
      return readMap(token, depth + 1, undefined);
    case "block-seq":
      return readSeq(token, depth + 1, undefined);
    case "flow-collection":
      return readFlow(token, depth + 1);
    default:
      return refuse();
  }
}

function readMap(map: CST.BlockMap, depth: number, root: RootState | undefined): Record<string, unknown> {
  if (depth > FAST_NESTING) refuse();
  const data: Record<string, unknown> = {};
  let offset = map.offset;
  let commentEnd: number | null = null;
  for (const item of map.items) {
    if (item.explicitKey) refuse();
    const keyProps = props(item.start, "explicit-key-ind", true, offset);
    if (keyProps.found) refuse();
    const { key, sep, value } = item;
    if (!key) {
      if (sep) refuse(); // an empty key
      commentEnd = keyProps.end; // comments only
      continue;
    }
    if (key.type !== "scalar" && key.type !== "single-quoted-scalar" && key.type !== "double-quoted-scalar") return refuse();
    if (key.indent !== map.indent || key.source.includes("\n")) refuse();
    if (key.end) for (const token of key.end) if (token.type === "newline") refuse();
    const keyValue = readScalar(key, true);
    const name = keyName(data, keyValue);
    if (!sep) return refuse();
    const valueProps = props(sep, "map-value-ind", false, range[2]);
    if (!valueProps.found) return refuse();
    if (value?.type === "block-map" && !valueProps.hasNewline) refuse();
    if (keyProps.end < valueProps.found.offset - 1024) refuse();
    offset = valueProps.end;
    let nodeValue: unknown;
    if (!value) nodeValue = readEmpty(offset, sep, valueProps);
    else if (root && name === "operations" && typeof keyValue === "string") {
      if (value.type !== "block-seq") return refuse(); // the full path works out the ranges
      root.found = true;
      nodeValue = readSeq(value, depth + 1, root.operations);
    } else nodeValue = readNode(value, depth);
    offset = range[2];
    setEntry(data, name, nodeValue);
  }
  if (commentEnd && commentEnd < offset) refuse();
  range = [map.offset, offset, commentEnd ?? offset];
  return data;
}

function readSeq(seq: CST.BlockSequence, depth: number, ranges: [number, number][] | undefined): unknown[] {
  if (depth > FAST_NESTING) refuse();
  const data: unknown[] = [];
  let offset = seq.offset;
  let commentEnd: number | null = null;
  for (const { start, value } of seq.items) {
    const itemProps = props(start, "seq-item-ind", true, offset);
    if (!itemProps.found) {
      if (value) refuse();
      commentEnd = itemProps.end;
      continue;
    }
    data.push(value ? readNode(value, depth) : readEmpty(itemProps.end, start, itemProps));
    ranges?.push([range[0], range[1]]);
    offset = range[2];
  }
  range = [seq.offset, offset, commentEnd ?? offset];
  return data;
}

/**
 * A flow collection on one line whose items are single-line scalars (`[a, "b"]`, `{ ref: Thing }`),
 * as resolve-flow-collection reads it; any other (a comment, a line break, an empty or nested item,
 * a pair in a list, a trailing comma) declines.
 */
function readFlow(flow: CST.FlowCollection, depth: number): unknown {
  if (depth > FAST_NESTING) refuse();
  const isMap = flow.start.source === "{";
  const list: unknown[] = [];
  const map: Record<string, unknown> = {};
  for (const [index, { start, key, sep, value }] of flow.items.entries()) {
    // Before the item: nothing or spaces first, one comma and spaces after that.
    for (const [at, token] of start.entries()) if (token.type === "comma" ? index === 0 || at !== 0 : token.type !== "space" || token.source.includes("\t")) refuse();
    if (index > 0 && start[0]?.type !== "comma") refuse();
    if (!value || !singleLineScalar(value)) return refuse();
    if (!isMap) {
      if (key || sep) refuse();
      list.push(readScalar(value, false));
      continue;
    }
    if (!key || !singleLineScalar(key) || !sep) return refuse();
    let indicators = 0;
    for (const token of sep) {
      if (token.type === "map-value-ind") indicators++;
      else if (token.type !== "space" || token.source.includes("\t")) refuse();
    }
    if (indicators !== 1) refuse();
    const name = keyName(map, readScalar(key, true));
    setEntry(map, name, readScalar(value, false));
  }
  const [close, ...after] = flow.end;
  if (close?.source !== (isMap ? "}" : "]")) return refuse();
  const closeEnd = close.offset + close.source.length;
  // resolveEnd after the bracket: spaces, a comment after a space, line breaks.
  let end = closeEnd;
  let hasSpace = false;
  for (const token of after) {
    if (token.type === "space" || token.type === "newline") hasSpace = true;
    else if (token.type !== "comment" || !hasSpace) refuse();
    end += token.source.length;
  }
  range = [flow.offset, closeEnd, end];
  return isMap ? map : list;
}

/** A plain or quoted scalar on one line with only spaces after it (its `end`). */
function singleLineScalar(token: CST.Token): token is CST.FlowScalar {
  if (token.type !== "scalar" && token.type !== "single-quoted-scalar" && token.type !== "double-quoted-scalar") return false;
  if (token.source.includes("\n")) return false;
  if (token.end) for (const after of token.end) if (after.type !== "space" || after.source.includes("\t")) return false;
  return true;
}

/** A scalar's value as the composer and toJS give it: quoted and block scalars are strings, plain ones go through the schema's tags. */
function readScalar(token: CST.FlowScalar | CST.BlockScalar, atKey: boolean): unknown {
  const resolved = CST.resolveAsScalar(token, true, refuse);
  if (!resolved) return refuse();
  range = resolved.range;
  return token.type === "scalar" ? plainValue(resolved.value, atKey) : resolved.value;
}

/** composeEmptyNode: a null placed where the composer places it. */
function readEmpty(offset: number, before: CST.SourceToken[], { comment, end }: Props): unknown {
  const at = emptyScalarPosition(offset, before);
  range = [at, at, comment ? end : at];
  return plainValue("", false);
}

/** As the yaml package's util-empty-scalar-position: after the last token that is not space, comment or newline, and the spaces after it. */
function emptyScalarPosition(offset: number, before: CST.SourceToken[]): number {
  for (let i = before.length - 1; i >= 0; --i) {
    let token = before[i]!;
    if (token.type === "space" || token.type === "comment" || token.type === "newline") {
      offset -= token.source.length;
      continue;
    }
    token = before[++i]!;
    while (token?.type === "space") {
      offset += token.source.length;
      token = before[++i]!;
    }
    break;
  }
  return offset;
}
