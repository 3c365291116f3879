// The request handler: everything every operation shares (routing, auth, token kinds, rate limits,
// query and body reading, errors), so that a handler holds only its operation's logic.
//
// Order of checks: route (404/405, 400 for a path parameter that is malformed or does not fit its type), auth (401, 403), handler
// present (501), rate limits (429), query (400), body (415, 413, 400 malformed or not fitting its
// schema), handler (500 if it throws).
import {
  BodyTooLargeError,
  DEFAULT_MAX_BODY_BYTES,
  MalformedJsonError,
  acceptsMediaType,
  mediaType,
  parseJson,
  readBodyBytes,
} from "./body.js";
import { isJsonMediaType } from "../shared/media.js";
import { JSON_CONTENT_TYPE, errorAnswer, errorResponse, type ErrorScope } from "./errors.js";
import { bodyProblemDetail } from "./problem.js";
import { convertPathParams, isStyledPath, isStyledQuery } from "./params.js";
import { parseQuery } from "./query.js";

const FORM_TYPE = "application/x-www-form-urlencoded";
const MULTIPART_TYPE = "multipart/form-data";
import { MemoryRateLimitStore, type RateLimitDecision } from "./rate-limit.js";
import { createRouter } from "./router.js";
import { accessDenied } from "./access.js";
import { chargeAnswer } from "./error-cost.js";
import { replyResponse } from "./replies.js";
import type {
  Answer,
  ApiDefinition,
  AuthenticateResult,
  BodyProblem,
  ErrorContext,
  FormParts,
  FormRead,
  FormRule,
  HandlerContext,
  HandlerInput,
  Identity,
  Incoming,
  LegacyIdentity,
  Pipeline,
  PlainAnswer,
  RouteDefinition,
  RouteLimit,
  RouteStream,
  ServerOptions,
} from "./types.js";

/** Where a request handler made by createRequestHandler keeps its pipeline, for toNodeHandler. */
export const PIPELINE: unique symbol = Symbol("catalogen.pipeline");

/** A request handler that carries its pipeline. */
export interface PipelineCarrier {
  readonly [PIPELINE]?: Pipeline;
}

function toWebResponse(answer: Answer): Response {
  if (answer instanceof Response) return answer;
  return new Response(answer.body, {
    status: answer.status,
    ...(answer.statusText !== undefined && { statusText: answer.statusText }),
    headers: answer.headers,
  });
}

type AnyHandler = (this: unknown, context: HandlerContext<HandlerInput>) => unknown;

/**
 * Thrown inside the pipeline to answer with an error response. Not an Error: it never leaves the
 * pipeline, and a stack trace for every 401 or 429 is work nobody reads.
 */
class HttpError {
  readonly status: number;
  readonly details: { detail: string; code: string; headers?: Readonly<Record<string, string>> };
  constructor(status: number, details: HttpError["details"]) {
    this.status = status;
    this.details = details;
  }
}

/** What the error answers of one request share; the request id is made when an answer first needs it. */
class RequestScope implements ErrorScope {
  readonly origin: string;
  private id: string | undefined = undefined;
  private readonly makeId: () => string;
  private readonly clock: () => number | Date;
  constructor(origin: string, makeId: () => string, clock: () => number | Date) {
    this.origin = origin;
    this.makeId = makeId;
    this.clock = clock;
  }
  get requestId(): string {
    if (this.id === undefined) {
      try {
        this.id = this.makeId();
      } catch {
        // A failing id generator must not turn an answer into a 500.
        this.id = "unknown";
      }
    }
    return this.id;
  }
  now(): number {
    return toMillis(this.clock());
  }
}

/** Awaiting only what is awaitable keeps a synchronous handler or `authenticate` off the microtask queue. */
function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === "function";
}

function toMillis(value: number | Date): number {
  const millis = typeof value === "number" ? value : value.getTime();
  if (!Number.isFinite(millis)) throw new TypeError("options.now() returned an invalid time");
  return millis;
}

/** The module's object of handlers, if there is one. */
function handlerGroup(handlers: object, route: RouteDefinition): object | undefined {
  const group: unknown = (handlers as Record<string, unknown>)[route.module];
  return typeof group !== "object" || group === null || group === Object.prototype ? undefined : group;
}

/** The handler function of an operation, if its module has one (prototype methods count). */
function handlerFunction(group: object, route: RouteDefinition): AnyHandler | undefined {
  const fn: unknown = (group as Record<string, unknown>)[route.id];
  return typeof fn !== "function" || fn === (Object.prototype as Record<string, unknown>)[route.id] ? undefined : (fn as AnyHandler);
}

export function createRequestHandler(
  api: ApiDefinition,
  handlers: object,
  options: ServerOptions,
): (request: Request) => Promise<Response> {
  // The type makes authenticate required; this guards callers without types.
  if (typeof options?.authenticate !== "function") {
    throw new TypeError("createRequestHandler: options.authenticate is required (there is no default that lets requests through)");
  }
  const router = createRouter(api.routes);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const origin = options.origin ?? "catalogen-server";
  const clock = options.now ?? Date.now;
  const store = options.rateLimitStore ?? new MemoryRateLimitStore({ now: () => toMillis(clock()) });
  const newRequestId = options.requestId ?? (() => crypto.randomUUID());
  const logError =
    options.onError ??
    ((error: unknown, context: { requestId: string; operation: string | undefined }) => {
      console.error(`catalogen-server: request ${context.requestId} (${context.operation ?? "unrouted"}) failed`, error);
    });

  const authHeader = api.authHeader.toLowerCase();
  const principal = api.principal ?? "account";
  // Handed in by the routes only where used (their files are copied in only then).
  const { findCredentials, streamResponse, styleReaders, formReaders } = api;
  if (api.schemes && !findCredentials) throw new TypeError("createRequestHandler: api.schemes needs api.findCredentials (credentials.ts)");
  for (const route of api.routes) {
    if (!styleReaders && readsStyled(route)) {
      throw new TypeError(`createRequestHandler: route ${route.id} reads styled, header or cookie parameters and needs api.styleReaders (styles.ts)`);
    }
    if (!formReaders && route.body.kind === "content" && route.body.form) {
      throw new TypeError(`createRequestHandler: route ${route.id} reads a form body and needs api.formReaders (form.ts)`);
    }
  }
  const streamed = (items: AsyncIterable<unknown>, stream: RouteStream, status: number): Response => {
    if (!streamResponse) throw new TypeError("createRequestHandler: a route with `stream` needs api.streamResponse (stream.ts)");
    return streamResponse(items, stream, status);
  };

  /**
   * The whole answer to one request, from whichever adapter it came (see `Incoming` in types.ts). It goes on
   * synchronously as long as nothing is asynchronous (an `authenticate`, store or handler that
   * returns a promise, a body to read): then the node adapter writes the answer while node is
   * still in its `request` event, and nothing waits on the microtask queue.
   */
  function pipeline(incoming: Incoming): Answer | Promise<Answer> {
    const run = new Run(incoming, new RequestScope(origin, newRequestId, clock));
    try {
      const { route, params } = routeRequest(incoming);
      run.operation = route.id;
      // A 401 has no principal, hence no budget to report; from here on the principal is known.
      const authenticated = authenticate(incoming, route);
      return run.finish(
        isThenable(authenticated)
          ? authenticated.then((identity) => authorized(run, route, params, identity))
          : authorized(run, route, params, authenticated),
      );
    } catch (error) {
      return run.failed(error);
    }
  }

  /** From a known principal to the handler's answer. */
  function authorized(run: Run, route: RouteDefinition, params: Record<string, unknown>, identity: Identity): Answer | Promise<Answer> {
    if (route.tokens && !route.tokens.includes(identity.tokenKind)) return refuse(run, route, identity, tokenKindError(route));
    const denied = (route.categories !== undefined || route.readOnlyTokens === false) && accessDenied(route, identity);
    if (denied) return refuse(run, route, identity, new HttpError(403, denied));
    const group = handlerGroup(handlers, route);
    const handler = group && handlerFunction(group, route);
    if (!group || !handler) {
      return refuse(run, route, identity, new HttpError(501, { detail: `Operation ${route.id} is not implemented.`, code: "not-implemented" }));
    }
    const call = (): Answer | Promise<Answer> => callHandler(run, route, params, identity, group, handler);
    // Each step is skipped, not awaited, when the operation has nothing for it to do.
    if (route.limits && route.limits.length > 0) {
      return limit(route, identity, () => run.where()).then((remaining) => {
        run.remaining = remaining;
        if (route.limits!.some((rule) => rule.errorCost)) run.charge = { route, identity };
        return call();
      });
    }
    return call();
  }

  /** 403 and 501 spend no budget, but say what is left of it. */
  async function refuse(run: Run, route: RouteDefinition, identity: Identity, error: HttpError): Promise<never> {
    run.remaining = await peekLimits(route, identity, () => run.where());
    throw error;
  }

  function callHandler(
    run: Run,
    route: RouteDefinition,
    params: Record<string, unknown>,
    identity: Identity,
    group: object,
    handler: AnyHandler,
  ): Answer | Promise<Answer> {
    let query: Record<string, unknown> = {};
    if (route.query === undefined || route.query.length > 0) {
      const parsed = parseQuery(new URLSearchParams(run.incoming.search), route.query, run.incoming.search, styleReaders);
      if (!parsed.ok) throw new HttpError(400, { detail: parsed.detail, code: "invalid-query" });
      query = parsed.value;
    }
    // Documented header and cookie parameters (400 when one does not fit), for `headers` and `cookies`.
    const more: Record<string, unknown> = {};
    for (const location of ["header", "cookie"] as const) {
      const documented = location === "header" ? route.headers : route.cookies;
      if (documented === undefined) continue;
      // Checked when the handler was made: a route with header or cookie parameters comes with styleReaders.
      const read = styleReaders!.readParameters(documented, location, (name) => run.incoming.header(name));
      if (typeof read === "string") throw new HttpError(400, { detail: read, code: `invalid-${location}` });
      more[location === "header" ? "headers" : "cookies"] = read;
    }
    const answerWith = (read: { body: unknown; bytes: Uint8Array<ArrayBuffer> | undefined }): Answer | Promise<Answer> => {
      const context = handlerContext(run.incoming, route, params, query, read, identity, run.scope);
      Object.assign(context, more);
      const result = handler.call(group, context);
      const answer = (value: unknown): Answer =>
        route.stream && isAsyncIterable(value) ? streamed(value, route.stream, route.status) : toAnswer(value, route.status);
      return isThenable(result) ? Promise.resolve(result).then(answer) : answer(result);
    };
    if (route.body.kind === "none" || !run.incoming.hasBody) return answerWith(missingBody(route));
    return readBody(run.incoming, route).then(answerWith);
  }

  /** One request on its way: what its answer needs besides the answer itself. */
  class Run {
    readonly incoming: Incoming;
    readonly scope: RequestScope;
    operation: string | undefined = undefined;
    /**
     * What is left of the principal's budget for the operation (undefined: no limits, or the
     * principal is not known yet). Set once the caller is authenticated: taken for requests that reach the
     * handler, peeked for 403 and 501, which spend none.
     */
    remaining: number | undefined = undefined;
    /** Set once the request took budget from limits with error costs: its answer may cost more. */
    charge: { route: RouteDefinition; identity: Identity } | undefined = undefined;
    constructor(incoming: Incoming, scope: RequestScope) {
      this.incoming = incoming;
      this.scope = scope;
    }

    /** What `onError` hears of this request. */
    where(): ErrorContext {
      return { requestId: this.scope.requestId, operation: this.operation, method: this.incoming.method, path: this.incoming.pathname };
    }

    finish(answer: Answer | Promise<Answer>): Answer | Promise<Answer> {
      if (!isThenable(answer)) return this.done(answer);
      return answer
        .then(
          (value) => this.done(value),
          (error: unknown) => this.failed(error),
        )
        .then((value) => (this.charge ? this.charged(value) : value));
    }

    /** The answer after its error cost is taken (x-ratelimit-remaining says what is left); a failing store leaves it as it is. */
    private async charged(answer: Answer): Promise<Answer> {
      const { route, identity } = this.charge!;
      const buckets = route.limits!.flatMap((rule, index) => (appliesTo(rule, identity) ? [{ key: bucketKey(identity, route, index), rule }] : []));
      try {
        const left = await chargeAnswer(store, buckets, answer.status);
        return left === undefined ? answer : withRemaining(answer, Math.min(left, this.remaining ?? left));
      } catch (error) {
        reportStoreError(error, () => this.where());
        return answer;
      }
    }

    failed(error: unknown): Answer {
      if (error instanceof HttpError) return this.done(errorAnswer(this.scope, error.status, error.details));
      try {
        logError(error, { requestId: this.scope.requestId, operation: this.operation, method: this.incoming.method, path: this.incoming.pathname });
      } catch {
        // A failing log hook must not change the answer.
      }
      return this.done(internalError(this.scope));
    }

    private done(answer: Answer): Answer {
      return forMethod(this.incoming.method, withRemaining(answer, this.remaining));
    }
  }

  const handle = async (request: Request): Promise<Response> => toWebResponse(await pipeline(webIncoming(request)));
  // toNodeHandler feeds node's requests to the pipeline directly (node.ts).
  Object.defineProperty(handle, PIPELINE, { value: pipeline });
  return handle;

  function routeRequest(incoming: Incoming): { route: RouteDefinition; params: Record<string, unknown> } {
    const { pathname, search } = incoming;
    const method = incoming.method.toUpperCase();
    const header = (name: string) => incoming.header(name);
    let result = router.match(method, pathname, search, header);
    // HEAD is GET without the body (RFC 9110), unless the catalogue documents a HEAD of its own.
    if (method === "HEAD" && result.kind === "method-not-allowed" && result.allow.includes("GET")) {
      result = router.match("GET", pathname, search, header);
    }
    switch (result.kind) {
      case "found":
        // Only routes with typed parameters pay for the check.
        if (result.route.params !== undefined) {
          const detail = convertPathParams(result.params, result.route.params) ?? styleReaders?.convertStyledPathParams(result.params, result.route.params, result.raw);
          if (detail !== undefined) throw new HttpError(400, { detail, code: "invalid-path-parameter" });
        }
        return result;
      case "not-found":
        throw new HttpError(404, { detail: "No operation has this path.", code: "route-not-found" });
      case "method-not-allowed": {
        const allow = result.allow.includes("GET") && !result.allow.includes("HEAD") ? [...result.allow, "HEAD"].sort() : result.allow;
        throw new HttpError(405, {
          detail: `This path accepts ${allow.join(", ")}.`,
          code: "method-not-allowed",
          headers: { allow: allow.join(", ") },
        });
      }
      case "malformed-parameter":
        throw new HttpError(400, {
          detail: `Path parameter "${result.name}" is not valid percent-encoding.`,
          code: "malformed-path-parameter",
        });
    }
  }

  /** The caller's identity; a promise only when `options.authenticate` returned one. */
  function authenticate(incoming: Incoming, route: RouteDefinition): Identity | Promise<Identity> {
    if (api.schemes) return authenticateSchemes(incoming, route, api.schemes);
    const token = incoming.header(authHeader)?.trim();
    if (!token) {
      throw new HttpError(401, { detail: `The ${api.authHeader} header with a token is required.`, code: "missing-token" });
    }
    const found = options.authenticate(token, route);
    return isThenable(found) ? Promise.resolve(found).then(checkIdentity) : checkIdentity(found);
  }

  /** Every credential of the alternative the request carries must be known; the first one's identity is the caller's. */
  function authenticateSchemes(incoming: Incoming, route: RouteDefinition, schemes: NonNullable<ApiDefinition["schemes"]>): Identity | Promise<Identity> {
    const found = findCredentials!(incoming, schemes, route.security);
    if (found.kind === "missing") throw new HttpError(401, { detail: found.detail, code: "missing-credentials" });
    if (found.kind === "anonymous") return { principalId: "", tokenKind: "" };
    const identities = found.values.map(({ scheme, value }) => options.authenticate(value, route, scheme));
    if (!identities.some(isThenable)) return identities.map((identity) => checkIdentity(identity as AuthenticateResult))[0]!;
    return Promise.all(identities).then((all) => all.map(checkIdentity)[0]!);
  }

  function checkIdentity(identity: AuthenticateResult): Identity {
    if (identity === undefined || identity === null) {
      throw new HttpError(401, { detail: "The token is not valid.", code: "invalid-token" });
    }
    if (typeof identity.tokenKind === "string") {
      if (typeof (identity as Identity).principalId === "string") return identity as Identity;
      if (typeof (identity as LegacyIdentity).sellerId === "string") return fromLegacy(identity as LegacyIdentity);
    }
    throw new TypeError("options.authenticate must return { principalId: string, tokenKind: string } or undefined");
  }

  function tokenKindError(route: RouteDefinition): HttpError {
    return new HttpError(403, {
      detail: `This operation accepts these token kinds: ${(route.tokens ?? []).join(", ")}.`,
      code: "token-kind-not-accepted",
    });
  }

  /**
   * What is left of each of the operation's buckets, without taking any (for answers that spend no
   * budget); the lowest count wins. Undefined when the operation has no limits or the store cannot peek.
   */
  async function peekLimits(route: RouteDefinition, identity: Identity, where: () => ErrorContext): Promise<number | undefined> {
    if (!route.limits || route.limits.length === 0 || typeof store.peek !== "function") return undefined;
    let remaining = Number.POSITIVE_INFINITY;
    try {
      for (const [index, rule] of route.limits.entries()) {
        if (!appliesTo(rule, identity)) continue;
        remaining = Math.min(remaining, await store.peek(bucketKey(identity, route, index), rule));
      }
    } catch (error) {
      // The answer spends no budget: it goes out without the header.
      reportStoreError(error, where);
      return undefined;
    }
    return remaining;
  }

  /** A failing store: `onError` hears of it; "deny" (default) answers 503, "allow" lets the request through. */
  function reportStoreError(error: unknown, where: () => ErrorContext): void {
    try {
      logError(error, where());
    } catch {
      // A failing log hook must not change the answer.
    }
  }

  async function takeFromStore(key: string, rule: RouteLimit, where: () => ErrorContext): Promise<RateLimitDecision | undefined> {
    try {
      return await store.take(key, rule);
    } catch (error) {
      reportStoreError(error, where);
      if (options.onStoreError === "allow") return undefined;
      throw new HttpError(503, {
        detail: "Rate limits cannot be checked right now; retry in 1 s.",
        code: "rate-limit-store-unavailable",
        headers: { "retry-after": "1" },
      });
    }
  }

  /** Takes one request from each of the operation's buckets; the lowest remaining count wins. */
  async function limit(route: RouteDefinition, identity: Identity, where: () => ErrorContext): Promise<number | undefined> {
    if (!route.limits || route.limits.length === 0) return undefined;
    let remaining = Number.POSITIVE_INFINITY;
    for (const [index, rule] of route.limits.entries()) {
      if (!appliesTo(rule, identity)) continue;
      const decision = await takeFromStore(bucketKey(identity, route, index), rule, where);
      if (decision === undefined) return undefined; // store failed, onStoreError "allow"
      if (!decision.allowed) {
        const retry = String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000)));
        throw new HttpError(429, {
          detail: `Too many requests for this ${principal}; retry in ${retry} s.`,
          code: "rate-limited",
          headers: {
            "x-ratelimit-retry": retry,
            "retry-after": retry,
            "x-ratelimit-limit": String(rule.burst),
            "x-ratelimit-reset": String(Math.ceil(decision.resetAfterMs / 1000)),
          },
        });
      }
      remaining = Math.min(remaining, decision.remaining);
    }
    return remaining;
  }

  /** The body as the handler gets it, and its bytes when they were read (for the handler's request). */
  async function readBody(incoming: Incoming, route: RouteDefinition): Promise<{ body: unknown; bytes: Uint8Array<ArrayBuffer> | undefined }> {
    if (route.body.kind === "none" || !incoming.hasBody) return missingBody(route);
    const type = mediaType(incoming.header("content-type"));
    if (route.body.kind === "content" && (type === undefined || !acceptsMediaType(route.body.contentTypes, type))) {
      throw new HttpError(415, {
        detail: `This operation accepts bodies of type ${route.body.contentTypes.join(", ")}.`,
        code: "unsupported-media-type",
      });
    }
    let bytes: Uint8Array<ArrayBuffer> | undefined;
    try {
      bytes = await incoming.readBody(maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        throw new HttpError(413, { detail: `The body may hold at most ${maxBodyBytes} bytes.`, code: "body-too-large" });
      }
      throw error;
    }
    if (bytes === undefined) return missingBody(route);
    let body: unknown = bytes;
    if (isJsonMediaType(type)) {
      try {
        body = parseJson(bytes);
      } catch (error) {
        if (error instanceof MalformedJsonError) {
          throw new HttpError(400, { detail: "The body is not valid JSON.", code: "malformed-json" });
        }
        throw error;
      }
      if (route.body.kind === "content" && route.body.check) checkBody(body, route.body.check);
    } else if (route.body.kind === "content" && route.body.form && (type === FORM_TYPE || type === MULTIPART_TYPE)) {
      body = await readFormBody(incoming, route.body.form, type, bytes);
    }
    return { body, bytes };
  }

  async function readFormBody(incoming: Incoming, rule: FormRule, type: string, bytes: Uint8Array<ArrayBuffer>): Promise<unknown> {
    // Checked when the handler was made: a route with a form rule comes with formReaders.
    const { readUrlencoded, readMultipart } = formReaders!;
    let read: FormRead;
    if (type === FORM_TYPE) read = readUrlencoded(new TextDecoder().decode(bytes), rule);
    else {
      let parts: Awaited<ReturnType<Response["formData"]>>;
      try {
        parts = await new Response(bytes, { headers: { "content-type": incoming.header("content-type") ?? "" } }).formData();
      } catch {
        throw new HttpError(400, { detail: "The body is not valid multipart/form-data.", code: "malformed-form" });
      }
      read = await readMultipart(parts as unknown as FormParts, rule);
    }
    if (!read.ok) throw new HttpError(400, { detail: read.detail, code: "invalid-body" });
    return read.value;
  }

  function checkBody(body: unknown, check: (value: unknown) => BodyProblem | undefined): void {
    let problem: BodyProblem | undefined;
    try {
      problem = check(body);
    } catch (error) {
      // A recursive type checked against a body nested deeper than the stack: the client's doing.
      if (error instanceof RangeError) {
        throw new HttpError(400, { detail: "The body is nested too deeply to be checked.", code: "invalid-body" });
      }
      throw error;
    }
    if (problem) throw new HttpError(400, { detail: bodyProblemDetail(problem), code: "invalid-body" });
  }

  function missingBody(route: RouteDefinition): { body: undefined; bytes: undefined } {
    if (route.body.kind === "content" && route.body.required) {
      throw new HttpError(400, { detail: "This operation requires a request body.", code: "missing-body" });
    }
    return { body: undefined, bytes: undefined };
  }

  /** What a handler gets; the web request is made only for a handler that reads it. */
  function handlerContext(
    incoming: Incoming,
    route: RouteDefinition,
    params: Record<string, unknown>,
    query: Record<string, unknown>,
    read: { body: unknown; bytes: Uint8Array<ArrayBuffer> | undefined },
    identity: Identity,
    scope: ErrorScope,
  ): HandlerContext<HandlerInput> {
    // Built in the order a literal would have: params, query, body, identity, request, operation, error, notImplemented, reply.
    const context = { params, query, body: read.body, identity } as HandlerContext<HandlerInput>;
    const lazy: LazyRequest = { incoming, bytes: read.bytes, request: undefined };
    Object.defineProperty(context, LAZY_REQUEST, { value: lazy });
    Object.defineProperty(context, "request", REQUEST_PROPERTY);
    context.operation = route;
    context.error = (status, detail, errorOptions) =>
      errorResponse(scope, status, {
        detail,
        title: errorOptions?.title,
        code: errorOptions?.code,
        headers: errorOptions?.headers,
      });
    context.notImplemented = () =>
      errorResponse(scope, 501, { detail: `Operation ${route.id} is not implemented.`, code: "not-implemented" });
    context.reply = replyResponse;
    return context;
  }


  function internalError(scope: ErrorScope): PlainAnswer {
    try {
      return errorAnswer(scope, 500, { detail: "The server could not complete the request.", code: "internal-error" });
    } catch {
      // The clock itself failed: answer without it.
      const headers = { "content-type": JSON_CONTENT_TYPE };
      return { status: 500, statusText: undefined, headers, body: JSON.stringify({ title: "internal server error", status: 500 }) };
    }
  }
}

/** The request as a web `Request` shows it (Deno, Bun, edge runtimes, or any caller of the handler). */
function webIncoming(request: Request): Incoming {
  const url = new URL(request.url);
  return {
    method: request.method,
    pathname: url.pathname,
    search: url.search,
    hasBody: request.body !== null,
    header: (name) => request.headers.get(name),
    readBody: (maxBytes) => readBodyBytes(request, maxBytes),
    // The stream is spent once the body is read; the handler gets a request it can still read.
    request: (bytes) =>
      bytes === undefined ? request : new Request(request.url, { method: request.method, headers: request.headers, body: bytes, signal: request.signal }),
  };
}

/** The handler's web request, made when first read; until then what it will be made from. */
interface LazyRequest {
  incoming: Incoming;
  bytes: Uint8Array<ArrayBuffer> | undefined;
  request: Request | undefined;
}

const LAZY_REQUEST = Symbol("catalogen.lazyRequest");

/**
 * `context.request`: an own, enumerable property as a plain one would be (spreading the context
 * copies it), whose getter makes the request. One getter for every context: accessors made per
 * request (an object literal's `get request()`) send each context, and the request and response it
 * holds, into V8's old space (measured: 3 KB per request promoted, scavenges ten times longer).
 */
const REQUEST_PROPERTY: PropertyDescriptor = {
  get(this: { [LAZY_REQUEST]: LazyRequest }): Request {
    const lazy = this[LAZY_REQUEST];
    return (lazy.request ??= lazy.incoming.request(lazy.bytes));
  },
  set(this: { [LAZY_REQUEST]: LazyRequest }, value: Request): void {
    this[LAZY_REQUEST].request = value;
  },
  enumerable: true,
  configurable: true,
};

/**
 * The bucket of one principal, operation and limit (an operation may document several limits), or
 * of one principal and limit group (shared by every operation of the group).
 */
function bucketKey(identity: Identity, route: RouteDefinition, index: number): string {
  const rule = route.limits?.[index];
  return rule?.group !== undefined ? JSON.stringify([identity.principalId, `group:${rule.group}`]) : JSON.stringify([identity.principalId, route.id, index]);
}

let legacySaid = false;

/** The old `{ sellerId, tokenKind }`, read as `{ principalId, tokenKind }`; the first one read in the process says so (ServerOptions has no logger). */
function fromLegacy(identity: LegacyIdentity): Identity {
  if (!legacySaid) {
    legacySaid = true;
    console.warn("catalogen-server: options.authenticate returned { sellerId, tokenKind }, which is deprecated: return { principalId, tokenKind } (sellerId is read as principalId until the next release)");
  }
  return { ...identity, principalId: identity.sellerId };
}

/** A limit of some token kinds counts only the requests made with a token of those kinds. */
function appliesTo(rule: RouteLimit, identity: Identity): boolean {
  return !rule.tokens || rule.tokens.includes(identity.tokenKind);
}


/**
 * Every response of a rate-limited operation once the principal is known (403, 501, the handler's
 * own, errors after it) says what is left. Not 401 (nor the 400 of a malformed path parameter,
 * answered before auth): without a principal there is no budget to speak of.
 */
function withRemaining(answer: Answer, remaining: number | undefined): Answer {
  if (remaining === undefined) return answer;
  const text = String(remaining);
  if (answer instanceof Response) return withHeader(answer, "x-ratelimit-remaining", text);
  answer.headers["x-ratelimit-remaining"] = text;
  return answer;
}

/** A HEAD request gets the status and headers of the answer, never its body. */
function forMethod(method: string, answer: Answer): Answer {
  if (method.toUpperCase() !== "HEAD" || answer.body === null) return answer;
  if (!(answer instanceof Response)) return { ...answer, body: null };
  void answer.body.cancel().catch(() => undefined);
  return new Response(null, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
}

/** True when the route reads a parameter that styles.ts reads: styled, array or object path or query parameters, headers, cookies. */
function readsStyled(route: RouteDefinition): boolean {
  return route.headers !== undefined || route.cookies !== undefined || route.params?.some(isStyledPath) === true || route.query?.some(isStyledQuery) === true;
}

/** A handler's result: its own Response as it is, a value as JSON, bytes as octet-stream, nothing as 204. */
function toAnswer(result: unknown, status: number): Answer {
  if (result instanceof Response) return result;
  if (result === undefined) return { status: 204, statusText: undefined, headers: {}, body: null };
  if (result instanceof Uint8Array) {
    // slice(): a copy backed by a plain ArrayBuffer, which every runtime accepts as a body.
    return { status, statusText: undefined, headers: { "content-type": "application/octet-stream" }, body: result.slice() };
  }
  return { status, statusText: undefined, headers: { "content-type": JSON_CONTENT_TYPE }, body: JSON.stringify(result) ?? null };
}

/** Sets a header, copying the response first when its headers are immutable (e.g. `Response.error()`). */
function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}
