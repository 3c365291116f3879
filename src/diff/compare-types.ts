// Two versions of a type, compared: the changes inside it, each named by a type rule of
// ./rules.ts without its `request-`/`response-` prefix (the caller knows which side sends the
// value). A reference is not followed here: it is handed back as a pair of named types for the
// caller to compare once, however many operations reach it.
import type { TypeNode } from "../model/types.js";

export interface TypeChange {
  /** A type rule id without `request-`/`response-`. */
  rule: string;
  /** Where inside the compared type: `` (the type itself), `.name`, `[]`, `{}` ... */
  path: string;
  old?: string;
  new?: string;
}

/** Named types the compared types reach, old name and new (the same name, or a reference that changed its target). */
export type NamedPair = readonly [oldName: string, newName: string];

export interface TypeComparison {
  changes: TypeChange[];
  pairs: NamedPair[];
}

/** The changes from `before` to `after` where `where` says who sends the value (read-only properties are not sent by a client, write-only not by a server). */
export function compareTypes(before: TypeNode, after: TypeNode, where: "request" | "response"): TypeComparison {
  const result: TypeComparison = { changes: [], pairs: [] };
  compare(before, after, "", where, result);
  return result;
}

function compare(before: TypeNode, after: TypeNode, path: string, where: "request" | "response", out: TypeComparison): void {
  const [a, b] = [asMap(before), asMap(after)];
  const change = (rule: string, old?: string, next?: string): void => {
    out.changes.push({ rule, path, ...(old !== undefined && { old }), ...(next !== undefined && { new: next }) });
  };
  if (!a.nullable && b.nullable) change("became-nullable");
  if (a.nullable && !b.nullable) change("became-not-nullable");
  if (!a.deprecated && b.deprecated) change("deprecated");
  if (a.default !== undefined && b.default !== undefined && JSON.stringify(a.default) !== JSON.stringify(b.default)) change("default-changed", JSON.stringify(a.default), JSON.stringify(b.default));
  if (a.kind !== b.kind) return kindChanged(a, b, path, where, out, change);
  compareConstraints(a, b, change);
  switch (a.kind) {
    case "string":
    case "integer":
    case "number":
    case "boolean": {
      const formatBefore = "format" in a ? a.format : undefined;
      const formatAfter = "format" in b ? (b as { format?: string }).format : undefined;
      if (formatBefore !== formatAfter) change("format-changed", formatBefore ?? "none", formatAfter ?? "none");
      compareEnums(a.enum as readonly unknown[] | undefined, (b as { enum?: readonly unknown[] }).enum, change);
      return;
    }
    case "const": {
      const value = (b as { value: unknown }).value;
      if (a.value !== value) change("const-changed", JSON.stringify(a.value), JSON.stringify(value));
      return;
    }
    case "array":
      return compare(a.items, (b as { items: TypeNode }).items, `${path}[]`, where, out);
    case "map":
      return compare(a.values, (b as { values: TypeNode }).values, `${path}{}`, where, out);
    case "ref":
      out.pairs.push([a.name, (b as { name: string }).name]);
      return;
    case "object":
      return compareObjects(a, b as typeof a, path, where, out, change);
    case "union":
      return compareVariants(a.variants, (b as typeof a).variants, path, where, out, change);
    case "allOf":
      return compareVariants(a.parts, (b as typeof a).parts, path, where, out, change, true);
    default:
      return; // binary, unknown: nothing inside
  }
}

/** An object with no properties of its own and a type for any others is a map of that type (OpenAPI writes a map so). */
function asMap(node: TypeNode): TypeNode {
  if (node.kind !== "object" || node.properties.length > 0 || typeof node.additionalProperties !== "object" || node.combinations || node.baseDiscriminator) return node;
  const { properties: _properties, additionalProperties, ...rest } = node;
  return { ...rest, kind: "map", values: additionalProperties };
}

/** A type of another kind: a value that was one of the new union's variants (or the other way round) is a variant gained (lost); anything else a new type. */
function kindChanged(a: TypeNode, b: TypeNode, path: string, where: "request" | "response", out: TypeComparison, change: (rule: string, old?: string, next?: string) => void): void {
  if (b.kind === "union" && a.kind !== "union") {
    const same = b.variants.find((variant) => variant.kind === a.kind);
    if (same) {
      compare(a, same, path, where, out);
      for (const variant of b.variants) if (variant !== same) change("variant-added", undefined, label(variant));
      return;
    }
  }
  if (a.kind === "union" && b.kind !== "union") {
    const same = a.variants.find((variant) => variant.kind === b.kind);
    if (same) {
      compare(same, b, path, where, out);
      for (const variant of a.variants) if (variant !== same) change("variant-removed", label(variant));
      return;
    }
  }
  if (b.kind === "unknown") return change("type-changed", label(a), "any value");
  if (a.kind === "string" && b.kind === "const" && typeof b.value === "string") return change("became-enum", undefined, JSON.stringify(b.value));
  change("type-changed", label(a), label(b));
}

function compareEnums(before: readonly unknown[] | undefined, after: readonly unknown[] | undefined, change: (rule: string, old?: string, next?: string) => void): void {
  if (before === undefined && after === undefined) return;
  if (before === undefined) return change("became-enum", undefined, after!.map((value) => JSON.stringify(value)).join(", "));
  if (after === undefined) return change("enum-dropped", before.map((value) => JSON.stringify(value)).join(", "));
  for (const value of before) if (!after.includes(value)) change("enum-value-removed", JSON.stringify(value));
  for (const value of after) if (!before.includes(value)) change("enum-value-added", undefined, JSON.stringify(value));
}

type ObjectNode = Extract<TypeNode, { kind: "object" }>;

function compareObjects(a: ObjectNode, b: ObjectNode, path: string, where: "request" | "response", out: TypeComparison, change: (rule: string, old?: string, next?: string) => void): void {
  // What this side never sends is not part of the value here.
  const sent = (property: ObjectNode["properties"][number]): boolean => !(where === "request" ? property.type.readOnly : property.type.writeOnly);
  const after = new Map(b.properties.filter(sent).map((property) => [property.name, property]));
  const before = new Map(a.properties.filter(sent).map((property) => [property.name, property]));
  for (const [name, old] of before) {
    const next = after.get(name);
    const at = `${path}.${name}`;
    if (!next) {
      out.changes.push({ rule: "property-removed", path: at });
      continue;
    }
    if (!old.required && next.required) out.changes.push({ rule: "property-became-required", path: at });
    if (old.required && !next.required) out.changes.push({ rule: "property-became-optional", path: at });
    compare(old.type, next.type, at, where, out);
  }
  for (const [name, next] of after) if (!before.has(name)) out.changes.push({ rule: next.required ? "property-added-required" : "property-added-optional", path: `${path}.${name}` });
  const open = (value: ObjectNode["additionalProperties"]): boolean => value !== false;
  if (!open(a.additionalProperties) && open(b.additionalProperties)) change("additional-properties-allowed");
  else if (open(a.additionalProperties) && !open(b.additionalProperties)) change("additional-properties-refused");
  else if (typeof a.additionalProperties === "object" && typeof b.additionalProperties === "object") compare(a.additionalProperties, b.additionalProperties, `${path}{}`, where, out);
  else if (typeof a.additionalProperties === "object" && b.additionalProperties === true) change("additional-properties-allowed");
  else if (a.additionalProperties === true && typeof b.additionalProperties === "object") change("additional-properties-refused");
}

/** A union's variants (or an allOf's parts): matched by the named type they name, else by kind; unmatched ones gained or lost. */
function compareVariants(before: readonly TypeNode[], after: readonly TypeNode[], path: string, where: "request" | "response", out: TypeComparison, change: (rule: string, old?: string, next?: string) => void, parts = false): void {
  const left = [...after];
  for (const old of before) {
    const index = left.findIndex((candidate) => variantKey(candidate) === variantKey(old));
    if (index === -1) {
      // A part lost from an allOf takes its properties away (wider); a variant lost from a union, narrower.
      change(parts ? "type-changed" : "variant-removed", label(old), parts ? "without it" : undefined);
      continue;
    }
    compare(old, left[index]!, path, where, out);
    left.splice(index, 1);
  }
  for (const added of left) change(parts ? "type-changed" : "variant-added", parts ? "without it" : undefined, label(added));
}

function variantKey(node: TypeNode): string {
  return node.kind === "ref" ? `ref:${node.name}` : node.kind === "const" ? `const:${JSON.stringify(node.value)}` : node.kind;
}

const LOWER_BOUNDS = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"] as const;
const UPPER_BOUNDS = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"] as const;

function compareConstraints(a: TypeNode, b: TypeNode, change: (rule: string, old?: string, next?: string) => void): void {
  const text = (key: string, value: unknown): string => (value === undefined ? `no ${key}` : `${key} ${typeof value === "string" ? value : JSON.stringify(value)}`);
  for (const key of LOWER_BOUNDS) {
    const [old, next] = [a[key], b[key]];
    if (old === next) continue;
    change(next !== undefined && (old === undefined || next > old) ? "constraint-tightened" : "constraint-loosened", text(key, old), text(key, next));
  }
  for (const key of UPPER_BOUNDS) {
    const [old, next] = [a[key], b[key]];
    if (old === next) continue;
    change(next !== undefined && (old === undefined || next < old) ? "constraint-tightened" : "constraint-loosened", text(key, old), text(key, next));
  }
  for (const key of ["pattern", "multipleOf"] as const) {
    const [old, next] = [a[key], b[key]];
    if (old === next) continue;
    change(next === undefined ? "constraint-loosened" : "constraint-tightened", text(key, old), text(key, next));
  }
  if (!a.uniqueItems && b.uniqueItems) change("constraint-tightened", "items may repeat", "uniqueItems");
  if (a.uniqueItems && !b.uniqueItems) change("constraint-loosened", "uniqueItems", "items may repeat");
}

/** A type in a few words: `string (date-time)`, `Pet`, `Pet[]`, `"a"`. */
export function label(node: TypeNode): string {
  switch (node.kind) {
    case "ref":
      return node.name;
    case "array":
      return `${label(node.items)}[]`;
    case "map":
      return `map of ${label(node.values)}`;
    case "const":
      return JSON.stringify(node.value);
    case "union":
      return node.variants.map(label).join(" | ");
    case "allOf":
      return node.parts.map(label).join(" & ");
    case "string":
    case "integer":
    case "number":
      return node.format ? `${node.kind} (${node.format})` : node.kind;
    case "unknown":
      return "any value";
    default:
      return node.kind;
  }
}
