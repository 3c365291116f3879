// The request handler: everything every operation shares (routing, auth, token kinds, rate limits,
// query and body reading, errors), so that a handler holds only its operation's logic.
//
// Order of checks: route (404/405, 400 for a malformed path parameter), auth (401, 403), handler
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
import { errorResponse, type ErrorDetails, type ErrorScope } from "./errors.js";
import { bodyProblemDetail } from "./problem.js";
import { parseQuery } from "./query.js";
import { MemoryRateLimitStore, type RateLimitDecision } from "./rate-limit.js";
import { createRouter } from "./router.js";
import type { ApiDefinition, BodyProblem, ErrorContext, HandlerContext, HandlerInput, Identity, RouteDefinition, RouteLimit, ServerOptions } from "./types.js";

type AnyHandler = (this: unknown, context: HandlerContext<HandlerInput>) => unknown;

/** Thrown inside the pipeline to answer with an error response. */
class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly details: ErrorDetails,
  ) {
    super(details.detail);
  }
}

function toMillis(value: number | Date): number {
  const millis = typeof value === "number" ? value : value.getTime();
  if (!Number.isFinite(millis)) throw new TypeError("options.now() returned an invalid time");
  return millis;
}

/** The handler function of an operation, if the handlers object has one (prototype methods count). */
function findHandler(handlers: object, route: RouteDefinition): { self: object; fn: AnyHandler } | undefined {
  const group: unknown = (handlers as Record<string, unknown>)[route.module];
  if (typeof group !== "object" || group === null || group === Object.prototype) return undefined;
  const fn: unknown = (group as Record<string, unknown>)[route.id];
  if (typeof fn !== "function" || fn === (Object.prototype as Record<string, unknown>)[route.id]) return undefined;
  return { self: group, fn: fn as AnyHandler };
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

  return async function handle(request: Request): Promise<Response> {
    const scope: ErrorScope = { requestId: "unknown", origin, now: () => toMillis(clock()) };
    const budget: Budget = { remaining: undefined };
    let operation: string | undefined;
    let pathname = "";
    try {
      scope.requestId = newRequestId();
      pathname = new URL(request.url).pathname;
      const route = routeRequest(request, pathname);
      operation = route.route.id;
      return forMethod(request, withRemaining(await answer(request, route.route, route.params, scope, budget), budget));
    } catch (error) {
      if (error instanceof HttpError) return forMethod(request, withRemaining(errorResponse(scope, error.status, error.details), budget));
      try {
        logError(error, { requestId: scope.requestId, operation, method: request.method, path: pathname });
      } catch {
        // A failing log hook must not change the answer.
      }
      return forMethod(request, withRemaining(internalError(scope), budget));
    }
  };

  function routeRequest(request: Request, pathname: string): { route: RouteDefinition; params: Record<string, string> } {
    const method = request.method.toUpperCase();
    let result = router.match(method, pathname);
    // HEAD is GET without the body (RFC 9110), unless the catalogue documents a HEAD of its own.
    if (method === "HEAD" && result.kind === "method-not-allowed" && result.allow.includes("GET")) {
      result = router.match("GET", pathname);
    }
    switch (result.kind) {
      case "found":
        return { route: result.route, params: result.params };
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

  async function authenticate(request: Request, route: RouteDefinition): Promise<Identity> {
    const token = request.headers.get(api.authHeader)?.trim();
    if (!token) {
      throw new HttpError(401, { detail: `The ${api.authHeader} header with a token is required.`, code: "missing-token" });
    }
    const identity = await options.authenticate(token, route);
    if (identity === undefined || identity === null) {
      throw new HttpError(401, { detail: "The token is not valid.", code: "invalid-token" });
    }
    if (typeof identity.sellerId !== "string" || typeof identity.tokenKind !== "string") {
      throw new TypeError("options.authenticate must return { sellerId: string, tokenKind: string } or undefined");
    }
    return identity;
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
      const decision = await takeFromStore(bucketKey(identity, route, index), rule, where);
      if (decision === undefined) return undefined; // store failed, onStoreError "allow"
      if (!decision.allowed) {
        const retry = String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000)));
        throw new HttpError(429, {
          detail: `Too many requests for this seller; retry in ${retry} s.`,
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

  async function readBody(request: Request, route: RouteDefinition): Promise<{ body: unknown; request: Request }> {
    if (route.body.kind === "none" || request.body === null) return missingBody(request, route);
    const type = mediaType(request.headers.get("content-type"));
    if (route.body.kind === "content" && (type === undefined || !acceptsMediaType(route.body.contentTypes, type))) {
      throw new HttpError(415, {
        detail: `This operation accepts bodies of type ${route.body.contentTypes.join(", ")}.`,
        code: "unsupported-media-type",
      });
    }
    let bytes: Uint8Array<ArrayBuffer> | undefined;
    try {
      bytes = await readBodyBytes(request, maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        throw new HttpError(413, { detail: `The body may hold at most ${maxBodyBytes} bytes.`, code: "body-too-large" });
      }
      throw error;
    }
    if (bytes === undefined) return missingBody(request, route);
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
    }
    // The stream is spent; the handler gets a request it can still read.
    const again = new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body: bytes,
      signal: request.signal,
    });
    return { body, request: again };
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

  function missingBody(request: Request, route: RouteDefinition): { body: undefined; request: Request } {
    if (route.body.kind === "content" && route.body.required) {
      throw new HttpError(400, { detail: "This operation requires a request body.", code: "missing-body" });
    }
    return { body: undefined, request };
  }

  async function answer(
    request: Request,
    route: RouteDefinition,
    params: Record<string, string>,
    scope: ErrorScope,
    budget: Budget,
  ): Promise<Response> {
    // A 401 has no seller, hence no budget to report; from here on the seller is known.
    const identity = await authenticate(request, route);
    const where = (): ErrorContext => ({ requestId: scope.requestId, operation: route.id, method: request.method, path: new URL(request.url).pathname });
    if (route.tokens && !route.tokens.includes(identity.tokenKind)) {
      budget.remaining = await peekLimits(route, identity, where);
      throw tokenKindError(route);
    }
    const handler = findHandler(handlers, route);
    const notImplemented = (): Response =>
      errorResponse(scope, 501, { detail: `Operation ${route.id} is not implemented.`, code: "not-implemented" });
    if (!handler) {
      budget.remaining = await peekLimits(route, identity, where);
      return notImplemented();
    }

    budget.remaining = await limit(route, identity, where);
    const query = parseQuery(new URL(request.url).searchParams, route.query);
    if (!query.ok) throw new HttpError(400, { detail: query.detail, code: "invalid-query" });
    const read = await readBody(request, route);

    const context: HandlerContext<HandlerInput> = {
      params,
      query: query.value,
      body: read.body,
      identity,
      request: read.request,
      operation: route,
      error: (status, detail, errorOptions) =>
        errorResponse(scope, status, {
          detail,
          title: errorOptions?.title,
          code: errorOptions?.code,
          headers: errorOptions?.headers,
        }),
      notImplemented,
    };
    return toResponse(await handler.fn.call(handler.self, context), route.status);
  }

  function internalError(scope: ErrorScope): Response {
    try {
      return errorResponse(scope, 500, { detail: "The server could not complete the request.", code: "internal-error" });
    } catch {
      // The clock or id generator itself failed: answer without them.
      return new Response(JSON.stringify({ title: "internal server error", status: 500 }), {
        status: 500,
        headers: { "content-type": "application/json; charset=utf-8" },
      });
    }
  }
}

/** The bucket of one seller, operation and limit (an operation may document several limits). */
function bucketKey(identity: Identity, route: RouteDefinition, index: number): string {
  return JSON.stringify([identity.sellerId, route.id, index]);
}

/**
 * What is left of the seller's budget for the operation (undefined: no limits, or the seller is not
 * known yet). Set once the caller is authenticated: taken for requests that reach the handler,
 * peeked for 403 and 501, which spend none.
 */
interface Budget {
  remaining: number | undefined;
}

/**
 * Every response of a rate-limited operation once the seller is known (403, 501, the handler's own,
 * errors after it) says what is left. Not 401 (nor the 400 of a malformed path parameter, answered
 * before auth): without a seller there is no budget to speak of.
 */
function withRemaining(response: Response, budget: Budget): Response {
  return budget.remaining === undefined ? response : withHeader(response, "x-ratelimit-remaining", String(budget.remaining));
}

/** A HEAD request gets the status and headers of the answer, never its body. */
function forMethod(request: Request, response: Response): Response {
  if (request.method.toUpperCase() !== "HEAD" || response.body === null) return response;
  void response.body.cancel().catch(() => undefined);
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}

function toResponse(result: unknown, status: number): Response {
  if (result instanceof Response) return result;
  if (result === undefined) return new Response(null, { status: 204 });
  if (result instanceof Uint8Array) {
    // slice(): a copy backed by a plain ArrayBuffer, which every runtime accepts as a body.
    return new Response(result.slice(), { status, headers: { "content-type": "application/octet-stream" } });
  }
  return new Response(JSON.stringify(result), { status, headers: { "content-type": "application/json; charset=utf-8" } });
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
