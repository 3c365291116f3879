// The view models the templates print (templates/docs/*.md.hbs). Every string in them is Markdown escaped here
// (type Md); the pages only arrange it.
import type {
  ApiModel,
  MediaType,
  ModuleModel,
  NamedType,
  ExternalDocs,
  OperationModel,
  Pagination,
  PagingPlace,
  Parameter,
  ResponseHeader,
  RateLimit,
  RequestBody,
  ResponseModel,
  TypeNode,
} from "../../model/types.js";
import {
  NOT_DOCUMENTED,
  code,
  fixed,
  jsonBlock,
  join,
  link,
  paragraphs,
  row,
  tableHead,
  text,
  type Md,
} from "./markdown.js";
import { accessText, limitQualifier } from "../shared/limits.js";
import { withAnnotations } from "./annotations.js";
import { declaredTypes, documented, type Anchors } from "./anchors.js";
import { apiErrorRows, operationErrorRows, type ErrorRow } from "./errors.js";
import { reachableTypes, structure, typeDetails, typeLabel, typeLink, type TypeIndex } from "./types.js";
import { moduleServers, operationServers, serversView, type ServersView } from "./servers.js";
import { operationSecurity, securityView, type SecurityView } from "./security.js";
import { aboutRows, type AboutRow } from "./about.js";

export interface ReadmeView {
  title: Md;
  description: Md;
  /** A link to the API's documentation elsewhere; null: none given. */
  externalDocs: Md | null;
  /** Version, contact, license, terms of service; null: the catalogue gives none. */
  about: AboutRow[] | null;
  operationCount: Md;
  moduleCount: Md;
  modules: { link: Md; title: Md; area: Md; operationCount: number }[];
  authHeader: Md;
  /** The security schemes, their flows and the API's requirement; null: one token in the auth header. */
  security: SecurityView | null;
  tokenKinds: { id: Md; description: Md }[];
  /** `api.responses`: the error responses every operation may give; null when not documented. */
  errorResponses: ErrorRow[] | null;
  /** api.limitGroups; null when none are declared. */
  limitGroups: { id: Md; description: Md; limit: Md; tokens: Md }[] | null;
  /** Whose budgets the groups count (their scope, the catalogue's principal). */
  limitScope: Md;
  /** null: the catalogue declares no servers. */
  servers: ServersView | null;
}

export interface ModuleView {
  title: Md;
  id: Md;
  area: Md;
  operationCount: Md;
  /** A link to the module's documentation elsewhere; null: none given. */
  externalDocs: Md | null;
  /** The servers of the module's operations (unless they name others); null: no servers declared. */
  servers: Md | null;
  operations: OperationView[];
  types: TypeView[];
}

export interface OperationView {
  anchor: string;
  id: Md;
  summary: Md;
  method: Md;
  path: Md;
  request: Md;
  /** The operation's servers where they differ from its module's; null otherwise. */
  servers: Md | null;
  /** null where the catalogue is silent; `notDocumented` names each such part once. */
  description: Md | null;
  deprecated: boolean;
  externalDocs: Md | null;
  tokens: Md | null;
  /** Its security requirement with scopes; null: the API has no schemes, or not documented. */
  security: Md | null;
  /** Token categories and read-only access; null where the catalogue says neither. */
  access: Md | null;
  limits: LimitRow[] | null;
  constraints: Md[] | null;
  idempotent: boolean;
  parameters: ParameterRow[];
  parameterNotes: Md[];
  requestBody: Md | null;
  responses: ResponseView[] | null;
  /** Its error responses, its own and the API's, as a table; null when there are none. */
  errorResponses: ErrorRow[] | null;
  /** Links to the named types the operation reaches; each is described once, on its module's page. */
  typesUsed: Md | null;
  notDocumented: Md | null;
}

export interface LimitRow {
  scope: Md;
  period: Md;
  limit: Md;
  interval: Md;
  burst: Md;
}

export interface ParameterRow {
  name: Md;
  in: Md;
  type: Md;
  required: Md;
  description: Md;
}

export interface ResponseView {
  status: Md;
  description: Md;
  /** The headers the response documents, as a table; null when none. */
  headers: Md | null;
  body: Md;
}

export interface TypeView {
  name: Md;
  anchor: string;
  details: Md;
}

/** The link's text is its description, else its URL. */
const externalDocsLink = (docs: ExternalDocs): Md => link(text(docs.description ?? docs.url), docs.url);

const count = (n: number, noun: string): Md => fixed(`${n} ${noun}${n === 1 ? "" : "s"}`);

const orNotDocumented = (value: string | undefined, render: (value: string) => Md): Md =>
  value === undefined ? NOT_DOCUMENTED : render(value);

export function readmeView(model: ApiModel, anchors?: Pick<Anchors, "types">, operationCount: (module: ModuleModel) => number = (module) => module.operations.length): ReadmeView {
  return {
    title: text(model.title),
    description: model.description === undefined ? fixed("Description: not documented.") : paragraphs(model.description),
    externalDocs: model.externalDocs === undefined ? null : externalDocsLink(model.externalDocs),
    about: aboutRows(model),
    operationCount: count(
      model.modules.reduce((sum, module) => sum + operationCount(module), 0),
      "operation",
    ),
    moduleCount: count(model.modules.length, "module"),
    modules: model.modules.map((module) => ({
      link: link(code(module.id), `${module.id}.md`),
      title: text(module.title),
      area: text(module.area),
      operationCount: operationCount(module),
    })),
    authHeader: code(model.auth.header),
    security: securityView(model),
    tokenKinds: model.auth.tokenKinds.map((kind) => ({ id: text(kind.id), description: text(kind.description) })),
    errorResponses: apiErrorRows(model, { page: "README", types: namedTypes(model), anchors: anchors?.types ?? new Map() }),
    limitGroups:
      model.limitGroups?.map((group) => ({
        id: code(group.id),
        description: group.description === undefined ? NOT_DOCUMENTED : text(group.description),
        limit: text(`${group.limit.limit} per ${group.limit.period.text} per ${group.limit.scope}, burst ${group.limit.burst}, one more every ${group.limit.interval.text}`),
        tokens: group.limit.tokens ? text(group.limit.tokens.join(", ")) : fixed("every kind"),
      })) ?? null,
    limitScope: text([...new Set(model.limitGroups?.map((group) => group.limit.scope) ?? [model.principal])].join(", ")),
    servers: serversView(model),
  };
}

// Every page looks types up by name: the map is made once per model, not once per page.
const typeMaps = new WeakMap<ApiModel, ReadonlyMap<string, NamedType>>();

function namedTypes(model: ApiModel): ReadonlyMap<string, NamedType> {
  let types = typeMaps.get(model);
  if (!types) {
    types = new Map(model.types.map((named) => [named.name, named]));
    typeMaps.set(model, types);
  }
  return types;
}

export function moduleView(model: ApiModel, module: ModuleModel, anchors: Anchors): ModuleView {
  const types = namedTypes(model);
  const index: TypeIndex = { page: module.id, types, anchors: anchors.types };
  return {
    title: text(module.title),
    id: code(module.id),
    area: text(module.area),
    operationCount: count(module.operations.length, "operation"),
    externalDocs: module.externalDocs === undefined ? null : externalDocsLink(module.externalDocs),
    servers: moduleServers(model, module),
    operations: module.operations.map((operation) => operationView(model, operation, index, anchors.operations.get(operation.id)!)),
    types: declaredTypes(model, module).map((name) => typeView(types.get(name)!, index)),
  };
}

function typeView(named: NamedType, index: TypeIndex): TypeView {
  return { name: text(named.name), anchor: index.anchors.get(named.name)!, details: typeDetails(named.type, index) };
}

function operationView(model: ApiModel, operation: OperationModel, index: TypeIndex, anchor: string): OperationView {
  const kinds = new Map(model.auth.tokenKinds.map((kind) => [kind.id, kind.description]));
  const tokens = operation.tokens;
  const typesUsed = reachableTypes(operationRoots(operation), index.types).map((named) => typeLink(named.name, index));
  return {
    anchor,
    id: text(operation.id),
    summary: text(operation.summary),
    method: text(operation.method),
    path: code(operation.path),
    request: code(`${operation.method} ${operation.path}`),
    servers: operationServers(model, operation),
    deprecated: operation.deprecated === true,
    externalDocs: operation.externalDocs === undefined ? null : externalDocsLink(operation.externalDocs),
    description: operation.description === undefined ? null : paragraphs(operation.description),
    tokens:
      tokens === undefined
        ? null
        : tokens.length === 0
          ? fixed("none")
          : join(
              tokens.map((id) => {
                const description = kinds.get(id);
                return description === undefined ? text(id) : fixed(`${text(id)} (${text(description)})`);
              }),
              ", ",
            ),
    security: operationSecurity(model, operation),
    access: accessText(operation) === undefined ? null : text(accessText(operation)!),
    limits: documented(operation.limits)?.map(limitRow) ?? null,
    constraints: documented(operation.constraints)?.map(text) ?? null,
    idempotent: operation.idempotent,
    parameters: [...operation.pathParams, ...(operation.query ?? []), ...(operation.headers ?? []), ...(operation.cookies ?? [])].map((parameter) =>
      parameterRow(parameter, index),
    ),
    parameterNotes: [
      operation.query?.length === 0 ? fixed("Query parameters: none.") : undefined,
      operation.headers?.length === 0 ? fixed("Header parameters (besides the token header): none.") : undefined,
      operation.pagination ? fixed(pagingNote(operation.pagination)) : undefined,
    ].filter((note): note is Md => note !== undefined),
    requestBody: operation.request === undefined ? null : requestBody(operation.request, index),
    responses: documented(operation.responses)?.map((response) => responseView(response, index)) ?? null,
    errorResponses: operationErrorRows(model, operation, index),
    typesUsed: typesUsed.length === 0 ? null : join(typesUsed, ", "),
    notDocumented: notDocumented(operation),
  };
}

/** The parts of an operation the catalogue is silent on, in the order its section would show them. */
export function notDocumented(operation: OperationModel): Md | null {
  const silent = [
    operation.tokens === undefined && "token kinds",
    operation.description === undefined && "description",
    documented(operation.limits) === undefined && "rate limits",
    documented(operation.constraints) === undefined && "constraints",
    operation.query === undefined && "query parameters",
    operation.headers === undefined && "header parameters",
    operation.request === undefined && "request body",
    documented(operation.responses) === undefined && "responses",
  ].filter((part): part is string => part !== false);
  return silent.length === 0 ? null : fixed(`${silent.join(", ")}.`);
}

function limitRow(limit: RateLimit): LimitRow {
  return {
    scope: join([text(limit.scope), ...(limitQualifier(limit) ? [text(limitQualifier(limit).trim())] : [])], " "),
    period: text(limit.period.text),
    limit: fixed(String(limit.limit)),
    interval: text(limit.interval.text),
    burst: fixed(String(limit.burst)),
  };
}

function parameterRow(parameter: Parameter, index: TypeIndex): ParameterRow {
  return {
    name: text(parameter.name),
    // A written style shows beside the location, e.g. `query (deepObject)`, `path (label, explode)`.
    in: text(
      parameter.style === undefined && parameter.explode === undefined
        ? parameter.in
        : `${parameter.in} (${[parameter.style, parameter.explode === undefined ? undefined : parameter.explode ? "explode" : "no explode"].filter(Boolean).join(", ")})`,
    ),
    type:
      parameter.schema === undefined
        ? fixed(parameter.in === "path" ? "not documented (sent as text)" : "not documented")
        : typeLabel(parameter.schema, index),
    required: fixed(parameter.required ? "yes" : "no"),
    description: withAnnotations(orNotDocumented(parameter.description ?? parameter.schema?.description, text), parameter.schema, parameter.deprecated === true || parameter.schema?.deprecated === true),
  };
}

function requestBody(request: RequestBody | null, index: TypeIndex): Md {
  if (request === null) return fixed("None.");
  return join(
    [
      fixed(`Required: ${request.required ? "yes" : "no"}.`),
      ...(request.description === undefined ? [] : [paragraphs(request.description)]),
      ...contentBlocks(request.content, index),
    ],
    "\n\n",
  );
}

function responseView(response: ResponseModel, index: TypeIndex): ResponseView {
  return {
    status: text(response.status),
    description: response.description === undefined ? fixed("Description: not documented.") : paragraphs(response.description),
    headers: responseHeaders(response.headers, index),
    body: response.content.length === 0 ? fixed("Body: none.") : join(contentBlocks(response.content, index), "\n\n"),
  };
}

function responseHeaders(headers: readonly ResponseHeader[] | undefined, index: TypeIndex): Md | null {
  if (headers === undefined || headers.length === 0) return null;
  const rows = headers.map((header) =>
    row([
      text(header.name),
      header.schema === undefined ? fixed("not documented (text)") : typeLabel(header.schema, index),
      fixed(header.required ? "yes" : "no"),
      withAnnotations(orNotDocumented(header.description ?? header.schema?.description, text), header.schema, header.deprecated === true || header.schema?.deprecated === true),
    ]),
  );
  return join([tableHead([fixed("Header"), fixed("Type"), fixed("Required"), fixed("Description")]), ...rows], "\n");
}

function contentBlocks(content: readonly MediaType[], index: TypeIndex): Md[] {
  return content.flatMap((media) => {
    const blocks: Md[] = [
      fixed(`Content type: ${text(media.contentType)}.`),
      media.schema === undefined
        ? fixed(media.items || media.events ? "Shape: a stream of items." : "Shape: not documented.")
        : fixed(`Shape: ${typeLabel(media.schema, index)}.`),
      ...(media.schema === undefined ? [] : structure(media.schema, index)),
    ];
    if (media.items !== undefined) blocks.push(fixed(`Streams; each ${media.events ? "other event's data" : "item"}: ${typeLabel(media.items, index)}.`));
    for (const event of media.events ?? []) blocks.push(fixed(`Event ${text(event.name)}: data ${typeLabel(event.type, index)}.`));
    if (media.example !== undefined) blocks.push(fixed(`Example:\n\n${jsonBlock(media.example)}`));
    return blocks;
  });
}

/** How the operation pages, in a sentence (the client's `.all()` and `.pages()` follow it). */
function pagingNote(paging: Pagination): string {
  const path = (parts: readonly string[]): string => (parts.length === 0 ? "the body" : text(parts.join(".")));
  const place = (where: PagingPlace | undefined): string => (where ? `${where.in === "query" ? "query parameter" : "body field"} ${text(where.name)}` : "");
  const next: Record<Pagination["style"], string> = {
    cursor: `the next cursor, at ${path(paging.next ?? [])}, goes in ${place(paging.cursor)}`,
    offset: `the next offset goes in ${place(paging.offset)}`,
    page: `the next page number goes in ${place(paging.page)}`,
    "next-url": `the next page's URL is at ${path(paging.next ?? [])}`,
    link: "the next page's URL is the Link header's rel=\"next\"",
  };
  return `Pages (${paging.style}${paging.definition ? `, as ${text(paging.definition)}` : ""}): the items are ${paging.items.length === 0 ? "the body" : `at ${path(paging.items)}`}; ${next[paging.style]}${paging.limit ? `; the page size is ${place(paging.limit)}` : ""}. The client's \`.all()\` and \`.pages()\` iterate them.`;
}

function operationRoots(operation: OperationModel): TypeNode[] {
  const parameters = [...operation.pathParams, ...(operation.query ?? []), ...(operation.headers ?? []), ...(operation.cookies ?? [])];
  const bodies = [...(operation.request?.content ?? []), ...(operation.responses ?? []).flatMap((r) => r.content)];
  return [
    ...parameters.flatMap((parameter) => (parameter.schema ? [parameter.schema] : [])),
    ...bodies.flatMap((media) => [...(media.schema ? [media.schema] : []), ...(media.items ? [media.items] : []), ...(media.events ?? []).map((e) => e.type)]),
  ];
}
