// JSON Schemas of one tool: its input (path parameters, `query`, `headers`, `cookies`, `body`, as
// the client's arguments take them) and its result (the success response), from the catalogue's
// types through the OpenAPI target's converter, with named types under `$defs` (each tool's
// schema stands alone: an agent's client resolves no outside reference). The input is the request
// shape (no read-only properties; a directional type as `<Name>Writable`), the result the response one.
import { constantValue } from "../../model/constants.js";
import { directed, directedTypes } from "../../model/directed.js";
import type { MediaType, NamedType, OperationModel, Parameter, TypeNode } from "../../model/types.js";
import { isJsonMediaType } from "../../shared/media.js";
import { commonMark, toSchema, type Schema } from "../openapi/schema.js";

const COMPONENTS = "#/components/schemas/";

/** OpenAPI-only keywords a JSON Schema validator does not know (strict validators refuse them). */
const OPENAPI_ONLY = new Set(["discriminator", "x-group", "example"]);

/** `schema` with references to `#/$defs/<name>` and OpenAPI-only keywords left out; `refs` collects the names. */
function asJsonSchema(value: unknown, refs: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => asJsonSchema(item, refs));
  if (value === null || typeof value !== "object") return value;
  // Entries, not assignments: a property named `__proto__` stays an own key.
  const result: [string, unknown][] = [];
  for (const [key, member] of Object.entries(value as Schema)) {
    if (OPENAPI_ONLY.has(key)) continue;
    if (key === "$ref" && typeof member === "string" && member.startsWith(COMPONENTS)) {
      const name = member.slice(COMPONENTS.length);
      refs.add(name);
      result.push([key, `#/$defs/${name}`]);
    } else if (key === "const" || key === "enum" || key === "default" || key === "examples") {
      result.push([key, member]); // values, not schemas
    } else result.push([key, asJsonSchema(member, refs)]);
  }
  return protoAsPattern(Object.fromEntries(result) as Schema);
}

/**
 * A schema whose `properties` hold `__proto__` with that one as `patternProperties` `^__proto__$`:
 * JSON Schema validators (Ajv, which the SDK uses on both sides) skip a `properties` entry of that
 * name, so with `additionalProperties: false` an own `__proto__` key would be refused.
 */
function protoAsPattern(schema: Schema): Schema {
  const properties = schema.properties as Record<string, unknown> | undefined;
  if (properties === null || typeof properties !== "object" || !Object.hasOwn(properties, "__proto__")) return schema;
  const rest = Object.fromEntries(Object.entries(properties).filter(([name]) => name !== "__proto__"));
  const patterns = { ...(schema.patternProperties as object | undefined), "^__proto__$": properties["__proto__"] };
  return { ...schema, properties: rest, patternProperties: patterns };
}

export class SchemaContext {
  readonly types: ReadonlyMap<string, NamedType>;
  /** Named types as JSON Schemas, made once each. */
  readonly #defs = new Map<string, { schema: Schema; refs: Set<string> }>();

  /** `types`: the catalogue's; each directional one is kept in both shapes (model/directed.ts). */
  constructor(types: ReadonlyMap<string, NamedType>) {
    this.types = directedTypes(types.values());
  }

  /** `node` as a JSON Schema; the named types it references go into `refs`. */
  schema(node: TypeNode, refs: Set<string>): Schema {
    return asJsonSchema(toSchema(node, this.types), refs) as Schema;
  }

  /** Every named type reachable from `names`, as `$defs` entries (sorted by name). */
  defs(names: Iterable<string>): Record<string, Schema> {
    const reached = new Set<string>();
    const queue = [...names];
    while (queue.length > 0) {
      const name = queue.pop()!;
      if (reached.has(name)) continue;
      reached.add(name);
      queue.push(...this.#def(name).refs);
    }
    return Object.fromEntries([...reached].sort().filter((name) => this.types.has(name)).map((name) => [name, this.#def(name).schema]));
  }

  #def(name: string): { schema: Schema; refs: Set<string> } {
    let def = this.#defs.get(name);
    if (!def) {
      const named = this.types.get(name);
      const refs = new Set<string>();
      def = { schema: named ? this.schema(named.type, refs) : {}, refs };
      this.#defs.set(name, def);
    }
    return def;
  }
}

function described(schema: Schema, text: string | undefined): Schema {
  return text === undefined ? schema : { ...schema, description: commonMark(text) };
}

function parameterSchema(parameter: Parameter, context: SchemaContext, refs: Set<string>): Schema {
  const schema = parameter.schema === undefined ? { type: "string" } : context.schema(directed(parameter.schema, "request"), refs);
  return described(parameter.deprecated ? { ...schema, deprecated: true } : schema, parameter.description);
}

/** `query`, `headers` or `cookies`: an object of the parameters, open where the catalogue is silent. */
function parameterGroup(parameters: Parameter[] | undefined, what: string, context: SchemaContext, refs: Set<string>): { schema: Schema; required: boolean } | undefined {
  if (parameters === undefined) return { schema: { type: "object", description: `${what}: not documented (any names and values)` }, required: false };
  if (parameters.length === 0) return undefined;
  // A parameter of one allowed value the client sends by itself (model/constants.ts): the agent may leave it out.
  const required = parameters.filter((parameter) => parameter.required && constantValue(parameter) === undefined).map((parameter) => parameter.name);
  return {
    schema: {
      type: "object",
      properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameterSchema(parameter, context, refs)])),
      ...(required.length > 0 && { required }),
      additionalProperties: false,
    },
    required: required.length > 0,
  };
}

/** The media type a tool sends or reads: the JSON one, else the first. */
function chosenMedia(content: readonly MediaType[]): MediaType | undefined {
  return content.find((media) => isJsonMediaType(media.contentType)) ?? content[0];
}

function bodySchema(operation: OperationModel, context: SchemaContext, refs: Set<string>): { schema: Schema; required: boolean } | undefined {
  const request = operation.request;
  if (request === null) return undefined;
  if (request === undefined) return { schema: { description: "Request body: not documented" }, required: false };
  const media = chosenMedia(request.content);
  // What the API accepts: read-only properties (an `id` it assigns) are not asked of the agent.
  let schema: Schema = media?.schema === undefined ? {} : context.schema(directed(media.schema, "request"), refs);
  if (media !== undefined && !isJsonMediaType(media.contentType) && media.schema === undefined) schema = { type: "string" };
  const note = media === undefined || isJsonMediaType(media.contentType) ? request.description : [request.description, `Sent as ${media.contentType}.`].filter((line) => line !== undefined).join("\n\n");
  return { schema: described(schema, note), required: request.required };
}

export interface ToolSchemas {
  input: { properties: Record<string, Schema>; required: string[] };
  result: Schema;
  /** Named types the input and result reference directly. */
  refs: Set<string>;
}

/** The input and result schemas of `operation` (`{ properties, required }` of its input object). */
export function toolSchemas(operation: OperationModel, context: SchemaContext): ToolSchemas {
  const refs = new Set<string>();
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const parameter of operation.pathParams) {
    Object.defineProperty(properties, parameter.name, { value: parameterSchema(parameter, context, refs), enumerable: true, writable: true, configurable: true });
    required.push(parameter.name);
  }
  const groups: [string, { schema: Schema; required: boolean } | undefined][] = [
    ["query", parameterGroup(operation.query, "Query parameters", context, refs)],
    ["headers", operation.headers === undefined ? undefined : parameterGroup(operation.headers, "Headers", context, refs)],
    ["cookies", operation.cookies === undefined ? undefined : parameterGroup(operation.cookies, "Cookies", context, refs)],
    ["body", bodySchema(operation, context, refs)],
  ];
  for (const [name, group] of groups) {
    if (group === undefined) continue;
    properties[name] = group.schema;
    if (group.required) required.push(name);
  }
  return { input: { properties, required }, result: resultSchema(operation, context, refs), refs };
}

/** The success response's schema: JSON as typed, other media as text, no body as null. */
function resultSchema(operation: OperationModel, context: SchemaContext, refs: Set<string>): Schema {
  const responses = operation.responses;
  if (responses === undefined) return { description: "Response: not documented" };
  const success = responses.find((response) => /^2/.test(response.status) && response.content.length > 0) ?? responses.find((response) => /^2/.test(response.status));
  if (success === undefined) return { description: "Response: not documented" };
  if (success.content.length === 0) return { type: "null", description: "No body" };
  const media = chosenMedia(success.content)!;
  if (!isJsonMediaType(media.contentType)) return { type: "string", description: `The ${media.contentType} body as text (base64 when it is not UTF-8)` };
  const schema = media.schema === undefined ? {} : context.schema(directed(media.schema, "response"), refs);
  return described(schema, success.description);
}
