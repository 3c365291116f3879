// TypeNode -> TypeScript type text, shared by the client and server emitters so both
// describe the API's data with the very same types. The text is final (no formatter runs after
// it): an object's members sit two spaces in from the line that opens it, one member a line.
import type { Combination, NamedType, ObjectShape, TypeNode } from "../../model/types.js";
import { docCommentText, stringLiteral } from "./text.js";

export interface TypeTextOptions {
  /** What a `binary` node becomes: bytes received (`Uint8Array`) or a body to send. */
  binary: string;
}

export const RESPONSE_TYPES: TypeTextOptions = { binary: "Uint8Array" };
export const REQUEST_TYPES: TypeTextOptions = { binary: "Blob | ArrayBuffer | ArrayBufferView | ReadableStream<Uint8Array>" };

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A property key: bare when it is an identifier, a string literal otherwise. */
export function propertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : stringLiteral(name);
}

/** A `/** ... *\/` block for a description (empty string when there is none). */
export function docBlock(lines: (string | undefined)[]): string {
  const kept = lines.filter((line): line is string => line !== undefined && line !== "");
  if (kept.length === 0) return "";
  const body = kept.flatMap((line) => docCommentText(line).split("\n"));
  return `/**\n${body.map((line) => ` * ${line}`.trimEnd()).join("\n")}\n */\n`;
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
      return "number";
    case "boolean":
      return "boolean";
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
