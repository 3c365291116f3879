// Types shared by the router runtime and the generated code. The generated `routes.ts` fills
// `ApiDefinition` from the catalogue (routes/<module>.ts); `handlers.ts` and handlers/<module>.ts
// bind `Handler` to each operation's types.
import type { Problem } from "../shared/guard.js";
import type { RateLimitStore } from "./rate-limit.js";
import type { ErrorResponses, ReplyMedia, ReplyStatus } from "./replies.js";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";

/** How a security scheme's credential travels (oauth2 and openIdConnect are http bearer). */
export type SchemeInfo =
  | { readonly type: "apiKey"; readonly in: "header" | "query" | "cookie"; readonly name: string }
  | { readonly type: "http"; readonly scheme: string };

/** A static path segment (as written in the catalogue), a named parameter, or literal text around parameters (`{Sid}.json`). */
export type RouteSegment = string | { readonly param: string } | { readonly parts: readonly (string | { readonly param: string })[] };

/** A token bucket per principal (see `Identity`): `burst` requests at once, one more every `intervalMs`. */
export interface RouteLimit {
  readonly burst: number;
  readonly intervalMs: number;
  /** Requests per period, as documented (informative). */
  readonly limit: number;
  readonly periodMs: number;
  /** The token kinds it applies to; absent: every kind. */
  readonly tokens?: readonly string[];
  /** The limit group whose one bucket per principal every operation of the group spends from; absent: the operation's own. */
  readonly group?: string;
  /** Requests an answer of a status or class (`4XX`) spends instead of one; absent: one each. */
  readonly errorCost?: Readonly<Record<string, number>>;
}

/** A documented query parameter; the router converts its values and answers 400 when they do not fit. */
export interface QueryParameter {
  readonly name: string;
  readonly required: boolean;
  readonly type: "string" | "integer" | "number" | "boolean";
  /** Repeated keys (`?id=1&id=2`) give the array. */
  readonly array: boolean;
  readonly enum?: readonly (string | number)[];
  /** Written otherwise than form with explode (see styles.ts); absent: the default. */
  readonly style?: "form" | "spaceDelimited" | "pipeDelimited" | "deepObject";
  readonly explode?: boolean;
  /** An object-valued parameter's properties (`type` is then unused). */
  readonly properties?: readonly PropertyRule[];
  /** A deepObject union of an object and a scalar: a plain `name=value` reads as this scalar type. */
  readonly orScalar?: "string" | "integer" | "number" | "boolean";
  /** A deepObject value nested past one level (`items[0][price]=p1`): its whole shape (styles.ts's readDeep). */
  readonly deep?: DeepShape;
}

/**
 * The shape of a nested deepObject value: a scalar, a list, an object (its properties, or any keys
 * with `values`), one of several, or `any` (read as the text it came in: a type that contains
 * itself, past the depth the generator spells out).
 */
export type DeepShape =
  | { readonly type: "string" | "integer" | "number" | "boolean"; readonly enum?: readonly (string | number)[]; readonly format?: string }
  | { readonly list: DeepShape }
  | { readonly properties: Readonly<Record<string, DeepShape>>; readonly required?: readonly string[] }
  | { readonly values: DeepShape }
  | { readonly oneOf: readonly DeepShape[] }
  | { readonly any: true };

/**
 * A path parameter whose documented type the router checks: an integer, number or boolean (converted
 * for the handler), or a string with an enum or a checked format (`uuid`, `date`, `date-time`).
 * A value that does not fit answers 400 (`code: "invalid-path-parameter"`).
 */
export interface PathParameter {
  readonly name: string;
  readonly type: "string" | "integer" | "number" | "boolean";
  readonly enum?: readonly (string | number)[];
  readonly format?: string;
  /** label or matrix, or simple with explode (see styles.ts); absent: simple. */
  readonly style?: "simple" | "label" | "matrix";
  readonly explode?: boolean;
  /** An array of `type`. */
  readonly array?: boolean;
  /** An object-valued parameter's properties. */
  readonly properties?: readonly PropertyRule[];
}

/** A documented header or cookie parameter: read, converted and checked (400 when it does not fit). */
export interface HeaderParameter extends StyledRule {
  readonly required: boolean;
}

/** What the router does with the request body. */
export type BodyExpectation =
  /** Documented as "no body": the body is never read. */
  | { readonly kind: "none" }
  /** Not documented: JSON is parsed, any other content arrives as bytes. */
  | { readonly kind: "undocumented" }
  /** Documented content types (`type/*` and `*\/*` allowed); others answer 415. */
  | {
      readonly kind: "content";
      readonly required: boolean;
      readonly contentTypes: readonly string[];
      /** Checks a parsed JSON body against its documented schema (400 when it does not fit); absent: not typed. */
      readonly check?: (value: unknown) => BodyProblem | undefined;
      /** A typed form or multipart body: its fields, read into the schema's value (see form.ts). */
      readonly form?: FormRule;
    };

/** The first value of a JSON body that does not fit its schema, e.g. at `$.lines[2].quantity`. */
export type BodyProblem = Problem;

export interface RouteDefinition {
  /** Operation id, e.g. `getDiscrepancies`. */
  readonly id: string;
  /** Property of `Handlers` that holds the operation, e.g. `supplies`. */
  readonly module: string;
  readonly method: HttpMethod;
  /** The catalogue's path template, e.g. `/api/supplies/v1/discrepancies/{supplyId}`. */
  readonly path: string;
  readonly segments: readonly RouteSegment[];
  /** A `?name=value` part of the path: only requests carrying each pair reach this route; absent: none. */
  readonly fixedQuery?: readonly (readonly [string, string])[];
  /**
   * A `#name=value` fragment naming one of the operation's query parameters or headers (header
   * names lower-case): among routes sharing the wire, a request carrying the value reaches this
   * one; absent: the fragment tells nothing (the first declared answers).
   */
  readonly fragmentMatch?: readonly (readonly ["query" | "header", string, string])[];
  /** The path parameters whose type is checked (see `PathParameter`); absent: all arrive as strings. */
  readonly params?: readonly PathParameter[];
  /** Accepted token kinds; undefined: not documented (any authenticated token). */
  readonly tokens: readonly string[] | undefined;
  /** Token categories whose tokens may call it (`all`: any); absent: not documented (not checked). */
  readonly categories?: readonly string[];
  /** false: it writes, a read-only token gets 403; absent: not documented (not checked). */
  readonly readOnlyTokens?: boolean;
  /** With security schemes: alternatives, each the scheme ids needed together ([]: none); absent: not documented. */
  readonly security?: readonly (readonly string[])[];
  /** Rate limits; undefined: not documented (none enforced). */
  readonly limits: readonly RouteLimit[] | undefined;
  /** Documented query parameters; undefined: not documented (all values passed through as strings). */
  readonly query: readonly QueryParameter[] | undefined;
  /** Documented header parameters the handler gets in `headers`; absent: none. */
  readonly headers?: readonly HeaderParameter[];
  /** Documented cookie parameters the handler gets in `cookies`; absent: none. */
  readonly cookies?: readonly HeaderParameter[];
  readonly body: BodyExpectation;
  /** Status of a response made from a returned value. */
  readonly status: number;
  /** A streamed response: a returned async iterable is sent item by item (see stream.ts). */
  readonly stream?: RouteStream;
}

/** What a streamed route sends: its framing, and whether SSE data goes as text or JSON. */
export interface RouteStream {
  readonly format: "sse" | "jsonl" | "json-seq";
  /** The media type sent, e.g. `text/event-stream`. */
  readonly contentType: string;
  /** `text`: SSE data strings are sent as they are; otherwise every data value as JSON. */
  readonly data?: "json" | "text";
}

/** The credentials a request carries for an operation's requirement (credentials.ts). */
export type FoundCredentials =
  | { kind: "credentials"; values: { scheme: string; value: string }[] }
  /** The requirement is [] or has an empty alternative: nothing is needed. */
  | { kind: "anonymous" }
  | { kind: "missing"; detail: string };

/** What `authenticate` is told about the operation being called. */
export type OperationInfo = RouteDefinition;

export interface ApiDefinition {
  /** Whose budgets the limits count, in the catalogue's word (`api.principal`: `account`, `tenant` ...), as answers name it ("Too many requests for this tenant"); absent: `account`. */
  readonly principal?: string;
  /** Header that carries the token, e.g. `Authorization`. */
  readonly authHeader: string;
  /** The catalogue's security schemes by id; absent: the one token in `authHeader`. */
  readonly schemes?: Readonly<Record<string, SchemeInfo>>;
  readonly routes: readonly RouteDefinition[];
  /**
   * Runtime parts the routes hand in only where the catalogue uses them, so that their files are
   * copied in only then: credentials.ts's `findCredentials` (needed with `schemes`), stream.ts's
   * `streamResponse` (needed by routes with `stream`), styles.ts's `styleReaders` (routes with a
   * styled, array or object parameter, or header or cookie parameters) and form.ts's `formReaders`
   * (routes with a typed form or multipart body).
   */
  readonly findCredentials?: (
    incoming: Pick<Incoming, "header" | "search">,
    schemes: Readonly<Record<string, SchemeInfo>>,
    security: readonly (readonly string[])[] | undefined,
  ) => FoundCredentials;
  readonly streamResponse?: (items: AsyncIterable<unknown>, stream: RouteStream, status: number) => Response;
  readonly styleReaders?: StyleReaders;
  readonly formReaders?: FormReaders;
}

/** Who is calling: whose the token is (the principal: rate limits are counted per principal) and the kind of token used. */
export interface Identity<TokenKind extends string = string> {
  /** The principal's id: whose budgets rate limits count, as the catalogue names it (`api.principal`: an account, a tenant ...). */
  principalId: string;
  tokenKind: TokenKind;
  /** The categories the token is issued for; absent: not known (operations' categories are not checked). */
  categories?: readonly string[] | undefined;
  /** True for a read-only token (refused by operations that write). */
  readOnly?: boolean | undefined;
}

/**
 * @deprecated What `authenticate` returned before `principalId`: `{ sellerId, tokenKind }`. Still
 * read in this release (`sellerId` as `principalId`, with one warning); return `Identity` instead.
 */
export interface LegacyIdentity<TokenKind extends string = string> extends Omit<Identity<TokenKind>, "principalId"> {
  /** @deprecated Write `principalId`. */
  sellerId: string;
}

/** Query values of an operation whose query parameters are not documented: repeated keys give arrays. */
export type QueryValues = Readonly<Record<string, string | string[]>>;

/** The per-operation part of a handler's context. */
export interface HandlerInput {
  params: unknown;
  query: unknown;
  body: unknown;
  /** Documented header parameters, converted; present where the operation has any. */
  headers?: unknown;
  /** Documented cookie parameters, converted; present where the operation has any. */
  cookies?: unknown;
  /** The operation's documented error responses (see `reply`), where it has any. */
  errors?: ErrorResponses;
}

export interface ErrorOptions {
  /** Short title; defaults to the lower-cased status text. */
  title?: string;
  code?: string;
  headers?: HeaderValues;
}

export interface HandlerContext<Input extends HandlerInput, TokenKind extends string = string> {
  /** Path parameters, percent-decoded; those the catalogue types as integer, number or boolean converted. */
  params: Input["params"];
  query: Input["query"];
  /** Parsed JSON, raw bytes for other content types, undefined when there is no body. */
  body: Input["body"];
  /** The documented header parameters (names as the catalogue writes them), converted. */
  headers: Input extends { headers: infer H } ? H : undefined;
  /** The documented cookie parameters, converted. */
  cookies: Input extends { cookies: infer C } ? C : undefined;
  identity: Identity<TokenKind>;
  /** The request; its body can be read again (`request.formData()`, ...). */
  request: Request;
  operation: OperationInfo;
  /** An error response in the marketplace's shape (JSON with title, detail, status, requestId, ...). */
  error(status: number, detail: string, options?: ErrorOptions): Response;
  /** The 501 response a missing handler gets. */
  notImplemented(): Response;
  /**
   * A documented error response: `status`, `mediaType` and `body` as the catalogue documents them
   * for this operation (a JSON media type sends `body` as JSON; others send a string or bytes).
   */
  reply<S extends ReplyStatus<NonNullable<Input["errors"]>>, M extends keyof ReplyMedia<NonNullable<Input["errors"]>, S> & string>(
    status: S,
    mediaType: M,
    body: ReplyMedia<NonNullable<Input["errors"]>, S>[M],
  ): Response;
}

/**
 * A returned value is sent as JSON (with the operation's documented success status, usually 200),
 * `undefined` as 204 No Content, a `Uint8Array` as application/octet-stream; a `Response` is sent as it is.
 */
export type HandlerResult<Output> = Output | Response | Promise<Output | Response>;

export type Handler<Input extends HandlerInput, Output, TokenKind extends string = string> = (
  context: HandlerContext<Input, TokenKind>,
) => HandlerResult<Output>;

/** What the log hook learns about a failure: never the token, never the request body. */
export interface ErrorContext {
  requestId: string;
  /** Operation id, when the request was routed. */
  operation: string | undefined;
  method: string;
  path: string;
}

/** What `authenticate` answers: whose the token is, or undefined for an unknown token. */
export type AuthenticateResult<TokenKind extends string = string> = Identity<TokenKind> | LegacyIdentity<TokenKind> | undefined;

export interface ServerOptions<TokenKind extends string = string> {
  /**
   * Checks the token (the raw value of the auth header) and says whose it is, or undefined for an
   * unknown token (401). Required: there is no default that lets requests through. With security
   * schemes it is called once per credential the operation needs, `scheme` naming its scheme (an
   * API key as sent, a bearer token, basic as `username:password`); every one must be known.
   * The old `{ sellerId, tokenKind }` (`LegacyIdentity`) is still read, with one deprecation warning.
   */
  authenticate: (
    token: string,
    operation: OperationInfo,
    scheme?: string,
  ) => AuthenticateResult<TokenKind> | Promise<AuthenticateResult<TokenKind>>;
  /** The clock (milliseconds since the epoch, or a Date). Default: `Date.now`. */
  now?: () => number | Date;
  /** Largest request body read, in bytes; larger bodies get 413. Default: 4 MiB. */
  maxBodyBytes?: number;
  /**
   * Where rate-limit buckets live, e.g. `redisRateLimitStore(redis)` to share them between instances.
   * Default: a new in-memory store on the `now` clock. Without `peek`, 403 and 501 omit `X-Ratelimit-Remaining`.
   */
  rateLimitStore?: Omit<RateLimitStore, "peek"> & Partial<Pick<RateLimitStore, "peek">>;
  /**
   * When the store fails (unreachable, too slow, script error): `"deny"` (default) answers 503 with
   * `Retry-After`; `"allow"` lets the request through unlimited. Either way `onError` hears of it.
   */
  onStoreError?: "allow" | "deny";
  /** `origin` of error bodies. Default: `catalogen-server`. */
  origin?: string;
  /** Request id generator. Default: `crypto.randomUUID()`. */
  requestId?: () => string;
  /** Log hook for handler failures (500) and rate-limit store failures. Default: `console.error`. */
  onError?: (error: unknown, context: ErrorContext) => void;
}

// What passes between the request pipeline (handler.ts) and the adapters that feed it: a web
// `Request` (handler.ts itself) or node's request and response (node.ts). The pipeline reads only
// what an operation needs (method, path, a few headers, the body when there is one), and answers
// with plain data unless a handler returned its own `Response`; the node adapter writes that data
// straight to the socket, without making a web `Request` or `Response` it does not need.

/** The request as the pipeline reads it. */
export interface Incoming {
  /** As received; the pipeline upper-cases it where it compares. */
  readonly method: string;
  /** Percent-encoded, as in `new URL(url).pathname`. */
  readonly pathname: string;
  /** `?...` or empty, as in `new URL(url).search`. */
  readonly search: string;
  /** A header's value (several joined by ", "), or null; `name` is lower-case. */
  header(name: string): string | null;
  /** Whether the request carries a body at all. */
  readonly hasBody: boolean;
  /** The body's bytes (undefined when empty); throws BodyTooLargeError past `maxBytes`. */
  readBody(maxBytes: number): Promise<Uint8Array<ArrayBuffer> | undefined>;
  /** The web request for a handler, made when first asked for; `bytes`: the body, when already read. */
  request(bytes: Uint8Array<ArrayBuffer> | undefined): Request;
}

/**
 * An answer the pipeline made itself: status, headers and a body ready to send. Header names are
 * lower-case and always the pipeline's own (never from a request or a handler), so a plain object holds them.
 */
/** Headers as `new Headers()` takes them (the DOM's `HeadersInit`, spelled without the DOM library). */
export type HeaderValues = Headers | Record<string, string> | [string, string][];

export interface PlainAnswer {
  readonly status: number;
  readonly statusText: string | undefined;
  readonly headers: Record<string, string>;
  readonly body: string | Uint8Array<ArrayBuffer> | null;
}

/** A handler's own `Response` goes out as it is; anything else as plain data. */
export type Answer = Response | PlainAnswer;

/** An answer at once when nothing on the way was asynchronous. */
export type Pipeline = (incoming: Incoming) => Answer | Promise<Answer>;

/** A property of an object-valued parameter or form field (the scalar rule of params.ts, named). */
export interface PropertyRule {
  readonly name: string;
  readonly required: boolean;
  readonly type: "string" | "integer" | "number" | "boolean";
  readonly enum?: readonly (string | number)[];
  readonly format?: string;
}

/** How a parameter is written (styles.ts), and its value's shape: a scalar (`type`), an array of them, or an object of them. */
export interface StyledRule {
  readonly name: string;
  readonly type: "string" | "integer" | "number" | "boolean";
  readonly enum?: readonly (string | number)[];
  readonly format?: string;
  readonly style?: "form" | "spaceDelimited" | "pipeDelimited" | "deepObject" | "simple" | "label" | "matrix";
  readonly explode?: boolean;
  readonly array?: boolean;
  /** Present for an object-valued parameter (`type` is then unused). */
  readonly properties?: readonly PropertyRule[];
  /** A deepObject union of an object and a scalar: a plain `name=value` reads as this scalar type. */
  readonly orScalar?: "string" | "integer" | "number" | "boolean";
  /** A deepObject value nested past one level (`items[0][price]=p1`): its whole shape (styles.ts's readDeep). */
  readonly deep?: DeepShape;
}

/** One field of a typed form body (form.ts). */
export interface FormField extends StyledRule {
  readonly required: boolean;
  /** A file (`binary`): a Blob in multipart. */
  readonly file?: boolean;
  /** An object or other shape sent as a JSON part (multipart) or left as text (urlencoded). */
  readonly json?: boolean;
}

/** A typed form or multipart body: its fields, read into the schema's value. */
export interface FormRule {
  readonly type: "form" | "multipart";
  readonly fields: readonly FormField[];
}

/** A parameter's text read by its rule (styles.ts): its value, or the 400's detail. */
export type ParameterRead = { ok: true; value: unknown } | { ok: false; detail: string };

/** What the handler and query.ts call of styles.ts, handed in as `api.styleReaders`. */
export interface StyleReaders {
  rawPairs(search: string): [string, string][];
  readQuery(pairs: readonly [string, string][], rule: StyledRule): ParameterRead;
  convertStyledPathParams(params: Record<string, unknown>, typed: readonly PathParameter[], raw: Readonly<Record<string, string>>): string | undefined;
  readParameters(parameters: readonly HeaderParameter[], location: "header" | "cookie", header: (name: string) => string | null): Record<string, unknown> | string;
}

/** A form body read by its FormRule (form.ts): its fields, or the 400's detail. */
export type FormRead = { ok: true; value: Record<string, unknown> } | { ok: false; detail: string };

/** What `formData()` gives, typed without the DOM library's FormData (iteration needs DOM.Iterable). */
export interface FormParts {
  getAll(name: string): (string | Blob)[];
}

/** What the handler calls of form.ts, handed in as `api.formReaders`. */
export interface FormReaders {
  readUrlencoded(text: string, rule: FormRule): FormRead;
  readMultipart(parts: FormParts, rule: FormRule): Promise<FormRead>;
}
