// An operation's streamed success response, as every target sees it: its framing, its media type,
// whether SSE data is text or JSON, and the catalogue types of its items.
import type { MediaType, OperationModel, TypeNode } from "../../model/types.js";
import { streamFormat, type StreamFormat } from "../../shared/streams.js";

export interface StreamedResponse {
  format: StreamFormat;
  media: MediaType;
  /** How SSE data travels: text when every declared type is a string (or none is declared), else JSON. */
  data: "json" | "text";
  /** The declared item and event types. */
  nodes: TypeNode[];
}

/** Whether {@link streamedResponse} finds a stream, without describing it (asked of every operation on every run). */
export function isStreamed(operation: OperationModel): boolean {
  const success = operation.responses?.find((response) => response.status.startsWith("2") && response.content.length > 0);
  return success !== undefined && success.content.some((candidate) => streamFormat(candidate.contentType) !== undefined);
}

/** The streamed media type of the operation's first 2XX response with content, if it streams. */
export function streamedResponse(operation: OperationModel): StreamedResponse | undefined {
  const success = operation.responses?.find((response) => response.status.startsWith("2") && response.content.length > 0);
  const media = success?.content.find((candidate) => streamFormat(candidate.contentType) !== undefined);
  if (!media) return undefined;
  const format = streamFormat(media.contentType)!;
  const nodes = [...(media.items ? [media.items] : []), ...(media.events ?? []).map((event) => event.type)];
  const data = format === "sse" && nodes.every((node) => node.kind === "string") ? "text" : "json";
  return { format, media, data, nodes };
}
