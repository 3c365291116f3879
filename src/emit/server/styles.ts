// What the router needs of a parameter written by a style, or holding an array or object: the
// `style`/`explode`/`array`/`properties` fields of its rule (templates/server/styles.ts reads
// them), and the TypeScript type the handler sees. Header and cookie parameters' rules too.
import type { MediaType, NamedType, OperationModel, Parameter, Property, TypeNode } from "../../model/types.js";
import { mediaEssence } from "../../shared/media.js";
import { isDefaultStyle, parameterStyle } from "../../model/styles.js";
import { stringLiteral } from "../../shared/sinks.js";
import { propertyKey, typeReferences, typeText } from "../shared/ts-types.js";

function resolve(node: TypeNode | undefined, types: readonly NamedType[]): TypeNode | undefined {
  const seen = new Set<string>();
  let current = node;
  while (current?.kind === "ref" && !seen.has(current.name)) {
    seen.add(current.name);
    const name = current.name;
    current = types.find((named) => named.name === name)?.type;
  }
  return current;
}

function scalarFields(node: TypeNode | undefined, types: readonly NamedType[]): string {
  const scalar = resolve(node, types);
  switch (scalar?.kind) {
    case "string":
      return `type: "string"${scalar.enum ? `, enum: [${scalar.enum.map(stringLiteral).join(", ")}]` : ""}${scalar.format ? `, format: ${stringLiteral(scalar.format)}` : ""}`;
    case "integer":
      return `type: "integer"${scalar.enum ? `, enum: [${scalar.enum.join(", ")}]` : ""}${scalar.format === "int32" ? `, format: "int32"` : ""}`;
    case "number":
    case "boolean":
      return `type: ${stringLiteral(scalar.kind)}`;
    default:
      return `type: "string"`;
  }
}

/** The parameter's value shape: "object" (with its properties), "array" or "scalar". */
export function valueShape(parameter: Parameter, types: readonly NamedType[]): "object" | "array" | "scalar" {
  const node = resolve(parameter.schema, types);
  if (node?.kind === "object" || node?.kind === "allOf") return "object";
  return node?.kind === "array" ? "array" : "scalar";
}

function objectProperties(node: TypeNode | undefined, types: readonly NamedType[]): string {
  const object = resolve(node, types);
  const properties = object?.kind === "object" ? object.properties : [];
  return `[${properties.map((p) => `{ name: ${stringLiteral(p.name)}, required: ${p.required}, ${scalarFields(p.type, types)} }`).join(", ")}]`;
}

/** True when the router needs a styled rule for the parameter (a style, or a value not a scalar). */
export function needsStyledRule(parameter: Parameter, types: readonly NamedType[]): boolean {
  return !isDefaultStyle(parameter) || valueShape(parameter, types) === "object" || (parameter.in === "path" && valueShape(parameter, types) === "array");
}

/** `, style: …, explode: …, properties: […]` (query and path rules), or "" for a default scalar or array. */
export function styledFields(parameter: Parameter, types: readonly NamedType[]): string {
  if (!needsStyledRule(parameter, types)) return "";
  const { style, explode } = parameterStyle(parameter);
  const shape = valueShape(parameter, types);
  const fields = [`style: ${stringLiteral(style)}`, `explode: ${explode}`];
  if (shape === "array" && parameter.in === "path") fields.push("array: true");
  if (shape === "object") fields.push(`properties: ${objectProperties(parameter.schema, types)}`);
  const union = deepUnion(parameter, types);
  if (union) fields.push(`properties: ${objectProperties(union.object, types)}`, ...(union.scalar ? [`orScalar: ${stringLiteral(scalarType(union.scalar, types))}`] : []));
  if (style === "deepObject" && !oneLevel(parameter.schema, types)) fields.push(`deep: ${deepShape(parameter.schema, types, new Set(), 0)}`);
  return `, ${fields.join(", ")}`;
}

const SCALARS = ["string", "integer", "number", "boolean"];

function isScalar(node: TypeNode | undefined, types: readonly NamedType[]): boolean {
  return SCALARS.includes(resolve(node, types)?.kind ?? "");
}

/** True when the one-level rule reads the value: an object of scalars, or a union of one such object and at most one scalar (a list goes to the deep reader). */
function oneLevel(node: TypeNode | undefined, types: readonly NamedType[]): boolean {
  const value = resolve(node, types);
  const flatObject = (part: TypeNode | undefined): boolean => {
    const object = resolve(part, types);
    return object?.kind === "object" && object.properties.every((property) => isScalar(property.type, types));
  };
  if (value?.kind === "union") {
    const objects = value.variants.filter(flatObject).length;
    const scalars = value.variants.filter((variant) => isScalar(variant, types)).length;
    return objects === 1 && scalars <= 1 && objects + scalars === value.variants.length;
  }
  return flatObject(value);
}

/** Past this depth, or where a named type contains itself, a value is read as the text it came in. */
const MAX_DEEP_SHAPE = 8;

/** The DeepShape (templates/server/types.ts) of a nested deepObject value, as a TypeScript object literal. */
function deepShape(node: TypeNode | undefined, types: readonly NamedType[], seen: ReadonlySet<string>, depth: number): string {
  if (node === undefined || depth > MAX_DEEP_SHAPE) return "{ any: true }";
  if (node.kind === "ref") {
    if (seen.has(node.name)) return "{ any: true }";
    return deepShape(resolve(node, types), types, new Set([...seen, node.name]), depth);
  }
  const inner = (part: TypeNode | undefined): string => deepShape(part, types, seen, depth + 1);
  switch (node.kind) {
    case "string":
    case "integer":
    case "number":
    case "boolean":
      return `{ ${scalarFields(node, types)} }`;
    case "const":
      return node.value === null ? "{ any: true }" : `{ type: ${stringLiteral(typeof node.value === "number" ? "number" : typeof node.value)}${typeof node.value === "boolean" ? "" : `, enum: [${typeof node.value === "string" ? stringLiteral(node.value) : node.value}]`} }`;
    case "array":
      return `{ list: ${inner(node.items)} }`;
    case "map":
      return `{ values: ${inner(node.values)} }`;
    case "union":
      return `{ oneOf: [${node.variants.map(inner).join(", ")}] }`;
    case "object":
    case "allOf": {
      const properties = objectPropertyList(node, types);
      const required = properties.filter((property) => property.required).map((property) => stringLiteral(property.name));
      return `{ properties: { ${properties.map((property) => `${valueKey(property.name)}: ${inner(property.type)}`).join(", ")} }${required.length > 0 ? `, required: [${required.join(", ")}]` : ""} }`;
    }
    default:
      return "{ any: true }";
  }
}

/** A key of an object literal that holds it as its own property (`"__proto__": x` would set the prototype). */
function valueKey(name: string): string {
  return name === "__proto__" ? `[${stringLiteral(name)}]` : stringLiteral(name);
}

/** An object's properties, or an allOf's parts' properties together (a later part's property of the same name wins). */
function objectPropertyList(node: TypeNode, types: readonly NamedType[]): Property[] {
  if (node.kind === "object") return node.properties;
  if (node.kind !== "allOf") return [];
  const byName = new Map<string, Property>();
  for (const part of node.parts) {
    const resolved = resolve(part, types);
    if (resolved) for (const property of objectPropertyList(resolved, types)) byName.set(property.name, property);
  }
  return [...byName.values()];
}

/** A deepObject query parameter typed as a union of an object and a scalar (Stripe's `created`): the object member and the scalar member, or undefined. */
function deepUnion(parameter: Parameter, types: readonly NamedType[]): { object: TypeNode; scalar?: TypeNode } | undefined {
  const node = resolve(parameter.schema, types);
  if (parameterStyle(parameter).style !== "deepObject" || node?.kind !== "union") return undefined;
  const object = node.variants.find((variant) => ["object", "allOf"].includes(resolve(variant, types)?.kind ?? ""));
  if (!object) return undefined;
  const scalar = node.variants.find((variant) => ["string", "integer", "number", "boolean"].includes(resolve(variant, types)?.kind ?? ""));
  return { object, ...(scalar ? { scalar } : {}) };
}

function scalarType(node: TypeNode, types: readonly NamedType[]): string {
  const kind = resolve(node, types)?.kind;
  return kind === "integer" || kind === "number" || kind === "boolean" ? kind : "string";
}

/** The rule of a header or cookie parameter (`HeaderParameter` of templates/server/types.ts). */
export function headerRule(parameter: Parameter, types: readonly NamedType[]): string {
  const { style, explode } = parameterStyle(parameter);
  const shape = valueShape(parameter, types);
  const item = shape === "array" ? (resolve(parameter.schema, types) as Extract<TypeNode, { kind: "array" }>).items : parameter.schema;
  const fields = [`name: ${stringLiteral(parameter.name)}`, `required: ${parameter.required}`, scalarFields(item, types), `style: ${stringLiteral(style)}`, `explode: ${explode}`];
  if (shape === "array") fields.push("array: true");
  if (shape === "object") fields.push(`properties: ${objectProperties(parameter.schema, types)}`);
  return `{ ${fields.join(", ")} }`;
}

/** `headers: [...]` and `cookies: [...]` lines of a route, where the operation documents any. */
export function headerLines(operation: OperationModel, types: readonly NamedType[]): string {
  const lines: string[] = [];
  if (operation.headers && operation.headers.length > 0) lines.push(`\n    headers: [${operation.headers.map((p) => headerRule(p, types)).join(", ")}],`);
  if (operation.cookies && operation.cookies.length > 0) lines.push(`\n    cookies: [${operation.cookies.map((p) => headerRule(p, types)).join(", ")}],`);
  return lines.join("");
}

/** `{ name?: type; … }` of header or cookie parameters as the handler sees them, and the named types it uses. */
export function parametersType(parameters: readonly Parameter[], refs: Set<string>): string {
  const members = parameters.map((p) => {
    if (p.schema) for (const name of typeReferences(p.schema)) refs.add(name);
    return `${propertyKey(p.name)}${p.required ? "" : "?"}: ${p.schema ? typeText(p.schema) : "string"};`;
  });
  return `{ ${members.join(" ")} }`;
}

/**
 * `form: { type, fields: […] }` of a typed form or multipart body (the first such content type),
 * or "" when there is none: each property of the body's object schema, with its shape.
 */
export function formRuleText(operation: OperationModel, types: readonly NamedType[]): string {
  const media = (operation.request?.content ?? []).find((m) => m.schema !== undefined && FORM_ESSENCES.has(mediaEssence(m.contentType)));
  if (!media) return "";
  const object = resolve(media.schema, types);
  if (object?.kind !== "object") return "";
  const multipart = mediaEssence(media.contentType) === "multipart/form-data";
  const fields = object.properties.map((property) => {
    const node = resolve(property.type, types);
    const array = node?.kind === "array";
    const item = array ? resolve(node.items, types) : node;
    const encoding = media.encoding?.[property.name];
    const fields = [`name: ${stringLiteral(property.name)}`, `required: ${property.required}`, scalarFields(item, types)];
    if (array) fields.push("array: true");
    if (item?.kind === "binary") fields.push("file: true");
    else if (item?.kind === "object" || item?.kind === "allOf") {
      if (multipart) fields.push("json: true");
      else fields.push(`properties: ${objectProperties(item, types)}`);
    } else if (item !== undefined && !["string", "integer", "number", "boolean"].includes(item.kind) && multipart) fields.push("json: true");
    if (!multipart && (encoding?.style !== undefined || encoding?.explode !== undefined)) {
      const style = encoding.style ?? "form";
      fields.push(`style: ${stringLiteral(style)}`, `explode: ${encoding.explode ?? style === "form"}`);
    }
    return `{ ${fields.join(", ")} }`;
  });
  return `, form: { type: ${multipart ? '"multipart"' : '"form"'}, fields: [${fields.join(", ")}] }`;
}

const FORM_ESSENCES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** The handler's type of a typed form or multipart body (files as Blob), or undefined for other media. */
export function formBodyText(media: MediaType, refs: Set<string>): string | undefined {
  if (media.schema === undefined || !FORM_ESSENCES.has(mediaEssence(media.contentType))) return undefined;
  const options = { binary: "Blob", direction: "request" } as const;
  for (const name of typeReferences(media.schema, options)) refs.add(name);
  return typeText(media.schema, options);
}
