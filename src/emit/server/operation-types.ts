// Per operation: the TypeScript types a handler sees (params, query, body, result) and the facts
// the router needs (query conversions, path parameter checks, body expectation, success status).
import type { MediaType, NamedType, OperationModel, Parameter, TypeNode } from "../../model/types.js";
import { isJsonMediaType } from "../../shared/media.js";
import { propertyKey, typeReferences, typeText } from "../shared/ts-types.js";
import { stringLiteral } from "../../shared/sinks.js";
import { streamedResponse, type StreamedResponse } from "../shared/streamed.js";
import { SERVER_REQUEST_TYPES, SERVER_RESPONSE_TYPES } from "./directions.js";
import { formBodyText, parametersType, valueShape } from "./styles.js";

export interface OperationTypes {
  params: string;
  query: string;
  body: string;
  output: string;
  /** Documented header and cookie parameters' types; absent: none. */
  headers?: string;
  cookies?: string;
  /** Named types the texts above refer to. */
  refs: Set<string>;
}

const EMPTY = "Record<string, never>";

function objectType(members: string[]): string {
  return members.length === 0 ? EMPTY : `{ ${members.join(" ")} }`;
}

/** How the router converts a query parameter, and the TypeScript type of the result. */
export interface QueryConversion {
  type: "string" | "integer" | "number" | "boolean";
  array: boolean;
  enum?: (string | number)[];
  text: string;
}

function scalarConversion(schema: TypeNode | undefined): Omit<QueryConversion, "array"> {
  switch (schema?.kind) {
    case "string":
      return schema.enum ? { type: "string", enum: schema.enum, text: schema.enum.map(stringLiteral).join(" | ") } : { type: "string", text: "string" };
    case "integer":
      return schema.enum ? { type: "integer", enum: schema.enum, text: schema.enum.map(String).join(" | ") } : { type: "integer", text: "number" };
    case "number":
      return { type: "number", text: "number" };
    case "boolean":
      return { type: "boolean", text: "boolean" };
    default:
      // Not documented, or a shape a query string cannot carry: the raw text.
      return { type: "string", text: "string" };
  }
}

export function queryConversion(parameter: Parameter): QueryConversion {
  if (parameter.schema?.kind === "array") {
    const item = scalarConversion(parameter.schema.items);
    return { ...item, array: true, text: `Array<${item.text}>` };
  }
  return { ...scalarConversion(parameter.schema), array: false };
}

/** What the router checks a path parameter against (`PathParameter` of templates/server/types.ts). */
export interface PathRule {
  type: "string" | "integer" | "number" | "boolean";
  enum?: (string | number)[];
  format?: string;
}

/** The string formats the router checks: `CHECKED_FORMATS` of templates/server/params.ts (a test keeps them equal). */
export const CHECKED_STRING_FORMATS: readonly string[] = ["uuid", "date", "date-time"];

export interface PathConversion {
  rule: PathRule | undefined;
  text: string;
  /** The named type `text` is, when it is one. */
  ref?: string;
}

/**
 * How the router takes a path parameter (`rule` undefined: the decoded text as it is) and its
 * TypeScript type. A ref is followed to the scalar it names, and the handler sees that name.
 * Shapes a path segment cannot carry (objects, arrays, unions), like undocumented types, stay strings.
 */
export function pathConversion(parameter: Parameter, types: readonly NamedType[]): PathConversion {
  let schema = parameter.schema;
  let name: string | undefined;
  const seen = new Set<string>();
  while (schema?.kind === "ref" && !seen.has(schema.name)) {
    seen.add(schema.name);
    name ??= schema.name;
    const target = schema.name;
    schema = types.find((named) => named.name === target)?.type;
  }
  const conversion = scalarPathConversion(schema, name);
  return name !== undefined && conversion.text === name ? { ...conversion, ref: name } : conversion;
}

function scalarPathConversion(schema: TypeNode | undefined, name: string | undefined): PathConversion {
  switch (schema?.kind) {
    case "string": {
      const format = schema.format !== undefined && CHECKED_STRING_FORMATS.includes(schema.format) ? schema.format : undefined;
      const rule: PathRule | undefined =
        schema.enum || format ? { type: "string", ...(schema.enum && { enum: schema.enum }), ...(format && { format }) } : undefined;
      return { rule, text: name ?? (schema.enum ? schema.enum.map(stringLiteral).join(" | ") : "string") };
    }
    case "integer":
      return {
        rule: { type: "integer", ...(schema.enum && { enum: schema.enum }), ...(schema.format === "int32" && { format: "int32" }) },
        text: name ?? (schema.enum ? schema.enum.map(String).join(" | ") : "number"),
      };
    // The router checks no number or boolean enum: the handler sees the plain type, not the named one.
    case "number":
      return { rule: { type: "number" }, text: schema.enum ? "number" : (name ?? "number") };
    case "boolean":
      return { rule: { type: "boolean" }, text: schema.enum ? "boolean" : (name ?? "boolean") };
    default:
      return { rule: undefined, text: "string" };
  }
}

function mediaTypeText(media: MediaType, refs: Set<string>, request = false): string {
  const form = request ? formBodyText(media, refs) : undefined;
  if (form !== undefined) return form;
  if (!isJsonMediaType(media.contentType)) return "Uint8Array";
  if (!media.schema) return "unknown";
  const options = request ? SERVER_REQUEST_TYPES : SERVER_RESPONSE_TYPES;
  for (const name of typeReferences(media.schema, options)) refs.add(name);
  return typeText(media.schema, options);
}

/** What a streamed operation's handler returns: an async iterable of items (for SSE, events). */
function streamedOutput(streamed: StreamedResponse, refs: Set<string>): string {
  for (const node of streamed.nodes) for (const name of typeReferences(node, SERVER_RESPONSE_TYPES)) refs.add(name);
  const { media } = streamed;
  const type = (node: TypeNode | undefined): string => (node ? typeText(node, SERVER_RESPONSE_TYPES) : streamed.format === "sse" ? "string" : "unknown");
  if (streamed.format !== "sse") return `AsyncIterable<${type(media.items)}>`;
  const tail = "id?: string | undefined; retry?: number | undefined";
  const events = (media.events ?? []).map((event) => `{ event: ${stringLiteral(event.name)}; data: ${type(event.type)}; ${tail} }`);
  if (media.items !== undefined || events.length === 0) events.push(`{ event?: string | undefined; data: ${type(media.items)}; ${tail} }`);
  return `AsyncIterable<${events.join(" | ")}>`;
}

function union(texts: string[]): string {
  const unique = [...new Set(texts)];
  if (unique.includes("unknown")) return "unknown";
  return unique.length === 0 ? "unknown" : unique.join(" | ");
}

/** 2XX responses, numeric codes first, in order. */
function successResponses(operation: OperationModel) {
  return (operation.responses ?? []).filter((response) => /^2(\d\d|XX)$/i.test(response.status));
}

/** The status a returned value is sent with: the first documented 2xx with a body, else 200. */
export function successStatus(operation: OperationModel): number {
  const withBody = successResponses(operation).find((response) => /^2\d\d$/.test(response.status) && response.content.length > 0);
  return withBody ? Number(withBody.status) : 200;
}

export function operationTypes(operation: OperationModel, types: readonly NamedType[] = []): OperationTypes {
  const refs = new Set<string>();
  const params = objectType(
    operation.pathParams.map((parameter) => {
      if (parameter.schema && valueShape(parameter, types) !== "scalar") {
        for (const name of typeReferences(parameter.schema)) refs.add(name);
        return `${propertyKey(parameter.name)}: ${typeText(parameter.schema)};`;
      }
      const conversion = pathConversion(parameter, types);
      if (conversion.ref !== undefined) refs.add(conversion.ref);
      return `${propertyKey(parameter.name)}: ${conversion.text};`;
    }),
  );

  let query: string;
  if (operation.query === undefined) query = "QueryValues";
  else {
    query = objectType(
      operation.query.map((parameter) => {
        let text = queryConversion(parameter).text;
        if (parameter.schema && valueShape(parameter, types) === "object") {
          for (const name of typeReferences(parameter.schema)) refs.add(name);
          text = typeText(parameter.schema);
        }
        return `${propertyKey(parameter.name)}${parameter.required ? "" : "?"}: ${text};`;
      }),
    );
  }

  let body: string;
  const request = operation.request;
  if (request === null) body = "undefined";
  else if (request === undefined || request.content.length === 0) body = "unknown";
  else {
    body = union(request.content.map((media) => mediaTypeText(media, refs, true)));
    if (!request.required && body !== "unknown") body = `${body} | undefined`;
  }

  let output: string;
  const successes = successResponses(operation);
  const streamed = streamedResponse(operation);
  if (streamed) output = streamedOutput(streamed, refs);
  else if (operation.responses === undefined || successes.length === 0) output = "unknown";
  else {
    output = union(
      successes.flatMap((response) =>
        response.content.length === 0 ? ["void"] : response.content.map((media) => mediaTypeText(media, refs)),
      ),
    );
  }
  return {
    params,
    query,
    body,
    output,
    refs,
    ...(operation.headers && operation.headers.length > 0 && { headers: parametersType(operation.headers, refs) }),
    ...(operation.cookies && operation.cookies.length > 0 && { cookies: parametersType(operation.cookies, refs) }),
  };
}
