// The shapes the JSON Schema guarantees once a file passes it (see src/schema/catalogue.schema.json).

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
  limits?: RawLimit[];
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
}

export interface RawParameter {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  schema?: RawType;
  description?: string;
}

export type RawContent = Record<string, { schema?: RawType; example?: unknown }>;

export interface RawRequest {
  required?: boolean;
  description?: string;
  content: RawContent;
}

export interface RawResponse {
  description?: string;
  content?: RawContent;
}

export interface RawType {
  type?: "string" | "integer" | "number" | "boolean" | "array" | "object" | "map" | "union" | "binary" | "unknown";
  ref?: string;
  description?: string;
  nullable?: boolean;
  required?: boolean;
  format?: string;
  enum?: (string | number)[];
  items?: RawType;
  values?: RawType;
  properties?: Record<string, RawType>;
  additionalProperties?: boolean | RawType;
  oneOf?: RawType[];
  discriminator?: string;
  combinations?: {
    fields: string[];
    allowed: { values: Record<string, string>; group?: string; meaning?: string }[];
  };
}
