// A discriminator on an allOf base (OpenAPI's `Pet: { discriminator: { propertyName: kind } }`
// with `Cat: { allOf: [{ $ref: Pet }, ...] }`): each named type composed from the base gets one
// more allOf part fixing the property to its values (its mapping values, else its own name), so
// every emitter narrows by it (TypeScript, guards, the mock) without knowing about bases.
import { objectParts, resolved, type TypeLookup } from "./type-lookup.js";
import type { NamedType, ObjectShape, TypeNode } from "./types.js";

/** The variants of each base and their values: named types whose allOf has a `{ ref }` to the base. */
export function baseVariants(base: NamedType, types: readonly NamedType[]): { variant: NamedType; values: string[] }[] {
  const shape = base.type;
  if (shape.kind !== "object" || shape.baseDiscriminator === undefined) return [];
  const mapping = shape.baseDiscriminator.mapping ?? [];
  return types
    .filter((named) => named.type.kind === "allOf" && named.type.parts.some((part) => part.kind === "ref" && part.name === base.name))
    .map((variant) => {
      const mapped = mapping.filter((entry) => entry.type === variant.name).map((entry) => entry.value);
      return { variant, values: mapped.length > 0 ? mapped : [variant.name] };
    });
}

/** Adds the fixing part to every variant of every base (in place; once, at model build). */
export function applyBaseDiscriminators(types: readonly NamedType[]): void {
  const byName = new Map(types.map((named) => [named.name, named]));
  const lookup: TypeLookup = (name) => byName.get(name)?.type;
  for (const base of types) {
    if (base.type.kind !== "object" || base.type.baseDiscriminator === undefined) continue;
    const property = base.type.baseDiscriminator.property;
    for (const { variant, values } of baseVariants(base, types)) {
      const node = variant.type as Extract<TypeNode, { kind: "allOf" }>;
      // The document's own narrowing (a part with a const or enum for the property) is kept as it is.
      if (fixes(node, property, lookup)) continue;
      const closed = objectParts(node, lookup).every((shape) => shape.additionalProperties === false);
      const type: TypeNode = values.length === 1 ? { kind: "const", value: values[0]! } : { kind: "string", enum: values };
      const part: ObjectShape = { kind: "object", properties: [{ name: property, type, required: true }], additionalProperties: !closed, fromBaseDiscriminator: true };
      node.parts.push(part);
    }
  }
}

function fixes(node: TypeNode, property: string, lookup: TypeLookup): boolean {
  return objectParts(node, lookup).some((shape) => {
    const declared = shape.properties.find((candidate) => candidate.name === property)?.type;
    const type = declared && resolved(declared, lookup);
    return type !== undefined && (type.kind === "const" || ("enum" in type && type.enum !== undefined));
  });
}
