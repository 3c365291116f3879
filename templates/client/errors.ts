// Every failure of a call is an ApiError; `kind` tells which. No request header is kept on
// an error, so the token cannot leak through it.

export type ApiErrorKind =
  /** 401: the token is missing, wrong or expired. */
  | "unauthorized"
  /** 403: the token may not use this operation. */
  | "forbidden"
  /** 404. */
  | "not_found"
  /** 429 from the server, or the local rate limiter refused the call (`rateLimit: "fail"`; no status). */
  | "rate_limited"
  /** Any other status outside 2xx. */
  | "http"
  /** An attempt took longer than `timeoutMs`. */
  | "timeout"
  /** The request could not be sent or its response not read; `cause` holds the reason. */
  | "network"
  /** The caller's signal aborted the call. */
  | "aborted"
  /** The response does not match the type the catalogue gives it, or is not valid JSON. */
  | "validation"
  /** The response body is larger than `maxResponseBytes`; not retried. */
  | "too_large"
  /** An argument was refused before any request was sent (e.g. an empty path parameter). */
  | "invalid_argument";

/**
 * The error body the marketplace sends. The catalogue does not document it, so every field is
 * optional and other fields may appear.
 */
export interface ErrorBody {
  title?: string;
  detail?: string;
  code?: string;
  requestId?: string;
  origin?: string;
  status?: number;
  statusText?: string;
  timestamp?: string;
  [key: string]: unknown;
}

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  operationId: string;
  method: string;
  url: string;
  status?: number | undefined;
  body?: ErrorBody | string | undefined;
  headers?: Record<string, string> | undefined;
  retryAfterMs?: number | undefined;
  /** Where the value that failed validation sits, e.g. `$[1].discrepancyLabel`. */
  path?: string | undefined;
  cause?: unknown;
}

/** The fields of an ApiError besides message and cause, each set (undefined when not known). */
const FIELDS = ["kind", "operationId", "method", "url", "status", "body", "headers", "retryAfterMs", "path"] as const;

/** `Body`: the type of `body`, where the catalogue documents it (see `isOperationError`). */
export class ApiError<Body = ErrorBody | string | undefined> extends Error {
  override readonly name = "ApiError";
  declare readonly kind: ApiErrorKind;
  declare readonly operationId: string;
  declare readonly method: string;
  declare readonly url: string;
  /** HTTP status, when a response was received. */
  declare readonly status: number | undefined;
  /** The error response body: parsed when it is a JSON object, the raw text otherwise. */
  declare readonly body: Body;
  /** Response headers (lower-case names), when a response was received. */
  declare readonly headers: Record<string, string> | undefined;
  /** On `rate_limited`: how long to wait before trying again, when known. */
  declare readonly retryAfterMs: number | undefined;
  /** On `validation`: where the first bad value sits. */
  declare readonly path: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    for (const field of FIELDS) (this as Record<string, unknown>)[field] = init[field];
  }
}

/** True when `error` is an ApiError (of `kind`, when given). */
export function isApiError<K extends ApiErrorKind>(error: unknown, kind?: K): error is ApiError & { kind: K } {
  return error instanceof ApiError && (kind === undefined || error.kind === kind);
}

/** The kind of error an HTTP status outside 2xx gives. */
export function kindOfStatus(status: number): ApiErrorKind {
  return STATUS_KINDS[status] ?? "http";
}

const STATUS_KINDS: Readonly<Record<number, ApiErrorKind>> = { 401: "unauthorized", 403: "forbidden", 404: "not_found", 429: "rate_limited" };

/**
 * A cause safe to keep on an ApiError: an Error becomes a plain Error copy of its name, message,
 * stack and cause (all with `secret` redacted) and nothing else, because a fetch may hang the
 * request, with its headers, on its error in any property. Strings are redacted, other objects
 * replaced by an Error naming their type; numbers and the like are kept.
 */
export function scrubCause(cause: unknown, secret: Secret, depth = 0): unknown {
  if (typeof cause === "string") return redact(cause, secret);
  if (cause === null || (typeof cause !== "object" && typeof cause !== "function")) return cause;
  if (!(cause instanceof Error)) return new Error(`a cause of type ${typeof cause}`);
  const inner = depth < 8 && cause.cause !== undefined ? { cause: scrubCause(cause.cause, secret, depth + 1) } : undefined;
  const copy = new Error(redact(String(cause.message), secret), inner);
  copy.name = redact(String(cause.name), secret);
  copy.stack = redact(String(cause.stack ?? ""), secret);
  return copy;
}

/** Tokens shorter than this are not searched for in text (a one-character "token" would mangle every message). */
export const MIN_SECRET_LENGTH = 8;

/** How a token is found in text a server sent back: a pattern, or undefined when it is too short to be a secret. */
export type Secret = RegExp | undefined;

/**
 * One pattern for every spelling of every credential in `tokens` (each trimmed of whitespace,
 * which HTTP drops) that a response may echo: the token in any letter case, each character raw,
 * percent-encoded, as a `\uXXXX` escape or as its short JSON escape (`\/`, `\"`, `\\`, `\n`...),
 * and its base64 (standard or URL alphabet, whole or at any of the three byte alignments, so also
 * inside a longer base64 text such as a Basic credential). Redacting a JSON text before parsing it
 * thus leaves no copy. Longest spellings first, so a secret containing another is redacted whole.
 */
export function secretOf(tokens: string | readonly string[]): Secret {
  const spellings = new Set<string>();
  for (const token of typeof tokens === "string" ? [tokens] : tokens) {
    const core = token.trim();
    if (core.length < MIN_SECRET_LENGTH) continue;
    const bytes = new TextEncoder().encode(core);
    // The whole base64 with its padding, then the groups of three bytes at each alignment (within a
    // longer text, at most the two bytes at either end share a character with their neighbours).
    const base64 = [btoa(latin1(bytes))];
    for (const skip of [0, 1, 2]) base64.push(btoa(latin1(bytes.subarray(skip, skip + Math.floor((bytes.length - skip) / 3) * 3))));
    spellings.add(core);
    for (const text of base64) spellings.add(text).add(text.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""));
  }
  const sources = [...spellings]
    .filter((spelling) => spelling.length >= MIN_SECRET_LENGTH)
    .sort((a, b) => b.length - a.length)
    .map(spelled);
  return sources.length === 0 ? undefined : new RegExp(sources.join("|"), "gi");
}

/** Each byte as one character (what btoa takes). */
function latin1(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
}

/** A pattern source matching `text` with each character raw, `\uXXXX`-escaped, short-escaped or (ASCII) percent-encoded. */
function spelled(text: string): string {
  let source = "";
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const hex = code.toString(16).padStart(4, "0");
    const short = SHORT_ESCAPES[String.fromCharCode(code)];
    source += `(?:\\u${hex}|\\\\u${hex}${code < 128 ? `|%${hex.slice(2)}` : ""}${short === undefined ? "" : `|\\\\${short}`})`;
  }
  return source;
}

const SHORT_ESCAPES: Readonly<Record<string, string>> = { '"': '"', "\\": "\\\\", "/": "/", "\b": "b", "\f": "f", "\n": "n", "\r": "r", "\t": "t" };

/** `text` with every spelling of the secret replaced by `[redacted]`. */
export function redact(text: string, secret: Secret): string {
  return secret === undefined ? text : text.replace(secret, "[redacted]");
}
