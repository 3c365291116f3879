// The one place requests are made: URL, auth, rate limit, timeout, retries, errors, validation.
// Generated operation functions only describe themselves (an Operation) and call `send`.
import { systemClock, type Clock } from "./clock.js";
import { encodeBody, expandPath, headersObject, InvalidArgument, joinUrl, queryString, readBody, readText, ResponseTooLarge } from "./encoding.js";
import type { QueryParams } from "./encoding.js";
import { ApiError, kindOfStatus, redact, scrubCause, secretOf, type ApiErrorKind, type ErrorBody, type Secret } from "./errors.js";
import { onAbort } from "./abort.js";
import { fetchFollowing } from "./redirect.js";
import { RateLimitedLocally, RateLimiter, type Limit } from "./rate-limit.js";
import { StoreFailed, takeFromStore } from "./store-limiter.js";
import type { RateLimitStore } from "../shared/rate-limit-store.js";
import { backoffDelay, isRetryableStatus, mayRetry, retryPolicy, serverRetryDelay, type RetryOptions } from "./retry.js";
import type { Problem } from "../shared/guard.js";
import { isJsonMediaType } from "../shared/media.js";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";

/** What the generated code says of one operation. */
export interface Operation {
  readonly id: string;
  /** Module name (camelCase), the key of `baseUrl` when it is given per module. */
  readonly module: string;
  readonly method: HttpMethod;
  /** Path template, e.g. `/api/supplies/v1/discrepancies/{supplyId}`. */
  readonly path: string;
  /** Rate limits from the catalogue; absent: not documented (no client-side limit). */
  readonly limits?: readonly Limit[];
  /** The catalogue marks the operation safe to retry although its method is not. */
  readonly idempotent?: boolean;
  /** Checks a successful response against the catalogue's type; absent where the response is not typed. */
  readonly check?: (value: unknown) => Problem | undefined;
}

/** The base URL of every module, or one per module (the API serves modules from separate hosts). */
export type BaseUrl<M extends string> =
  | string
  | ({ readonly default: string } & { readonly [K in M]?: string })
  | { readonly [K in M]: string };

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** What hooks see of a request. The token header is always `[redacted]`. */
export interface RequestEvent {
  operationId: string;
  method: string;
  url: string;
  /** 1 for the first attempt. */
  attempt: number;
  headers: Record<string, string>;
}

export interface ResponseEvent extends Omit<RequestEvent, "headers"> {
  status: number;
  headers: Record<string, string>;
  durationMs: number;
}

export interface FailureEvent extends Omit<RequestEvent, "headers"> {
  error: ApiError;
}

export interface TransportOptions<M extends string = string> {
  baseUrl: BaseUrl<M>;
  /** Sent as is in the auth header of every request. A function is called once per call (token rotation). */
  token: string | (() => string | Promise<string>);
  /** Default: the global fetch. */
  fetch?: FetchLike | undefined;
  /** Limit of one attempt (request and response body), in ms (default 30000; 0: none). Not retried; no retry waits longer. */
  timeoutMs?: number | undefined;
  /** Largest response body read, in bytes (default 64 MiB; 0: none). A larger one fails the call as `too_large`, not retried. */
  maxResponseBytes?: number | undefined;
  /** Retries of 429, 5xx and network errors; `false`: none. */
  retry?: RetryOptions | false | undefined;
  /**
   * Client-side rate limits from the catalogue: `"wait"` (default) queues a call over the limit
   * until its turn; `"fail"` ends it at once with a `rate_limited` ApiError; `"off"` sends at once.
   */
  rateLimit?: "wait" | "fail" | "off" | undefined;
  /**
   * Where the rate-limit buckets live (default: this client's memory). A shared store, e.g.
   * `redisRateLimitStore(redis)`, keeps calls of every process with the same token within the limit;
   * a wait for a turn there is bounded by the call's timeout.
   */
  rateLimitStore?: RateLimitStore | undefined;
  /**
   * When `rateLimitStore` fails (unreachable, too slow, script error): `"allow"` (default) goes on
   * under this client's in-memory bucket; `"deny"` fails the call (`network`, the store's error as `cause`).
   */
  onStoreError?: "allow" | "deny" | undefined;
  /** What to do when a typed response does not match its type (default `"throw"`). */
  validate?: "off" | "warn" | "throw" | undefined;
  /** Called before each attempt is sent. Errors thrown by hooks are ignored. */
  onRequest?: ((event: RequestEvent) => void) | undefined;
  /** Called when an attempt's response headers arrive. */
  onResponse?: ((event: ResponseEvent) => void) | undefined;
  /** Called once when a call fails. */
  onError?: ((event: FailureEvent) => void) | undefined;
  /** Time source for rate limits and retry waits (tests). */
  clock?: Clock | undefined;
}

/** Per call. */
export interface CallOptions {
  /** Aborts the call, its rate-limit wait and its retry waits. */
  signal?: AbortSignal | undefined;
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number | undefined;
  /** Extra request headers (the auth header cannot be overridden). */
  headers?: Record<string, string> | undefined;
}

export interface Transport {
  send(operation: Operation, args: object | undefined, callOptions?: CallOptions): Promise<unknown>;
}

interface Context {
  operationId: string;
  method: string;
  url: string;
}

interface Args {
  query?: QueryParams;
  body?: unknown;
  headers?: Record<string, unknown>;
  [name: string]: unknown;
}

/** A transport for `options`; `authHeader` is the header the catalogue names for the token. */
export function makeTransport(options: TransportOptions, authHeader: string): Transport {
  const clock = options.clock ?? systemClock;
  const policy = retryPolicy(options.retry);
  const limiter = new RateLimiter(clock);
  const rateLimit = options.rateLimit ?? "wait";
  const validate = options.validate ?? "throw";
  const doFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const maxResponseBytes = options.maxResponseBytes ?? 64 * 1024 * 1024;

  async function send(operation: Operation, rawArgs: object | undefined, call: CallOptions = {}): Promise<unknown> {
    const args = (rawArgs ?? {}) as Args;
    const { method } = operation;
    const base = baseUrlOf(options.baseUrl, operation.module);
    const ctx: Context = { operationId: operation.id, method, url: base ?? "" };
    let secret: Secret;
    const fail = (error: ApiError): never => {
      hook(options.onError, { ...ctx, attempt, error });
      throw error;
    };
    let attempt = 0;

    if (base === undefined) fail(apiError(ctx, "invalid_argument", `no base URL for module ${operation.module}`));
    try {
      ctx.url = joinUrl(base ?? "", expandPath(operation.path, args)) + queryString(args.query);
    } catch (error) {
      if (!(error instanceof InvalidArgument)) throw error;
      fail(apiError(ctx, "invalid_argument", error.message));
    }
    const encoded = encodeBody(args.body);
    const token = typeof options.token === "function" ? await options.token() : options.token;
    secret = secretOf(token);
    const retryable = !encoded.once && mayRetry(method, operation.idempotent === true, policy);
    const timeoutMs = call.timeoutMs ?? options.timeoutMs ?? 30_000;
    // No retry waits longer than one attempt may take.
    const longestWait = timeoutMs > 0 ? Math.min(timeoutMs, policy.maxRetryAfterMs) : policy.maxRetryAfterMs;
    const signal = call.signal;
    let waitForLimiter = true;

    for (attempt = 1; ; attempt++) {
      if (signal?.aborted) fail(aborted(ctx, signal));
      if (waitForLimiter && operation.limits && rateLimit !== "off") {
        try {
          const store = options.rateLimitStore;
          if (!store || !(await takeFromStore(store, options.onStoreError ?? "allow", clock, operation.limits, token, rateLimit, signal, timeoutMs))) {
            await limiter.acquire(operation.limits, token, rateLimit, signal);
          }
        } catch (error) {
          if (error instanceof StoreFailed) fail(apiError(ctx, "network", error.message, { cause: error.cause }));
          if (error instanceof RateLimitedLocally) {
            fail(
              apiError(ctx, "rate_limited", `rate limit of the operation reached; next request possible in ${error.retryAfterMs} ms`, {
                retryAfterMs: error.retryAfterMs,
              }),
            );
          }
          fail(aborted(ctx, signal));
        }
      }
      waitForLimiter = true;

      const headers: Record<string, string> = { accept: "application/json, */*;q=0.8", ...stringHeaders(args.headers), ...call.headers };
      if (encoded.contentType) headers["content-type"] = encoded.contentType;
      // The token goes in its header exactly once, whatever case a caller's header used.
      for (const name of Object.keys(headers)) if (name.toLowerCase() === authHeader.toLowerCase()) delete headers[name];
      hook(options.onRequest, { ...ctx, attempt, headers: { ...headers, [authHeader]: "[redacted]" } });
      headers[authHeader] = token;

      const deadline = attemptSignal(signal, timeoutMs);
      const started = clock.now();
      let response: Response | undefined;
      let errorBody: ErrorBody | string | undefined;
      try {
        const init: RequestInit & { duplex?: "half" } = { method, headers, signal: deadline.signal, redirect: "manual" };
        if (encoded.body !== undefined) init.body = encoded.body;
        if (encoded.once) init.duplex = "half";
        const sent = await fetchFollowing(doFetch, ctx.url, init, authHeader);
        response = sent.response;
        hook(options.onResponse, {
          ...ctx,
          attempt,
          status: response.status,
          headers: responseHeaders(response, secret),
          durationMs: clock.now() - started,
        });
        if (sent.refused) {
          await response.body?.cancel().catch(() => undefined);
          fail(apiError(ctx, "http", `${response.status}: redirect not followed: ${sent.refused}`, { status: response.status }));
        }
        if (response.ok) {
          let value: unknown;
          try {
            value = await readBody(response, method, maxResponseBytes);
          } catch (error) {
            if (!(error instanceof SyntaxError)) throw error;
            // No cause: V8's message quotes the start of the body, where a long token's first characters may be.
            fail(apiError(ctx, "validation", `response is not valid JSON`, { status: response.status }));
          }
          const found = validate === "off" ? undefined : operation.check?.(value);
          if (!found) return value;
          // The body may echo the token (in a value or a key), so the path and the value are redacted.
          const path = redact(found.path, secret);
          const message = `response does not match its type at ${path}: expected ${found.expected}, got ${preview(found.value, secret)}`;
          if (validate === "warn") {
            console.warn(`${operation.id}: ${message}`);
            return value;
          }
          fail(apiError(ctx, "validation", message, { status: response.status, path }));
        }
        errorBody = await readErrorBody(response, secret, maxResponseBytes);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        if (signal?.aborted) fail(aborted(ctx, signal));
        if (deadline.timedOut()) fail(apiError(ctx, "timeout", `no response within ${timeoutMs} ms`));
        if (error instanceof ResponseTooLarge) {
          fail(apiError(ctx, "too_large", `response body larger than maxResponseBytes (${maxResponseBytes})`, { status: response?.status }));
        }
        const failure = apiError(ctx, "network", `request failed: ${redact(String((error as Error)?.message ?? error), secret)}`, {
          cause: scrubCause(error, secret),
        });
        if (!retryable || attempt >= policy.maxAttempts) fail(failure);
        await pause(Math.min(backoffDelay(attempt, policy, clock.random()), longestWait));
        continue;
      } finally {
        deadline.done();
      }

      const { status } = response;
      const hinted = serverRetryDelay(response.headers, clock.now());
      const error = httpError(ctx, response, errorBody, status === 429 ? hinted : undefined, secret);
      if (!retryable || attempt >= policy.maxAttempts || !isRetryableStatus(status)) fail(error);
      if (hinted !== undefined && hinted > longestWait) fail(error);
      // After a 429 that says when to retry, the server's word replaces the local bucket's estimate.
      waitForLimiter = !(status === 429 && hinted !== undefined);
      await pause(hinted ?? Math.min(backoffDelay(attempt, policy, clock.random()), longestWait));
    }

    async function pause(ms: number): Promise<void> {
      try {
        await clock.sleep(ms, signal);
      } catch {
        fail(aborted(ctx, signal));
      }
    }
  }

  return { send };
}

function baseUrlOf(baseUrl: BaseUrl<string>, module: string): string | undefined {
  if (typeof baseUrl === "string") return baseUrl;
  const map = baseUrl as Readonly<Record<string, string | undefined>>;
  // Own keys only: a module named `constructor` or `toString` must not find Object's members.
  const own = (key: string): string | undefined => (Object.hasOwn(map, key) ? map[key] : undefined);
  return own(module) ?? own("default");
}

function stringHeaders(headers: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(headers ?? {})) {
    const value = headers?.[name];
    if (value !== undefined && value !== null) out[name] = String(value);
  }
  return out;
}

function hook<E>(fn: ((event: E) => void) | undefined, event: E): void {
  try {
    fn?.(event);
  } catch {
    // Hooks log and measure; they cannot break a call.
  }
}

function apiError(
  ctx: Context,
  kind: ApiErrorKind,
  detail: string,
  extra: { status?: number | undefined; retryAfterMs?: number; path?: string; cause?: unknown } = {},
): ApiError {
  return new ApiError({ ...extra, kind, operationId: ctx.operationId, method: ctx.method, url: ctx.url, message: `${ctx.operationId} ${ctx.method} ${ctx.url}: ${detail}` });
}

function aborted(ctx: Context, signal: AbortSignal | undefined): ApiError {
  return apiError(ctx, "aborted", "aborted by the caller", { cause: signal?.reason });
}

function httpError(ctx: Context, response: Response, body: ErrorBody | string | undefined, retryAfterMs: number | undefined, secret: Secret): ApiError {
  const said = typeof body === "object" ? (body.detail ?? body.title) : undefined;
  return new ApiError({
    kind: kindOfStatus(response.status),
    operationId: ctx.operationId,
    method: ctx.method,
    url: ctx.url,
    status: response.status,
    body,
    headers: responseHeaders(response, secret),
    retryAfterMs,
    message: `${ctx.operationId} ${ctx.method} ${ctx.url}: ${response.status} ${redact(response.statusText, secret)}${typeof said === "string" ? `: ${said}` : ""}`.trim(),
  });
}

/** Response headers as a plain object, with any copy of the token (a server may echo it) removed. */
function responseHeaders(response: Response, secret: Secret): Record<string, string> {
  const headers = headersObject(response.headers);
  for (const name of Object.keys(headers)) headers[name] = redact(headers[name] ?? "", secret);
  return headers;
}

/** The error body with any copy of the token removed (before parsing, so escaped copies too): parsed when a JSON object, the text otherwise. */
async function readErrorBody(response: Response, secret: Secret, maxBytes: number): Promise<ErrorBody | string | undefined> {
  const text = redact(await readText(response, maxBytes), secret);
  if (text === "") return undefined;
  if (isJsonMediaType(response.headers.get("content-type"))) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as ErrorBody;
    } catch {
      // Not JSON after all: keep the text.
    }
  }
  return text;
}

/** A signal for one attempt: aborted by the caller's signal or by the timeout, telling which. */
function attemptSignal(caller: AbortSignal | undefined, timeoutMs: number): { signal: AbortSignal; timedOut(): boolean; done(): void } {
  const controller = new AbortController();
  let timedOut = false;
  const cancel = caller ? onAbort(caller, () => controller.abort(caller.reason)) : undefined;
  const timer =
    timeoutMs > 0 && Number.isFinite(timeoutMs)
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      cancel?.();
    },
  };
}

/** A short text of `value` for a message, `secret` redacted before shortening (so no part of it is kept). */
function preview(value: unknown, secret: Secret): string {
  if (value === undefined) return "undefined";
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  text = redact(text, secret);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
