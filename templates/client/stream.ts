// Streamed responses as typed async iterables: Server-Sent Events (text/event-stream), JSON Lines
// (application/jsonl, application/x-ndjson) and JSON text sequences (application/json-seq).
// Items are yielded as they arrive; what is held at once is one item (and the chunk it came in),
// never the stream. Opening the stream goes through the transport, so its retries, rate limits and
// timeout apply to the request; the body then runs until it ends, `break`, or the signal aborts.
import { onAbort } from "./abort.js";
import { systemClock } from "./clock.js";
import { ApiError } from "./errors.js";
import type { Operation } from "./descriptors.js";
import { streamRedactor, type CallOptions, type Transport } from "./transport.js";

/** One Server-Sent Event: its name (`message` when the server names none), id and parsed data. */
export interface ServerSentEvent<Name extends string = string, Data = unknown> {
  readonly event: Name;
  readonly data: Data;
  /** The event's `id`, else the last id the stream gave (undefined: none yet). */
  readonly id: string | undefined;
  /** The reconnection delay the event set, in ms (at most MAX_RECONNECT_MS), when it set one. */
  readonly retry?: number | undefined;
}

/** A streamed response: `for await (const item of stream)`; `break` ends the request. */
export interface ItemStream<T> extends AsyncIterable<T> {
  [Symbol.asyncIterator](): AsyncIterator<T, undefined, undefined>;
}

/** Per call of a streamed operation. */
export interface StreamOptions extends CallOptions {
  /** Largest item (an SSE event, a line, a JSON text), in bytes (default 16 MiB). A larger one fails as `too_large`. */
  maxItemBytes?: number | undefined;
  /**
   * Reconnections after the connection breaks mid-stream, with `Last-Event-ID` when events had ids
   * (default 3; only for text/event-stream operations that are safe to retry: GET, HEAD, OPTIONS or
   * marked idempotent). The count starts again with each event received.
   */
  reconnects?: number | undefined;
}

const DEFAULT_MAX_ITEM_BYTES = 16 * 1024 * 1024;
const DEFAULT_RECONNECT_MS = 1000;
/** The longest reconnection delay a `retry:` field sets (5 minutes): a larger one is clamped to it. */
export const MAX_RECONNECT_MS = 300_000;
const SAFE_METHODS = ["GET", "HEAD", "OPTIONS"];

const ACCEPT: Readonly<Record<string, string>> = {
  sse: "text/event-stream",
  jsonl: "application/jsonl, application/x-ndjson;q=0.9",
  "json-seq": "application/json-seq",
};

/** The items of `operation`'s streamed response to `args`, opened when iteration starts. */
export function openStream<T>(transport: Transport, operation: Operation, args: object | undefined, options: StreamOptions = {}): ItemStream<T> {
  return { [Symbol.asyncIterator]: () => readStream(transport, operation, args, options) as AsyncGenerator<T, undefined, undefined> };
}

async function* readStream(transport: Transport, operation: Operation, args: object | undefined, options: StreamOptions): AsyncGenerator<unknown, undefined, undefined> {
  const format = operation.stream?.format ?? "jsonl";
  const json = operation.stream?.data !== "text";
  const maxItemBytes = options.maxItemBytes ?? DEFAULT_MAX_ITEM_BYTES;
  const method = operation.route.split(" ")[0] ?? "GET";
  const resumable = format === "sse" && (SAFE_METHODS.includes(method) || operation.idempotent === true);
  const fail = (kind: "aborted" | "network" | "validation" | "too_large", detail: string, cause?: unknown): ApiError =>
    new ApiError({ kind, operationId: operation.id, method, url: operation.route, message: `${operation.id} ${operation.route}: ${detail}`, cause });
  const sse: SseState = { lastEventId: undefined, retryMs: DEFAULT_RECONNECT_MS };
  let reconnectsLeft = options.reconnects ?? 3;
  /** Items (SSE: events with data) read so far, across reconnections: a bad one is named by its number. */
  let count = 0;

  for (;;) {
    const headers: Record<string, string> = { ...options.headers, accept: ACCEPT[format] ?? "*/*" };
    if (sse.lastEventId !== undefined) headers["last-event-id"] = sse.lastEventId;
    const response = (await transport.send(operation, args, { ...options, headers })) as Response;
    if (!response.body) return undefined;
    const redact = streamRedactor(response);
    const parse = (text: string): unknown => parseJson(text, ++count, redact, fail);
    const reader = response.body.getReader();
    const { signal } = options;
    const stopListening = signal ? onAbort(signal, () => void reader.cancel(signal.reason).catch(() => undefined)) : undefined;
    let broken: unknown;
    try {
      const chunks = framed(reader, format, maxItemBytes);
      for (;;) {
        let next: IteratorResult<string | SseFields>;
        try {
          next = await chunks.next();
        } catch (thrown) {
          if (thrown instanceof ItemTooLarge) throw fail("too_large", `an item is larger than maxItemBytes (${maxItemBytes})`);
          if (signal?.aborted) throw fail("aborted", "aborted by the caller", signal.reason);
          broken = thrown;
          break;
        }
        if (next.done) {
          if (signal?.aborted) throw fail("aborted", "aborted by the caller", signal.reason);
          return undefined;
        }
        if (format === "sse") {
          const event = toEvent(next.value as SseFields, sse, json ? parse : undefined);
          if (event === undefined) continue;
          reconnectsLeft = options.reconnects ?? 3;
          yield event;
        } else {
          yield json ? parse(next.value as string) : next.value;
        }
      }
    } finally {
      stopListening?.();
      // `break`, an error or the end: the connection is let go (a no-op once the body is read).
      await reader.cancel().catch(() => undefined);
    }
    if (!resumable || reconnectsLeft <= 0) throw fail("network", "the stream broke off", broken);
    reconnectsLeft--;
    await systemClock.sleep(sse.retryMs, signal).catch((reason: unknown) => {
      throw fail("aborted", "aborted by the caller", reason);
    });
  }
}

interface SseState {
  lastEventId: string | undefined;
  retryMs: number;
}

/** The fields of one SSE event block, as sent (data lines joined by \n). */
interface SseFields {
  event?: string;
  data?: string;
  id?: string;
  retry?: string;
}

/** One event of the stream's fields, or undefined for a block without data (a comment, an id or retry only). */
function toEvent(fields: SseFields, state: SseState, parse: ((text: string) => unknown) | undefined): ServerSentEvent | undefined {
  if (fields.id !== undefined && !fields.id.includes("\u0000")) state.lastEventId = fields.id;
  // Clamped: setTimeout takes at most 2^31 - 1 ms, and waits any longer delay as 1 ms.
  const retry = fields.retry !== undefined && /^\d+$/.test(fields.retry) ? Math.min(Number(fields.retry), MAX_RECONNECT_MS) : undefined;
  if (retry !== undefined) state.retryMs = retry;
  if (fields.data === undefined) return undefined;
  const data = parse ? parse(fields.data) : fields.data;
  return { event: fields.event || "message", data, id: state.lastEventId, ...(retry !== undefined && { retry }) };
}

/** The longest part of a bad item a message quotes, in characters. */
const SNIPPET_CHARS = 60;

function parseJson(text: string, number: number, redact: (text: string) => string, fail: (kind: "validation", detail: string) => ApiError): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // No cause: the parser's message quotes the text unredacted.
    throw fail("validation", `item ${number} of the stream is not valid JSON: ${snippet(text, redact)}`);
  }
}

/**
 * The start of `text` for a message: redacted before it is shortened (so no part of a credential
 * is kept), then quoted with every control, format and line-separator character escaped.
 */
function snippet(text: string, redact: (text: string) => string): string {
  const shown = redact(text);
  // Cut between code points (a high surrogate at the cut goes with its pair).
  const end = /[\ud800-\udbff]/.test(shown.charAt(SNIPPET_CHARS - 1)) ? SNIPPET_CHARS - 1 : SNIPPET_CHARS;
  const cut = shown.length > SNIPPET_CHARS ? `${shown.slice(0, end)}...` : shown;
  return JSON.stringify(cut).replace(/[\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Thrown when one item outgrows maxItemBytes. */
export class ItemTooLarge extends Error {}

/**
 * The stream's items as text: each line (JSON Lines, blank lines skipped), each record (JSON text
 * sequences), or each event's fields (SSE, whose lines end in CRLF, LF or CR alone). Splits the
 * bytes (a separator byte never occurs inside a UTF-8 sequence) and decodes one item at a time: it
 * holds at most one item and one chunk.
 */
export async function* framed(reader: ReadableStreamDefaultReader<Uint8Array>, format: string, maxItemBytes: number): AsyncGenerator<string | SseFields> {
  const decoder = new TextDecoder();
  const separator = format === "json-seq" ? 0x1e : 0x0a;
  let fields: SseFields = {};
  /** The start of an item that a chunk ended in the middle of. */
  let parts: Uint8Array[] = [];
  let partsLength = 0;
  const piece = function* (line: string): Generator<string | SseFields> {
    if (format !== "sse") {
      const trimmed = line.trim();
      if (trimmed !== "") yield trimmed;
      return;
    }
    if (line === "") {
      if (Object.keys(fields).length > 0) yield fields;
      fields = {};
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const name = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (name === "data") fields.data = fields.data === undefined ? value : `${fields.data}\n${value}`;
    else if (name === "event" || name === "id" || name === "retry") fields[name] = value;
    if ((fields.data?.length ?? 0) > maxItemBytes) throw new ItemTooLarge();
  };
  const joined = (last: Uint8Array): Uint8Array => {
    if (partsLength === 0) return last;
    const whole = new Uint8Array(partsLength + last.byteLength);
    let at = 0;
    for (const part of [...parts, last]) {
      whole.set(part, at);
      at += part.byteLength;
    }
    parts = [];
    partsLength = 0;
    return whole;
  };
  // SSE: a CR ends a line too, and an LF right after it belongs to it (also in the next chunk).
  const sse = format === "sse";
  let afterCr = false;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    const bytes = chunk.value;
    if (bytes.byteLength === 0) continue;
    let start = afterCr && bytes[0] === 0x0a ? 1 : 0;
    afterCr = false;
    // The next separator and (SSE) the next CR, each searched again only once passed: one scan of the chunk.
    let lf = bytes.indexOf(separator, start);
    let cr = sse ? bytes.indexOf(0x0d, start) : -1;
    for (let end = lineEnd(lf, cr); end !== -1; end = lineEnd(lf, cr)) {
      if (partsLength + end - start > maxItemBytes) throw new ItemTooLarge();
      yield* piece(decoder.decode(joined(bytes.subarray(start, end))));
      start = end + 1;
      if (end === cr) {
        if (start === bytes.byteLength) afterCr = true;
        else if (bytes[start] === 0x0a) start++;
      }
      if (lf !== -1 && lf < start) lf = bytes.indexOf(separator, start);
      if (cr !== -1 && cr < start) cr = bytes.indexOf(0x0d, start);
    }
    if (start < bytes.byteLength) {
      parts.push(bytes.subarray(start));
      partsLength += bytes.byteLength - start;
      if (partsLength > maxItemBytes) throw new ItemTooLarge();
    }
  }
  if (partsLength > 0) yield* piece(decoder.decode(joined(new Uint8Array(0))));
  // A last event without its blank line is dropped, as EventSource does.
}

/** The first of two positions in a chunk, -1 meaning none. */
function lineEnd(lf: number, cr: number): number {
  return lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
}

/** The streamed operations among `bound` (createClient's module group) made to return their streams. */
export function bindStreams<T>(bound: T, transport: Transport, operations: readonly Operation[]): T {
  const methods = bound as Record<string, unknown>;
  for (const operation of operations) {
    methods[operation.id] = (args?: object, options?: StreamOptions) => openStream(transport, operation, args, options);
  }
  return bound;
}
