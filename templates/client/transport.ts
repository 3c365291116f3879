// The one place requests are made: URL, auth, timeout, redirects, size cap, typed errors, and the
// features a program passes in `use` (retries, rate limits, response checks: their own modules).
// Generated operation functions only describe themselves (an Operation) and call `send`.
import type { Clock } from "./clock.js";
import { expandPath, InvalidArgument, joinUrl, readBody, readText, ResponseTooLarge } from "./encoding.js";
import type { EncodedBody, QueryParams } from "./encoding.js";
import { ApiError, kindOfStatus, redact, scrubCause, secretOf, type ApiErrorKind, type ErrorBody, type Secret } from "./errors.js";
import type { Call, ErrorExtra, TransportFeature } from "./feature.js";
import { attemptSignal } from "./abort.js";
import { fetchFollowing } from "./redirect.js";
import type { AppliedAuth, FetchInit, FetchLike, HttpMethod, Operation } from "./descriptors.js";
import { serverRetryDelay } from "./retry.js";
import { isJsonMediaType } from "../shared/media.js";

/** The base URL of every module, or one per module (the API serves modules from separate hosts). */
export type BaseUrl<M extends string> =
  | string
  | ({ readonly default: string } & { readonly [K in M]?: string })
  | { readonly [K in M]: string };

export type { FetchInit, FetchLike } from "./descriptors.js";

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
  /**
   * What the transport does besides sending: `retries()`, `rateLimits()`, `responseChecks()`
   * (default: none). A bundler keeps only the features a program passes.
   */
  use?: readonly TransportFeature[] | undefined;
  /** Called before each attempt is sent. Errors thrown by hooks are ignored. */
  onRequest?: ((event: RequestEvent) => void) | undefined;
  /** Called when an attempt's response headers arrive. */
  onResponse?: ((event: ResponseEvent) => void) | undefined;
  /** Called once when a call fails. */
  onError?: ((event: FailureEvent) => void) | undefined;
  /** Time source for durations, rate limits and retry waits (tests). */
  clock?: Clock | undefined;
}

/** The security schemes of an API that declares them, and the caller's credentials per scheme. */
export interface SchemeAuth {
  /** The credentials for an operation's requirement, or why there are none (`authApplier` of runtime/auth.ts, passed in so clients without schemes do not bundle it). */
  apply(security: Operation["security"], url: string): Promise<AppliedAuth | string>;
}

/** Per call. */
export interface CallOptions {
  /** Aborts the call, its rate-limit wait and its retry waits. */
  signal?: AbortSignal | undefined;
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number | undefined;
  /** Extra request headers (the auth header cannot be overridden). */
  headers?: Record<string, string> | undefined;
  /**
   * Called with a successful response's headers (names in lower case, any copy of the token
   * removed) before its body is read. An operation whose responses document headers types them.
   */
  onHeaders?: ((headers: Record<string, string>, status: number) => void) | undefined;
}

export interface Transport {
  /** Resolves to unknown: each operation function's signature states its result type (its body's `as never` defers to that). */
  send(operation: Operation, args: object | undefined, callOptions?: CallOptions): Promise<unknown>;
}

/** For each streamed response `send` returns: what removes the call's credentials from text it carries (runtime/stream.ts quotes items). */
const streamRedactors = new WeakMap<Response, (text: string) => string>();

/** The redactor of a response `send` returned unread; text unchanged for one from elsewhere (a caller's own transport). */
export function streamRedactor(response: Response): (text: string) => string {
  return streamRedactors.get(response) ?? ((text) => text);
}

interface Args {
  query?: QueryParams;
  body?: unknown;
  headers?: Record<string, unknown>;
  cookies?: Record<string, unknown>;
  [name: string]: unknown;
}

/**
 * A transport for `options`; `authHeader` is the header the catalogue names for the token. With
 * `schemeAuth` (an API with security schemes) the credentials come from it, per operation, and
 * `options.token` is not sent.
 */
export function makeTransport(options: TransportOptions, authHeader: string, schemeAuth?: SchemeAuth): Transport {
  const features = options.use ?? [];
  const doFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const maxResponseBytes = options.maxResponseBytes ?? 2 ** 26; // 64 MiB
  const now = (): number => options.clock?.now() ?? Date.now();
  const auth = authHeader.toLowerCase();

  async function send(operation: Operation, rawArgs: object | undefined, callOptions: CallOptions = {}): Promise<unknown> {
    const { id: operationId, route, module } = operation;
    const args = (rawArgs ?? {}) as Args;
    const [method, path] = route.split(" ") as [HttpMethod, string];
    const { signal } = callOptions;
    const base = baseUrlOf(options.baseUrl, module);
    let secret: Secret;
    let url = base ?? "";
    // What hooks and errors say of the call (the URL as it stands; an ApiError takes no `attempt`).
    const about = () => ({ operationId, method, url, attempt: call.attempt });
    const error = (kind: ApiErrorKind, detail: string, extra?: ErrorExtra & { body?: ErrorBody | string | undefined; headers?: Record<string, string> }): ApiError =>
      new ApiError({ ...extra, ...about(), kind, message: `${operationId} ${method} ${url}: ${detail}` });
    const fail = (failure: ApiError): never => {
      hook(options.onError, { ...about(), error: failure });
      throw failure;
    };
    const call: { -readonly [K in keyof Call]: Call[K] } = {
      operation: { ...operation, method, path },
      token: "",
      signal,
      timeoutMs: callOptions.timeoutMs ?? options.timeoutMs ?? 30_000,
      clock: options.clock,
      resendable: true,
      attempt: 0,
      serverPaced: false,
      redact: (text: string) => redact(text, secret),
      fail: (kind: ApiErrorKind, detail: string, extra?: ErrorExtra): never => fail(error(kind, detail, extra)),
    };
    const failAborted = (): never => call.fail("aborted", "aborted by the caller", { cause: signal?.reason });
    // A feature's hook that rejects with anything but an ApiError was stopped by the signal.
    const settle = async <T>(work: Promise<T>): Promise<T> => {
      try {
        return await work;
      } catch (thrown) {
        if (thrown instanceof ApiError) throw thrown;
        return failAborted();
      }
    };

    if (base === undefined) call.fail("invalid_argument", `no base URL for module ${module}`);
    // Query, header, cookie and body arguments only where the descriptor says how to write them.
    let encoded: EncodedBody = { once: false };
    let parameterHeaders: Record<string, string> = {};
    try {
      url = joinUrl(url, expandPath(path, args, operation.styles));
      if (operation.write) ({ url, headers: parameterHeaders, encoded } = operation.write(args, url, operation.styles, operation.body));
    } catch (thrown) {
      if (!(thrown instanceof InvalidArgument)) throw thrown;
      call.fail("invalid_argument", thrown.message);
    }
    const applied = schemeAuth && (await schemeAuth.apply(operation.security, url));
    if (typeof applied === "string") call.fail("invalid_argument", applied);
    const token = applied ? applied.token : typeof options.token === "function" ? await options.token() : options.token;
    secret = applied ? applied.secret : secretOf(token);
    call.token = token;
    call.resendable = !encoded.once;

    for (;;) {
      call.attempt++;
      if (signal?.aborted) failAborted();
      for (const feature of features) if (feature.beforeAttempt) await settle(feature.beforeAttempt(call));

      const headers: Record<string, string> = { accept: "application/json, */*;q=0.8" };
      // The token goes in its header exactly once, whatever case a caller's header used.
      for (const [name, value] of Object.entries<unknown>({ ...parameterHeaders, ...callOptions.headers })) {
        if (value != null && !(applied ? applied.headerNames : [auth]).includes(name.toLowerCase())) headers[name] = String(value);
      }
      if (encoded.contentType) headers["content-type"] = encoded.contentType;
      const event = about();
      hook(options.onRequest, { ...event, headers: applied ? applied.shown(headers) : { ...headers, [authHeader]: "[redacted]" } });
      if (applied) applied.sign(headers, parameterHeaders["cookie"]);
      else headers[authHeader] = token;

      const [stop, timedOut, endAttempt] = attemptSignal(signal, call.timeoutMs);
      const started = now();
      let response: Response | undefined;
      let failure: ApiError;
      try {
        const init: FetchInit = { method, headers, signal: stop, redirect: "manual" };
        if (encoded.body !== undefined) init.body = encoded.body;
        if (encoded.once) init.duplex = "half";
        let refused: string | undefined;
        [response, refused] = await fetchFollowing(doFetch, applied ? applied.url : url, init, authHeader, applied?.headerNames);
        const { status } = response;
        // Response headers as a plain object, with any copy of the token (a server may echo it) removed.
        const received: Record<string, string> = {};
        response.headers.forEach((value, name) => (received[name] = redact(value, secret)));
        hook(options.onResponse, { ...event, status, headers: received, durationMs: now() - started });
        for (const feature of features) if (feature.afterResponse) await settle(feature.afterResponse(call, status));
        if (refused) call.fail("http", `${status}: redirect not followed: ${refused}`, { status });
        // A stream is read by its caller as it arrives (runtime/stream.ts), after retries and rate limits.
        if (response.ok && (operation.stream !== undefined || operation.unread === true)) {
          streamRedactors.set(response, call.redact);
          return response;
        }
        if (response.ok) {
          hook((headers: Record<string, string>) => callOptions.onHeaders?.(headers, status), received);
          let value: unknown;
          try {
            value = await readBody(response, method, maxResponseBytes);
          } catch (thrown) {
            if (!(thrown instanceof SyntaxError)) throw thrown;
            // No cause: V8's message quotes the start of the body, where a long token's first characters may be.
            call.fail("validation", `response is not valid JSON`, { status });
          }
          for (const feature of features) if (feature.checkResponse) value = feature.checkResponse(call, value, status);
          return value;
        }
        // The error body with any copy of the token removed (before parsing, so escaped copies too):
        // parsed when a JSON object, the text otherwise.
        const text = redact(await readText(response, maxResponseBytes), secret);
        let body: ErrorBody | string | undefined = text || undefined;
        try {
          const parsed: unknown = isJsonMediaType(received["content-type"]) && JSON.parse(text);
          if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed as ErrorBody;
        } catch {
          // Not JSON after all: keep the text.
        }
        const said = typeof body === "object" ? (body.detail ?? body.title) : undefined;
        failure = error(kindOfStatus(status), `${status} ${redact(response.statusText, secret)}${typeof said === "string" ? `: ${said}` : ""}`.trim(), {
          status,
          body,
          headers: received,
          retryAfterMs: status === 429 ? serverRetryDelay(response.headers, now()) : undefined,
        });
      } catch (thrown) {
        if (thrown instanceof ApiError) throw thrown;
        if (signal?.aborted) failAborted();
        if (timedOut()) call.fail("timeout", `no response within ${call.timeoutMs} ms`);
        if (thrown instanceof ResponseTooLarge) {
          call.fail("too_large", `response body larger than maxResponseBytes (${maxResponseBytes})`, { status: response?.status });
        }
        response = undefined;
        failure = error("network", `request failed: ${redact(String((thrown as Error)?.message ?? thrown), secret)}`, { cause: scrubCause(thrown, secret) });
      } finally {
        endAttempt();
      }
      let again = false;
      for (const feature of features) if (!again && feature.retry) again = await settle(feature.retry(call, failure, response));
      if (!again) fail(failure);
    }
  }

  return { send };
}

function baseUrlOf(baseUrl: BaseUrl<string>, module: string): string | undefined {
  const map: Readonly<Record<string, string | undefined>> = typeof baseUrl === "string" ? { default: baseUrl } : baseUrl;
  // Own keys only: a module named `constructor` or `toString` must not find Object's members.
  const own = (key: string): string | undefined => (Object.hasOwn(map, key) ? map[key] : undefined);
  return own(module) ?? own("default");
}

function hook<E>(fn: ((event: E) => void) | undefined, event: E): void {
  try {
    fn?.(event);
  } catch {
    // Hooks log and measure; they cannot break a call.
  }
}
