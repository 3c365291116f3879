// The model: plain data built from the catalogue. It knows nothing of YAML or TypeScript;
// every emitter is a function of this and nothing else.
//
// "Not documented" is always `undefined` (the field is absent), never an empty value:
// `query: []` means "documented: no query parameters", `query: undefined` means "the
// catalogue is silent".

import type { Annotations } from "./annotations.js";

export type { Annotations } from "./annotations.js";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface ApiModel {
  title: string;
  description?: string;
  /** As the source gives it; absent: not documented. */
  version?: string;
  /** Who to ask about the API; absent: not documented. */
  contact?: { name?: string; url?: string; email?: string };
  /** Absent: not documented. */
  license?: { name: string; identifier?: string; url?: string };
  /** A link to the terms of service; absent: not documented. */
  termsOfService?: string;
  /** A link to the API's documentation elsewhere; absent: none given. */
  externalDocs?: ExternalDocs;
  /** Whose rate-limit budgets limits count and whose tokens are, in the catalogue's words (`seller`, `account` ...). */
  principal: string;
  auth: AuthModel;
  /** Sorted by id. */
  modules: ModuleModel[];
  /** Named types of every module, sorted by name (names are unique across the catalogue). */
  types: NamedType[];
  /** Catalogue files the model was read from, relative to the catalogue folder, sorted. */
  sources: string[];
  /**
   * Error responses every operation may give (`4XX`, `404`, `default` ...), sorted by status;
   * an operation's own entry for a status wins (see `errorResponses` in src/model/errors.ts).
   * undefined: not documented.
   */
  responses?: ResponseModel[];
  /** api.limitGroups in catalogue order; absent when none are declared. */
  limitGroups?: LimitGroup[];
  /** The hosts, in catalogue order; undefined: not documented (the catalogue declares none). */
  servers?: ServerModel[];
  /** api.pagination: paging styles operations share, in catalogue order; absent when none. */
  pagination?: (Pagination & { definition: string })[];
}

export interface ServerModel {
  /** Lowercase id that modules and operations name. */
  id: string;
  /** Absolute http(s) URL that operation paths are appended to (a template's variables replaced by their defaults). */
  url: string;
  /** The URL as the catalogue writes it, naming `variables`; absent: the URL has none. */
  template?: string;
  variables?: Record<string, ServerVariable>;
  description?: string;
  /** e.g. `production`, `sandbox`; undefined: the server serves every environment. */
  environment?: string;
}

/** A variable of a server URL template (OpenAPI's Server Variable Object). */
export interface ServerVariable {
  default: string;
  enum?: string[];
  description?: string;
}

export interface AuthModel {
  /** Header that carries the token, e.g. `Authorization`. */
  header: string;
  /** The declared token kinds; `OperationModel.tokens` only names these. */
  tokenKinds: TokenKind[];
  /** Security schemes (api.auth.schemes), in catalogue order; absent: the one token in `header`. */
  schemes?: SecurityScheme[];
  /** The API-wide requirement: alternatives, each the scheme ids needed together; absent: not documented. */
  security?: string[][];
  /** The scopes (or roles) of each alternative of `security`, index by index; absent: not documented. */
  securityScopes?: SecurityScopes[];
}

/** Scope (oauth2) or role names by scheme id. */
export type SecurityScopes = Record<string, string[]>;

/** OpenAPI's OAuth Flows Object: how an oauth2 token is obtained. */
export interface OAuthFlows {
  implicit?: OAuthFlow;
  password?: OAuthFlow;
  clientCredentials?: OAuthFlow;
  authorizationCode?: OAuthFlow;
}

export interface OAuthFlow {
  authorizationUrl?: string;
  tokenUrl?: string;
  refreshUrl?: string;
  /** Scope name -> what it allows ("" when the source says nothing). */
  scopes: Record<string, string>;
}

/** How one credential travels. oauth2 and openIdConnect send a bearer token like http bearer. */
export interface SecurityScheme {
  id: string;
  type: "apiKey" | "http" | "oauth2" | "openIdConnect";
  /** apiKey only. */
  in?: "header" | "query" | "cookie";
  /** apiKey only: header, query parameter or cookie name. */
  name?: string;
  /** http only, lowercase: `bearer`, `basic` ... */
  scheme?: string;
  /** oauth2 only: how a token is obtained; absent: not documented. */
  flows?: OAuthFlows;
  /** openIdConnect only; absent: not documented. */
  openIdConnectUrl?: string;
  description?: string;
}

/** A budget of api.limitGroups: every operation naming it spends from one bucket. */
export interface LimitGroup {
  id: string;
  description?: string;
  /** The group's limit (its `group` is this group's id). */
  limit: RateLimit;
}

export interface TokenKind {
  id: string;
  description: string;
}

export interface ModuleModel {
  /** snake_case id from the catalogue, e.g. `in_store_pickup` (doc file names use it). */
  id: string;
  /** camelCase form of the id, e.g. `inStorePickup` (client and server properties use it). */
  name: string;
  title: string;
  area: string;
  /** Server ids the module declares (its operations' default); undefined: the API's servers. */
  servers?: string[];
  /** A link to the module's documentation elsewhere; absent: none given. */
  externalDocs?: ExternalDocs;
  /** In catalogue order. */
  operations: OperationModel[];
}

export interface OperationModel {
  /** camelCase, unique across the catalogue; becomes the function name. */
  id: string;
  /** Module id (snake_case). */
  module: string;
  method: HttpMethod;
  /** Exactly as in the catalogue, e.g. `/api/v1/offers/{offer_id}`. */
  path: string;
  segments: PathSegment[];
  /** The constant query a `?name=value` part of the path gives every request; absent: none. */
  fixedQuery?: { name: string; value: string }[];
  /**
   * The `#name=value` pairs of the path's fragment that name one of the operation's query
   * parameters or headers (AWS's `/#Action=DescribeThings`, `/#X-Amz-Target=Service.Put`): among
   * operations sharing the wire, the server routes by them. A header's name is lower-case. Absent: none.
   */
  fragmentMatch?: { in: "query" | "header"; name: string; value: string }[];
  summary: string;
  description?: string;
  /** Accepted token kinds; undefined: not documented. */
  tokens?: string[];
  /** Token categories whose tokens may call it (`all`: a token of any category); undefined: not documented. */
  categories?: string[];
  /** true: a read-only token may call it; false: it writes, a read-only token is refused; undefined: not documented. */
  readOnlyTokens?: boolean;
  /**
   * The security requirement (the operation's own, else the API's): alternatives, each the scheme
   * ids needed together; [] no credentials. Undefined: not documented, or the API has no schemes.
   */
  security?: string[][];
  /**
   * The scopes (or roles) a token of each scheme needs, one map per alternative of `security`
   * (index by index; {} where an alternative names none): the operation's own, else the API's.
   * Absent: not documented.
   */
  securityScopes?: SecurityScopes[];
  /** Rate limits; undefined: not documented. */
  limits?: RateLimit[];
  /** Fixed rules in prose (e.g. "only supplies accepted within the last year"). */
  constraints?: string[];
  /**
   * Ids of the servers the operation may use: its own `servers`, else its module's, else every
   * server of the API. Undefined when the API declares no servers.
   */
  servers?: string[];
  /** True when the catalogue marks the operation safe to retry although its method is not. */
  idempotent: boolean;
  /** One per `{name}` of the path, in path order. Always present: the path template shows them. */
  pathParams: Parameter[];
  /** undefined: not documented. */
  query?: Parameter[];
  /** undefined: not documented. */
  headers?: Parameter[];
  /** Cookie parameters; absent: none declared. */
  cookies?: Parameter[];
  /** undefined: not documented; null: documented as "no request body". */
  request?: RequestBody | null;
  /** undefined: not documented. */
  responses?: ResponseModel[];
  /** How the operation pages its results; undefined: it does not page (or the catalogue is silent). */
  pagination?: Pagination;
  /** Where the operation is declared, for messages (`list --json` shows it from the working folder). */
  source: SourceRef;
  /** The operation is deprecated: still served, but not to be used in new code. */
  deprecated?: boolean;
  /** A link to more documentation. */
  externalDocs?: ExternalDocs;
}

export interface ExternalDocs {
  url: string;
  description?: string;
}

/** A named example of a parameter, a body or a response header. */
export interface NamedExample {
  name: string;
  summary?: string;
  description?: string;
  value: unknown;
}

/** A header a response documents. */
export interface ResponseHeader {
  /** As the catalogue writes it; compared without regard to case. */
  name: string;
  required: boolean;
  description?: string;
  deprecated?: boolean;
  /** undefined: type not documented (a string). */
  schema?: TypeNode;
  /** Present only where the catalogue gives one. */
  example?: unknown;
  /** Named examples, in catalogue order; absent when none. */
  examples?: NamedExample[];
}

export const PAGINATION_STYLES = ["cursor", "offset", "page", "next-url", "link"] as const;
export type PaginationStyle = (typeof PAGINATION_STYLES)[number];

/** Where a paging value travels in a request: a query parameter or a top-level field of the JSON body. */
export interface PagingPlace {
  in: "query" | "body";
  name: string;
}

/**
 * How a list operation pages. `cursor`: `next` (a path in the body) gives the value the next
 * request sends at `cursor`; `offset`: the next request's `offset` is this one's plus the items
 * received, `limit` the page size; `page`: `page` counts up from the first request's (default 1);
 * `next-url`: `next` is the URL of the next page (its query is sent to the same operation);
 * `link`: the `Link` header's `rel="next"` URL, likewise. Every style stops at an empty page or
 * a missing next value, offset and page styles also at a page shorter than `limit`.
 */
export interface Pagination {
  style: PaginationStyle;
  /** Property path from the response body to the array of items; empty: the body is the array. */
  items: string[];
  cursor?: PagingPlace;
  /** Property path to the next cursor (cursor) or the next page's URL (next-url). */
  next?: string[];
  offset?: PagingPlace;
  limit?: PagingPlace;
  page?: PagingPlace;
  /** The id of the api.pagination definition it comes from, if any. */
  definition?: string;
}

export type PathSegment =
  | { kind: "static"; value: string }
  | { kind: "param"; name: string }
  /** Literal text around parameters in one segment, e.g. `{Sid}.json` or `{base}...{head}`. */
  | { kind: "template"; parts: ({ kind: "static"; value: string } | { kind: "param"; name: string })[] };

export interface SourceRef {
  /**
   * The file, relative to the catalogue folder with `/` (a living source's OpenAPI document may be
   * `../openapi.yaml`): the model is the same from any working folder, so its keys are too.
   */
  file: string;
  line: number;
  column: number;
}

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  /** undefined: type not documented (path parameters then travel as strings). */
  schema?: TypeNode;
  description?: string;
  /** As the catalogue writes it; absent: the location's default (see `parameterStyle`). */
  style?: ParameterStyle;
  /** As the catalogue writes it; absent: the style's default (see `parameterStyle`). */
  explode?: boolean;
  deprecated?: boolean;
  /** Present only where the catalogue gives one. */
  example?: unknown;
  /** Named examples, in catalogue order; absent when none. */
  examples?: NamedExample[];
}

/** OpenAPI's parameter styles (RFC 6570 for path and header; form rules for query and cookie). */
export type ParameterStyle = "form" | "spaceDelimited" | "pipeDelimited" | "deepObject" | "simple" | "label" | "matrix";

/** How one property of a form or multipart body is written (OpenAPI's encoding object). */
export interface PartEncoding {
  /** Multipart: the part's content type. */
  contentType?: string;
  /** Urlencoded: form, spaceDelimited, pipeDelimited or deepObject. */
  style?: "form" | "spaceDelimited" | "pipeDelimited" | "deepObject";
  explode?: boolean;
}

export interface RequestBody {
  required: boolean;
  description?: string;
  /** One entry per content type, sorted by content type. */
  content: MediaType[];
}

export interface MediaType {
  /** As the catalogue writes it, parameters included (`text/plain; charset=utf-8`). */
  contentType: string;
  /** undefined: shape not documented. */
  schema?: TypeNode;
  /** Present only where the catalogue gives one. */
  example?: unknown;
  /** Form and multipart bodies: per property, how it is written; absent: the defaults. */
  encoding?: Record<string, PartEncoding>;
  /** Named examples, in catalogue order; absent when none. */
  examples?: NamedExample[];
  /**
   * A streamed media type (text/event-stream, application/jsonl, application/x-ndjson,
   * application/json-seq): the type of each item (for SSE, each event's `data`); undefined: not documented.
   */
  items?: TypeNode;
  /** SSE only: the `data` type of each named event, in catalogue order (an event not listed has `items`). */
  events?: StreamEvent[];
}

export interface StreamEvent {
  name: string;
  type: TypeNode;
}

export interface ResponseModel {
  /** `200`, `204`, ... or a range such as `2XX`, or `default`. */
  status: string;
  description?: string;
  /** Empty: the response has no body. Sorted by content type. */
  content: MediaType[];
  /** The headers the response documents, in catalogue order; absent when none. */
  headers?: ResponseHeader[];
}

export interface RateLimit {
  /** Whose budget it is: the catalogue's principal, as the limit names it (`seller`, `account` ...). */
  scope: string;
  /** The window the limit is stated over. */
  period: Duration;
  /** Requests allowed per period. */
  limit: number;
  /** One request's worth of budget comes back every interval. */
  interval: Duration;
  /** Largest number of requests that may be sent at once (bucket size). */
  burst: number;
  /** The token kinds it applies to; undefined: every kind. */
  tokens?: string[];
  /**
   * The limit group whose budget this is (its fields are the group's): every operation of the
   * group spends from one bucket. Undefined: the operation's own limit. See `limitBucket`.
   */
  group?: string;
  /** What an answer of some statuses spends instead of one request, sorted by status; undefined: one request each. */
  errorCost?: ErrorCost[];
}

/** An answer of `status` (`409`, or a class such as `4XX`) spends `cost` requests of the budget. */
export interface ErrorCost {
  status: string;
  cost: number;
}

export interface Duration {
  milliseconds: number;
  /** As written in the catalogue, e.g. `1 minute`. */
  text: string;
}

export interface NamedType {
  name: string;
  /** Module id whose file declares it. */
  module: string;
  type: TypeNode;
  /** It has read-only or write-only properties somewhere inside: its request shape differs (see ./directional.ts). */
  directional?: boolean;
}

/** Annotations (title, deprecated, default, examples, readOnly, writeOnly) and value constraints: see ./annotations.ts. */
interface TypeBase extends Annotations {
  description?: string;
  /** The value may also be null. */
  nullable?: boolean;
}

export type TypeNode =
  | (TypeBase & { kind: "string"; format?: string; enum?: string[] })
  | (TypeBase & { kind: "integer"; format?: string; enum?: number[] })
  | (TypeBase & { kind: "number"; format?: string; enum?: number[] })
  | (TypeBase & { kind: "boolean"; enum?: boolean[] })
  | (TypeBase & { kind: "array"; items: TypeNode })
  | (TypeBase & ObjectShape)
  /** String-keyed dictionary. */
  | (TypeBase & { kind: "map"; values: TypeNode })
  /** `directional`: the named type has read-only or write-only properties (see ./directional.ts). */
  | (TypeBase & { kind: "ref"; name: string; directional?: boolean })
  /**
   * `discriminator` names a property that tells the variants apart: without `mapping`, each
   * variant's single-value string enum; with it, the values listed for each (named) variant.
   */
  | (TypeBase & { kind: "union"; variants: TypeNode[]; discriminator?: string; mapping?: DiscriminatorMapping[] })
  /** Every part at once (an intersection): each part is an object or a reference to one. */
  | (TypeBase & { kind: "allOf"; parts: TypeNode[] })
  /** Exactly one JSON value. */
  | (TypeBase & { kind: "const"; value: ConstValue })
  /** Raw bytes: a file upload or download. */
  | (TypeBase & { kind: "binary" })
  /** Any JSON value. */
  | (TypeBase & { kind: "unknown" });

export type ConstValue = string | number | boolean | null;

/** A discriminator value and the named type (one of the union's `{ ref }` variants) it selects. */
export interface DiscriminatorMapping {
  value: string;
  type: string;
}

export interface ObjectShape {
  kind: "object";
  /** In catalogue order. */
  properties: Property[];
  /** false: closed; true: open to fields of any type (e.g. "other fields: not shown"); a type: open to fields of that type. */
  additionalProperties: boolean | TypeNode;
  /** Only these value combinations of the named fields are allowed (emitters make a discriminated union). */
  combinations?: Combinations;
  /**
   * A base's discriminator (a named object): the named types composed from it (`allOf` with a
   * `{ ref }` to it) are told apart by `property`, each by its `mapping` values, else its own name.
   * See ./base-discriminators.ts.
   */
  baseDiscriminator?: { property: string; mapping?: DiscriminatorMapping[] };
  /** A part the model adds to such a variant's allOf, fixing the property to its values (not exported). */
  fromBaseDiscriminator?: true;
}

export interface Property {
  name: string;
  type: TypeNode;
  required: boolean;
  description?: string;
}

export interface Combinations {
  /** Property names, each a string enum of the object. */
  fields: string[];
  allowed: Combination[];
}

export interface Combination {
  /** One value per field in `fields`. */
  values: Record<string, string>;
  meaning?: string;
  /** A heading the source groups combinations under, e.g. "Larger than declared". */
  group?: string;
}

export type TypeKind = TypeNode["kind"];
