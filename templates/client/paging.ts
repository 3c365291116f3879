// Auto-pagination: every page (`pages`) or every item (`all`) of a list operation, by the paging
// style the catalogue declares. Each page is one call through the transport, so the operation's
// rate limits and limit groups pace the pages (they wait for the bucket) and retries apply to each.
import { systemClock } from "./clock.js";
import { readBody } from "./encoding.js";
import { ApiError } from "./errors.js";
import type { Operation, PagingData, PagingPlace } from "./descriptors.js";
import type { CallOptions, Transport } from "./transport.js";

/** Per iteration: the options of each page's call, and where to stop early. */
export interface PageOptions extends CallOptions {
  /** Stop after this many pages. */
  maxPages?: number | undefined;
  /** Stop after this many items (`all`; `pages` stops after the page that reaches it). */
  maxItems?: number | undefined;
}

/**
 * A paged operation: its call (`Call`, resolving to one page) with `.all` and `.pages`, which take
 * `Args` and page options. A page is the call's own result type and an item is read from it at
 * `Items` (the catalogue's `items` path): neither is a second copy of the page's type, which
 * TypeScript may find not assignable to the first (TS2719, TS2379 under exactOptionalPropertyTypes).
 */
export type Paged<Call extends (...args: never) => Promise<unknown>, Args extends unknown[], Items extends readonly string[]> = Call & {
  /** Every item of every page, in order, fetched as the loop asks (the operation's rate limits pace the pages). */
  all(...args: [...Args, options?: PageOptions]): AsyncIterableIterator<PageItem<Awaited<ReturnType<Call>>, Items>>;
  /** Every page, in order. */
  pages(...args: [...Args, options?: PageOptions]): AsyncIterableIterator<Awaited<ReturnType<Call>>>;
};

/** The element type of the array at `Path` in `Page` (unknown where there is none). */
export type PageItem<Page, Path extends readonly string[]> = Path extends readonly [infer Key extends string, ...infer Rest extends readonly string[]]
  ? PageItem<Key extends keyof NonNullable<Page> ? NonNullable<Page>[Key] : unknown, Rest>
  : NonNullable<Page> extends ReadonlyArray<infer Item>
    ? Item
    : unknown;

interface Args {
  query?: Record<string, unknown>;
  body?: unknown;
  [name: string]: unknown;
}

/** The pages of `operation` from `args` on, until the last (an empty page, no next cursor or link). */
export async function* pages<P = unknown>(transport: Transport, operation: Operation, args: object | undefined, options: PageOptions = {}): AsyncGenerator<P, undefined, undefined> {
  const paging = operation.paging;
  if (!paging) throw new TypeError(`${operation.id} does not page`);
  const { maxPages, maxItems, ...callOptions } = options;
  let current: Args = { ...(args as Args | undefined) };
  let pageCount = 0;
  let itemCount = 0;
  const seen = new Set<string>();
  // One page per interval of the strictest limit, counted from the previous page's response: the
  // server counted that request before answering it, so however the network delays the next one,
  // the server sees the pages at least an interval apart and its bucket never runs dry.
  const spacing = Math.max(0, ...(operation.limits ?? []).map((limit) => limit.intervalMs));
  let answeredAt: number | undefined;
  for (;;) {
    if (maxPages !== undefined && pageCount >= maxPages) return undefined;
    if (maxItems !== undefined && itemCount >= maxItems) return undefined;
    if (answeredAt !== undefined && spacing > 0) await pauseUntil(answeredAt + spacing, operation, callOptions.signal);
    let page: P;
    let link: string | null = null;
    if (paging.style === "link") {
      const response = (await transport.send({ ...operation, unread: true }, current, callOptions)) as Response;
      link = response.headers.get("link");
      page = (await readBody(response, operation.route.split(" ")[0] ?? "GET", 0)) as P;
    } else {
      page = (await transport.send(operation, current, callOptions)) as P;
    }
    answeredAt = Date.now();
    pageCount++;
    const items = itemsOf(page, paging);
    itemCount += items.length;
    yield page;
    if (items.length === 0) return undefined;
    const next = nextArgs(current, page, items.length, paging, link);
    if (next === undefined) return undefined;
    // A server that hands back the same next page again would keep the loop going forever.
    const key = JSON.stringify(next);
    if (seen.has(key)) return undefined;
    seen.add(key);
    current = next;
  }
}

async function pauseUntil(time: number, operation: Operation, signal: AbortSignal | undefined): Promise<void> {
  try {
    if (signal?.aborted) throw signal.reason;
    // A timer may fire a millisecond before Date.now() says its time has come: wait out the rest.
    for (let left = time - Date.now(); left > 0; left = time - Date.now()) await systemClock.sleep(left, signal);
  } catch (reason) {
    const [method = "GET"] = operation.route.split(" ");
    throw new ApiError({ kind: "aborted", operationId: operation.id, method, url: operation.route, message: `${operation.id} ${operation.route}: aborted by the caller`, cause: reason });
  }
}

/** Every item of every page. */
export async function* allItems<I = unknown>(transport: Transport, operation: Operation, args: object | undefined, options: PageOptions = {}): AsyncGenerator<I, undefined, undefined> {
  const paging = operation.paging!;
  let count = 0;
  for await (const page of pages(transport, operation, args, options)) {
    for (const item of itemsOf(page, paging)) {
      if (options.maxItems !== undefined && count >= options.maxItems) return undefined;
      count++;
      yield item as I;
    }
  }
  return undefined;
}

/**
 * The arguments of the page after `page`, fetched with `current`, or undefined when `page` is the
 * last (an empty page, no next cursor, a short page): what `pages` does between two pages, for a
 * caller that fetches page by page itself (TanStack Query's getNextPageParam). Not for `link`
 * paging, whose next page is in a response header.
 */
export function nextPageArgs<A extends object>(operation: Operation, current: A, page: unknown): A | undefined {
  const paging = operation.paging;
  if (!paging || paging.style === "link") return undefined;
  const received = itemsOf(page, paging).length;
  return received === 0 ? undefined : (nextArgs(current as Args, page, received, paging, null) as A | undefined);
}

/** The array at `paging.items` in a page ([] when it is not an array). */
export function itemsOf(page: unknown, paging: PagingData): readonly unknown[] {
  const found = at(page, paging.items);
  return Array.isArray(found) ? found : [];
}

/** The arguments of the page after `page`, or undefined when `page` is the last. */
export function nextArgs(current: Args, page: unknown, received: number, paging: PagingData, link: string | null): Args | undefined {
  switch (paging.style) {
    case "cursor": {
      const cursor = at(page, paging.next ?? []);
      if (cursor === undefined || cursor === null || cursor === "" || !paging.cursor) return undefined;
      return placed(current, paging.cursor, cursor);
    }
    case "offset": {
      if (!paging.offset || shortPage(current, received, paging)) return undefined;
      const offset = Number(read(current, paging.offset) ?? 0);
      return placed(current, paging.offset, offset + received);
    }
    case "page": {
      if (!paging.page || shortPage(current, received, paging)) return undefined;
      const number = Number(read(current, paging.page) ?? 1);
      return placed(current, paging.page, number + 1);
    }
    case "next-url": {
      const url = at(page, paging.next ?? []);
      return typeof url === "string" && url !== "" ? withQueryOf(current, url) : undefined;
    }
    case "link": {
      const url = link === null ? undefined : nextLink(link);
      return url === undefined ? undefined : withQueryOf(current, url);
    }
  }
}

/** A page with fewer items than the `limit` the request asked for is the last. */
function shortPage(current: Args, received: number, paging: PagingData): boolean {
  const limit = paging.limit ? Number(read(current, paging.limit)) : NaN;
  return Number.isFinite(limit) && received < limit;
}

function read(args: Args, place: PagingPlace): unknown {
  const holder = place.in === "query" ? args.query : args.body;
  return holder && typeof holder === "object" ? (holder as Record<string, unknown>)[place.name] : undefined;
}

function placed(args: Args, place: PagingPlace, value: unknown): Args {
  const key = place.in === "query" ? "query" : "body";
  const holder = args[key];
  return { ...args, [key]: { ...(holder && typeof holder === "object" ? holder : {}), [place.name]: value } };
}

/**
 * The next page's arguments from its URL: its query, sent to the same operation through the
 * transport, so the request goes to the client's own base URL whatever host the URL names (the
 * token never travels elsewhere).
 */
function withQueryOf(args: Args, url: string): Args {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of new URL(url, "http://base.invalid/").searchParams) {
    const before = query[name];
    query[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return { ...args, query };
}

/** The `rel="next"` URL of a Link header (RFC 8288), if any. */
export function nextLink(header: string): string | undefined {
  for (const match of header.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+)*)/g)) {
    const rel = /;\s*rel\s*=\s*"?([^";,]+)"?/i.exec(match[2] ?? "")?.[1];
    if (rel?.toLowerCase().split(/\s+/).includes("next")) return match[1];
  }
  return undefined;
}

function at(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== "object" || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The paged operations among `bound` (createClient's module group) given `.all()` and `.pages()`. */
export function bindPaging<T>(bound: T, transport: Transport, operations: readonly Operation[]): T {
  const methods = bound as Record<string, object>;
  for (const operation of operations) {
    Object.assign(methods[operation.id]!, {
      all: (args?: object, options?: PageOptions) => allItems(transport, operation, args, options),
      pages: (args?: object, options?: PageOptions) => pages(transport, operation, args, options),
    });
  }
  return bound;
}
