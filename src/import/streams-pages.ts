// Streams and paging from an OpenAPI document: OpenAPI 3.2's `itemSchema` and catalogen's
// `x-item-schema` / `x-sse-events` on streamed media types; catalogen's `x-pagination` (and the
// document's shared definitions), Speakeasy's `x-speakeasy-pagination` and Fern's
// `x-fern-pagination` on operations. List operations that look paged but declare nothing are reported.
import type { RawOperation, RawPagination, RawPagingPlace, RawType } from "../load/raw.js";
import { PAGINATION_STYLES } from "../model/types.js";
import { streamFormat } from "../shared/streams.js";
import type { ImportReport } from "./report.js";
import { at, isObject, type DocumentSet, type Place } from "./read.js";

/** The operation keys read here (not reported as lost vendor extensions). */
export const PAGING_EXTENSIONS: readonly string[] = ["x-pagination", "x-speakeasy-pagination", "x-fern-pagination"];
/** The media type keys read here. */
export const STREAM_KEYS: readonly string[] = ["itemSchema", "x-item-schema", "x-sse-events"];

type Convert = (place: Place) => RawType;

/** `items` / `events` of a media type entry, from whichever form the document uses. */
export function streamContent(mediaType: string, media: Record<string, unknown>, place: Place, convert: Convert): { items?: RawType; events?: Record<string, RawType> } {
  const format = streamFormat(mediaType);
  const result: { items?: RawType; events?: Record<string, RawType> } = {};
  if (format === undefined) return result;
  if ("x-item-schema" in media) result.items = convert(at(place, "x-item-schema"));
  if (format === "sse" && isObject(media["x-sse-events"])) {
    result.events = Object.fromEntries(Object.keys(media["x-sse-events"]).map((name) => [name, convert(at(place, "x-sse-events", name))]));
  }
  if (!("itemSchema" in media) || "x-item-schema" in media || "x-sse-events" in media) return result;
  if (format !== "sse") return { items: convert(at(place, "itemSchema")) };
  // OpenAPI 3.2: the event's fields; `data` is a string, JSON where it names a contentSchema.
  const item = media.itemSchema;
  const dataOf = (variant: unknown, variantPlace: Place): RawType => {
    const data = isObject(variant) && isObject(variant.properties) ? variant.properties.data : undefined;
    return isObject(data) && "contentSchema" in data ? convert(at(variantPlace, "properties", "data", "contentSchema")) : { type: "string" };
  };
  if (isObject(item) && Array.isArray(item.oneOf)) {
    const events: Record<string, RawType> = {};
    item.oneOf.forEach((variant, index) => {
      const variantPlace = at(place, "itemSchema", "oneOf", index);
      const event = isObject(variant) && isObject(variant.properties) && isObject(variant.properties.event) ? variant.properties.event.const : undefined;
      if (typeof event === "string") events[event] = dataOf(variant, variantPlace);
      else result.items = dataOf(variant, variantPlace);
    });
    if (Object.keys(events).length > 0) result.events = events;
    return result;
  }
  return { items: dataOf(item, at(place, "itemSchema")) };
}

/** api.pagination from the document's `x-pagination` (catalogen's export). */
export function paginationDefinitions(root: Record<string, unknown>): (RawPagination & { id: string })[] {
  const list = root["x-pagination"];
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    if (!isObject(entry) || typeof entry.id !== "string") return [];
    const paging = ownPagination(entry);
    return paging ? [{ id: entry.id, ...paging }] : [];
  });
}

/**
 * The operation's paging from its extensions, checked against what it declares (a place in a
 * query parameter it does not declare, or in the body of a GET, is reported and the paging left out).
 */
export function readPagination(docs: DocumentSet, report: ImportReport, operation: Record<string, unknown>, place: Place, raw: RawOperation, definitions: ReadonlyMap<string, RawPagination>): RawPagination | undefined {
  const key = PAGING_EXTENSIONS.find((name) => name in operation);
  if (key === undefined) {
    reportUnpaged(docs, report, place, raw);
    return undefined;
  }
  const value = operation[key];
  const paging = key === "x-pagination" ? ownPagination(value) : key === "x-speakeasy-pagination" ? speakeasy(value) : fern(value);
  const pointer = docs.pointer(at(place, key));
  if (!paging) {
    report.lost(pointer, `${key}: a form the importer does not read`, `${key} (not read)`);
    return undefined;
  }
  if (paging.use !== undefined && !definitions.has(paging.use)) {
    report.lost(pointer, `${key}: use "${paging.use}" names no definition of the document's x-pagination`);
    return undefined;
  }
  const merged: RawPagination = { ...(paging.use !== undefined ? definitions.get(paging.use) : {}), ...paging };
  const query = raw.parameters?.filter((p) => p.in === "query").map((p) => p.name);
  for (const field of ["cursor", "offset", "limit", "page"] as const) {
    const placed = merged[field];
    if (!placed) continue;
    if ((placed.in === "query" && query !== undefined && !query.includes(placed.name)) || (placed.in === "body" && (raw.method === "GET" || raw.method === "HEAD"))) {
      report.lost(pointer, `${key}: the ${field} goes in ${placed.in} "${placed.name}", which the operation does not declare (the paging is left out)`);
      return undefined;
    }
  }
  if (key !== "x-pagination") report.derive(pointer, `pagination (${merged.style ?? "cursor"}) from ${key}`);
  return paging;
}

/** Query parameters whose names say the operation pages. */
const PAGING_PARAMETER = /^(cursor|page|page_?token|offset|after|starting_?after|next_?token|continuation_?token|page_?number)$/i;

function reportUnpaged(docs: DocumentSet, report: ImportReport, place: Place, raw: RawOperation): void {
  if (raw.method !== "GET") return;
  const hint = raw.parameters?.find((p) => p.in === "query" && PAGING_PARAMETER.test(p.name));
  if (hint) report.advise(docs.pointer(place), `looks paged (query parameter ${hint.name}) but declares no pagination: add pagination to the operation in the catalogue`);
}

function ownPagination(value: unknown): RawPagination | undefined {
  if (!isObject(value)) return undefined;
  const style = value.style;
  if (style !== undefined && !(PAGINATION_STYLES as readonly unknown[]).includes(style)) return undefined;
  const result: RawPagination = {};
  if (typeof value.use === "string") result.use = value.use;
  if (style !== undefined) result.style = style as NonNullable<RawPagination["style"]>;
  if (typeof value.items === "string") result.items = value.items;
  if (typeof value.next === "string") result.next = value.next;
  for (const field of ["cursor", "offset", "limit", "page"] as const) {
    const placed = pagingPlace(value[field]);
    if (placed) result[field] = placed;
  }
  return result.use === undefined && result.style === undefined ? undefined : result;
}

function pagingPlace(value: unknown): RawPagingPlace | undefined {
  return isObject(value) && (value.in === "query" || value.in === "body") && typeof value.name === "string" && value.name !== "" ? { in: value.in, name: value.name } : undefined;
}

/** `$.data.items` -> `data.items`; `$` -> "" (the body). Undefined for anything but a plain path. */
function jsonPath(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^\$((?:\.[A-Za-z0-9_-]+)*)$/.exec(value.trim());
  return match ? match[1]!.slice(1) : undefined;
}

/** Speakeasy: `{ type: cursor | offsetLimit | url, inputs: [{ name, in: parameters | requestBody, type }], outputs: { results, nextCursor, nextUrl } }`. */
function speakeasy(value: unknown): RawPagination | undefined {
  if (!isObject(value) || !isObject(value.outputs)) return undefined;
  const inputs = Array.isArray(value.inputs) ? value.inputs.filter(isObject) : [];
  const input = (type: string): RawPagingPlace | undefined => {
    const found = inputs.find((entry) => entry.type === type && typeof entry.name === "string");
    return found ? { in: found.in === "requestBody" ? "body" : "query", name: found.name as string } : undefined;
  };
  const items = jsonPath(value.outputs.results);
  const result: RawPagination = { ...(items && { items }) };
  const limit = input("limit");
  if (limit) result.limit = limit;
  switch (value.type) {
    case "cursor": {
      const cursor = input("cursor");
      const next = jsonPath(value.outputs.nextCursor);
      return cursor && next !== undefined ? { ...result, style: "cursor", cursor, next } : undefined;
    }
    case "offsetLimit": {
      const page = input("page");
      if (page) return { ...result, style: "page", page };
      const offset = input("offset");
      return offset ? { ...result, style: "offset", offset } : undefined;
    }
    case "url": {
      const next = jsonPath(value.outputs.nextUrl);
      return next ? { ...result, style: "next-url", next } : undefined;
    }
    default:
      return undefined;
  }
}

/** Fern: `{ cursor: $request.x, next_cursor: $response.y, results: $response.z }` or `{ offset: $request.page, results }`. */
function fern(value: unknown): RawPagination | undefined {
  if (!isObject(value)) return undefined;
  const request = (text: unknown): RawPagingPlace | undefined => {
    const match = typeof text === "string" ? /^\$request\.([A-Za-z0-9_-]+)$/.exec(text) : null;
    return match ? { in: "query", name: match[1]! } : undefined;
  };
  const response = (text: unknown): string | undefined => {
    const match = typeof text === "string" ? /^\$response((?:\.[A-Za-z0-9_-]+)*)$/.exec(text) : null;
    return match ? match[1]!.slice(1) : undefined;
  };
  const items = response(value.results);
  const base: RawPagination = { ...(items && { items }) };
  const cursor = request(value.cursor);
  const next = response(value.next_cursor);
  if (cursor && next !== undefined) return { ...base, style: "cursor", cursor, next };
  const offset = request(value.offset);
  if (offset) return /page/i.test(offset.name) ? { ...base, style: "page", page: offset } : { ...base, style: "offset", offset };
  return undefined;
}
