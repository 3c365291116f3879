// Query, path, header and cookie text -> values, by OpenAPI's `style` and `explode` (the reverse
// of the client's templates/client/styles.ts; the table is in its header). Delimiters are split on
// in the raw text before percent-decoding, so an encoded `,` or `|` inside a value stays in it.
// Path values too are split as sent, then each item decoded (the router keeps the raw text).
import { expectation, isStyledPath, parseScalar } from "./params.js";
import type { DeepShape, HeaderParameter, ParameterRead, PathParameter, PropertyRule, StyledRule, StyleReaders } from "./types.js";

export type Style = NonNullable<StyledRule["style"]>;
export type { PropertyRule, StyledRule };

export type Read = ParameterRead;

/** The raw `name=value` pairs of a query string (`?` optional), neither decoded. */
export function rawPairs(search: string): [string, string][] {
  const text = search.startsWith("?") ? search.slice(1) : search;
  if (text === "") return [];
  return text.split("&").flatMap((pair): [string, string][] => {
    if (pair === "") return [];
    const equals = pair.indexOf("=");
    return [equals === -1 ? [pair, ""] : [pair.slice(0, equals), pair.slice(equals + 1)]];
  });
}

/** application/x-www-form-urlencoded decoding (`+` is a space); undefined for malformed percent-encoding. */
export function formDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return undefined;
  }
}

// A space inside a spaceDelimited item cannot be told from the delimiter (the style has no escape for it).
const SPLIT: Partial<Record<Style, RegExp>> = { form: /,/, spaceDelimited: /%20|\+| /i, pipeDelimited: /\|/ };

/** Sets `key` as an own data property, so a key called `__proto__` stays a plain property. */
function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Items -> the parameter's value (scalar, array or object from key/value items). */
function convert(items: readonly string[], rule: StyledRule, where: string, pairs?: readonly (readonly [string, string])[]): Read {
  const fail = (detail: string): Read => ({ ok: false, detail: `${where} "${rule.name}" ${detail}.` });
  if (rule.properties) {
    let entries = pairs;
    if (!entries) {
      if (items.length % 2 !== 0) return fail("must be key,value pairs");
      entries = [];
      for (let index = 0; index < items.length; index += 2) (entries as [string, string][]).push([items[index]!, items[index + 1]!]);
    }
    const value: Record<string, unknown> = {};
    for (const property of rule.properties) {
      const found = entries.filter(([key]) => key === property.name);
      if (found.length === 0) {
        if (property.required) return fail(`needs its property ${property.name}`);
        continue;
      }
      if (found.length > 1) return fail(`gives property ${property.name} more than once`);
      const item = parseScalar(found[0]![1], property);
      if (item === undefined) return fail(`property ${property.name} ${expectation(property)}`);
      setOwn(value, property.name, item);
    }
    return { ok: true, value };
  }
  if (!rule.array && items.length > 1) return fail("may be given once");
  const values: unknown[] = [];
  for (const text of items) {
    const item = parseScalar(text, rule);
    if (item === undefined) return fail(expectation(rule));
    values.push(item);
  }
  return { ok: true, value: rule.array ? values : values[0] };
}

function decodeAll(raw: readonly string[], decode: (text: string) => string | undefined): string[] | undefined {
  const out: string[] = [];
  for (const text of raw) {
    const decoded = decode(text);
    if (decoded === undefined) return undefined;
    out.push(decoded);
  }
  return out;
}

/** Bracket keys under one name, as a tree: `items[0][price]=p1` is items -> "0" -> "price" -> "p1". */
interface DeepNode {
  text?: string;
  readonly keyed: Map<string, DeepNode>;
  /** In the order given; `name[]=a&name[]=b` adds one child per pair. */
  readonly children: [string, DeepNode][];
}

/** Deeper than this many brackets is refused (no catalogue type a generator spells out goes further). */
const MAX_DEEP_KEYS = 32;
const BRACKET = /\[([^[\]]*)\]/y;

function deepNode(): DeepNode {
  return { keyed: new Map(), children: [] };
}

/** The bracket keys after `name` (`[0][price]` -> ["0", "price"]), or undefined when the key is not `name` followed by brackets only. */
function bracketKeys(key: string, name: string): string[] | undefined {
  if (!key.startsWith(name)) return undefined;
  const keys: string[] = [];
  BRACKET.lastIndex = name.length;
  while (BRACKET.lastIndex < key.length) {
    const start = BRACKET.lastIndex;
    const match = BRACKET.exec(key);
    if (!match || match.index !== start) return undefined;
    keys.push(match[1]!);
  }
  return keys;
}

/** A nested deepObject value (`rule.deep`): the pairs under its name as a tree, then the tree read by the shape. */
function readDeep(pairs: readonly [string, string][], rule: StyledRule, shape: DeepShape, where: string, decode: (text: string) => string | undefined): Read {
  const root = deepNode();
  let found = false;
  for (const [key, raw] of pairs) {
    const keys = bracketKeys(key, rule.name);
    if (keys === undefined) continue;
    if (keys.length > MAX_DEEP_KEYS) return { ok: false, detail: `${where} "${rule.name}" nests deeper than ${MAX_DEEP_KEYS} brackets.` };
    const text = decode(raw);
    if (text === undefined) return { ok: false, detail: `${where} "${rule.name}" is not valid percent-encoding.` };
    let node = root;
    for (const part of keys) {
      let child = part === "" ? undefined : node.keyed.get(part);
      if (!child) {
        child = deepNode();
        if (part !== "") node.keyed.set(part, child);
        node.children.push([part, child]);
      }
      node = child;
    }
    if (node.text !== undefined || node.children.length > 0) return { ok: false, detail: `${where} "${key}" is given more than once.` };
    node.text = text;
    found = true;
  }
  return found ? deepValue(root, shape, where, rule.name) : { ok: true, value: undefined };
}

const INDEX = /^\d{1,9}$/;

/** One node of the tree as `shape` says; `path` is its key so far (`items[0]`). */
function deepValue(node: DeepNode, shape: DeepShape, where: string, path: string): Read {
  const fail = (detail: string): Read => ({ ok: false, detail: `${where} "${path}" ${detail}.` });
  const asList = `a list, written ${path}[0]=…&${path}[1]=…`;
  const asObject = `an object, written ${path}[key]=…`;
  if ("any" in shape) return { ok: true, value: asText(node) };
  if ("oneOf" in shape) {
    let first: Read | undefined;
    for (const member of shape.oneOf) {
      const read = deepValue(node, member, where, path);
      if (read.ok) return read;
      first ??= read;
    }
    return first ?? fail("matches none of its types");
  }
  if ("type" in shape) {
    if (node.text === undefined) return fail(`must be a single value, not ${path}[…]`);
    const value = parseScalar(node.text, shape);
    return value === undefined ? fail(expectation(shape)) : { ok: true, value };
  }
  if (node.text !== undefined) return fail(`must be ${"list" in shape ? asList : asObject}`);
  if ("list" in shape) {
    if (node.children.some(([key]) => key !== "" && !INDEX.test(key))) return fail(`must be ${asList}`);
    const ordered = node.children.every(([key]) => key !== "") ? [...node.children].sort(([a], [b]) => Number(a) - Number(b)) : node.children;
    const items: unknown[] = [];
    for (const [key, child] of ordered) {
      const read = deepValue(child, shape.list, where, `${path}[${key}]`);
      if (!read.ok) return read;
      items.push(read.value);
    }
    return { ok: true, value: items };
  }
  const value: Record<string, unknown> = {};
  if ("values" in shape) {
    for (const [key, child] of node.children) {
      if (key === "") return fail(`must be ${asObject}`);
      const read = deepValue(child, shape.values, where, `${path}[${key}]`);
      if (!read.ok) return read;
      setOwn(value, key, read.value);
    }
    return { ok: true, value };
  }
  for (const [key, property] of Object.entries(shape.properties)) {
    const child = node.keyed.get(key);
    if (!child) {
      if (shape.required?.includes(key)) return fail(`needs its property ${key}`);
      continue;
    }
    const read = deepValue(child, property, where, `${path}[${key}]`);
    if (!read.ok) return read;
    setOwn(value, key, read.value);
  }
  return { ok: true, value };
}

/** A node read without a shape: its text, or its children by key. */
function asText(node: DeepNode): unknown {
  if (node.text !== undefined) return node.text;
  const value: Record<string, unknown> = {};
  for (const [key, child] of node.children) setOwn(value, key, asText(child));
  return value;
}

/** One query parameter from the raw pairs; `{ ok: true, value: undefined }` when absent. */
export function readQuery(pairs: readonly [string, string][], rule: StyledRule, where: string = "Query parameter", decode: (text: string) => string | undefined = formDecode): Read {
  const malformed: Read = { ok: false, detail: `${where} "${rule.name}" is not valid percent-encoding.` };
  const style = rule.style ?? "form";
  const explode = rule.explode ?? style === "form";
  const decoded: [string, string][] = [];
  for (const [key, value] of pairs) {
    const name = decode(key);
    if (name === undefined) continue;
    decoded.push([name, value]);
  }
  if (style === "deepObject" && rule.deep !== undefined) return readDeep(decoded, rule, rule.deep, where, decode);
  if (style === "deepObject") {
    const entries: [string, string][] = [];
    const prefix = `${rule.name}[`;
    for (const [key, value] of decoded) {
      if (!key.startsWith(prefix) || !key.endsWith("]")) continue;
      const text = decode(value);
      if (text === undefined) return malformed;
      entries.push([key.slice(prefix.length, -1), text]);
    }
    if (entries.length === 0 && rule.orScalar !== undefined) {
      // A union of an object and a scalar: the scalar is written plainly (`created=5`).
      const plain = decoded.filter(([key]) => key === rule.name).map(([, value]) => value);
      if (plain.length === 0) return { ok: true, value: undefined };
      const items = decodeAll(plain, decode);
      const { properties: _object, ...scalar } = rule;
      return items === undefined ? malformed : convert(items, { ...scalar, type: rule.orScalar }, where);
    }
    if (entries.length === 0) return { ok: true, value: undefined };
    return convert([], { ...rule, properties: rule.properties ?? [] }, where, entries);
  }
  if (rule.properties && explode && style === "form") {
    const entries: [string, string][] = [];
    const names = new Set(rule.properties.map((property) => property.name));
    for (const [key, value] of decoded) {
      if (!names.has(key)) continue;
      const text = decode(value);
      if (text === undefined) return malformed;
      entries.push([key, text]);
    }
    return entries.length === 0 ? { ok: true, value: undefined } : convert([], rule, where, entries);
  }
  const raw = decoded.filter(([key]) => key === rule.name).map(([, value]) => value);
  if (raw.length === 0) return { ok: true, value: undefined };
  const split = (rule.array || rule.properties) && !(explode && style === "form") ? raw.flatMap((text) => text.split(SPLIT[style] ?? /,/)) : raw;
  const items = decodeAll(split, decode);
  return items === undefined ? malformed : convert(items, rule, where);
}

/** A path parameter's text as sent (label, matrix or simple): split first, then each item decoded. */
export function readPath(text: string, rule: StyledRule): Read {
  const where = "Path parameter";
  const style = rule.style ?? "simple";
  const explode = rule.explode ?? false;
  const bad: Read = { ok: false, detail: `${where} "${rule.name}" is not written as style ${style}${explode ? " with explode" : ""}.` };
  const malformed: Read = { ok: false, detail: `${where} "${rule.name}" is not valid percent-encoding.` };
  const decode = (item: string): string | undefined => {
    if (!item.includes("%")) return item;
    try {
      return decodeURIComponent(item);
    } catch {
      return undefined;
    }
  };
  let rest = text;
  if (style === "label") {
    if (!rest.startsWith(".")) return bad;
    rest = rest.slice(1);
  } else if (style === "matrix") {
    if (!rest.startsWith(";")) return bad;
    rest = rest.slice(1);
  }
  /** `key=value` items, both sides decoded; a string: the failure. */
  const pairsOf = (items: string[]): [string, string][] | Read => {
    const out: [string, string][] = [];
    for (const item of items) {
      const equals = item.indexOf("=");
      if (equals === -1) return bad;
      const key = decode(item.slice(0, equals));
      const value = decode(item.slice(equals + 1));
      if (key === undefined || value === undefined) return malformed;
      out.push([key, value]);
    }
    return out;
  };
  const separator = style === "label" ? "." : style === "matrix" ? ";" : ",";
  if (rule.properties && explode) {
    const entries = rest === "" ? [] : pairsOf(rest.split(separator));
    return Array.isArray(entries) ? convert([], rule, where, entries) : entries;
  }
  if (style === "matrix") {
    if (explode && rule.array) {
      const entries = rest === rule.name ? [] : pairsOf(rest.split(";"));
      if (!Array.isArray(entries)) return entries;
      if (entries.some(([key]) => key !== rule.name)) return bad;
      return convert(entries.map(([, item]) => item), rule, where);
    }
    if (rest === rule.name) rest = "";
    else if (rest.startsWith(`${rule.name}=`)) rest = rest.slice(rule.name.length + 1);
    else return bad;
  }
  const items = rule.array || rule.properties ? (rest === "" ? [] : rest.split(style === "label" && explode ? "." : ",")) : [rest];
  const decoded = decodeAll(items, decode);
  return decoded === undefined ? malformed : convert(decoded, rule, where);
}

/** A header parameter's value (simple style). */
export function readHeader(text: string, rule: StyledRule): Read {
  const items = rule.array || rule.properties ? text.split(",").map((item) => item.trim()) : [text.trim()];
  if (rule.properties && (rule.explode ?? false)) {
    const entries = items.map((item): [string, string] => [item.slice(0, Math.max(item.indexOf("="), 0)), item.slice(item.indexOf("=") + 1)]);
    return convert([], rule, "Header", entries);
  }
  return convert(items, rule, "Header");
}

/** The cookie parameters from a Cookie header (form style: `name=value` pairs joined by `;`). */
export function readCookies(header: string | null, rule: StyledRule): Read {
  const pairs = (header ?? "").split(";").flatMap((pair): [string, string][] => {
    const trimmed = pair.trim();
    const equals = trimmed.indexOf("=");
    return equals === -1 ? [] : [[trimmed.slice(0, equals), trimmed.slice(equals + 1)]];
  });
  const decode = (text: string): string | undefined => {
    try {
      return decodeURIComponent(text);
    } catch {
      return undefined;
    }
  };
  return readQuery(pairs, { ...rule, style: "form" }, "Cookie", decode);
}

/** Converts the path parameters written by a style in place (from `raw`, their text as sent); undefined when all fit, else the 400's detail. */
export function convertStyledPathParams(params: Record<string, unknown>, typed: readonly PathParameter[], raw: Readonly<Record<string, string>>): string | undefined {
  for (const parameter of typed) {
    if (!isStyledPath(parameter)) continue;
    const read = readPath(raw[parameter.name]!, parameter);
    if (!read.ok) return read.detail;
    setOwn(params, parameter.name, read.value);
  }
  return undefined;
}

/** The documented header or cookie parameters of a request, converted; a string: the 400's detail. */
export function readParameters(
  parameters: readonly HeaderParameter[],
  location: "header" | "cookie",
  header: (name: string) => string | null,
): Record<string, unknown> | string {
  const values: Record<string, unknown> = {};
  for (const parameter of parameters) {
    let read: Read;
    if (location === "cookie") read = readCookies(header("cookie"), parameter);
    else {
      const text = header(parameter.name.toLowerCase());
      read = text === null ? { ok: true, value: undefined } : readHeader(text, parameter);
    }
    if (!read.ok) return read.detail;
    if (read.value === undefined) {
      if (parameter.required) return `${location === "cookie" ? "Cookie" : "Header"} "${parameter.name}" is required.`;
      continue;
    }
    setOwn(values, parameter.name, read.value);
  }
  return values;
}

/** Handed to the handler by the routes (`api.styleReaders`) where a route reads such parameters. */
export const styleReaders: StyleReaders = { rawPairs, readQuery, convertStyledPathParams, readParameters };
