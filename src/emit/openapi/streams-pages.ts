// Streams and paging in the OpenAPI export. OpenAPI 3.1 has no word for either, so they travel as
// extensions: a streamed media type's `x-item-schema` (each item) and `x-sse-events` (each SSE
// event name's data), an operation's `x-pagination` and the document's `x-pagination` (the
// shared definitions). `toOpenApi32` turns the stream extensions into OpenAPI 3.2's `itemSchema`.
import type { MediaType, NamedType, Pagination } from "../../model/types.js";
import { streamFormat } from "../../shared/streams.js";
import { toSchema, type Schema } from "./schema.js";

export const ITEM_SCHEMA = "x-item-schema";
export const SSE_EVENTS = "x-sse-events";
export const PAGINATION = "x-pagination";

/** The stream extensions of one media type entry (none for a media type that does not stream). */
export function streamExtensions(media: MediaType, types: ReadonlyMap<string, NamedType>): Schema {
  const entry: Schema = {};
  if (media.items) entry[ITEM_SCHEMA] = toSchema(media.items, types);
  if (media.events) entry[SSE_EVENTS] = Object.fromEntries(media.events.map((event) => [event.name, toSchema(event.type, types)]));
  return entry;
}

/** An operation's `x-pagination`: `{ use }` (with what it overrides) or the whole paging. */
export function paginationExtension(pagination: Pagination, definitions: readonly (Pagination & { definition: string })[] | undefined): Schema {
  const definition = definitions?.find((d) => d.definition === pagination.definition);
  const own = paginationFields(pagination);
  if (!definition) return own;
  const base = paginationFields(definition);
  const overrides = Object.fromEntries(Object.entries(own).filter(([key, value]) => JSON.stringify(base[key]) !== JSON.stringify(value)));
  return { use: definition.definition, ...overrides };
}

/** The document's `x-pagination`: the shared definitions. */
export function paginationDefinitionsExtension(definitions: readonly (Pagination & { definition: string })[]): Schema[] {
  return definitions.map((definition) => ({ id: definition.definition, ...paginationFields(definition) }));
}

function paginationFields(pagination: Pagination): Schema {
  return {
    style: pagination.style,
    ...(pagination.items.length > 0 && { items: pagination.items.join(".") }),
    ...(pagination.next && { next: pagination.next.join(".") }),
    ...(pagination.cursor && { cursor: { ...pagination.cursor } }),
    ...(pagination.offset && { offset: { ...pagination.offset } }),
    ...(pagination.limit && { limit: { ...pagination.limit } }),
    ...(pagination.page && { page: { ...pagination.page } }),
  };
}

/**
 * The document as OpenAPI 3.2: each streamed media type's extensions become `itemSchema` (for
 * text/event-stream, the event's fields, its `data` JSON text described by `contentSchema`).
 */
export function toOpenApi32(document: Schema): Schema {
  const paths = document.paths as Record<string, Record<string, Schema>>;
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      if (typeof operation !== "object" || operation === null || !("responses" in operation)) continue;
      for (const response of Object.values(operation.responses as Record<string, Schema>)) {
        for (const [mediaType, entry] of Object.entries((response.content ?? {}) as Record<string, Schema>)) {
          if (!(ITEM_SCHEMA in entry) && !(SSE_EVENTS in entry)) continue;
          entry.itemSchema = streamFormat(mediaType) === "sse" ? sseItemSchema(entry) : entry[ITEM_SCHEMA];
          delete entry[ITEM_SCHEMA];
          delete entry[SSE_EVENTS];
        }
      }
    }
  }
  return { ...document, openapi: "3.2.0" };
}

function sseItemSchema(entry: Schema): Schema {
  const data = (schema: Schema | undefined): Schema =>
    schema === undefined || schema.type === "string"
      ? { type: "string" }
      : { type: "string", contentMediaType: "application/json", contentSchema: schema };
  const fields = {
    type: "object",
    required: ["data"],
    properties: { event: { type: "string" }, data: { type: "string" }, id: { type: "string" }, retry: { type: "integer", minimum: 0 } },
  };
  const events = Object.entries((entry[SSE_EVENTS] ?? {}) as Record<string, Schema>);
  const items = entry[ITEM_SCHEMA] as Schema | undefined;
  if (events.length === 0) return { ...fields, properties: { ...fields.properties, data: data(items) } };
  const variants: Schema[] = events.map(([name, schema]) => ({ required: ["event"], properties: { event: { const: name }, data: data(schema) } }));
  if (items !== undefined) variants.push({ properties: { event: { not: { enum: events.map(([name]) => name) } }, data: data(items) } });
  return { ...fields, oneOf: variants };
}
