// Values made up from a catalogue type, for operations whose answer has no example. The same seed
// and operation give the same value; every value fits its type (a closed object gets only its
// declared fields, an object with combinations one allowed combination, formats are well formed).
// One generator for `catalogen mock` (which loads this file) and the targets that ship it (msw).
import { exampleOf, withinConstraints } from "./constrained.js";
import { patternRegex, textMatching } from "./pattern.js";
import type { SchemaNode as TypeNode, SchemaObject as ObjectShape, SchemaTypes } from "./schema.js";

/** A small seeded generator (mulberry32): numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed for one operation: the user's seed mixed with the operation id, so values do not depend on catalogue order. */
export function operationSeed(seed: number, operationId: string): number {
  let hash = seed >>> 0;
  for (const char of operationId) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash;
}

/** Past this depth optional fields and array items are left out, so recursive types end. */
const MAX_DEPTH = 4;

export function sampleValue(node: TypeNode, types: SchemaTypes, random: () => number, depth = 0): unknown {
  const example = exampleOf(node, random);
  if (example) return example.value;
  const value = madeUp(node, types, random, depth);
  const more = (): unknown => sampleValue(node.kind === "array" ? node.items : node.kind === "map" ? node.values : node, types, random, depth + 1);
  return withinConstraints(node, value, more);
}

function madeUp(node: TypeNode, types: SchemaTypes, random: () => number, depth: number): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const integer = (below: number): number => Math.floor(random() * below);
  switch (node.kind) {
    case "string": {
      if (node.enum) return pick(node.enum);
      const text = formatted(node.format, integer);
      // A pattern JavaScript cannot compile is left to the validators to report; the text stays.
      if (node.pattern === undefined || (patternRegex(node.pattern)?.test(text) ?? true)) return text;
      return textMatching(node.pattern, random, { min: node.minLength, max: node.maxLength }) ?? text;
    }
    case "integer":
      return node.enum ? pick(node.enum) : 1 + integer(1000);
    case "number":
      return node.enum ? pick(node.enum) : integer(100_000) / 100;
    case "boolean":
      return node.enum ? pick(node.enum) : random() < 0.5;
    case "const":
      return node.value;
    case "allOf": {
      // Every part's fields on one object (a part's value is an object: the validator makes sure).
      // An intersection of values: the narrowest part's value (a const, else an enum) fits the others.
      const narrow = node.parts.find((part) => part.kind === "const") ?? node.parts.find((part) => "enum" in part && part.enum !== undefined);
      if (narrow && node.parts.every((part) => part.kind !== "object")) return sampleValue(narrow, types, random, depth);
      const value: Record<string, unknown> = {};
      for (const part of node.parts) {
        const partValue = sampleValue(part, types, random, depth);
        if (partValue !== null && typeof partValue === "object") {
          for (const [key, field] of Object.entries(partValue)) Object.defineProperty(value, key, { value: field, enumerable: true, writable: true, configurable: true });
        }
      }
      keepFixedValues(node, value, types, random, depth);
      return value;
    }
    case "array":
      if (depth >= MAX_DEPTH) return [];
      return Array.from({ length: 1 + integer(2) }, () => sampleValue(node.items, types, random, depth + 1));
    case "map":
      return depth >= MAX_DEPTH ? {} : { [`key${1 + integer(9)}`]: sampleValue(node.values, types, random, depth + 1) };
    case "ref": {
      const named = types.get(node.name);
      if (!named) return {};
      if (depth >= MAX_DEPTH && node.nullable) return null;
      return sampleValue(named.type, types, random, depth + 1);
    }
    case "union": {
      const index = integer(node.variants.length);
      const variant = sampleValue(node.variants[index]!, types, random, depth + 1);
      // A mapped variant's property may be any string: set it to a value that selects the variant.
      const tags = node.mapping && node.discriminator !== undefined ? mappedTags(node.mapping, node.variants[index]!) : undefined;
      if (tags && variant !== null && typeof variant === "object") {
        Object.defineProperty(variant, node.discriminator!, { value: pick(tags), enumerable: true, writable: true, configurable: true });
      }
      return variant;
    }
    case "binary":
      // Bytes inside a JSON value: base64 text.
      return btoa(`mock-${integer(1000)}`);
    case "unknown":
      return {};
    case "object":
      return objectValue(node, types, random, depth);
  }
}

/**
 * A field that one part fixes (a const or an enum: an allOf variant's discriminator value) and
 * another part only types (the base's plain string) keeps a value the fixing part allows, whichever
 * part came last.
 */
function keepFixedValues(node: TypeNode, value: Record<string, unknown>, types: SchemaTypes, random: () => number, depth: number): void {
  const lookup = (name: string) => types.get(name)?.type;
  const shapes = objectParts(node, lookup);
  for (const key of Object.keys(value)) {
    for (const shape of shapes) {
      const declared = shape.properties.find((property) => property.name === key)?.type;
      const fixed = declared && resolved(declared, lookup);
      if (!fixed) continue;
      const allows = fixed.kind === "const" ? [fixed.value] : "enum" in fixed && fixed.enum !== undefined ? (fixed.enum as unknown[]) : undefined;
      if (allows === undefined || allows.includes(value[key])) continue;
      Object.defineProperty(value, key, { value: sampleValue(fixed, types, random, depth + 1), enumerable: true, writable: true, configurable: true });
      break;
    }
  }
}

type Lookup = (name: string) => TypeNode | undefined;

/** `node` with its refs followed (undefined for an unknown name or a cycle of refs). */
function resolved(node: TypeNode, lookup: Lookup): TypeNode | undefined {
  const seen = new Set<string>();
  let current: TypeNode | undefined = node;
  while (current?.kind === "ref") {
    if (seen.has(current.name)) return undefined;
    seen.add(current.name);
    current = lookup(current.name);
  }
  return current;
}

/** The objects an allOf (or an object, or a ref to either) is made of, refs and nested allOfs followed. */
function objectParts(node: TypeNode, lookup: Lookup, seen = new Set<string>()): ObjectShape[] {
  if (node.kind === "ref") {
    if (seen.has(node.name)) return [];
    seen.add(node.name);
    const target = lookup(node.name);
    return target ? objectParts(target, lookup, seen) : [];
  }
  if (node.kind === "allOf") return node.parts.flatMap((part) => objectParts(part, lookup, seen));
  return node.kind === "object" ? [node] : [];
}

/** The discriminator values a mapping lists for a (named) variant; undefined when it lists none. */
function mappedTags(mapping: readonly { value: string; type: string }[], variant: TypeNode): string[] | undefined {
  if (variant.kind !== "ref") return undefined;
  const values = mapping.filter((entry) => entry.type === variant.name).map((entry) => entry.value);
  return values.length > 0 ? values : undefined;
}

function objectValue(shape: ObjectShape, types: SchemaTypes, random: () => number, depth: number): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const property of shape.properties) {
    if (!property.required && depth >= MAX_DEPTH) continue;
    // Optional self-references would nest to the depth limit on every level: include them once.
    if (!property.required && property.type.nullable && depth > 0) continue;
    setOwn(value, property.name, sampleValue(property.type, types, random, depth + 1));
  }
  if (shape.combinations) {
    const allowed = shape.combinations.allowed;
    const combination = allowed[Math.floor(random() * allowed.length)]!;
    for (const field of shape.combinations.fields) setOwn(value, field, combination.values[field]);
  }
  return value;
}

/** `target[key] = item` as an own key, also for `__proto__` (an assignment would set the prototype). */
function setOwn(target: Record<string, unknown>, key: string, item: unknown): void {
  Object.defineProperty(target, key, { value: item, enumerable: true, writable: true, configurable: true });
}

function formatted(format: string | undefined, integer: (below: number) => number): string {
  const day = 1 + integer(28);
  const date = `2024-0${1 + integer(9)}-${String(day).padStart(2, "0")}`;
  const hex = (length: number) => Array.from({ length }, () => "0123456789abcdef"[integer(16)]).join("");
  switch (format) {
    case "date-time":
      return `${date}T${String(integer(24)).padStart(2, "0")}:${String(integer(60)).padStart(2, "0")}:00Z`;
    case "date":
      return date;
    case "time":
      return `${String(integer(24)).padStart(2, "0")}:00:00`;
    case "uuid":
      return `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
    case "email":
      return `user${integer(100)}@example.com`;
    case "uri":
    case "url":
      return `https://example.com/${hex(8)}`;
    case "byte":
      return btoa(hex(6));
    default:
      return `mock-${hex(6)}`;
  }
}
