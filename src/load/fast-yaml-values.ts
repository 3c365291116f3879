// What both fast readers of a catalogue file (./fast-yaml.ts over the yaml package's CST,
// ./fast-yaml-lines.ts over its Lexer) share: how they decline, how a plain scalar resolves (the
// core schema's own tags, as the composer's findScalarTagByTest picks them) and how a key is set
// (as toJS's addPairToJSMap sets it).
import { Document, isScalar, type LineCounter, type ScalarTag } from "yaml";

export interface FastYaml {
  data: Record<string, unknown>;
  /** As parse-file.ts records them from the document: each `operations` item's range[0] and range[1]. */
  operationRanges: [number, number][] | undefined;
  lineCounter: LineCounter;
  /** True when JSON gives `data` back as it is: no plain scalar read as NaN, ±Infinity or -0. */
  jsonSafe: boolean;
}

/** Deepest nesting the fast readers take: far below MAX_NESTING and below where the composer's recursion could overflow, so no file read fast would have had a depth problem. */
export const FAST_NESTING = 128;

const template = new Document(undefined, { uniqueKeys: true });
const scalarTags = template.schema.tags.filter((tag): tag is ScalarTag & { test: RegExp } => !("collection" in tag && tag.collection) && tag.test !== undefined);
// As the composer's findScalarTagByTest picks them, in the schema's order.
const valueTags = scalarTags.filter((tag) => tag.default === true);
const keyTags = scalarTags.filter((tag) => tag.default === true || tag.default === "key");

class Decline {}
const decline = new Decline();
/** Leaves the fast reader: the text goes the next way. */
export const refuse = (): never => {
  throw decline;
};

/** Cleared when a reader starts a file; false once a value JSON would not give back (NaN, ±Infinity, -0) was read. */
export const safety = { json: true };

// Plain scalars repeat (`type: string`, `required: true`): their values are primitives, kept by
// source. Only short ones: V8 copies a substring under 13 characters, while a longer one is a slice
// that would keep the whole file's text alive for as long as the cache (watch mode, a server).
const CACHED_LENGTH = 12;
const plainValues = new Map<string, unknown>();
const plainKeys = new Map<string, unknown>();

/** A plain scalar's text (as resolveFlowScalar gives it) as the composer and toJS resolve it. */
export function plainValue(source: string, atKey: boolean): unknown {
  const known = source.length <= CACHED_LENGTH ? (atKey ? plainKeys : plainValues) : undefined;
  let value = known?.get(source);
  if (value === undefined && !known?.has(source)) {
    value = source;
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
  }
  if (typeof value === "number" && !atKey && !(Number.isFinite(value) && !Object.is(value, -0))) safety.json = false;
  return value;
}

/** The property name toJS gives a scalar key's value; declines a name the map has (a duplicate, also `1` and `"1"`, which toJS would merge) and the merge key `<<`. */
export function keyName(map: Record<string, unknown>, key: unknown): string {
  const name = key === null ? "" : String(key);
  if (Object.hasOwn(map, name) || name === "<<") refuse();
  return name;
}

/** As toJS's addPairToJSMap sets it: `__proto__` and other inherited names as own properties. */
export function setEntry(map: Record<string, unknown>, name: string, value: unknown): void {
  if (name in map) Object.defineProperty(map, name, { value, writable: true, enumerable: true, configurable: true });
  else map[name] = value;
}
