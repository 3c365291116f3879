// TypeNode -> TypeScript type text, shared by the client and server emitters so both
// describe the API's data with the very same types. The text is final (no formatter runs after
// it): an object's members sit two spaces in from the line that opens it, one member a line.
import type { Combination, NamedType, ObjectShape, TypeNode } from "../../model/types.js";
import { docComment, propertyKey, stringLiteral } from "../../shared/sinks.js";

export interface TypeTextOptions {
  /** What a `binary` node becomes: bytes received (`Uint8Array`) or a body to send. */
  binary: string;
}

export const RESPONSE_TYPES: TypeTextOptions = { binary: "Uint8Array" };
export const REQUEST_TYPES: TypeTextOptions = { binary: "Blob | ArrayBuffer | ArrayBufferView | ReadableStream<Uint8Array>" };

export { propertyKey };

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A `/** ... *\/` block for a description (empty string when there is none). */
export function docBlock(lines: (string | undefined)[]): string {
  const kept = lines.filter((line): line is string => line !== undefined && line !== "");
  return docComment(kept, { block: true });
}

/** The named types `node` refers to itself (refs inside those types are not followed), sorted. */
export function typeReferences(node: TypeNode | undefined): string[] {
  const found = new Set<string>();
  const walk = (current: TypeNode | undefined): void => {
    switch (current?.kind) {
      case "ref":
        found.add(current.name);
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
        current.properties.forEach((property) => walk(property.type));
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
      return node.name;
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
  const plain = part.kind === "ref" || (part.kind === "object" && !part.combinations) || part.kind === "allOf";
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
  const members = node.properties.map((property) => {
    const fixed = combination && Object.hasOwn(combination.values, property.name) ? combination.values[property.name] : undefined;
    const type = fixed !== undefined ? stringLiteral(fixed) : typeText(property.type, options);
    const optional = property.required || fixed !== undefined ? "" : "?";
    return `${docBlock([property.description])}${propertyKey(property.name)}${optional}: ${type};`;
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
    .map((named) => `${docBlock([named.type.description])}export type ${named.name} = ${typeText(named.type, options)};\n`)
    .join("\n");
}
