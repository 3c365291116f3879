// The node adapter's direct path (handler.ts, node.ts): a web Request is made only for a handler that
// reads `context.request`, and answers go out in one write with their length. Real node:http on
// 127.0.0.1; the web Request constructor is counted, not replaced.
import { createServer, request as httpRequest, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { createRequestHandler } from "./handler.js";
import { toNodeHandler } from "./node.js";
import type { ApiDefinition, HandlerContext, HandlerInput, RouteDefinition } from "./types.js";

function route(id: string, method: RouteDefinition["method"], path: string, body: RouteDefinition["body"] = { kind: "none" }): RouteDefinition {
  const segments = path
    .slice(1)
    .split("/")
    .map((segment) => (segment.startsWith("{") ? { param: segment.slice(1, -1) } : segment));
  return { id, module: "m", method, path, segments, tokens: undefined, limits: undefined, query: undefined, body, status: 200 };
}

const api: ApiDefinition = {
  authHeader: "Authorization",
  routes: [
    route("plain", "GET", "/plain/{id}"),
    route("reads", "POST", "/reads", { kind: "undocumented" }),
    route("spreads", "GET", "/spreads"),
  ],
};

const OriginalRequest = globalThis.Request;
let made = 0;

let seen: Record<string, unknown> = {};
const handlers = {
  m: {
    plain: ({ params, query }: HandlerContext<HandlerInput>) => ({ params, query }),
    reads: async ({ request, body }: HandlerContext<HandlerInput>) => ({
      method: request.method,
      url: request.url,
      header: request.headers.get("x-test"),
      text: await request.text(),
      body: new TextDecoder().decode(body as Uint8Array),
    }),
    spreads: (context: HandlerContext<HandlerInput>) => {
      const copy = { ...context };
      seen = { keys: Object.keys(context), copied: copy.request instanceof OriginalRequest, same: context.request === context.request };
      return {};
    },
  },
};

let server: Server;
let base: string;

beforeAll(async () => {
  const handle = createRequestHandler(api, handlers, { authenticate: (token) => (token === "t" ? { principalId: "s", tokenKind: "k" } : undefined) });
  server = createServer(toNodeHandler(handle));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Count web Requests made in this process from here on (fetch in the test makes its own: counted before each call).
  globalThis.Request = new Proxy(OriginalRequest, {
    construct(target, args: ConstructorParameters<typeof Request>, newTarget) {
      made++;
      return Reflect.construct(target, args, newTarget) as Request;
    },
  });
});
afterEach(() => {
  made = 0;
});
afterAll(async () => {
  globalThis.Request = OriginalRequest;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A raw node:http request: no web Request on the client side either. */
function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("toNodeHandler with a handler from createRequestHandler", () => {
  test("a handler that does not read `request` gets none made; the answer has its length", async () => {
    const answer = await send("GET", "/plain/a%20b?x=1&x=2", { authorization: "t" });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ params: { id: "a b" }, query: { x: ["1", "2"] } });
    expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(answer.text)));
    expect(answer.headers["transfer-encoding"]).toBeUndefined();
    expect(made).toBe(0);
  });

  test("error answers are made without a web Request too", async () => {
    expect((await send("GET", "/plain/x", {})).status).toBe(401);
    expect((await send("GET", "/nowhere", { authorization: "t" })).status).toBe(404);
    expect(made).toBe(0);
  });

  test("a handler that reads `request` gets one, with method, URL, headers and a body it can read again", async () => {
    const answer = await send("POST", "/reads?q=1", { authorization: "t", host: "example.test:8080", "x-test": "yes", "content-type": "text/plain" }, "hello");
    expect(JSON.parse(answer.text)).toEqual({ method: "POST", url: "http://example.test:8080/reads?q=1", header: "yes", text: "hello", body: "hello" });
    expect(made).toBe(1);
  });

  test("`request` is an own enumerable property: spreading the context copies it", async () => {
    expect((await send("GET", "/spreads", { authorization: "t" })).status).toBe(200);
    expect(seen).toEqual({
      keys: ["params", "query", "body", "identity", "request", "operation", "error", "notImplemented", "reply"],
      copied: true,
      same: true,
    });
  });

  test("paths that URL parsing would change are routed as a web Request would be", async () => {
    expect(JSON.parse((await send("GET", "/x/../plain/dots", { authorization: "t" })).text)).toEqual({ params: { id: "dots" }, query: {} });
    expect(JSON.parse((await send("GET", "/plain/%7Bq%7D?a=%20b", { authorization: "t" })).text)).toEqual({ params: { id: "{q}" }, query: { a: " b" } });
  });
});

describe("answer lengths", () => {
  test("Content-Length is the UTF-8 length of the answer", async () => {
    for (const text of ["plain", "é and €", "𝄞 and 😀"]) {
      const answer = await send("GET", `/plain/${encodeURIComponent(text)}`, { authorization: "t" });
      expect(JSON.parse(answer.text), text).toMatchObject({ params: { id: text } });
      expect(answer.headers["content-length"], text).toBe(String(Buffer.byteLength(answer.text)));
    }
  });
});

describe("request targets", () => {
  test("a target that is no URL is answered 400, as through a web Request", async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(base).port), "127.0.0.1", () => socket.end("GET http://[::1/x HTTP/1.1\r\nHost: a\r\nAuthorization: t\r\nConnection: close\r\n\r\n"));
      let text = "";
      socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    expect(raw.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
  });
});
