// The data the generated code hands the transport: an operation's descriptor, and what the
// transport passes to fetch. Types only, and a leaf: transport, features and operations import it.
import type { Limit } from "./rate-limit.js";
import type { Problem } from "../shared/guard.js";
import type { Secret } from "./errors.js";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";

/** What the generated code says of one operation, as data. */
export interface Operation extends OperationMore {
  readonly id: string;
  /** Method and path template, e.g. `GET /api/supplies/v1/discrepancies/{supplyId}`. */
  readonly route: string;
  /** Module name (camelCase), the key of `baseUrl` when it is given per module. */
  readonly module: string;
}

/** What an operation has where the catalogue says so. */
export interface OperationMore {
  /** Rate limits from the catalogue; absent: not documented (no client-side limit). */
  readonly limits?: readonly Limit[];
  /** Token categories whose tokens may call it (`all`: any); absent: not documented. */
  readonly categories?: readonly string[];
  /** false: it writes, a read-only token may not call it; absent: not documented. */
  readonly readOnlyTokens?: boolean;
  /** Who may call (API with security schemes): alternatives, each the scheme ids needed together; absent: not documented. */
  readonly security?: readonly (readonly string[])[];
  /** The catalogue marks the operation safe to retry although its method is not. */
  readonly idempotent?: boolean;
  /** Checks a successful response against the catalogue's type; absent where the response is not typed. */
  readonly check?: (value: unknown) => Problem | undefined;
  /** Parameters the catalogue writes otherwise than their location's default (`style`, `explode`). */
  readonly styles?: Styles;
  /**
   * How the arguments besides the path parameters (query, headers, cookies, body) are written:
   * `writeArgs` of encoding.ts (`writeQueryAndBody` in a module without header or cookie
   * parameters); absent where the operation takes path parameters only.
   */
  readonly write?: WriteArgs;
  /** A typed form or multipart body: how its value becomes the body. */
  readonly body?: BodyEncoding;
  /** A streamed response (read by runtime/stream.ts): the transport hands back the Response unread. */
  readonly stream?: { readonly format: "sse" | "jsonl" | "json-seq"; readonly data?: "json" | "text" };
  /** The transport hands back a successful Response unread (paging by the `Link` header reads it). */
  readonly unread?: boolean;
  /** How the operation pages (read by runtime/paging.ts). */
  readonly paging?: PagingData;
}

/** Where a paging value goes in the next request. */
export interface PagingPlace {
  readonly in: "query" | "body";
  readonly name: string;
}

/** An operation's paging, as the catalogue declares it (see runtime/paging.ts). */
export interface PagingData {
  readonly style: "cursor" | "offset" | "page" | "next-url" | "link";
  /** Property path from the body to the items; empty: the body is the array. */
  readonly items: readonly string[];
  /** Property path to the next cursor or the next page's URL. */
  readonly next?: readonly string[];
  readonly cursor?: PagingPlace;
  readonly offset?: PagingPlace;
  readonly limit?: PagingPlace;
  readonly page?: PagingPlace;
}

/** An operation as the transport's features see it. */
export interface OperationInfo extends Operation {
  readonly method: HttpMethod;
  /** Path template, e.g. `/api/supplies/v1/discrepancies/{supplyId}`. */
  readonly path: string;
}

/**
 * What the transport passes to `fetch`, spelled without the DOM library (a `RequestInit` in every
 * runtime's types): headers as a plain object, redirects followed by the transport itself.
 */
export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  signal: AbortSignal;
  redirect: "manual";
  body?: FetchBody;
  /** Set with a stream body, which Node's fetch requires. */
  duplex?: "half";
}

export type FetchLike = (url: string, init: FetchInit) => Promise<Response>;

/** What the transport sends for one call. */
export interface AppliedAuth {
  /** The URL with any API key of the query (errors and hooks show the one without). */
  url: string;
  /**
   * Adds the credential headers to a request's `headers`; an API key in a cookie goes after the
   * operation's cookie parameters (`cookie`, the Cookie they make), if any. Here rather than in the
   * transport, so a client without security schemes does not bundle it.
   */
  sign(headers: Record<string, string>, cookie: string | undefined): void;
  /** Lowercase names of the credential headers (a caller's header of that name is dropped; a redirect to another origin drops them). */
  headerNames: string[];
  /** The credentials, one a line (what features key per caller, e.g. rate-limit buckets). */
  token: string;
  secret: Secret;
  /** `headers` with every credential header `[redacted]`, for hooks. */
  shown(headers: Record<string, string>): Record<string, string>;
}

export type ParameterStyle = "form" | "spaceDelimited" | "pipeDelimited" | "deepObject" | "simple" | "label" | "matrix";

/** A parameter written otherwise than its location's default: its style and explode. */
export type StyleOf = readonly [style: ParameterStyle, explode: boolean];

/** What an operation's descriptor holds for parameters written by a style: which, and the writers (styles.ts; so only programs calling such an operation bundle them). */
export interface Styles {
  readonly of: Readonly<Record<string, StyleOf>>;
  readonly query: (name: string, value: unknown, style?: ParameterStyle, explode?: boolean, encode?: (text: string) => string) => string;
  readonly path: (name: string, value: unknown, style?: ParameterStyle, explode?: boolean) => string;
  readonly header: (value: unknown, explode?: boolean) => string;
  readonly cookie: (name: string, value: unknown, explode?: boolean) => string;
}

/** What fetch takes as a body, spelled without the DOM library (`BodyInit`): @types/node, Deno and Bun all declare `RequestInit`. */
export type FetchBody = NonNullable<RequestInit["body"]>;

export interface EncodedBody {
  body?: FetchBody;
  /** Set for JSON only: for raw bodies fetch derives it (FormData boundary, Blob type). */
  contentType?: string;
  /** A stream can be read once: the request cannot be retried. */
  once: boolean;
}

/**
 * A typed form or multipart body's writer (the operation's argument is the body's schema type):
 * `formBody()` or `multipartBody()` of form-body.ts, in the descriptor of an operation that has one.
 */
export type BodyEncoding = (body: object) => { body: FetchBody; contentType?: string; once?: boolean };

/** The arguments `writeArgs` reads. */
export interface ArgsToWrite {
  query?: Readonly<Record<string, unknown>> | undefined;
  headers?: Readonly<Record<string, unknown>> | undefined;
  cookies?: Readonly<Record<string, unknown>> | undefined;
  body?: unknown;
}

/** What `writeArgs` makes of an operation's arguments besides its path parameters. */
export interface WrittenArgs {
  url: string;
  headers: Record<string, string>;
  encoded: EncodedBody;
}

/** The type of `writeArgs` (encoding.ts), which a descriptor carries as `write`. */
export type WriteArgs = (args: ArgsToWrite, url: string, styles?: Styles, body?: BodyEncoding) => WrittenArgs;
