// A handler's async iterable as a streamed response: each item framed as the operation's media
// type says (Server-Sent Events, JSON Lines, JSON text sequences) and sent as it comes. The next
// item is asked for only when the last one was taken (no buffering ahead), and when the client
// goes away the iterable is ended (`return()`: a generator's `finally` runs).

import type { RouteStream } from "./types.js";

export type { RouteStream };

/** One event a handler yields for text/event-stream. */
export interface SentEvent<Name extends string = string, Data = unknown> {
  /** Omit for the default `message`. */
  readonly event?: Name;
  readonly data: Data;
  readonly id?: string | undefined;
  /** The client's reconnection delay, in ms. */
  readonly retry?: number | undefined;
}

/** The response that streams `items`. */
export function streamResponse(items: AsyncIterable<unknown>, stream: RouteStream, status: number): Response {
  const iterator = items[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(frame(next.value, stream)));
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, {
    status,
    headers: { "content-type": stream.contentType, "cache-control": "no-cache", "x-accel-buffering": "no" },
  });
}

/** One item as its media type frames it. */
export function frame(item: unknown, stream: RouteStream): string {
  if (stream.format === "jsonl") return `${JSON.stringify(item)}\n`;
  if (stream.format === "json-seq") return `\u001e${JSON.stringify(item)}\n`;
  const event = (typeof item === "object" && item !== null ? item : { data: item }) as SentEvent;
  let text = "";
  if (event.event !== undefined && event.event !== "message") text += `event: ${oneLine(event.event)}\n`;
  if (event.id !== undefined) text += `id: ${oneLine(event.id)}\n`;
  if (event.retry !== undefined && Number.isInteger(event.retry) && event.retry >= 0) text += `retry: ${event.retry}\n`;
  const data = stream.data === "text" && typeof event.data === "string" ? event.data : JSON.stringify(event.data ?? null);
  for (const line of data.split(/\r\n|\r|\n/)) text += `data: ${line}\n`;
  return `${text}\n`;
}

/** A field value cannot hold a line break (it would start a field of its own). */
function oneLine(text: string): string {
  return text.replace(/[\r\n]/g, " ");
}
