// TanStack Query v5 options over the generated client, for any adapter (React, Vue, Solid, Svelte,
// Angular, or a bare QueryClient): plain objects typed with @tanstack/query-core's types only, so
// this file imports nothing at run time. The generated <module>.ts files build them per operation.
import type { DataTag, InfiniteData, QueryFunctionContext, QueryKey } from "@tanstack/query-core";

/**
 * TanStack's `retry` for the generated options: never. The client's transport already retried the
 * call as its `retries()` feature says (429, 5xx and network errors, with backoff, honouring
 * `Retry-After`, within its rate limits), so a failure that reaches TanStack is final; retrying it
 * again would multiply the attempts and step around the rate limits. A function rather than
 * `false` so that adapters infer the error type from its parameter.
 */
export function noRetry<TError>(_failureCount: number, _error: TError): boolean {
  return false;
}

/** `noRetry`'s type, for an operation whose failures are `TError`. */
export type ClientRetry<TError> = (failureCount: number, error: TError) => boolean;

/** A query's options: what `fetchQuery`, `useQuery`, `prefetchQuery` and the like take. */
export interface OperationQueryOptions<TData, TError, TKey extends QueryKey> {
  /** Typed: `queryClient.getQueryData(options.queryKey)` is `TData | undefined`. */
  queryKey: DataTag<TKey, TData, TError>;
  queryFn: (context: QueryFunctionContext<TKey>) => Promise<TData>;
  retry: ClientRetry<TError>;
}

/** An infinite query's options: each page a call with the arguments `getNextPageParam` derived. */
export interface OperationInfiniteQueryOptions<TPage, TError, TKey extends QueryKey, TArgs> {
  queryKey: DataTag<TKey, InfiniteData<TPage, TArgs>, TError>;
  queryFn: (context: QueryFunctionContext<TKey, TArgs>) => Promise<TPage>;
  /** The first page's arguments: those given. */
  initialPageParam: TArgs;
  /** The next page's arguments, from the last page as the catalogue's paging says; undefined after the last page. */
  getNextPageParam: (lastPage: TPage, allPages: TPage[], lastPageParam: TArgs, allPageParams: TArgs[]) => TArgs | undefined;
  retry: ClientRetry<TError>;
}

/** A mutation's options: what `useMutation` and `MutationObserver` take. */
export interface OperationMutationOptions<TData, TError, TArgs, TKey extends QueryKey> {
  mutationKey: TKey;
  mutationFn: (args: TArgs) => Promise<TData>;
  retry: ClientRetry<TError>;
}

/** The options of a query whose key is `queryKey`; `call` gets TanStack's abort signal. */
export function queryOptionsOf<TData, TError, TKey extends QueryKey>(
  queryKey: TKey,
  call: (signal: AbortSignal) => Promise<TData>,
): OperationQueryOptions<TData, TError, TKey> {
  return { queryKey: queryKey as DataTag<TKey, TData, TError>, queryFn: ({ signal }) => call(signal), retry: noRetry };
}

/** When each page arrived (by the page's object), and how soon the page after it may be asked for. */
const answeredAt = new WeakMap<object, number>();
const notBefore = new WeakMap<object, number>();

/**
 * The options of an infinite query from `args` on. `next` gives the arguments of the page after a
 * page (undefined: it was the last); a server that hands back a page already fetched ends it too.
 *
 * `spacingMs` (the strictest interval of the operation's rate limits): a next page is asked for no
 * sooner than that after the previous page's response arrived. The server counted the previous
 * request before answering it, so however the network delays the next one, the server sees them at
 * least an interval apart (what the client's own `.pages()` does).
 */
export function infiniteQueryOptionsOf<TPage, TError, TKey extends QueryKey, TArgs>(
  queryKey: TKey,
  args: TArgs,
  next: (page: TPage, args: TArgs) => TArgs | undefined,
  call: (args: TArgs, signal: AbortSignal) => Promise<TPage>,
  spacingMs = 0,
): OperationInfiniteQueryOptions<TPage, TError, TKey, TArgs> {
  return {
    queryKey: queryKey as DataTag<TKey, InfiniteData<TPage, TArgs>, TError>,
    // QueryFunctionContext<TKey, TArgs> stays unresolved inside this generic function.
    queryFn: async ({ pageParam, signal }) => {
      const param = pageParam as TArgs;
      const from = typeof param === "object" && param !== null ? notBefore.get(param) : undefined;
      if (from !== undefined) await pauseUntil(from, signal);
      const page = await call(param, signal);
      if (spacingMs > 0 && typeof page === "object" && page !== null) answeredAt.set(page, Date.now());
      return page;
    },
    initialPageParam: args,
    getNextPageParam: (lastPage, _allPages, lastPageParam, allPageParams) => {
      const following = next(lastPage, lastPageParam);
      if (following === undefined) return undefined;
      const seen = JSON.stringify(following);
      if (allPageParams.some((param) => JSON.stringify(param) === seen)) return undefined;
      const at = typeof lastPage === "object" && lastPage !== null ? answeredAt.get(lastPage) : undefined;
      if (at !== undefined && typeof following === "object" && following !== null) notBefore.set(following, at + spacingMs);
      return following;
    },
    retry: noRetry,
  };
}

/** Waits until `time` (Date.now()); the signal ends the wait with its reason. */
async function pauseUntil(time: number, signal: AbortSignal): Promise<void> {
  // A timer may fire a millisecond before Date.now() says its time has come: wait out the rest.
  for (let left = time - Date.now(); ; left = time - Date.now()) {
    if (signal.aborted) throw signal.reason;
    if (left <= 0) return;
    await sleep(left, signal);
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", aborted);
      resolve();
    }, ms);
    signal.addEventListener("abort", aborted, { once: true });
  });
}

/** The options of a mutation keyed `mutationKey`. */
export function mutationOptionsOf<TData, TError, TArgs, TKey extends QueryKey>(
  mutationKey: TKey,
  call: (args: TArgs) => Promise<TData>,
): OperationMutationOptions<TData, TError, TArgs, TKey> {
  return { mutationKey, mutationFn: call, retry: noRetry };
}
