// What counts as a safe name in the generated code and on the wire.

export const OPERATION_ID = /^[a-z][A-Za-z0-9]*$/;
export const MODULE_ID = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
/**
 * Longest module id: it names files (`<id>.yaml`, `client/modules/<id>.ts`, `docs/<id>.md`, ...),
 * and file names longer than 255 bytes cannot be written (ENAMETOOLONG).
 */
export const MAX_MODULE_ID_LENGTH = 64;
export const TYPE_NAME = /^[A-Z][A-Za-z0-9]*$/;
export const TOKEN_KIND = /^[a-z][a-z0-9_-]*$/;
export const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A header name: an RFC 9110 token (`X-Trace`, `api_key`, `X_Custom`). */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A static path segment: RFC 3986 pchar without percent-escapes or braces. */
export const STATIC_SEGMENT = /^[A-Za-z0-9._~!$&'()*+,;=:@-]+$/;

/** A fixed query's names and values: RFC 3986 pchar plus / and ?, without the & and = that split pairs, braces or escapes. */
export const QUERY_TEXT = /^[A-Za-z0-9._~!$'()*+,;:@/?-]*$/;

/** Fragment text: RFC 3986 pchar plus / and ? (AWS's documents name operations `#Action=Name`), without braces or escapes. */
export const FRAGMENT_TEXT = /^[A-Za-z0-9._~!$'()*+,;:@/?=&-]*$/;

/** Reserved words, and names the generated code itself exports or relies on. */
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "yield let static implements interface package private protected public await async arguments eval undefined " +
    "constructor prototype toString valueOf hasOwnProperty __proto__ " +
    "createClient createTransport createRequestHandler toNodeHandler mockHandlers ApiError Handlers Transport " +
    "isApiError retries rateLimits responseChecks redisRateLimitStore MemoryRateLimitStore isOperationError"
  ).split(" "),
);

/**
 * Globals the generated code and its templates refer to (found by resolving every identifier of
 * generated/ and templates/ with the TypeScript checker, plus the types the emitters write into
 * signatures). A catalogue type or operation of one of these names would shadow the global for
 * the generated code: the validator refuses it, the importer renames it.
 */
export const GLOBAL_NAMES = new Set(
  (
    "AbortController AbortSignal Array ArrayBuffer ArrayBufferView Awaited Blob Boolean Date Error EventTarget Exclude " +
    "Extract FormData Function Headers Infinity Iterable JSON Map Math NaN NonNullable Number Object Omit " +
    "Parameters Partial Pick Promise PromiseLike PropertyDescriptor RangeError ReadableStream Readonly ReadonlyMap " +
    "ReadonlySet Record RegExp Request RequestInit Required Response ReturnType Set String Symbol TextDecoder " +
    "TextEncoder TypeError URL URLSearchParams Uint8Array WeakMap " +
    "clearTimeout console crypto decodeURIComponent encodeURIComponent fetch globalThis isFinite process setTimeout"
  ).split(" "),
);

export function isReserved(name: string): boolean {
  return RESERVED.has(name);
}

/** Keys of a client call's argument object besides the path parameters. */
export const RESERVED_ARGUMENT_KEYS = ["query", "body", "headers", "cookies"];

/** Names the generated client and server export themselves: no catalogue type may take one. */
export const PUBLIC_EXPORT_NAMES = new Set(
  (
    "ApiError ApiErrorKind CallOptions Client ClientOptions Clock ErrorBody FailureEvent FetchLike Handlers " +
    "ModuleName Operation QueryParams RawBody RequestBody FilePart MultipartFields RequestEvent ResponseEvent RetryOptions Transport " +
    "FetchInit TransportOptions TransportFeature RateLimitOptions ResponseCheckOptions RateLimitStore " +
    "RateLimitDecision RateLimitRule RedisClientLike RedisRateLimitStoreOptions MemoryRateLimitStore " +
    "DocumentedErrors DocumentedStatus OperationError ServerEnvironment " +
    "Handler HandlerContext HandlerInput HandlerResult Identity ModuleHandlers OperationContext TokenKind ServerOptions " +
    "QueryValues ErrorContext ErrorOptions OperationInfo RouteDefinition ApiDefinition BodyProblem NodeRequestLike NodeResponseLike ItemStream ServerSentEvent StreamOptions PageOptions"
  ).split(" "),
);

/**
 * What each catalogue name brings into the generated code besides itself (client/index.ts,
 * client/modules/*.ts, client/errors/*.ts, server/index.ts), as the emitters name them. Reserved
 * whether or not a given catalogue makes the emitter write them (an operation without documented
 * errors has no `<Operation>Errors` today, but may tomorrow).
 */
export const GENERATED_NAMES = {
  /** The guard of a named type (client and server validate/). */
  type: (name: string) => [
    { name: `check${name}`, what: "its check function" },
    { name: `${name}Writable`, what: "its request shape (with read-only or write-only properties)" },
    { name: `${name}Schema`, what: "its Standard Schema (client/schemas/)" },
  ],
  operation: (id: string) => [
    { name: `${id}Operation`, what: "its client descriptor" },
    { name: `${pascalCase(id)}Args`, what: "its client arguments type" },
    { name: `${pascalCase(id)}Errors`, what: "its client error responses type" },
    { name: `check${pascalCase(id)}Response`, what: "its response check" },
    { name: `check${pascalCase(id)}Body`, what: "its request body check" },
    { name: `check${pascalCase(id)}Params`, what: "its parameters check" },
    { name: `${id}ResponseSchema`, what: "its response's Standard Schema" },
    { name: `${id}BodySchema`, what: "its request body's Standard Schema" },
    { name: `${id}ParamsSchema`, what: "its parameters' Standard Schema" },
  ],
  module: (id: string) => [
    { name: `${pascalCase(camelCase(id))}Operations`, what: "its client interface" },
    { name: `bind${pascalCase(camelCase(id))}Operations`, what: "its client binding function" },
    { name: `${pascalCase(camelCase(id))}Handlers`, what: "its server handlers interface" },
  ],
};

/**
 * Module ids that would collide with files the generators write (`index.ts` of scaffolded
 * handlers, `README.md` of the docs on case-insensitive disks) or with the `default` base URL.
 */
export const RESERVED_MODULE_IDS = new Set(["index", "readme", "default", "runtime", "types"]);

/** `inStorePickup` -> `InStorePickup`. */
export function pascalCase(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** `in_store_pickup` -> `inStorePickup`. */
export function camelCase(snake: string): string {
  return snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]*)\}/g)].map((match) => match[1]!);
}

/** `GET /a/{x}` and `GET /a/{y}` have the same shape: no router can tell them apart. */
export function routeShape(method: string, path: string): string {
  return `${method} ${path.replace(/\{[^}]*\}/g, "{}")}`;
}
