import type { Annotations } from "../model/annotations.js";

// The shapes the JSON Schema guarantees once a file passes it (see src/schema/catalogue.schema.json).
import type { OAuthFlows, ParameterStyle, PartEncoding, ServerVariable } from "../model/types.js";

export interface RawFile {
  api?: RawApi;
  module?: RawModule;
  types?: Record<string, RawType>;
  operations?: RawOperation[];
}

export interface RawApi {
  title: string;
  description?: string;
  version?: string;
  contact?: { name?: string; url?: string; email?: string };
  license?: { name: string; identifier?: string; url?: string };
  termsOfService?: string;
  externalDocs?: { url: string; description?: string };
  /** Whose budgets limits count and whose tokens are (`seller`, `account` ...); absent: `account`. */
  principal?: string;
  auth: { header: string; tokenKinds: { id: string; description: string }[]; schemes?: RawSecurityScheme[]; security?: string[][]; securityScopes?: RawSecurityScopes };
  /** Error responses every operation may give (4xx, 5xx, 4XX, 5XX, default). */
  responses?: Record<string, RawResponse>;
  limitGroups?: RawLimitGroup[];
  servers?: RawServer[];
  pagination?: (RawPagination & { id: string })[];
}

export interface RawPagination {
  use?: string;
  style?: "cursor" | "offset" | "page" | "next-url" | "link";
  items?: string;
  next?: string;
  cursor?: RawPagingPlace;
  offset?: RawPagingPlace;
  limit?: RawPagingPlace;
  page?: RawPagingPlace;
}

export interface RawPagingPlace {
  in: "query" | "body";
  name: string;
}

export interface RawServer {
  id: string;
  /** With `variables`, a template naming them. */
  url: string;
  variables?: Record<string, ServerVariable>;
  description?: string;
  environment?: string;
}

export interface RawModule {
  id: string;
  title: string;
  area: string;
  servers?: string[];
  externalDocs?: { url: string; description?: string };
}

export interface RawOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  tokens?: string[];
  /** Token categories whose tokens may call it (`all`: any). */
  categories?: string[];
  /** Whether a read-only token may call it. */
  readOnlyTokens?: boolean;
  security?: string[][];
  securityScopes?: RawSecurityScopes;
  limits?: (RawLimit | RawLimitRef)[];
  constraints?: string[];
  servers?: string[];
  idempotent?: boolean;
  parameters?: RawParameter[];
  request?: "none" | RawRequest;
  responses?: Record<string, RawResponse>;
  deprecated?: boolean;
  externalDocs?: { url: string; description?: string };
  pagination?: RawPagination;
}

export interface RawExample {
  summary?: string;
  description?: string;
  value: unknown;
}

export interface RawHeader {
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  schema?: RawType;
  example?: unknown;
  examples?: Record<string, RawExample>;
}

export interface RawLimit {
  /** The catalogue's principal (api.principal; `account` where api names none). */
  scope: string;
  period: string;
  limit: number;
  interval: string;
  burst: number;
  /** The token kinds it applies to; absent: every kind. */
  tokens?: string[];
  /** Status or status class (`4XX`, `409`) -> requests such an answer spends. */
  errorCost?: Record<string, number>;
}

/** `{ group: <id> }` in an operation's limits: the budget of api.limitGroups it shares. */
export interface RawLimitRef {
  group: string;
}

export interface RawLimitGroup extends RawLimit {
  id: string;
  description?: string;
}

export interface RawParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: RawType;
  description?: string;
  style?: ParameterStyle;
  explode?: boolean;
  deprecated?: boolean;
  example?: unknown;
  examples?: Record<string, RawExample>;
}

export type RawContent = Record<string, { schema?: RawType; example?: unknown; examples?: Record<string, RawExample>; encoding?: Record<string, PartEncoding>; items?: RawType; events?: Record<string, RawType> }>;

export interface RawRequest {
  required?: boolean;
  description?: string;
  content: RawContent;
}

export interface RawResponse {
  description?: string;
  content?: RawContent;
  headers?: Record<string, RawHeader>;
}

export type RawKind = "string" | "integer" | "number" | "boolean" | "array" | "object" | "map" | "union" | "binary" | "unknown";

/** Annotations and value constraints: see src/model/annotations.ts. */
export interface RawType extends Annotations {
  type?: RawKind | [RawKind, "null"] | ["null", RawKind];
  ref?: string;
  description?: string;
  nullable?: boolean;
  required?: boolean;
  format?: string;
  enum?: (string | number | boolean)[];
  items?: RawType;
  values?: RawType;
  properties?: Record<string, RawType>;
  additionalProperties?: boolean | RawType;
  oneOf?: RawType[];
  discriminator?: string | { property: string; mapping?: Record<string, string> };
  allOf?: RawType[];
  const?: string | number | boolean | null;
  combinations?: {
    fields: string[];
    allowed: { values: Record<string, string>; group?: string; meaning?: string }[];
  };
}

/** Scopes (or roles) by scheme id, for every alternative of the security; or one such map per alternative. */
export type RawSecurityScopes = Record<string, string[]> | Record<string, string[]>[];

export interface RawSecurityScheme {
  id: string;
  type: "apiKey" | "http" | "oauth2" | "openIdConnect";
  in?: "header" | "query" | "cookie";
  name?: string;
  scheme?: string;
  /** oauth2 only. */
  flows?: OAuthFlows;
  /** openIdConnect only. */
  openIdConnectUrl?: string;
  description?: string;
}
