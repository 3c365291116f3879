// Adapter for node:http (and anything with the same request/response shape). It uses no Node
// import at all: the shapes below are what it needs from IncomingMessage and ServerResponse, so
// the rest of the server type-checks without @types/node.
//
// A handler made by createRequestHandler carries its pipeline (handler.ts): node's request goes
// to it directly, a web `Request` is made only for a handler that reads `context.request`, and an
// answer the pipeline made itself is written without a web `Response`. Any other web-standard
// handler gets a `Request` and its `Response` is streamed back.
import { BodyTooLargeError, declaredTooLarge, joinChunks } from "./body.js";
import { PIPELINE, type PipelineCarrier } from "./handler.js";
import type { Answer, Incoming, Pipeline, PlainAnswer } from "./types.js";

/** What the adapter uses of `http.IncomingMessage`. */
export interface NodeRequestLike {
  method?: string | undefined;
  url?: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  // One overload per event (not one signature over a union of them): @types/node 25 and later type
  // `on` through an event map, and only per-event signatures match it (TS2769 otherwise).
  on(event: "data", listener: (chunk: Uint8Array | string) => void): unknown;
  on(event: "end", listener: () => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  pause(): unknown;
  resume(): unknown;
}

/** What the adapter uses of `http.ServerResponse`. */
export interface NodeResponseLike {
  readonly writableEnded: boolean;
  readonly destroyed?: boolean;
  writeHead(status: number, statusText: string | undefined, headers: Record<string, string | string[]>): unknown;
  write(chunk: Uint8Array): boolean;
  end(chunk?: string | Uint8Array): unknown;
  once(event: "drain" | "close", listener: () => void): unknown;
  destroy(error?: Error): unknown;
}

/** A `(req, res)` listener for `http.createServer` that runs a web-standard request handler. */
export function toNodeHandler(
  handle: (request: Request) => Promise<Response>,
): (req: NodeRequestLike, res: NodeResponseLike) => void {
  const pipeline = (handle as PipelineCarrier)[PIPELINE];
  return (req, res) => {
    const method = (req.method ?? "GET").toUpperCase();
    const incoming = pipeline && PIPELINE_METHODS.has(method) ? nodeIncoming(req, res, method) : undefined;
    if (pipeline && incoming) serveIncoming(pipeline, incoming, res);
    else void serve(handle, req, res);
  };
}

/** The methods a route can have; anything else (e.g. TRACE) goes through a web Request, which refuses some. */
const PIPELINE_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Undefined for a request target that is no URL at all: the web path answers it (400), as before. */
function nodeIncoming(req: NodeRequestLike, res: NodeResponseLike, method: string): NodeIncoming | undefined {
  try {
    return new NodeIncoming(req, res, method);
  } catch {
    return undefined;
  }
}

function serveIncoming(pipeline: Pipeline, incoming: NodeIncoming, res: NodeResponseLike): void {
  let answer: Answer | Promise<Answer>;
  try {
    answer = pipeline(incoming);
  } catch {
    answer = internalError();
  }
  // Written at once when the pipeline answered at once: node is still in its `request` event.
  if (answer instanceof Promise) {
    answer.then(
      (value) => send(value, incoming, res),
      () => send(internalError(), incoming, res),
    );
  } else send(answer, incoming, res);
}

/** The answer when the pipeline itself failed (it answers every error of the request itself). */
function internalError(): PlainAnswer {
  return { status: 500, statusText: undefined, headers: {}, body: null };
}

function send(answer: Answer, incoming: NodeIncoming, res: NodeResponseLike): void {
  try {
    if (answer instanceof Response) {
      writeResponse(answer, res, incoming.unread(), incoming.signal()).catch((error: unknown) => destroy(res, error));
    } else {
      writeAnswer(answer, res, incoming.unread());
    }
  } catch (error) {
    destroy(res, error);
  }
}

function destroy(res: NodeResponseLike, error: unknown): void {
  res.destroy(error instanceof Error ? error : undefined);
}

async function serve(
  handle: (request: Request) => Promise<Response>,
  req: NodeRequestLike,
  res: NodeResponseLike,
): Promise<void> {
  const aborted = abortOnClose(res);
  const body = { done: false };
  const hasBody = requestHasBody(req, (req.method ?? "GET").toUpperCase());
  try {
    let request: Request | undefined;
    try {
      request = toRequest(req, hasBody ? bodyStream(req, body) : undefined, aborted.signal);
    } catch {
      // Not expressible as a web Request (e.g. a forbidden method such as CONNECT).
    }
    let response: Response;
    try {
      response = request ? await handle(request) : new Response(null, { status: 400 });
    } catch {
      response = new Response(null, { status: 500 });
    }
    await writeResponse(response, res, hasBody && !body.done, aborted.signal);
  } catch (error) {
    destroy(res, error);
  }
}

/** Aborts when the client goes away before the answer is complete. */
function abortOnClose(res: NodeResponseLike): AbortController {
  const aborted = new AbortController();
  if (res.destroyed === true && !res.writableEnded) aborted.abort();
  else {
    res.once("close", () => {
      if (!res.writableEnded) aborted.abort();
    });
  }
  return aborted;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}

function requestHasBody(req: NodeRequestLike, method: string): boolean {
  return (
    method !== "GET" &&
    method !== "HEAD" &&
    (req.headers["transfer-encoding"] !== undefined || Number(headerValue(req.headers["content-length"]) ?? 0) > 0)
  );
}

/** A request target whose path `new URL` keeps as it is: no dot segments, nothing it would encode or resolve. */
const PLAIN_TARGET = /^\/(?![/\\])[^\s\u0000-\u001f"#<>\\^`{|}\u007f-\uffff]*$/;
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:[/?]|$)/i;

/** node's request as the pipeline reads it; path and headers straight from node, a web Request only on demand. */
class NodeIncoming implements Incoming {
  readonly method: string;
  readonly pathname: string;
  readonly search: string;
  readonly hasBody: boolean;
  private readonly req: NodeRequestLike;
  private readonly res: NodeResponseLike;
  /** Whether the body was read, or handed to a web Request to read. */
  private bodyTaken = false;
  /** Whether the body was read to its end: only then can the connection serve another request. */
  private readonly body = { done: false };
  private aborted: AbortController | undefined = undefined;

  constructor(req: NodeRequestLike, res: NodeResponseLike, method: string) {
    this.req = req;
    this.res = res;
    this.method = method;
    this.hasBody = requestHasBody(req, method);
    const target = req.url ?? "/";
    if (PLAIN_TARGET.test(target) && !DOT_SEGMENT.test(target)) {
      const query = target.indexOf("?");
      this.pathname = query === -1 ? target : target.slice(0, query);
      this.search = query === -1 || query === target.length - 1 ? "" : target.slice(query);
    } else {
      const url = new URL(requestUrl(req));
      this.pathname = url.pathname;
      this.search = url.search;
    }
  }

  header(name: string): string | null {
    return headerValue(this.req.headers[name]) ?? null;
  }

  readBody(maxBytes: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
    if (!this.hasBody) return Promise.resolve(undefined);
    if (declaredTooLarge(this.header("content-length"), maxBytes)) return Promise.reject(new BodyTooLargeError(maxBytes));
    this.bodyTaken = true;
    const req = this.req;
    const body = this.body;
    return new Promise((resolve, reject) => {
      const chunks: Uint8Array[] = [];
      let total = 0;
      let settled = false;
      req.on("data", (chunk: Uint8Array | string) => {
        if (settled) return;
        const bytes = typeof chunk === "string" ? encoder.encode(chunk) : chunk;
        total += bytes.byteLength;
        if (total > maxBytes) {
          // Stop reading; the connection is closed after the answer (see unread()).
          settled = true;
          req.pause();
          reject(new BodyTooLargeError(maxBytes));
          return;
        }
        chunks.push(bytes);
      });
      req.on("end", () => {
        body.done = true;
        if (settled) return;
        settled = true;
        resolve(joinChunks(chunks, total));
      });
      req.on("error", (error: Error) => {
        if (settled) return;
        settled = true;
        reject(error);
      });
    });
  }

  request(bytes: Uint8Array<ArrayBuffer> | undefined): Request {
    let stream: ReadableStream<Uint8Array> | undefined;
    if (bytes === undefined && this.hasBody && !this.bodyTaken) {
      this.bodyTaken = true;
      stream = bodyStream(this.req, this.body);
    }
    return toRequest(this.req, bytes ?? stream, this.signal());
  }

  /** Aborts when the client goes away before the answer is complete; made when first asked for. */
  signal(): AbortSignal {
    return (this.aborted ??= abortOnClose(this.res)).signal;
  }

  /** A body is left unread (e.g. after 413): the connection is closed after the answer. */
  unread(): boolean {
    return this.hasBody && !this.body.done;
  }
}

const encoder = new TextEncoder();

/** The absolute URL of node's request, as a web Request has it. */
function requestUrl(req: NodeRequestLike): string {
  const host = headerValue(req.headers["host"]) ?? "localhost";
  try {
    return new URL(req.url ?? "/", `http://${host}`).href;
  } catch {
    return new URL(req.url ?? "/", "http://localhost").href;
  }
}

function toRequest(req: NodeRequestLike, body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | undefined, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(":")) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const method = (req.method ?? "GET").toUpperCase();
  if (body === undefined) return new Request(requestUrl(req), { method, headers, signal });
  const init: RequestInit & { duplex: "half" } = { method, headers, signal, body, duplex: "half" };
  return new Request(requestUrl(req), init);
}

function bodyStream(req: NodeRequestLike, state: { done: boolean }): ReadableStream<Uint8Array> {
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on("data", (chunk: Uint8Array | string) => {
        if (cancelled) return;
        controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
        if ((controller.desiredSize ?? 1) <= 0) req.pause();
      });
      req.on("end", () => {
        state.done = true;
        if (!cancelled) controller.close();
      });
      req.on("error", (error: Error) => {
        if (!cancelled) controller.error(error);
      });
    },
    pull() {
      req.resume();
    },
    cancel() {
      // Stop reading; the connection is closed after the response (see writeResponse).
      cancelled = true;
      req.pause();
    },
  });
}

/** An answer the pipeline made: one write, with its length (not chunked). */
function writeAnswer(answer: PlainAnswer, res: NodeResponseLike, closeAfter: boolean): void {
  const headers = answer.headers;
  if (closeAfter) headers["connection"] = "close";
  if (answer.body === null) {
    res.writeHead(answer.status, answer.statusText, headers);
    res.end();
    return;
  }
  headers["content-length"] = String(typeof answer.body === "string" ? utf8Length(answer.body) : answer.body.byteLength);
  res.writeHead(answer.status, answer.statusText, headers);
  res.end(answer.body);
}

/** Bytes of a string in UTF-8 (a lone surrogate is written as U+FFFD, three bytes). */
function utf8Length(text: string): number {
  let length = text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) continue;
    if (code < 0x800) length += 1;
    else if (code >= 0xd800 && code < 0xdc00 && index + 1 < text.length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair: two characters, four bytes.
      length += 2;
      index++;
    } else length += 2;
  }
  return length;
}

async function writeResponse(
  response: Response,
  res: NodeResponseLike,
  closeAfter: boolean,
  closed: AbortSignal,
): Promise<void> {
  const headers = Object.create(null) as Record<string, string | string[]>;
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  if (closeAfter) headers["connection"] = "close";
  res.writeHead(response.status, response.statusText || undefined, headers);
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      if (closed.aborted) {
        await reader.cancel();
        return;
      }
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) {
        await new Promise<void>((resolve) => {
          res.once("drain", resolve);
          closed.addEventListener("abort", () => resolve(), { once: true });
        });
      }
    }
  }
  res.end();
}
