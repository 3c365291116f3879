// What the client says of streamed and paged operations: the stream item types, the descriptor fields
// (`stream`, `paging`) and the runtime files they need (copied only when the catalogue uses them).
import type { ApiModel, MediaType, OperationModel, Pagination, TypeNode } from "../../model/types.js";
import type { StreamFormat } from "../../shared/streams.js";
import { isStreamed, streamedResponse } from "../shared/streamed.js";
import { stringLiteral } from "../../shared/sinks.js";
import { typeText } from "../shared/ts-types.js";
import { CLIENT_RESPONSE_TYPES } from "./signature.js";

export const STREAM_RUNTIME = "client/runtime/stream.ts";
export const PAGING_RUNTIME = "client/runtime/paging.ts";

export interface StreamShape {
  format: StreamFormat;
  media: MediaType;
  /** Each item's type, e.g. `ServerSentEvent<"delta", Delta> | ServerSentEvent<"done", Done>`. */
  itemType: string;
  /** The catalogue types `itemType` names. */
  nodes: TypeNode[];
  /** How the runtime reads an item's data: JSON, or the text as it is (string items, undocumented SSE data). */
  data: "json" | "text";
}

const streamShapes = new WeakMap<OperationModel, StreamShape | null>();

/** The operation's streamed success response, if its first documented 2XX streams. */
export function streamShape(operation: OperationModel): StreamShape | undefined {
  let shape = streamShapes.get(operation);
  if (shape === undefined) {
    shape = computeStreamShape(operation) ?? null;
    streamShapes.set(operation, shape);
  }
  return shape ?? undefined;
}

function computeStreamShape(operation: OperationModel): StreamShape | undefined {
  const streamed = streamedResponse(operation);
  if (!streamed) return undefined;
  const { format, media } = streamed;
  const type = (node: TypeNode | undefined): string => (node ? typeText(node, CLIENT_RESPONSE_TYPES) : format === "sse" ? "string" : "unknown");
  if (format !== "sse") return { ...streamed, itemType: type(media.items) };
  const members = (media.events ?? []).map((event) => `ServerSentEvent<${stringLiteral(event.name)}, ${type(event.type)}>`);
  if (media.items !== undefined || members.length === 0) members.push(`ServerSentEvent<string, ${type(media.items)}>`);
  return { ...streamed, itemType: members.join(" | ") };
}

/** The descriptor's `stream` field. */
export function streamData(shape: StreamShape): string {
  return `stream: { format: ${stringLiteral(shape.format)}${shape.data === "text" ? ', data: "text"' : ""} }`;
}

/** The descriptor's `paging` field. */
export function pagingData(pagination: Pagination): string {
  const path = (parts: string[]): string => `[${parts.map(stringLiteral).join(", ")}]`;
  const fields = [`style: ${stringLiteral(pagination.style)}`, `items: ${path(pagination.items)}`];
  if (pagination.next) fields.push(`next: ${path(pagination.next)}`);
  for (const key of ["cursor", "offset", "limit", "page"] as const) {
    const place = pagination[key];
    if (place) fields.push(`${key}: { in: ${stringLiteral(place.in)}, name: ${stringLiteral(place.name)} }`);
  }
  return `paging: { ${fields.join(", ")} }`;
}

export function usesStreams(model: ApiModel): boolean {
  return model.modules.some((module) => module.operations.some(isStreamed));
}

export function usesPaging(model: ApiModel): boolean {
  return model.modules.some((module) => module.operations.some((operation) => operation.pagination !== undefined));
}
