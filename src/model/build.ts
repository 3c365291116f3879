// Raw catalogue data (already validated) -> the model. Pure: no YAML, no I/O.
import { annotationsOf, type Annotations } from "./annotations.js";
import type { RawContent, RawExample, RawFile, RawHeader, RawOperation, RawParameter, RawResponse, RawSecurityScheme, RawSecurityScopes, RawType } from "../load/raw.js";
import { camelCase, pathParamNames } from "../shared/names.js";
import { parsePathTemplate } from "../shared/path-template.js";
import { DEFAULT_PRINCIPAL } from "../shared/principal.js";
import { limitGroups, operationLimits } from "./limits.js";
import { applyBaseDiscriminators } from "./base-discriminators.js";
import { markDirectional } from "./directional.js";
import { compareText } from "./order.js";
import { rawKind, rawNullable } from "./raw-kind.js";
import { resolveServers, serverModels } from "./servers.js";
import { operationPagination, paginationDefinitions } from "./pagination.js";
import type {
  SecurityScheme,
  SecurityScopes,
  ApiModel,
  ExternalDocs,
  HttpMethod,
  LimitGroup,
  MediaType,
  ModuleModel,
  NamedExample,
  NamedType,
  ObjectShape,
  OperationModel,
  Parameter,
  PathSegment,
  ResponseHeader,
  ResponseModel,
  SourceRef,
  TypeNode,
} from "./types.js";

export interface BuildInput {
  /** File name (e.g. `items.yaml`) with its validated data. */
  files: { name: string; raw: RawFile }[];
  /** Where each operation is declared, by operation id. */
  sourceOf: (file: string, index: number) => SourceRef;
}

export function buildModel({ files, sourceOf }: BuildInput): ApiModel {
  const api = files.find((file) => file.raw.api)!.raw.api!;
  const context = partContext(api);
  return assembleModel(
    api,
    files.map(({ name, raw }) => modelPart(name, raw, context, (index) => sourceOf(name, index))),
  );
}

/** What every module's part is made with: the API's limit groups, default security and paging. */
export interface PartContext {
  groups: LimitGroup[];
  security: string[][] | undefined;
  securityScopes: RawSecurityScopes | undefined;
  paging: ReturnType<typeof paginationDefinitions>;
}

export function partContext(api: NonNullable<RawFile["api"]>): PartContext {
  return {
    groups: limitGroups(api.limitGroups ?? []),
    security: api.auth.schemes ? (api.auth.security ?? undefined) : undefined,
    securityScopes: api.auth.schemes ? api.auth.securityScopes : undefined,
    paging: paginationDefinitions(api.pagination ?? []),
  };
}

/**
 * One catalogue file's share of the model, before the steps that look across files (servers,
 * base discriminators, directions): a pure function of the file's data and the API section, so it
 * can be kept by the file's content (src/reuse/kept-model.ts).
 */
export interface ModelPart {
  name: string;
  module?: ModuleModel;
  types: NamedType[];
}

export function modelPart(name: string, raw: RawFile, context: PartContext, sourceOf: (index: number) => SourceRef): ModelPart {
  if (!raw.module) return { name, types: [] };
  const moduleId = raw.module.id;
  const types: NamedType[] = [];
  for (const [typeName, type] of Object.entries(raw.types ?? {})) {
    types.push({ name: typeName, module: moduleId, type: typeNode(type) });
  }
  const module: ModuleModel = {
    id: moduleId,
    name: camelCase(moduleId),
    title: raw.module.title,
    area: raw.module.area,
    ...(raw.module.servers !== undefined && { servers: [...raw.module.servers] }),
    ...(raw.module.externalDocs !== undefined && { externalDocs: externalDocs(raw.module.externalDocs) }),
    operations: (raw.operations ?? []).map((operation, index) => buildOperation(moduleId, operation, sourceOf(index), context.groups, context, context.paging)),
  };
  return { name, module, types };
}

/** The model from the API section and every file's part (the parts are taken over and changed). */
export function assembleModel(api: NonNullable<RawFile["api"]>, parts: readonly ModelPart[]): ApiModel {
  const groups = limitGroups(api.limitGroups ?? []);
  const paging = paginationDefinitions(api.pagination ?? []);
  const modules: ModuleModel[] = [];
  const types: NamedType[] = [];
  for (const part of parts) {
    if (part.module) modules.push(part.module);
    types.push(...part.types);
  }
  const servers = serverModels(api.servers);
  resolveServers(modules, servers);
  const model: ApiModel = {
    title: api.title,
    ...(api.description !== undefined && { description: api.description }),
    ...(api.version !== undefined && { version: api.version }),
    ...(api.contact !== undefined && { contact: { ...api.contact } }),
    ...(api.license !== undefined && { license: { ...api.license } }),
    ...(api.termsOfService !== undefined && { termsOfService: api.termsOfService }),
    ...(api.externalDocs !== undefined && { externalDocs: externalDocs(api.externalDocs) }),
    principal: api.principal ?? DEFAULT_PRINCIPAL,
    auth: {
      header: api.auth.header,
      tokenKinds: api.auth.tokenKinds.map(({ id, description }) => ({ id, description })),
      ...(api.auth.schemes !== undefined && { schemes: api.auth.schemes.map(securityScheme) }),
      ...(api.auth.security !== undefined && { security: api.auth.security.map((alternative) => [...alternative]) }),
      ...(api.auth.schemes !== undefined && api.auth.security !== undefined && scopesOf(api.auth.security, api.auth.securityScopes)),
    },
    modules: modules.sort((a, b) => compareText(a.id, b.id)),
    types: types.sort((a, b) => compareText(a.name, b.name)),
    sources: parts.map((part) => part.name).sort(compareText),
    ...(api.responses !== undefined && { responses: responseModels(api.responses) }),
    ...(groups.length > 0 && { limitGroups: groups }),
    ...(servers !== undefined && { servers }),
    ...(paging.length > 0 && { pagination: paging }),
  };
  applyBaseDiscriminators(model.types);
  markDirectional(model);
  return model;
}

function buildOperation(
  module: string,
  raw: RawOperation,
  source: SourceRef,
  groups: readonly LimitGroup[],
  security: Pick<PartContext, "security" | "securityScopes">,
  paging: Parameters<typeof operationPagination>[1],
): OperationModel {
  const declared = raw.parameters?.map(parameter);
  const pathParams = pathParamNames(raw.path).map(
    (name): Parameter => declared?.find((p) => p.in === "path" && p.name === name) ?? { name, in: "path", required: true },
  );
  return {
    id: raw.id,
    module,
    method: raw.method as HttpMethod,
    path: raw.path,
    segments: segments(raw.path),
    ...fixedQuery(raw.path),
    ...fragmentMatch(raw.path, declared),
    summary: raw.summary,
    ...(raw.description !== undefined && { description: raw.description }),
    ...(raw.tokens !== undefined && { tokens: [...raw.tokens] }),
    ...(raw.categories !== undefined && { categories: [...raw.categories] }),
    ...(raw.readOnlyTokens !== undefined && { readOnlyTokens: raw.readOnlyTokens }),
    ...operationSecurity(raw, security),
    ...(raw.limits !== undefined && { limits: operationLimits(raw.limits, groups) }),
    ...(raw.constraints !== undefined && { constraints: [...raw.constraints] }),
    ...(raw.servers !== undefined && { servers: [...raw.servers] }),
    idempotent: raw.idempotent ?? false,
    pathParams,
    ...(declared !== undefined && {
      query: declared.filter((p) => p.in === "query"),
      headers: declared.filter((p) => p.in === "header"),
    }),
    ...(declared?.some((p) => p.in === "cookie") && { cookies: declared.filter((p) => p.in === "cookie") }),
    ...(raw.request !== undefined && {
      request:
        raw.request === "none"
          ? null
          : {
              required: raw.request.required ?? true,
              ...(raw.request.description !== undefined && { description: raw.request.description }),
              content: content(raw.request.content),
            },
    }),
    ...(raw.responses !== undefined && { responses: responseModels(raw.responses) }),
    ...(raw.pagination !== undefined && { pagination: operationPagination(raw.pagination, paging) }),
    source,
    ...(raw.deprecated === true && { deprecated: true }),
    ...(raw.externalDocs !== undefined && { externalDocs: externalDocs(raw.externalDocs) }),
  };
}

function externalDocs(raw: { url: string; description?: string }): ExternalDocs {
  return { url: raw.url, ...(raw.description !== undefined && { description: raw.description }) };
}

function responseModels(raw: Record<string, RawResponse>): ResponseModel[] {
  return Object.entries(raw)
    .map(([status, response]) => ({
      status,
      ...(response.description !== undefined && { description: response.description }),
      content: content(response.content ?? {}),
      ...(response.headers !== undefined && Object.keys(response.headers).length > 0 && { headers: responseHeaders(response.headers) }),
    }))
    .sort((a, b) => compareText(a.status, b.status));
}

function segments(path: string): PathSegment[] {
  // An empty (last) segment is a trailing slash: the static text "".
  return parsePathTemplate(path).segments.map((parts): PathSegment => (parts.length === 0 ? { kind: "static", value: "" } : parts.length === 1 ? parts[0]! : { kind: "template", parts }));
}

function fixedQuery(path: string): Pick<OperationModel, "fixedQuery"> {
  const fixed = parsePathTemplate(path).fixedQuery;
  return fixed.length > 0 ? { fixedQuery: fixed } : {};
}

/** The fragment's `name=value` pairs whose name is a declared query parameter or header. */
function fragmentMatch(path: string, declared: readonly Parameter[] | undefined): Pick<OperationModel, "fragmentMatch"> {
  const fragment = parsePathTemplate(path).fragment;
  if (fragment === undefined || declared === undefined) return {};
  const pairs = fragment.split("&").flatMap((pair): NonNullable<OperationModel["fragmentMatch"]> => {
    const equals = pair.indexOf("=");
    if (equals <= 0) return [];
    const name = pair.slice(0, equals);
    const value = decodedOrAsIs(pair.slice(equals + 1));
    if (declared.some((p) => p.in === "query" && p.name === name)) return [{ in: "query", name, value }];
    const header = name.toLowerCase();
    if (declared.some((p) => p.in === "header" && p.name.toLowerCase() === header)) return [{ in: "header", name: header, value }];
    return [];
  });
  return pairs.length > 0 ? { fragmentMatch: pairs } : {};
}

function decodedOrAsIs(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function parameter(raw: RawParameter): Parameter {
  return {
    name: raw.name,
    in: raw.in,
    required: raw.in === "path" ? true : (raw.required ?? false),
    ...(raw.schema !== undefined && { schema: typeNode(raw.schema) }),
    ...(raw.description !== undefined && { description: raw.description }),
    ...(raw.style !== undefined && { style: raw.style }),
    ...(raw.explode !== undefined && { explode: raw.explode }),
    ...(raw.deprecated === true && { deprecated: true }),
    ...("example" in raw && { example: raw.example }),
    ...(raw.examples !== undefined && { examples: namedExamples(raw.examples) }),
  };
}

function namedExamples(raw: Record<string, RawExample>): NamedExample[] {
  return Object.entries(raw).map(([name, example]) => ({
    name,
    ...(example.summary !== undefined && { summary: example.summary }),
    ...(example.description !== undefined && { description: example.description }),
    value: example.value,
  }));
}

function responseHeaders(raw: Record<string, RawHeader>): ResponseHeader[] {
  return Object.entries(raw).map(([name, header]) => ({
    name,
    required: header.required ?? false,
    ...(header.description !== undefined && { description: header.description }),
    ...(header.deprecated === true && { deprecated: true }),
    ...(header.schema !== undefined && { schema: typeNode(header.schema) }),
    ...("example" in header && { example: header.example }),
    ...(header.examples !== undefined && { examples: namedExamples(header.examples) }),
  }));
}

function content(raw: RawContent): MediaType[] {
  return Object.entries(raw)
    .map(([contentType, media]) => ({
      contentType,
      ...(media.schema !== undefined && { schema: typeNode(media.schema) }),
      ...("example" in media && { example: media.example }),
      ...(media.encoding !== undefined && { encoding: structuredClone(media.encoding) }),
      ...(media.examples !== undefined && { examples: namedExamples(media.examples) }),
      ...(media.items !== undefined && { items: typeNode(media.items) }),
      ...(media.events !== undefined && { events: Object.entries(media.events).map(([name, type]) => ({ name, type: typeNode(type) })) }),
    }))
    .sort((a, b) => compareText(a.contentType, b.contentType));
}

export function typeNode(raw: RawType): TypeNode {
  const base = {
    ...(raw.description !== undefined && { description: raw.description }),
    ...(rawNullable(raw) && { nullable: true }),
    ...annotationsOf(raw),
  };
  if (raw.ref !== undefined) return { ...base, kind: "ref", name: raw.ref };
  if (raw.allOf !== undefined) return allOfNode(raw.allOf, base);
  if (raw.const !== undefined) return { ...base, kind: "const", value: raw.const };
  const format = raw.format !== undefined ? { format: raw.format } : {};
  const kind = rawKind(raw)!;
  switch (kind) {
    case "string":
      return { ...base, kind: "string", ...format, ...(raw.enum && { enum: raw.enum.map(String) }) };
    case "integer":
      return { ...base, kind: "integer", ...format, ...(raw.enum && { enum: raw.enum.map(Number) }) };
    case "number":
      return { ...base, kind: "number", ...format, ...(raw.enum && { enum: raw.enum.map(Number) }) };
    case "boolean":
      return { ...base, kind: "boolean", ...(raw.enum && { enum: raw.enum.map((value) => value === true) }) };
    case "binary":
    case "unknown":
      return { ...base, kind };
    case "array":
      return { ...base, kind: "array", items: typeNode(raw.items!) };
    case "map":
      return { ...base, kind: "map", values: typeNode(raw.values!) };
    case "union":
      return {
        ...base,
        kind: "union",
        variants: raw.oneOf!.map(typeNode),
        ...discriminatorOf(raw.discriminator),
      };
    case "object": {
      const extra = raw.additionalProperties;
      return {
        ...base,
        kind: "object",
        properties: Object.entries(raw.properties ?? {}).map(([name, property]) => buildProperty(name, property)),
        additionalProperties: typeof extra === "object" ? typeNode(extra) : (extra ?? false),
        ...(raw.combinations && {
          combinations: {
            fields: [...raw.combinations.fields],
            allowed: raw.combinations.allowed.map((combination) => ({
              values: { ...combination.values },
              ...(combination.meaning !== undefined && { meaning: combination.meaning }),
              ...(combination.group !== undefined && { group: combination.group }),
            })),
          },
        }),
        ...(raw.discriminator !== undefined && { baseDiscriminator: baseDiscriminatorOf(raw.discriminator) }),
      };
    }
  }
}

/** A property's description and `required` belong to the property, not to its type. */
function buildProperty(name: string, raw: RawType) {
  const { required, description, ...type } = raw;
  return {
    name,
    type: typeNode(type),
    required: required ?? false,
    ...(description !== undefined && { description }),
  };
}

/** The string form names the property; the object form may add a mapping (kept in catalogue order). */
function discriminatorOf(raw: RawType["discriminator"]): { discriminator?: string; mapping?: { value: string; type: string }[] } {
  if (raw === undefined) return {};
  if (typeof raw === "string") return { discriminator: raw };
  return {
    discriminator: raw.property,
    ...(raw.mapping !== undefined && { mapping: Object.entries(raw.mapping).map(([value, type]) => ({ value, type })) }),
  };
}

function baseDiscriminatorOf(raw: NonNullable<RawType["discriminator"]>): NonNullable<ObjectShape["baseDiscriminator"]> {
  const { discriminator, mapping } = discriminatorOf(raw);
  return { property: discriminator!, ...(mapping !== undefined && { mapping }) };
}

/** An allOf of one part is that part (its description and nullability from the allOf where it gives them). */
function allOfNode(parts: RawType[], base: Annotations & { description?: string; nullable?: boolean }): TypeNode {
  if (parts.length !== 1) return { ...base, kind: "allOf", parts: parts.map(typeNode) };
  const only = typeNode(parts[0]!);
  return { ...only, ...base, ...(only.nullable === true && { nullable: true }) };
}

function securityScheme(raw: RawSecurityScheme): SecurityScheme {
  return {
    id: raw.id,
    type: raw.type,
    ...(raw.in !== undefined && { in: raw.in }),
    ...(raw.name !== undefined && { name: raw.name }),
    ...(raw.scheme !== undefined && { scheme: raw.scheme.toLowerCase() }),
    ...(raw.flows !== undefined && { flows: structuredClone(raw.flows) }),
    ...(raw.openIdConnectUrl !== undefined && { openIdConnectUrl: raw.openIdConnectUrl }),
    ...(raw.description !== undefined && { description: raw.description }),
  };
}

/**
 * The operation's own requirement, else the API's; only where the API declares schemes. Its scopes:
 * the operation's own, else (when it keeps the API's requirement) the API's.
 */
function operationSecurity(raw: RawOperation, api: Pick<PartContext, "security" | "securityScopes">): Pick<OperationModel, "security" | "securityScopes"> {
  const security = raw.security ?? api.security;
  if (security === undefined) return {};
  const scopes = raw.securityScopes ?? (raw.security === undefined ? api.securityScopes : undefined);
  return { security: security.map((alternative) => [...alternative]), ...scopesOf(security, scopes) };
}

/** One map per alternative: a list as given, a map's entries for the schemes each alternative names. */
function scopesOf(security: readonly (readonly string[])[], scopes: RawSecurityScopes | undefined): { securityScopes?: SecurityScopes[] } {
  if (scopes === undefined) return {};
  const perAlternative = security.map((alternative, i) => {
    const map = Array.isArray(scopes) ? (scopes[i] ?? {}) : scopes;
    const copy: SecurityScopes = {};
    for (const id of alternative) if (Object.hasOwn(map, id)) Object.defineProperty(copy, id, { value: [...map[id]!], enumerable: true, writable: true, configurable: true });
    return copy;
  });
  return perAlternative.some((map) => Object.keys(map).length > 0) ? { securityScopes: perAlternative } : {};
}
