// Test support: a real HTTP server on 127.0.0.1 with a replaceable handler that records what
// it receives, a manual clock, and loading of freshly generated client code.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

export type Handler = (request: Received, response: ServerResponse) => void;

export interface TestServer {
  url: string;
  received: Received[];
  /** What answers the next requests; the default answers 200 `[]`. */
  handle(handler: Handler): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startServer(): Promise<TestServer> {
  let handler: Handler = defaultHandler;
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) };
      received.push(request);
      handler(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    handle: (next) => {
      handler = next;
    },
    reset: () => {
      handler = defaultHandler;
      received.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function defaultHandler(_request: Received, response: ServerResponse): void {
  json(response, 200, []);
}

export function json(response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(value));
}

/** A port nothing listens on (a server is started, then closed). */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

interface Sleeper {
  until: number;
  resolve: () => void;
}

/** A clock that only moves when told; its sleeps end when `advance` passes them. */
export class ManualClock {
  time = 1_000_000;
  readonly sleepers: Sleeper[] = [];

  now = (): number => this.time;
  random = (): number => 0.5;

  sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const sleeper: Sleeper = { until: this.time + ms, resolve };
      this.sleepers.push(sleeper);
      signal?.addEventListener(
        "abort",
        () => {
          this.sleepers.splice(this.sleepers.indexOf(sleeper), 1);
          reject(signal.reason);
        },
        { once: true },
      );
    });

  /** Longest pending sleep, in ms from now (0 when none). */
  pendingMs(): number {
    return Math.max(0, ...this.sleepers.map((s) => s.until - this.time));
  }

  advance(ms: number): void {
    this.time += ms;
    for (const sleeper of [...this.sleepers]) {
      if (sleeper.until <= this.time) {
        this.sleepers.splice(this.sleepers.indexOf(sleeper), 1);
        sleeper.resolve();
      }
    }
  }
}

/** Lets pending promise callbacks and I/O run. */
export function settle(ms = 50): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Resolves once `clock` has a pending sleep: a call that waits after an HTTP round trip (a retry
 * after a 503) reaches its wait only when the answer is in, which a busy machine may delay far past
 * `settle`'s 50 ms. Fails after `timeoutMs` of real time.
 */
export async function sleeping(clock: ManualClock, timeoutMs = 30_000): Promise<void> {
  const start = Date.now();
  while (clock.sleepers.length === 0) {
    if (Date.now() - start > timeoutMs) throw new Error(`no wait began within ${timeoutMs} ms`);
    await settle(5);
  }
}

// The generated code is imported at run time, so the test sees it untyped; these are the parts
// the tests use (the type tests in fixtures/ check the real types).
export interface ClientModule {
  createClient(options: Record<string, unknown>): Record<string, Record<string, (args?: unknown, call?: unknown) => Promise<unknown>>>;
  createTransport(options: Record<string, unknown>): unknown;
  ApiError: new (...args: never[]) => Error;
  isApiError(error: unknown, kind?: string): boolean;
  [operation: string]: unknown;
}

export async function importClient(out: string): Promise<ClientModule> {
  return (await import(join(out, "client/index.ts"))) as ClientModule;
}

/** The ApiError a promise rejects with. */
export async function rejection(promise: Promise<unknown>): Promise<ApiErrorLike> {
  try {
    await promise;
  } catch (error) {
    return error as ApiErrorLike;
  }
  throw new Error("expected the call to fail");
}

export interface ApiErrorLike extends Error {
  kind: string;
  status?: number;
  operationId: string;
  method: string;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  retryAfterMs?: number;
  path?: string;
}
