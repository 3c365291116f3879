// Streamed responses: which media types carry a sequence of items, and how each is framed.
//
// `text/event-stream` (Server-Sent Events, WHATWG HTML 9.2): events with `event`, `id`, `data`.
// `application/jsonl` and `application/x-ndjson` (JSON Lines): one JSON text per line.
// `application/json-seq` (RFC 7464): each JSON text preceded by RS (0x1E) and ended by LF.
import { mediaEssence } from "./media.js";

export type StreamFormat = "sse" | "jsonl" | "json-seq";

const FORMATS: Readonly<Record<string, StreamFormat>> = {
  "text/event-stream": "sse",
  "application/jsonl": "jsonl",
  "application/x-ndjson": "jsonl",
  "application/json-seq": "json-seq",
};

/** The stream format of a media type, or undefined when a body of it is one value. */
export function streamFormat(contentType: string): StreamFormat | undefined {
  const essence = mediaEssence(contentType);
  return Object.hasOwn(FORMATS, essence) ? FORMATS[essence] : undefined;
}

/** The media types that stream, for messages. */
export const STREAM_MEDIA_TYPES: readonly string[] = Object.keys(FORMATS);
