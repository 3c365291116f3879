// The shapes the JSON Schema guarantees once a file passes it (see src/schema/catalogue.schema.json).
import type { ParameterStyle, PartEncoding } from "../model/types.js";

export interface RawFile {
  api?: RawApi;
  module?: RawModule;
  types?: Record<string, RawType>;
  operations?: RawOperation[];
}

export interface RawApi {
  title: string;
  description?: string;
  auth: { header: string; tokenKinds: { id: string; description: string }[] };
  /** Error responses every operation may give (4xx, 5xx, 4XX, 5XX, default). */
  responses?: Record<string, RawResponse>;
  limitGroups?: RawLimitGroup[];
  servers?: RawServer[];
}

export interface RawServer {
  id: string;
  url: string;
  description?: string;
  environment?: string;
}

export interface RawModule {
  id: string;
  title: string;
  area: string;
  servers?: string[];
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
  limits?: (RawLimit | RawLimitRef)[];
  constraints?: string[];
  servers?: string[];
  idempotent?: boolean;
  parameters?: RawParameter[];
  request?: "none" | RawRequest;
  responses?: Record<string, RawResponse>;
}

export interface RawLimit {
  scope: "seller";
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
}

export type RawContent = Record<string, { schema?: RawType; example?: unknown; encoding?: Record<string, PartEncoding> }>;

export interface RawRequest {
  required?: boolean;
  description?: string;
  content: RawContent;
}

export interface RawResponse {
  description?: string;
  content?: RawContent;
}

export type RawKind = "string" | "integer" | "number" | "boolean" | "array" | "object" | "map" | "union" | "binary" | "unknown";

export interface RawType {
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
