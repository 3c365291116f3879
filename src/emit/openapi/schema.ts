// TypeNode -> JSON Schema 2020-12, the dialect of OpenAPI 3.1.
import { isClosedPart, isValueAllOf } from "../../model/type-lookup.js";
import type { Combinations, NamedType, ObjectShape, TypeNode } from "../../model/types.js";
import { markdownParagraphs } from "../../shared/sinks.js";
import { schemaAnnotations } from "./annotations.js";

/**
 * OpenAPI reads every `description` as CommonMark, and tools render it: catalogue text goes in
 * escaped so it shows literally (summaries, titles, names and values are plain and stay exact).
 */
export const commonMark = (text: string): string => markdownParagraphs(text);

export type Schema = { [key: string]: unknown };

export const schemaRef = (name: string): string => `#/components/schemas/${name}`;

export function toSchema(node: TypeNode, types: ReadonlyMap<string, NamedType>): Schema {
  const schema = { ...nullable(baseSchema(node, types), node), ...schemaAnnotations(node) };
  return node.description === undefined ? schema : { description: commonMark(node.description), ...schema };
}

function nullable(schema: Schema, node: TypeNode): Schema {
  if (!node.nullable) return schema;
  const { type } = schema;
  if (typeof type === "string" && !("oneOf" in schema)) {
    const widened: Schema = { ...schema, type: [type, "null"] };
    // An enum lists every allowed value, so null has to be one of them too.
    if (Array.isArray(schema.enum)) widened.enum = [...schema.enum, null];
    return widened;
  }
  return { anyOf: [schema, { type: "null" }] };
}

function baseSchema(node: TypeNode, types: ReadonlyMap<string, NamedType>): Schema {
  switch (node.kind) {
    case "string":
    case "integer":
      return {
        type: node.kind,
        ...(node.format === undefined ? {} : { format: node.format }),
        ...(node.enum === undefined ? {} : { enum: [...node.enum] }),
      };
    case "number":
      return {
        type: "number",
        ...(node.format === undefined ? {} : { format: node.format }),
        ...(node.enum === undefined ? {} : { enum: [...node.enum] }),
      };
    case "boolean":
      return { type: "boolean", ...(node.enum === undefined ? {} : { enum: [...node.enum] }) };
    case "const":
      return { const: node.value };
    case "allOf":
      // The part the model adds from a base's discriminator is said by the base's `discriminator`.
      return allOfSchema(node.parts.filter((part) => !(part.kind === "object" && part.fromBaseDiscriminator)), types);
    case "array":
      return { type: "array", items: toSchema(node.items, types) };
    case "map":
      return { type: "object", additionalProperties: toSchema(node.values, types) };
    case "ref":
      return { $ref: schemaRef(node.name) };
    case "union":
      return unionSchema(node.variants, node.discriminator, types, node.mapping);
    case "binary":
      // Bytes inside a structured body; a body that is bytes itself gets its own media type.
      return { type: "string", contentMediaType: "application/octet-stream" };
    case "unknown":
      return {};
    case "object":
      return objectSchema(node, types);
  }
}

/**
 * `allOf`. A closed composition refuses fields no part declares: JSON Schema says that with
 * `unevaluatedProperties: false` beside the allOf, its inline parts left open. (A part that is a
 * reference to a closed type keeps that type's own `additionalProperties: false`, which JSON Schema
 * validators apply to that part alone; the README names this.)
 */
function allOfSchema(parts: TypeNode[], types: ReadonlyMap<string, NamedType>): Schema {
  const lookup = (name: string) => types.get(name)?.type;
  const closed = parts.length > 1 && !isValueAllOf({ kind: "allOf", parts }, lookup) && parts.every((part) => isClosedPart(part, lookup));
  const schemas = parts.map((part) => {
    const schema = toSchema(part, types);
    if (!closed || part.kind !== "object") return schema;
    const { additionalProperties: _closed, ...open } = schema;
    return open;
  });
  return closed ? { allOf: schemas, unevaluatedProperties: false } : { allOf: schemas };
}

function objectSchema(shape: ObjectShape, types: ReadonlyMap<string, NamedType>): Schema {
  const schema: Schema = { type: "object" };
  if (shape.properties.length > 0) {
    schema.properties = Object.fromEntries(
      shape.properties.map((property) => {
        const inner = toSchema(property.type, types);
        return [property.name, property.description === undefined ? inner : { ...inner, description: commonMark(property.description) }];
      }),
    );
  }
  const required = shape.properties.filter((property) => property.required).map((property) => property.name);
  if (required.length > 0) schema.required = required;
  schema.additionalProperties =
    typeof shape.additionalProperties === "boolean" ? shape.additionalProperties : toSchema(shape.additionalProperties, types);
  if (shape.combinations) schema.oneOf = combinationVariants(shape.combinations);
  if (shape.baseDiscriminator) {
    const { property, mapping } = shape.baseDiscriminator;
    schema.discriminator = { propertyName: property, ...(mapping && { mapping: Object.fromEntries(mapping.map((entry) => [entry.value, schemaRef(entry.type)])) }) };
  }
  return schema;
}

/**
 * One variant per allowed combination: the combination's fields fixed with `const`. The variants
 * only narrow the object around them, so its other fields stay as the object allows.
 */
function combinationVariants(combinations: Combinations): Schema[] {
  return combinations.allowed.map((combination) => {
    const variant: Schema = {
      title: combinations.fields.map((field) => combination.values[field]).join(" / "),
      properties: Object.fromEntries(combinations.fields.map((field) => [field, { const: combination.values[field] }])),
      required: [...combinations.fields],
    };
    if (combination.meaning !== undefined) variant.description = commonMark(combination.meaning);
    if (combination.group !== undefined) variant["x-group"] = combination.group;
    return variant;
  });
}

function unionSchema(
  variants: TypeNode[],
  discriminator: string | undefined,
  types: ReadonlyMap<string, NamedType>,
  declared?: { value: string; type: string }[],
): Schema {
  const schema: Schema = {
    oneOf: variants.map((variant) => ({ title: variantTitle(variant, discriminator), ...toSchema(variant, types) })),
  };
  const mapping =
    discriminator === undefined
      ? undefined
      : declared
        ? Object.fromEntries(declared.map((entry) => [entry.value, schemaRef(entry.type)]))
        : discriminatorMapping(variants, discriminator, types);
  if (mapping) schema.discriminator = { propertyName: discriminator, mapping };
  return schema;
}

/**
 * What tools name a union branch by (Redoc otherwise shows "object", Swagger UI "#0"): the named
 * type, else the branch's own discriminator value, else its kind.
 */
function variantTitle(variant: TypeNode, discriminator: string | undefined): string {
  if (variant.kind === "ref") return variant.name;
  if (variant.kind === "object" && discriminator !== undefined) {
    const field = variant.properties.find((property) => property.name === discriminator);
    if (field?.type.kind === "string" && field.type.enum?.length === 1) return field.type.enum[0]!;
  }
  return variant.kind === "array" ? `array of ${variant.items.kind === "ref" ? variant.items.name : variant.items.kind}` : variant.kind;
}

/**
 * OpenAPI's discriminator works on named schemas only: every variant must be a reference to an
 * object that requires the property as a single-value string enum. Otherwise none is emitted
 * (the `oneOf` alone still describes the data).
 */
function discriminatorMapping(
  variants: TypeNode[],
  property: string,
  types: ReadonlyMap<string, NamedType>,
): Record<string, string> | undefined {
  const entries: [string, string][] = [];
  for (const variant of variants) {
    if (variant.kind !== "ref" || variant.nullable) return undefined;
    const target = types.get(variant.name)?.type;
    if (target?.kind !== "object") return undefined;
    const field = target.properties.find((candidate) => candidate.name === property);
    if (!field?.required || field.type.kind !== "string" || field.type.enum?.length !== 1) return undefined;
    entries.push([field.type.enum[0]!, schemaRef(variant.name)]);
  }
  const mapping = Object.fromEntries(entries);
  return Object.keys(mapping).length === entries.length ? mapping : undefined;
}
