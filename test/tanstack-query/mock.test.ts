// The tanstack-query target end to end: its options in a real QueryClient (@tanstack/query-core)
// against `catalogen mock` (startMock) on 127.0.0.1. The repository's catalogue for queries,
// mutations, invalidation, errors and aborts; the fixture catalogue streams-pages for infinite
// queries, since the seed declares no paging (docs/streams-and-pages.md).
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { CancelledError, InfiniteQueryObserver, MutationObserver, QueryClient, QueryObserver } from "@tanstack/query-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fixtureCatalogue, generateForTest, repoCatalogue } from "../helpers/generate.js";
import { startMock, type MockServer } from "../../src/mock/index.js";

type Fn = (...args: never[]) => unknown;
type Module = Record<string, Fn & Record<string, unknown>>;

const TOKENS = { "tq-personal-token": { sellerId: "s1", tokenKind: "personal" }, "tq-second-seller": { sellerId: "s2", tokenKind: "personal" } };

/** Every request the transport sends: method, path, and the signal it was sent with. */
interface Sent {
  method: string;
  path: string;
  signal: AbortSignal | undefined;
  status?: number;
}

async function setUp(catalogue: string): Promise<{ client: Module; tanstack: Module; mock: MockServer }> {
  const out = await generateForTest({ catalogue, targets: ["client", "tanstack-query"] });
  const client = (await import(pathToFileURL(join(out, "client/index.ts")).href)) as Module;
  const tanstack = (await import(pathToFileURL(join(out, "tanstack-query/index.ts")).href)) as Module;
  const mock = await startMock({ catalogue, tokens: TOKENS });
  return { client, tanstack, mock };
}

/**
 * A transport to the mock whose fetch records each request in `sent`. `holdAnswers`: each answer is
 * held until the request's signal aborts (the request is then in flight whenever the test cancels).
 */
function transportOf(client: Module, mock: MockServer, sent: Sent[], token = "tq-personal-token", features?: unknown[], holdAnswers = false): unknown {
  const fetchAndRecord = (url: string | URL, init?: RequestInit): Promise<Response> => {
    const request: Sent = { method: init?.method ?? "GET", path: new URL(String(url)).pathname, signal: init?.signal ?? undefined };
    sent.push(request);
    return fetch(url, init).then((response) => {
      request.status = response.status;
      const signal = init?.signal;
      if (!holdAnswers || !signal) return response;
      return new Promise<Response>((_resolve, reject) => {
        if (signal.aborted) reject(signal.reason);
        else signal.addEventListener("abort", () => reject(signal.reason), { once: true });
      });
    });
  };
  // The mock runs in this process: a busy event loop shifts when it counts a request by a few ms, and
  // the paged operations share one budget across tests; the limiter's documented margin covers that.
  const use = features ?? [client.retries!(), client.rateLimits!({ marginMs: 25 } as never)];
  return client.createTransport!({ baseUrl: mock.url, token, fetch: fetchAndRecord, use } as never);
}

const call = (module: Module, name: string, ...args: unknown[]): any => (module[name] as unknown as (...a: unknown[]) => unknown)(...args);

describe("the repository's catalogue", () => {
  let client: Module;
  let tanstack: Module;
  let mock: MockServer;
  beforeAll(async () => {
    ({ client, tanstack, mock } = await setUp(repoCatalogue));
  });
  afterAll(() => mock?.close());

  test("fetchQuery: the typed key, the client's call, the result cached under the key", async () => {
    const sent: Sent[] = [];
    const transport = transportOf(client, mock, sent);
    const queryClient = new QueryClient();
    const options = call(tanstack, "getDiscrepanciesQueryOptions", transport, { supplyId: "WB-GI-1" });
    expect(options.queryKey).toEqual(["supplies", "getDiscrepancies", { supplyId: "WB-GI-1" }]);
    const records = await queryClient.fetchQuery(options);
    expect(Array.isArray(records)).toBe(true);
    expect(sent).toMatchObject([{ method: "GET", path: "/api/supplies/v1/discrepancies/WB-GI-1" }]);
    expect(queryClient.getQueryData(call(tanstack, "getDiscrepanciesQueryKey", { supplyId: "WB-GI-1" }))).toBe(records);
    // Fresh in the cache for its staleTime: no second request.
    await queryClient.fetchQuery({ ...options, staleTime: 60_000 });
    expect(sent).toHaveLength(1);
  });

  test("a mutation sends the operation's request with the variables as its arguments", async () => {
    const sent: Sent[] = [];
    const transport = transportOf(client, mock, sent);
    const queryClient = new QueryClient();
    const options = call(tanstack, "inviteUserMutationOptions", transport);
    expect(options.mutationKey).toEqual(["general", "inviteUser"]);
    const observer = new MutationObserver<unknown, unknown, unknown>(queryClient, options);
    await observer.mutate({ body: { phoneNumber: "+70000000000" } });
    expect(sent).toMatchObject([{ method: "POST", path: "/api/v1/invite" }]);
    expect(observer.getCurrentResult().status).toBe("success");
    expect(queryClient.getMutationCache().findAll({ mutationKey: ["general"] })).toHaveLength(1);
  });

  test("invalidating by a key prefix reaches the module's queries (or one operation's) and no other", async () => {
    const sent: Sent[] = [];
    const transport = transportOf(client, mock, sent);
    const queryClient = new QueryClient();
    const news = call(tanstack, "listNewsQueryOptions", transport);
    const rating = call(tanstack, "getSellerRatingQueryOptions", transport);
    const questions = call(tanstack, "countQuestionsQueryOptions", transport);
    // An observed query refetches when invalidated; the others are only marked.
    const observer = new QueryObserver(queryClient, { ...news, staleTime: Infinity });
    const unsubscribe = observer.subscribe(() => {});
    try {
      await queryClient.fetchQuery(news);
      await queryClient.fetchQuery(rating);
      await queryClient.fetchQuery(questions);
      const before = sent.length;
      await queryClient.invalidateQueries({ queryKey: tanstack.generalKeys!.getSellerRating as unknown as readonly unknown[] });
      expect(queryClient.getQueryState(rating.queryKey)?.isInvalidated).toBe(true);
      expect(queryClient.getQueryState(news.queryKey)?.isInvalidated).toBe(false);
      await queryClient.invalidateQueries({ queryKey: tanstack.generalKeys!.all as unknown as readonly unknown[] });
      expect(queryClient.getQueryState(news.queryKey)?.isInvalidated).toBe(false); // refetched at once: fresh again
      expect(queryClient.getQueryState(questions.queryKey)?.isInvalidated).toBe(false); // communications: untouched
      expect(sent.slice(before).map((request) => request.path)).toEqual(["/api/communications/v2/news"]);
      expect(queryClient.getQueryState(news.queryKey)?.dataUpdateCount).toBe(2);
    } finally {
      unsubscribe();
    }
  });

  test("errors are the client's ApiErrors, tried once: the transport's retries decide, TanStack's are off", async () => {
    const sent: Sent[] = [];
    // Client-side limits off, and no wait longer than 1 s for a 429: the mock's second call in the
    // minute is a 429 asking for about a minute, which ends the call at once.
    const transport = transportOf(client, mock, sent, "tq-second-seller", [client.retries!({ maxRetryAfterMs: 1000 } as never)]);
    const queryClient = new QueryClient(); // TanStack's default for observers: 3 retries
    await queryClient.fetchQuery(call(tanstack, "getDiscrepanciesQueryOptions", transport, { supplyId: "A" }));
    const observer = new QueryObserver(queryClient, call(tanstack, "getDiscrepanciesQueryOptions", transport, { supplyId: "B" }));
    const settled = new Promise<void>((done) => {
      const unsubscribe = observer.subscribe((result) => {
        if (result.status === "error") {
          unsubscribe();
          done();
        }
      });
    });
    await settled;
    const error = observer.getCurrentResult().error as unknown;
    expect(error).toBeInstanceOf(client.ApiError as unknown as new () => unknown);
    expect(error).toMatchObject({ kind: "rate_limited", status: 429, operationId: "getDiscrepancies" });
    expect(observer.getCurrentResult().failureCount).toBe(1);
    expect(sent.map((request) => request.path)).toEqual(["/api/supplies/v1/discrepancies/A", "/api/supplies/v1/discrepancies/B"]);
  });

  test("TanStack's abort signal reaches the request: cancelQueries aborts it", async () => {
    const sent: Sent[] = [];
    // The mock's answer is held: a fast answer must not end the query before it is cancelled.
    const transport = transportOf(client, mock, sent, undefined, undefined, true);
    const queryClient = new QueryClient();
    const options = call(tanstack, "listUsersQueryOptions", transport);
    const fetching = queryClient.fetchQuery(options).catch((error: unknown) => error);
    while (sent[0]?.status === undefined) await new Promise((resolve) => setTimeout(resolve, 1));
    await queryClient.cancelQueries({ queryKey: options.queryKey });
    expect(await fetching).toBeInstanceOf(CancelledError);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.signal?.aborted).toBe(true);
  });
});

describe("paged operations (fixture catalogue streams-pages)", () => {
  let client: Module;
  let tanstack: Module;
  let mock: MockServer;
  /** One set of buckets for every transport below: the mock counts the seller's calls across tests. */
  let features: unknown[];
  beforeAll(async () => {
    ({ client, tanstack, mock } = await setUp(fixtureCatalogue("streams-pages")));
    features = [client.retries!(), client.rateLimits!({ marginMs: 25 } as never)];
  });
  afterAll(() => mock?.close());

  test.each([
    ["listProducts", "cursor"],
    ["listByOffset", "offset"],
    ["listByPage", "page"],
    ["listByUrl", "next-url"],
  ])("an infinite query over %s (%s) walks the mock's 25 items, each once, then has no next page", async (operation) => {
    const sent: Sent[] = [];
    const transport = transportOf(client, mock, sent, "tq-personal-token", features);
    const queryClient = new QueryClient();
    const options = call(tanstack, `${operation}InfiniteQueryOptions`, transport, { query: { limit: 10 } });
    expect(options.queryKey).toEqual(["catalog", operation, { query: { limit: 10 } }, "infinite"]);
    const observer = new InfiniteQueryObserver(queryClient, options);
    const unsubscribe = observer.subscribe(() => {});
    try {
      await observer.refetch();
      while (observer.getCurrentResult().hasNextPage) await observer.fetchNextPage();
      const data = observer.getCurrentResult().data as { pages: unknown[] };
      const items = data.pages.flatMap((page) => (Array.isArray(page) ? page : ((page as { data?: unknown[]; items?: unknown[] }).data ?? (page as { items: unknown[] }).items)));
      expect(items.map((item) => (item as { id: number }).id)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      expect(observer.getCurrentResult().hasNextPage).toBe(false);
      // Each next page waits an interval of the listing group after the last page's response: no 429.
      expect(sent.map((request) => request.status)).not.toContain(429);
      expect(queryClient.getQueryData(call(tanstack, `${operation}InfiniteQueryKey`, { query: { limit: 10 } }))).toBe(data);
    } finally {
      unsubscribe();
    }
  });

  test("a paged POST pages by a cursor in the body", async () => {
    const sent: Sent[] = [];
    const transport = transportOf(client, mock, sent, "tq-personal-token", features);
    const queryClient = new QueryClient();
    const data = await queryClient.fetchInfiniteQuery({ ...call(tanstack, "searchProductsInfiniteQueryOptions", transport, { body: { text: "x" } }), pages: 5 });
    expect(data.pages.flatMap((page) => (page as { data: unknown[] }).data)).toHaveLength(25);
    expect(data.pages).toHaveLength(3);
    expect(sent.map((request) => [request.method, request.status])).toEqual([["POST", 200], ["POST", 200], ["POST", 200]]);
  });

  test("a `link` paged operation gets query options but no infinite ones (its next page is in a header)", () => {
    expect(typeof tanstack.listByLinkQueryOptions).toBe("function");
    expect(tanstack.listByLinkInfiniteQueryOptions).toBeUndefined();
    expect(tanstack.watchCompletionQueryOptions).toBeUndefined(); // streamed: none
  });
});
