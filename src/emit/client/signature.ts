// What the client says of one operation: its arguments type, its result type, the guard of its
// result and its doc comment. Pure functions of the model.
import type { ApiModel, MediaType, OperationModel, Parameter, TypeNode } from "../../model/types.js";
import { constantValue } from "../../model/constants.js";
import { pascalCase, RESERVED_ARGUMENT_KEYS } from "../../shared/names.js";
import { isJsonMediaType } from "../../shared/media.js";
import { streamFormat } from "../../shared/streams.js";
import { docComment, docTag, type DocTag } from "../../shared/sinks.js";
import { EmitError } from "../types.js";
import { docBlock, propertyKey, REQUEST_TYPES, typeText, type TypeTextOptions } from "../shared/ts-types.js";
import { annotationLines } from "../shared/annotation-docs.js";
import { guardName, type GuardRoot } from "../shared/validators.js";
import { limitQualifier } from "../shared/limits.js";
import { formKind } from "./wire.js";

/** Files in a form body. */
const FORM_TYPES: TypeTextOptions = { binary: "Blob", direction: "request" };

/** Files in a multipart body: what browser and Node callers hold (runtime/encoding.ts's FilePart; form-body.ts writes each). */
const MULTIPART_TYPES: TypeTextOptions = { binary: "Blob | File | Uint8Array | ReadableStream<Uint8Array>", direction: "request" };

/** Runtime types (runtime/encoding.ts) an operation's arguments may name. */
export type ArgsRuntimeType = "QueryParams" | "RequestBody" | "MultipartFields";

/** Bytes the client hands back: what `new Uint8Array(await response.arrayBuffer())` is, so they fit a Blob. */
export const CLIENT_RESPONSE_TYPES: TypeTextOptions = { binary: "Uint8Array<ArrayBuffer>", direction: "response" };

/** What the client sends: read-only properties left out, directional types by their `Writable` shape. */
export const CLIENT_REQUEST_TYPES: TypeTextOptions = { ...REQUEST_TYPES, direction: "request" };


export function argsTypeName(operation: OperationModel): string {
  return `${pascalCase(operation.id)}Args`;
}

export function operationConstName(operation: OperationModel): string {
  return `${operation.id}Operation`;
}

export function guardRootName(operation: OperationModel): string {
  return `check${pascalCase(operation.id)}Response`;
}

export interface ArgsShape {
  /** Members of the arguments interface, each with its doc comment. */
  members: string[];
  /** True when the caller may leave the arguments out. */
  optional: boolean;
  /** The catalogue types written into `members` (their named types must be imported). */
  schemas: TypeNode[];
  /** Runtime types written into `members`. */
  runtimeTypes: ArgsRuntimeType[];
}

export function argsShape(operation: OperationModel): ArgsShape {
  const members: string[] = [];
  const schemas: TypeNode[] = [];
  const runtimeTypes = new Set<ArgsRuntimeType>();
  let required = false;
  for (const param of operation.pathParams) {
    if (RESERVED_ARGUMENT_KEYS.includes(param.name)) {
      throw new EmitError(`client: ${operation.id}: a path parameter may not be named ${param.name} (the client reserves it)`);
    }
    const type = param.schema ? typeText(param.schema, CLIENT_REQUEST_TYPES) : "string";
    if (param.schema) schemas.push(param.schema);
    members.push(member(param.name, type, true, parameterDocs(param), parameterTags(param)));
    required = true;
  }
  if (operation.query === undefined) {
    members.push(member("query", "QueryParams", false, []));
    runtimeTypes.add("QueryParams");
  } else if (operation.query.length > 0) {
    const needed = operation.query.some(mustGive);
    members.push(member("query", parameterObject(operation.query), needed, []));
    schemas.push(...operation.query.flatMap((p) => p.schema ?? []));
    required ||= needed;
  }
  if (operation.headers && operation.headers.length > 0) {
    const needed = operation.headers.some(mustGive);
    members.push(member("headers", parameterObject(operation.headers), needed, []));
    schemas.push(...operation.headers.flatMap((p) => p.schema ?? []));
    required ||= needed;
  }
  if (operation.cookies && operation.cookies.length > 0) {
    const needed = operation.cookies.some((p) => p.required);
    members.push(member("cookies", parameterObject(operation.cookies), needed, []));
    schemas.push(...operation.cookies.flatMap((p) => p.schema ?? []));
    required ||= needed;
  }
  if (operation.request === undefined) {
    if (operation.method !== "GET" && operation.method !== "HEAD") {
      members.push(member("body", "RequestBody", false, []));
      runtimeTypes.add("RequestBody");
    }
  } else if (operation.request !== null) {
    const types = unique(operation.request.content.map(requestBodyType));
    if (types.some((type) => type.startsWith("MultipartFields<"))) runtimeTypes.add("MultipartFields");
    members.push(member("body", types.length > 0 ? types.join(" | ") : "RequestBody", operation.request.required, [operation.request.description]));
    if (types.length === 0) runtimeTypes.add("RequestBody");
    schemas.push(...operation.request.content.flatMap((media) => ((isJsonMediaType(media.contentType) || formKind(media)) && media.schema ? [media.schema] : [])));
    required ||= operation.request.required;
  }
  return { members, optional: !required, schemas, runtimeTypes: [...runtimeTypes].sort() };
}

/** Whether the call must give the parameter: required, and not one the client sends by itself (see model/constants.ts). */
function mustGive(parameter: Parameter): boolean {
  return parameter.required && constantValue(parameter) === undefined;
}

function parameterObject(params: Parameter[]): string {
  const members = params.map((p) => {
    const constant = constantValue(p);
    const docs = constant === undefined ? parameterDocs(p) : [...parameterDocs(p), `Sent as \`${JSON.stringify(constant)}\` when left out.`];
    return member(p.name, p.schema ? typeText(p.schema, CLIENT_REQUEST_TYPES) : "string | number | boolean", mustGive(p), docs, parameterTags(p));
  });
  return `{\n${members.join("\n")}\n}`;
}

/** A parameter's description, then what its schema's annotations say (default, constraints ...). */
function parameterDocs(parameter: Parameter): (string | undefined)[] {
  const example = "example" in parameter ? [`Example: \`${JSON.stringify(parameter.example)}\``] : [];
  return [parameter.description, ...(parameter.schema ? annotationLines(parameter.schema) : []), ...example];
}

function parameterTags(parameter: Parameter): DocTag[] {
  return parameter.deprecated === true || parameter.schema?.deprecated === true ? [docTag("deprecated")] : [];
}

function member(name: string, type: string, required: boolean, docs: (string | undefined)[], tags: DocTag[] = []): string {
  const kept = docs.filter((d): d is string => d !== undefined && d !== "");
  // One line for one plain description (most members); a block where annotations or tags add lines.
  const doc = kept.length > 1 || tags.length > 0 ? docComment(kept, { block: true, tags }) : docComment(kept, { oneLine: true });
  return `${doc}${propertyKey(name)}${required ? "" : "?"}: ${type};`;
}

function requestBodyType(media: MediaType): string {
  const type = media.contentType.toLowerCase();
  if (isJsonMediaType(type)) return media.schema ? typeText(media.schema, CLIENT_REQUEST_TYPES) : "unknown";
  // A typed form or multipart body is its schema's type; the client writes it. A multipart body's
  // files take what callers hold; a named type's bytes fields (Uint8Array) too, through MultipartFields.
  const kind = formKind(media);
  if (kind === "multipart" && media.schema) return media.schema.kind === "ref" ? `MultipartFields<${typeText(media.schema, CLIENT_REQUEST_TYPES)}>` : typeText(media.schema, MULTIPART_TYPES);
  if (kind && media.schema) return typeText(media.schema, FORM_TYPES);
  if (type.startsWith("multipart/form-data")) return "FormData";
  if (type.startsWith("application/x-www-form-urlencoded")) return "URLSearchParams";
  return REQUEST_TYPES.binary;
}

/** Successful responses the catalogue documents, or undefined when it is silent about them. */
function successes(operation: OperationModel) {
  const documented = operation.responses?.filter((r) => r.status.startsWith("2"));
  return documented && documented.length > 0 ? documented : undefined;
}

export interface ResultShape {
  /** The resolved value's type. */
  type: string;
  /** The catalogue types written into `type` (their named types must be imported). */
  nodes: TypeNode[];
  /** The check of the value, where the catalogue types it: its guard's name, and the type it checks. */
  check?: { name: string; namedType?: string };
  /**
   * The guard to generate for the value, where no named type's guard will do (a single named type's
   * own guard serves as it is: one function less per operation).
   */
  guard?: GuardRoot;
}

/**
 * The result of a call: `unknown` where successful responses are not documented; otherwise the
 * union over them: a JSON body gives its type (unknown when its shape is not documented), any
 * other content type gives bytes, no content gives undefined.
 */
export function resultShape(operation: OperationModel): ResultShape {
  let shape = resultShapes.get(operation);
  if (!shape) {
    shape = computeResultShape(operation);
    resultShapes.set(operation, shape);
  }
  return shape;
}

// Asked for by the operations, modules and validate files alike: worked out once per operation.
const resultShapes = new WeakMap<OperationModel, ResultShape>();
const operationDocs = new WeakMap<OperationModel, { model: ApiModel; lines: string[] }>();

function computeResultShape(operation: OperationModel): ResultShape {
  const documented = successes(operation);
  if (!documented) return { type: "unknown", nodes: [] };
  // A streamed response is not one value: the call returns its items (see streams-pages.ts), unchecked.
  if (documented.some((response) => response.content.some((media) => streamFormat(media.contentType) !== undefined))) return { type: "unknown", nodes: [] };
  const alternatives: TypeNode[] = [];
  let allowUndefined = false;
  for (const response of documented) {
    if (response.content.length === 0) allowUndefined = true;
    for (const media of response.content) {
      alternatives.push(isJsonMediaType(media.contentType) ? (media.schema ?? { kind: "unknown" }) : { kind: "binary" });
    }
  }
  const texts = unique(alternatives.map((node) => typeText(node, CLIENT_RESPONSE_TYPES)));
  if (allowUndefined) texts.push("undefined");
  const type = texts.includes("unknown") ? "unknown" : texts.join(" | ");
  const nodes = uniqueNodes(alternatives);
  if (type === "unknown") return { type, nodes };
  const only = nodes.length === 1 && !allowUndefined ? nodes[0] : undefined;
  if (only?.kind === "ref" && !only.nullable) return { type, nodes, check: { name: guardName(only.name), namedType: only.name } };
  const guard: GuardRoot = { name: guardRootName(operation), alternatives: nodes, allowUndefined, description: `Checks a successful response of ${operation.id}.` };
  return { type, nodes, check: { name: guard.name }, guard };
}

/** The tags that end an operation's doc comment: `@see` its external docs, `@deprecated`. */
export function operationTags(operation: OperationModel): DocTag[] {
  const tags: DocTag[] = [];
  if (operation.externalDocs) tags.push(docTag("see", [operation.externalDocs.url, operation.externalDocs.description].filter((part) => part).join(" ")));
  if (operation.deprecated === true) tags.push(docTag("deprecated"));
  return tags;
}

/** The doc comment lines of an operation's function. */
export function operationDoc(operation: OperationModel, model: ApiModel): string[] {
  const cached = operationDocs.get(operation);
  if (cached?.model === model) return cached.lines;
  const lines = computeOperationDoc(operation, model);
  operationDocs.set(operation, { model, lines });
  return lines;
}

function computeOperationDoc(operation: OperationModel, model: ApiModel): string[] {
  const lines: string[] = [ensurePeriod(operation.summary)];
  if (operation.description) lines.push("", operation.description);
  lines.push("", `\`${operation.method} ${operation.path}\``, "");
  // Each fact once: what the arguments type says (parameters, their types) is not repeated here,
  // and everything the catalogue is silent about is named on one line.
  const silent: string[] = [];
  if (operation.tokens === undefined) silent.push("tokens");
  else lines.push(`Tokens: ${operation.tokens.join(", ")}.`);
  if (operation.limits === undefined) silent.push("rate limits");
  for (const limit of operation.limits ?? []) {
    lines.push(
      `Rate limit (per ${limit.scope}): ${limit.limit} ${limit.limit === 1 ? "request" : "requests"} per ${limit.period.text}, one back every ${limit.interval.text}, burst ${limit.burst}${limitQualifier(limit)}.`,
    );
  }
  for (const constraint of operation.constraints ?? []) lines.push(`Constraint: ${constraint}`);
  const untypedPath = operation.pathParams.filter((p) => p.schema === undefined).map((p) => p.name);
  if (untypedPath.length > 0) silent.push(`the type of path ${untypedPath.length === 1 ? "parameter" : "parameters"} ${untypedPath.join(", ")}`);
  if (operation.query === undefined) silent.push("query parameters");
  const bodiless = operation.method === "GET" || operation.method === "HEAD"; // the client sends no body
  if (operation.request === null) {
    if (!bodiless) lines.push("Request body: none.");
  }
  else if (operation.request && operation.request.content.length > 0) lines.push(`Request body: ${operation.request.content.map((m) => m.contentType).join(", ")}.`);
  else if (operation.request || !bodiless) silent.push("request body");
  if (operation.responses === undefined) silent.push("response");
  else lines.push(`Response: ${responsesText(operation)}.`);
  if (silent.length > 0) lines.push(`Not documented: ${silent.join(", ")}.`);
  // Said once per file instead (operationsFileNote): what `rateLimits()` does with the limits, which
  // methods `retries()` retries, what an undocumented response resolves to, what each token kind is.
  // The exception an operation states itself: a method that is not safe, marked idempotent.
  if (!isSafeMethod(operation) && operation.idempotent) lines.push("Marked idempotent: `retries()` retries it.");
  return lines;
}

function isSafeMethod(operation: OperationModel): boolean {
  return operation.method === "GET" || operation.method === "HEAD" || operation.method === "OPTIONS";
}

/**
 * The facts every operation of `operations` would otherwise repeat, as plain lines for the top of its
 * file: only those that apply to some operation there.
 */
export function operationsFileNote(operations: readonly OperationModel[], model: ApiModel): string[] {
  const lines: string[] = [];
  if (operations.some((operation) => operation.limits !== undefined && operation.limits.length > 0)) {
    lines.push("Rate limits: `rateLimits()` (on in createClient) keeps calls within each function's limits.");
  }
  if (operations.some((operation) => !isSafeMethod(operation))) {
    lines.push("Retries: `retries()` retries GET, HEAD, OPTIONS and what is marked idempotent; other methods only with `unsafeMethods`.");
  }
  if (operations.some((operation) => resultShape(operation).type === "unknown")) {
    lines.push("A response the catalogue does not type resolves to its parsed JSON body, else its bytes (Uint8Array); undefined on 204.");
  }
  const used = new Set(operations.flatMap((operation) => operation.tokens ?? []));
  const kinds = model.auth.tokenKinds.filter((kind) => used.has(kind.id));
  if (kinds.length > 0) lines.push(`Token kinds: ${kinds.map((kind) => `${kind.id} (${kind.description})`).join(", ")}.`);
  return lines;
}

function responsesText(operation: OperationModel): string {
  if (!operation.responses || operation.responses.length === 0) return "none documented";
  return operation.responses
    .map((r) => {
      const content = r.content.length === 0 ? "no content" : r.content.map((m) => m.contentType).join(", ");
      return `${r.status}${r.description ? ` ${ensurePeriod(r.description).slice(0, -1)}` : ""} (${content})`;
    })
    .join("; ");
}

function ensurePeriod(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function uniqueNodes(nodes: TypeNode[]): TypeNode[] {
  const seen = new Set<string>();
  return nodes.filter((node) => {
    const key = JSON.stringify(node);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** An operation's summary as one sentence: the first line of its doc in `compact` output. */
export function compactSummary(operation: OperationModel): string {
  const summary = operation.summary.trim();
  return /[.!?]$/.test(summary) ? summary : `${summary}.`;
}
