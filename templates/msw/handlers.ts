// MSW request handlers that behave like `catalogen mock`, inside the test process: one handler per
// operation, routed, authenticated, limited and answered by the generated server's own pipeline
// (the same 401, 403 and 429 with X-Ratelimit-* and Retry-After), its answers made by the shared
// value generator (../mock/), so the same seed gives the same values as `catalogen mock --seed`.
// The generated index passes the server's pieces in; this file depends on msw only.
import { http, type HttpHandler } from "msw";
import { answerOf, answerResult, type Answer, type AnswerSpec } from "../mock/answers.js";
import type { SchemaNode } from "../mock/schema.js";
import { MemoryRateLimitStore } from "../shared/memory-rate-limit-store.js";
import type { RateLimitStore } from "../shared/rate-limit-store.js";

/** Whose a token is: rate limits count per principal (an account, a tenant ... as the catalogue names it); the kind decides which operations it may call. */
export interface MockIdentity<TokenKind extends string = string> {
  principalId: string;
  tokenKind: TokenKind;
  /** The categories the token is issued for; absent: operations' categories are not checked. */
  categories?: string[];
  /** A read-only token: operations that write answer 403. */
  readOnly?: boolean;
}

/**
 * @deprecated A token's identity as written before `principalId`: `{ sellerId, tokenKind }`. Still
 * read in this release (`sellerId` as `principalId`, with one warning); write `MockIdentity`.
 */
export interface LegacyMockIdentity<TokenKind extends string = string> extends Omit<MockIdentity<TokenKind>, "principalId"> {
  /** @deprecated Write `principalId`. */
  sellerId: string;
}

export interface MockHandlersOptions<TokenKind extends string = string> {
  /** Token -> whose it is and its kind; any other token (or none) gets 401. */
  tokens: Readonly<Record<string, MockIdentity<TokenKind> | LegacyMockIdentity<TokenKind>>>;
  /** Seed of the values made up for operations without an example. Default 1, as `catalogen mock`. */
  seed?: number;
  /**
   * Only requests under this URL are answered, its path taken off before routing (e.g.
   * `https://api.example.com/v2`). Default: any origin, the path as the catalogue writes it.
   */
  baseUrl?: string;
  /** The clock rate limits count with, in milliseconds. Default: Date.now. */
  now?: () => number;
  /** Told about a handler failure (500); never the token or the body. Default: nothing. */
  onError?: (error: unknown, context: { requestId: string; operation: string | undefined; method: string; path: string }) => void;
}

/** The parts of a route the handlers read (the generated server's RouteDefinition has them all). */
export interface MockRoute {
  readonly id: string;
  readonly module: string;
  readonly method: string;
  readonly status: number;
}

/** What the generated index passes in: the generated server's pieces and the answers as data. */
export interface MockApi<Api extends { readonly routes: readonly MockRoute[] }> {
  api: Api;
  createRouter(routes: Api["routes"]): { match(method: string, pathname: string, search?: string, header?: (name: string) => string | null): { kind: string; route?: MockRoute } };
  createRequestHandler(api: Api, handlers: object, options: never): (request: Request) => Promise<Response>;
  /** Operation id -> what it answers. */
  answers: Readonly<Record<string, AnswerSpec>>;
  /** Named types by name, for references in the answers' schemas. */
  types: Readonly<Record<string, SchemaNode>>;
}

/** A server handler standing in for one operation (the generated index types it per operation). */
export type OperationHandler = (context: never) => unknown;

export interface MockHandlerSet {
  /** One handler per operation, in catalogue order: `setupServer(...mocks.handlers)`. */
  readonly handlers: HttpHandler[];
  /** Forgets every principal's rate-limit budget: call it between tests. */
  reset(): void;
  /** A handler for one operation that answers with `handler` instead, still behind auth and limits. */
  override(operationId: string, handler: OperationHandler): HttpHandler;
}

type Method = "get" | "post" | "put" | "patch" | "delete" | "head" | "options";

let legacySaid = false;

/** A token's identity with `principalId`; the old `sellerId` is read as it, and the first one read in the process says so (the options have no logger). */
function currentIdentity(identity: MockIdentity | LegacyMockIdentity): MockIdentity {
  if (typeof (identity as MockIdentity).principalId === "string" || typeof (identity as LegacyMockIdentity).sellerId !== "string") return identity as MockIdentity;
  if (!legacySaid) {
    legacySaid = true;
    console.warn("createMockHandlers: tokens' { sellerId, tokenKind } is deprecated: write { principalId, tokenKind } (sellerId is read as principalId until the next release)");
  }
  return { ...identity, principalId: (identity as LegacyMockIdentity).sellerId };
}

export function createMockHandlerSet<Api extends { readonly routes: readonly MockRoute[] }>(
  mock: MockApi<Api>,
  options: MockHandlersOptions,
): MockHandlerSet {
  const seed = options.seed ?? 1;
  const clock = options.now ?? Date.now;
  const types = new Map(Object.entries(mock.types).map(([name, type]) => [name, { type }]));
  const tokens = new Map(Object.entries(options.tokens).map(([token, identity]) => [token, currentIdentity(identity)]));
  const base = options.baseUrl === undefined ? undefined : new URL(options.baseUrl);
  const basePath = base === undefined ? "" : base.pathname.replace(/\/+$/, "");
  const router = mock.createRouter(mock.api.routes);

  let store = new MemoryRateLimitStore({ now: clock });
  // The pipeline keeps this object; reset swaps the store behind it.
  const rateLimitStore: RateLimitStore = { take: (key, rule, cost) => store.take(key, rule, cost), peek: (key, rule) => store.peek(key, rule) };
  const serverOptions = {
    authenticate: (token: string) => tokens.get(token),
    origin: "catalogen-mock",
    now: clock,
    rateLimitStore,
    onError: options.onError ?? (() => {}),
  };

  const cached = new Map<string, Answer>();
  const handlers: Record<string, Record<string, (context: { operation: { status: number } }) => unknown>> = {};
  for (const route of mock.api.routes) {
    const spec = mock.answers[route.id] ?? { kind: "none" };
    (handlers[route.module] ??= {})[route.id] = ({ operation }) => {
      let answer = cached.get(route.id);
      if (answer === undefined) cached.set(route.id, (answer = answerOf(spec, route.id, types, seed)));
      return answerResult(answer, operation.status);
    };
  }
  const handle = mock.createRequestHandler(mock.api, handlers, serverOptions as never);

  /** The request as the server should see it: under `baseUrl` with its path taken off; undefined when not under it. */
  const routed = new WeakMap<Request, { id: string | undefined; request: Request }>();
  function routeOf(request: Request): { id: string | undefined; request: Request } {
    let found = routed.get(request);
    if (found === undefined) {
      const url = new URL(request.url);
      const inside = base === undefined || (url.origin === base.origin && (url.pathname === basePath || url.pathname.startsWith(`${basePath}/`)));
      if (!inside) found = { id: undefined, request };
      else {
        const pathname = url.pathname.slice(basePath.length) || "/";
        const match = router.match(request.method, pathname, url.search, (name) => request.headers.get(name));
        const forServer = basePath === "" ? request : new Request(new URL(`${pathname}${url.search}`, url.origin), request);
        found = { id: match?.route?.id, request: forServer };
      }
      routed.set(request, found);
    }
    return found;
  }

  function handlerFor(route: MockRoute, answer: (request: Request) => Promise<Response>): HttpHandler {
    const method = route.method.toLowerCase() as Method;
    return http[method](
      ({ request }) => routeOf(request).id === route.id,
      ({ request }) => answer(routeOf(request).request),
    );
  }

  return {
    handlers: mock.api.routes.map((route) => handlerFor(route, handle)),
    reset() {
      store = new MemoryRateLimitStore({ now: clock });
    },
    override(operationId, handler) {
      const route = mock.api.routes.find((candidate) => candidate.id === operationId);
      if (route === undefined) throw new TypeError(`override: no operation "${operationId}"`);
      const replaced = { ...handlers, [route.module]: { ...handlers[route.module], [route.id]: handler } };
      let own: ((request: Request) => Promise<Response>) | undefined;
      return handlerFor(route, (request) => (own ??= mock.createRequestHandler(mock.api, replaced, serverOptions as never))(request));
    },
  };
}
