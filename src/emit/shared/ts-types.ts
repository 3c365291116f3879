// TypeNode -> TypeScript type text, shared by the client and server emitters so both
// describe the API's data with the very same types. The text is final (no formatter runs after
// it): an object's members sit two spaces in from the line that opens it, one member a line.
import type { Combination, NamedType, ObjectShape, TypeNode } from "../../model/types.js";
import { docComment, propertyKey, stringLiteral, type DocTag } from "../../shared/sinks.js";
import { annotationLines, annotationTags } from "./annotation-docs.js";
import { requestShapeName } from "../../model/directed.js";

export interface TypeTextOptions {
  /** What a `binary` node becomes: bytes received (`Uint8Array`) or a body to send. */
  binary: string;
  /**
   * Which way the data travels, where the target writes the two shapes apart: a request leaves out
   * read-only properties and names the `<Name>Writable` variant of a directional type; a response
   * leaves out write-only properties. Undefined: every property, one shape.
   */
  direction?: "request" | "response";
}

/** The name of the request shape of a directional named type (see src/model/directional.ts). */
export function writableName(name: string): string {
  return requestShapeName(name);
}

/** The name a reference is written with in `options`' direction. */
function refName(node: { name: string; directional?: boolean }, options?: TypeTextOptions): string {
  return options?.direction === "request" && node.directional === true ? writableName(node.name) : node.name;
}

/** Whether a property travels in `options`' direction. */
function travels(property: { type: TypeNode }, options?: TypeTextOptions): boolean {
  if (options?.direction === "request") return property.type.readOnly !== true;
  if (options?.direction === "response") return property.type.writeOnly !== true;
  return true;
}

export const RESPONSE_TYPES: TypeTextOptions = { binary: "Uint8Array" };
export const REQUEST_TYPES: TypeTextOptions = { binary: "Blob | ArrayBuffer | ArrayBufferView | ReadableStream<Uint8Array>" };

export { propertyKey };

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A `/** ... *\/` block for a description (empty string when there is none); `tags` (e.g. `@deprecated`) are written as they are. */
export function docBlock(lines: (string | undefined)[], tags: readonly DocTag[] = []): string {
  const kept = lines.filter((line): line is string => line !== undefined && line !== "");
  return kept.length === 0 && tags.length === 0 ? "" : docComment(kept, { block: true, tags });
}

/** The named types `node` refers to itself (refs inside those types are not followed), sorted; as `options` writes them. */
export function typeReferences(node: TypeNode | undefined, options?: TypeTextOptions): string[] {
  const found = new Set<string>();
  const walk = (current: TypeNode | undefined): void => {
    switch (current?.kind) {
      case "ref":
        found.add(refName(current, options));
        return;
      case "array":
        return walk(current.items);
      case "map":
        return walk(current.values);
      case "union":
        return current.variants.forEach(walk);
      case "allOf":
        return current.parts.forEach(walk);
      case "object":
        current.properties.forEach((property) => travels(property, options) && walk(property.type));
        if (typeof current.additionalProperties === "object") walk(current.additionalProperties);
        return;
      default:
        return;
    }
  };
  walk(node);
  return [...found].sort();
}

export function typeText(node: TypeNode, options: TypeTextOptions = RESPONSE_TYPES): string {
  const text = baseTypeText(node, options);
  return node.nullable ? `${text} | null` : text;
}

function baseTypeText(node: TypeNode, options: TypeTextOptions): string {
  switch (node.kind) {
    case "string":
      return node.enum ? node.enum.map(stringLiteral).join(" | ") : "string";
    case "integer":
      return node.enum ? node.enum.map(String).join(" | ") : "number";
    case "number":
      return node.enum ? node.enum.map(numberLiteral).join(" | ") : "number";
    case "boolean":
      return node.enum ? [...new Set(node.enum)].map(String).join(" | ") : "boolean";
    case "const":
      return constLiteral(node.value);
    case "allOf":
      return node.parts.map((part) => intersectionMember(typeText(part, options), part)).join(" & ");
    case "array": {
      const items = typeText(node.items, options);
      return IDENTIFIER.test(items) ? `${items}[]` : `Array<${items}>`;
    }
    case "map": {
      const values = typeText(node.values, options);
      return values.includes("\n") ? `{\n${indent(`[key: string]: ${values};`)}\n}` : `{ [key: string]: ${values} }`;
    }
    case "ref":
      return refName(node, options);
    case "union":
      // Union members need no parentheses: nothing here makes a function or conditional type.
      if (node.mapping && node.discriminator !== undefined) return mappedUnionText(node.variants, node.discriminator, node.mapping, options);
      return node.variants.map((variant) => typeText(variant, options)).join(" | ");
    case "binary":
      return options.binary;
    case "unknown":
      return "unknown";
    case "object":
      return node.combinations
        ? node.combinations.allowed.map((combination) => objectText(node, options, combination)).join(" | ")
        : objectText(node, options);
  }
}

/** A number as TypeScript writes it (`-0` is 0 to TypeScript; JSON has no other non-finite values). */
function numberLiteral(value: number): string {
  return Object.is(value, -0) ? "0" : String(value);
}

/** The literal type of a const: `"cat"`, `42`, `-1.5`, `true`, `null`. */
export function constLiteral(value: string | number | boolean | null): string {
  if (typeof value === "string") return stringLiteral(value);
  if (typeof value === "number") return numberLiteral(value);
  return String(value);
}

/** An intersection member in parentheses where its text is a union (an object with combinations, say). */
function intersectionMember(text: string, part: TypeNode): string {
  const single = (part.kind === "string" || part.kind === "integer" || part.kind === "number" || part.kind === "boolean") && (part.enum === undefined || part.enum.length === 1);
  const plain = part.kind === "ref" || (part.kind === "object" && !part.combinations) || part.kind === "allOf" || part.kind === "const" || single;
  return plain && !part.nullable ? text : `(${text})`;
}

/**
 * A union with a discriminator mapping: one member per value, its variant narrowed to that value,
 * so comparing the property narrows to the variant (`(Cat & { kind: "cat" }) | (Dog & { kind: "dog" })`).
 */
function mappedUnionText(variants: TypeNode[], property: string, mapping: { value: string; type: string }[], options: TypeTextOptions): string {
  return variants
    .flatMap((variant) => {
      const text = typeText(variant, options);
      const values = variant.kind === "ref" ? mapping.filter((entry) => entry.type === variant.name) : [];
      if (values.length === 0) return [text];
      return values.map((entry) => `(${intersectionMember(text, variant)} & { ${propertyKey(property)}: ${stringLiteral(entry.value)} })`);
    })
    .join(" | ");
}

function objectText(node: ObjectShape, options: TypeTextOptions, combination?: Combination): string {
  const members = node.properties.filter((property) => travels(property, options)).map((property) => {
    const fixed = combination && Object.hasOwn(combination.values, property.name) ? combination.values[property.name] : undefined;
    const type = fixed !== undefined ? stringLiteral(fixed) : typeText(property.type, options);
    const optional = property.required || fixed !== undefined ? "" : "?";
    const doc = docBlock([property.description, ...annotationLines(property.type)], annotationTags(property.type));
    return `${doc}${propertyKey(property.name)}${optional}: ${type};`;
  });
  const index = indexSignature(node, options);
  if (index) members.push(index);
  if (members.length === 0) return "{}";
  return `{\n${members.map((member) => indent(member)).join("\n")}\n}`;
}

/** Every line of `text` two spaces further in (a nested object's lines move with it). */
function indent(text: string): string {
  return text.replace(/^(?=.)/gm, "  ");
}

function indexSignature(node: ObjectShape, options: TypeTextOptions): string | undefined {
  const extra = node.additionalProperties;
  if (extra === false) return undefined;
  // Declared properties must fit the index signature, so a typed one widens to unknown.
  if (extra === true || node.properties.length > 0) return "[key: string]: unknown;";
  return `[key: string]: ${typeText(extra, options)};`;
}

/** `export type Name = ...;` for every named type, with its description as a doc comment. */
export function namedTypeDeclarations(types: NamedType[], options: TypeTextOptions = RESPONSE_TYPES): string {
  return types
    .map((named) => {
      const doc = (extra?: string) => docBlock([named.type.description, ...annotationLines(named.type), extra], annotationTags(named.type));
      const declaration = `${doc()}export type ${named.name} = ${typeText(named.type, options)};\n`;
      if (options.direction === undefined || named.directional !== true) return declaration;
      const request = { ...options, direction: "request" as const };
      return `${declaration}\n${doc(`The request shape of {@link ${named.name}}: without its read-only properties, with its write-only ones.`)}export type ${writableName(named.name)} = ${typeText(named.type, request)};\n`;
    })
    .join("\n");
}

/** The names a named type's declarations refer to (its request shape's too, where the target writes one). */
export function declarationReferences(named: NamedType, options?: TypeTextOptions): string[] {
  const names = typeReferences(named.type, options);
  if (options?.direction === undefined || named.directional !== true) return names;
  return [...new Set([...names, ...typeReferences(named.type, { ...options, direction: "request" })])].sort();
}
