// Questions the emitters ask about composed types: the objects an allOf is made of, a property
// found through refs and allOf parts, and the discriminator values of a union's variants.
import type { ObjectShape, Property, TypeNode } from "./types.js";

/** The nodes directly inside `node` (property types, additional properties, items, values, variants, parts); refs are not followed. */
export function childNodes(node: TypeNode): TypeNode[] {
  switch (node.kind) {
    case "array":
      return [node.items];
    case "map":
      return [node.values];
    case "union":
      return node.variants;
    case "allOf":
      return node.parts;
    case "object":
      return [...node.properties.map((property) => property.type), ...(typeof node.additionalProperties === "object" ? [node.additionalProperties] : [])];
    default:
      return [];
  }
}

/** Finds a named type's node by name. */
export type TypeLookup = (name: string) => TypeNode | undefined;

/** `node` with its refs followed (undefined for an unknown name or a cycle of refs). */
export function resolved(node: TypeNode, lookup: TypeLookup): TypeNode | undefined {
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
export function objectParts(node: TypeNode, lookup: TypeLookup, seen = new Set<string>()): ObjectShape[] {
  if (node.kind === "ref") {
    if (seen.has(node.name)) return [];
    seen.add(node.name);
    const target = lookup(node.name);
    return target ? objectParts(target, lookup, seen) : [];
  }
  if (node.kind === "allOf") return node.parts.flatMap((part) => objectParts(part, lookup, seen));
  return node.kind === "object" ? [node] : [];
}

/** Whether an allOf part refuses fields it does not declare: an object that is closed, or an allOf of closed parts. */
export function isClosedPart(node: TypeNode, lookup: TypeLookup): boolean {
  return objectParts(node, lookup).every((shape) => shape.additionalProperties === false);
}

/** Property `name` of an object or allOf (the last part that declares it wins), refs followed. */
export function propertyOf(node: TypeNode, name: string, lookup: TypeLookup): Property | undefined {
  let found: Property | undefined;
  for (const shape of objectParts(node, lookup)) found = shape.properties.find((property) => property.name === name) ?? found;
  return found;
}

/**
 * The discriminator values of each variant of a union: the mapping's values naming it, else the
 * single value its property allows (a one-value string enum or a string const). undefined where a
 * variant has none.
 */
export function variantTags(node: Extract<TypeNode, { kind: "union" }>, lookup: TypeLookup): (string[] | undefined)[] {
  const property = node.discriminator;
  return node.variants.map((variant) => {
    if (property === undefined) return undefined;
    if (node.mapping) {
      if (variant.kind !== "ref") return undefined;
      const values = node.mapping.filter((entry) => entry.type === variant.name).map((entry) => entry.value);
      return values.length > 0 ? values : undefined;
    }
    const field = propertyOf(variant, property, lookup)?.type;
    if (field?.kind === "const" && typeof field.value === "string") return [field.value];
    return field?.kind === "string" && field.enum?.length === 1 ? [field.enum[0]!] : undefined;
  });
}

/** Whether an allOf is of values that are not objects (enums, consts, scalars, refs to them): an intersection of values. */
export function isValueAllOf(node: Extract<TypeNode, { kind: "allOf" }>, lookup: TypeLookup): boolean {
  return node.parts.every((part) => {
    const target = resolved(part, lookup);
    return target !== undefined && ["string", "integer", "number", "boolean", "const"].includes(target.kind);
  });
}
