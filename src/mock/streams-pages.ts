// The mock's streamed and paged operations. A streamed operation sends seeded items at a steady
// pace; a paged one holds a seeded list and serves it page by page in the style the catalogue
// declares, so a client's `.all()` walks it end to end and sees every item once.
import type { ApiModel, NamedType, OperationModel, PagingPlace, TypeNode } from "../model/types.js";
import { propertyOf } from "../model/type-lookup.js";
import { directed, directedTypes } from "../model/directed.js";
import { isJsonMediaType } from "../shared/media.js";
import { streamedResponse } from "../emit/shared/streamed.js";
import type { MockRuntime } from "./runtime.js";

export interface MockStreamOptions {
  /** Items a streamed operation sends (default 5). */
  streamItems?: number;
  /** Milliseconds between two streamed items (default 100). */
  streamIntervalMs?: number;
  /** Items a paged operation holds (default 25). */
  pageItems?: number;
  /** Page size when the request does not say (default 10). */
  pageSize?: number;
}

interface Context {
  query: unknown;
  body: unknown;
  request?: Request;
  operation: { status: number; path: string };
}

type Types = ReadonlyMap<string, NamedType>;

/** A streamed operation's items: for SSE, events cycling through the declared names. */
export function streamItems(operation: OperationModel, types: Types, seed: number, count: number, { operationSeed, sampleValue, seededRandom }: MockRuntime): unknown[] {
  const streamed = streamedResponse(operation);
  if (!streamed) return [];
  const random = seededRandom(operationSeed(seed, operation.id));
  const value = (node: TypeNode | undefined, index: number): unknown => (node ? sampleValue(directed(node, "response"), types, random) : streamed.format === "sse" ? `item ${index + 1}` : { n: index + 1 });
  const events = streamed.media.events ?? [];
  return Array.from({ length: count }, (_, index) => {
    if (streamed.format !== "sse") return value(streamed.media.items, index);
    const named = events.length > 0 && (streamed.media.items === undefined || index % (events.length + 1) < events.length) ? events[index % events.length] : undefined;
    return { ...(named && { event: named.name }), id: String(index + 1), data: value(named ? named.type : streamed.media.items, index) };
  });
}

/** The handler of a streamed operation: its items, one every `intervalMs`, resumed after a Last-Event-ID. */
export function streamHandler(operation: OperationModel, types: Types, seed: number, runtime: MockRuntime, options: MockStreamOptions): (context: Context) => AsyncIterable<unknown> {
  const items = streamItems(operation, types, seed, options.streamItems ?? 5, runtime);
  const interval = options.streamIntervalMs ?? 100;
  return (context) => {
    const last = Number(context.request?.headers.get("last-event-id") ?? 0);
    const from = Number.isInteger(last) && last > 0 ? last : 0;
    return (async function* () {
      for (let index = from; index < items.length; index++) {
        if (index > from) await new Promise((resolve) => setTimeout(resolve, interval));
        yield structuredClone(items[index]);
      }
    })();
  };
}

/** A paged operation's whole seeded list (what `.all()` against the mock yields, in order). */
export function pagedItems(operation: OperationModel, model: ApiModel, seed: number, count: number, { operationSeed, sampleValue, seededRandom }: MockRuntime): unknown[] {
  const types = directedTypes(model.types);
  const node = pageItemNode(operation, types);
  const random = seededRandom(operationSeed(seed, `${operation.id}#items`));
  return Array.from({ length: count }, (_, index) => {
    const item = node ? sampleValue(node, types, random) : { n: index + 1 };
    // A field `id` of a number or string type numbers the items, so a reader can tell them apart.
    if (item && typeof item === "object" && !Array.isArray(item) && "id" in item) {
      const id = (item as { id: unknown }).id;
      (item as { id: unknown }).id = typeof id === "number" ? index + 1 : typeof id === "string" ? `item-${index + 1}` : id;
    }
    return item;
  });
}

/** The handler of a paged operation: the slice the request asks for, with the next page's pointer. */
export function pagedHandler(operation: OperationModel, model: ApiModel, seed: number, runtime: MockRuntime, options: MockStreamOptions): (context: Context) => unknown {
  const paging = operation.pagination!;
  const types = directedTypes(model.types);
  const items = pagedItems(operation, model, seed, options.pageItems ?? 25, runtime);
  const pageSchema = successSchema(operation);
  const template = pageSchema ? runtime.sampleValue(pageSchema, types, runtime.seededRandom(runtime.operationSeed(seed, operation.id))) : undefined;
  const pointer = nextPointerName(operation);
  return (context) => {
    const size = positive(read(context, paging.limit)) ?? options.pageSize ?? 10;
    let start: number;
    switch (paging.style) {
      case "offset":
        start = Math.max(0, Number(read(context, paging.offset) ?? 0) || 0);
        break;
      case "page":
        start = (Math.max(1, Number(read(context, paging.page) ?? 1) || 1) - 1) * size;
        break;
      case "cursor":
        start = fromToken(read(context, paging.cursor));
        break;
      default:
        start = fromToken(queryOf(context)[pointer]);
    }
    const slice = items.slice(start, start + size).map((item) => structuredClone(item));
    const end = start + slice.length;
    const more = end < items.length;
    let page: unknown = paging.items.length === 0 ? slice : placeAt(structuredClone(template ?? {}), paging.items, slice);
    if (paging.style === "cursor" && paging.next) page = placeAt(page, paging.next, more ? `c${end}` : null);
    const nextUrl = `${context.operation.path}?${new URLSearchParams({ [pointer]: `c${end}` })}`;
    if (paging.style === "next-url" && paging.next) page = placeAt(page, paging.next, more ? nextUrl : null);
    if (paging.style === "link") {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (more) headers["link"] = `<${nextUrl}>; rel="next"`;
      return new Response(JSON.stringify(page), { status: context.operation.status, headers });
    }
    return page;
  };
}

/** The query parameter the mock's next URLs carry: the operation's first documented one, else `page_token`. */
function nextPointerName(operation: OperationModel): string {
  return operation.query?.[0]?.name ?? "page_token";
}

/** The success response's JSON type, as a response holds it (write-only fields left out). */
function successSchema(operation: OperationModel): TypeNode | undefined {
  const success = operation.responses?.find((response) => response.status.startsWith("2") && response.content.length > 0);
  const schema = success?.content.find((media) => isJsonMediaType(media.contentType))?.schema;
  return schema && directed(schema, "response");
}

function pageItemNode(operation: OperationModel, types: Types): TypeNode | undefined {
  const lookup = (name: string): TypeNode | undefined => types.get(name)?.type;
  let node = successSchema(operation);
  for (const key of operation.pagination?.items ?? []) node = node && propertyOf(node, key, lookup)?.type;
  while (node?.kind === "ref") node = lookup(node.name);
  return node?.kind === "array" ? node.items : undefined;
}

function queryOf(context: Context): Record<string, unknown> {
  return context.query && typeof context.query === "object" ? (context.query as Record<string, unknown>) : {};
}

function read(context: Context, place: PagingPlace | undefined): unknown {
  if (!place) return undefined;
  const holder = place.in === "query" ? context.query : context.body;
  return holder && typeof holder === "object" ? (holder as Record<string, unknown>)[place.name] : undefined;
}

function positive(value: unknown): number | undefined {
  const number = Number(value);
  return value !== undefined && Number.isInteger(number) && number > 0 ? number : undefined;
}

/** The mock's cursors are `c<offset>`. */
function fromToken(value: unknown): number {
  const match = typeof value === "string" ? /^c(\d+)$/.exec(value) : null;
  return match ? Number(match[1]) : 0;
}

/** `value` with `at` (a property path) set to `what`, objects made on the way. */
function placeAt(value: unknown, at: readonly string[], what: unknown): unknown {
  if (at.length === 0) return what;
  const holder = value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const [head, ...rest] = at;
  holder[head!] = placeAt(holder[head!], rest, what);
  return holder;
}
