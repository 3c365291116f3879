// Adapter for node:http (and anything with the same request/response shape). It uses no Node
// import at all: the shapes below are what it needs from IncomingMessage and ServerResponse, so
// the rest of the server type-checks without @types/node.

/** What the adapter uses of `http.IncomingMessage`. */
export interface NodeRequestLike {
  method?: string | undefined;
  url?: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  on(event: "data" | "end" | "error", listener: (...args: never[]) => void): unknown;
  pause(): unknown;
  resume(): unknown;
}

/** What the adapter uses of `http.ServerResponse`. */
export interface NodeResponseLike {
  readonly writableEnded: boolean;
  writeHead(status: number, statusText: string | undefined, headers: Record<string, string | string[]>): unknown;
  write(chunk: Uint8Array): boolean;
  end(): unknown;
  once(event: "drain" | "close", listener: () => void): unknown;
  destroy(error?: Error): unknown;
}

/** A `(req, res)` listener for `http.createServer` that runs a web-standard request handler. */
export function toNodeHandler(
  handle: (request: Request) => Promise<Response>,
): (req: NodeRequestLike, res: NodeResponseLike) => void {
  return (req, res) => {
    void serve(handle, req, res);
  };
}

async function serve(
  handle: (request: Request) => Promise<Response>,
  req: NodeRequestLike,
  res: NodeResponseLike,
): Promise<void> {
  const aborted = new AbortController();
  res.once("close", () => {
    if (!res.writableEnded) aborted.abort();
  });
  const body = new BodyState();
  try {
    let request: Request | undefined;
    try {
      request = toRequest(req, body, aborted.signal);
    } catch {
      // Not expressible as a web Request (e.g. a forbidden method such as CONNECT).
    }
    let response: Response;
    try {
      response = request ? await handle(request) : new Response(null, { status: 400 });
    } catch {
      response = new Response(null, { status: 500 });
    }
    await writeResponse(response, res, body.unread(), aborted.signal);
  } catch (error) {
    res.destroy(error instanceof Error ? error : undefined);
  }
}

/** Tracks the request body so that an unread rest (e.g. after 413) closes the connection. */
class BodyState {
  present = false;
  complete = false;
  unread(): boolean {
    return this.present && !this.complete;
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}

function toRequest(req: NodeRequestLike, state: BodyState, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(":")) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const host = headerValue(req.headers.host) ?? "localhost";
  let url: URL;
  try {
    url = new URL(req.url ?? "/", `http://${host}`);
  } catch {
    url = new URL(req.url ?? "/", "http://localhost");
  }
  const method = (req.method ?? "GET").toUpperCase();
  const hasBody =
    method !== "GET" &&
    method !== "HEAD" &&
    (req.headers["transfer-encoding"] !== undefined || Number(headerValue(req.headers["content-length"]) ?? 0) > 0);
  if (!hasBody) return new Request(url, { method, headers, signal });
  state.present = true;
  const init: RequestInit & { duplex: "half" } = { method, headers, signal, body: bodyStream(req, state), duplex: "half" };
  return new Request(url, init);
}

function bodyStream(req: NodeRequestLike, state: BodyState): ReadableStream<Uint8Array> {
  let cancelled = false;
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on("data", (chunk: Uint8Array | string) => {
        if (cancelled) return;
        controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
        if ((controller.desiredSize ?? 1) <= 0) req.pause();
      });
      req.on("end", () => {
        state.complete = true;
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
