// Issue 13, client runtime: the token never leaves its origin on a redirect, never reaches an
// error in any spelling, and responses, retry waits and abort listeners are bounded. The client is
// generated from client-http with the token in `X-Api-Key` (fetch's own redirect following strips
// only `Authorization`), against real servers on 127.0.0.1 (two ports: two origins).
import { cp, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { inspect } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { fixtureCatalogue, freshDir, generateForTest } from "../helpers/generate.js";
import { importClient, json, ManualClock, rejection, settle, sleeping, startServer, type ApiErrorLike, type ClientModule, type TestServer } from "./support.js";

const TOKEN = "SECRET-tok/en+42==";
let api: TestServer;
let other: TestServer;
let client: ClientModule;

beforeAll(async () => {
  const catalogue = await freshDir("x-api-key-catalogue");
  await cp(fixtureCatalogue("client-http"), catalogue, { recursive: true });
  const apiYaml = join(catalogue, "api.yaml");
  await writeFile(apiYaml, (await readFile(apiYaml, "utf8")).replace("header: Authorization", "header: X-Api-Key"));
  [api, other] = await Promise.all([startServer(), startServer()]);
  client = await importClient(await generateForTest({ targets: ["client"], catalogue }));
});
afterAll(async () => {
  await api.close();
  await other.close();
});
beforeEach(() => {
  api.reset();
  other.reset();
});

function make(options: Record<string, unknown> = {}) {
  return client.createClient({ baseUrl: api.url, token: TOKEN, retry: { baseDelayMs: 5 }, ...options }).things!;
}

const redirect = (status: number, location: string) => (_req: unknown, res: import("node:http").ServerResponse) => {
  res.writeHead(status, { location });
  res.end();
};

describe("redirects", () => {
  test("a cross-origin 302 is followed without the token", async () => {
    api.handle(redirect(302, `${other.url}/moved?page=1`));
    other.handle((_req, res) => json(res, 200, [{ id: 1, name: "a" }]));
    expect(await make().listThings!({ query: { page: 1 } })).toEqual([{ id: 1, name: "a" }]);
    expect(api.received[0]?.headers["x-api-key"]).toBe(TOKEN);
    expect(other.received.map((r) => [r.method, r.url])).toEqual([["GET", "/moved?page=1"]]);
    expect(other.received[0]?.headers["x-api-key"]).toBeUndefined();
  });

  test("a cross-origin 307 keeps method and body, without the token", async () => {
    api.handle(redirect(307, `${other.url}/things`));
    other.handle((_req, res) => json(res, 201, { id: 2, name: "b" }));
    expect(await make().createThing!({ body: { name: "b" } })).toEqual({ id: 2, name: "b" });
    const [request] = other.received;
    expect([request?.method, request?.body.toString(), request?.headers["content-type"]]).toEqual(["POST", '{"name":"b"}', "application/json"]);
    expect(request?.headers["x-api-key"]).toBeUndefined();
  });

  test("a same-origin redirect is followed with the token", async () => {
    api.handle((req, res) => (req.url.startsWith("/things") ? redirect(301, "/v2/things")(req, res) : json(res, 200, [])));
    expect(await make().listThings!({ query: { page: 1 } })).toEqual([]);
    expect(api.received.map((r) => [r.url, r.headers["x-api-key"]])).toEqual([
      ["/things?page=1", TOKEN],
      ["/v2/things", TOKEN],
    ]);
  });

  test("once a redirect leaves the origin, a redirect back does not get the token either", async () => {
    api.handle((req, res) => (req.url === "/back" ? json(res, 200, []) : redirect(302, `${other.url}/away`)(req, res)));
    other.handle(redirect(302, `${api.url}/back`));
    await make().listThings!({ query: { page: 1 } });
    expect(api.received.map((r) => [r.url, r.headers["x-api-key"]])).toEqual([
      ["/things?page=1", TOKEN],
      ["/back", undefined],
    ]);
  });

  test("303 turns a POST into a GET without body; 307 and 308 keep method and body", async () => {
    api.handle((req, res) => {
      if (req.url === "/things") return redirect(303, "/see-other")(req, res);
      if (req.url === "/see-other") return json(res, 201, { id: 3, name: "c" });
      return json(res, 404, {});
    });
    await make().createThing!({ body: { name: "c" } });
    expect(api.received.map((r) => [r.method, r.url, r.body.length, r.headers["content-type"]])).toEqual([
      ["POST", "/things", 12, "application/json"],
      ["GET", "/see-other", 0, undefined],
    ]);
    for (const status of [307, 308]) {
      api.reset();
      api.handle((req, res) => (req.url === "/things" ? redirect(status, "/kept")(req, res) : json(res, 201, { id: 4, name: "d" })));
      await make().createThing!({ body: { name: "d" } });
      expect(api.received.map((r) => [r.method, r.url, r.body.toString(), r.headers["x-api-key"]])).toEqual([
        ["POST", "/things", '{"name":"d"}', TOKEN],
        ["POST", "/kept", '{"name":"d"}', TOKEN],
      ]);
    }
  });

  test("more than 5 redirects end the call (not retried) with the last status", async () => {
    api.handle(redirect(302, "/again"));
    const error = await rejection(make().listThings!({ query: { page: 1 } }));
    expect([error.kind, error.status]).toEqual(["http", 302]);
    expect(error.message).toContain("more than 5 redirects");
    expect(api.received).toHaveLength(6);
  });

  test("a 307 after a streamed body is not followed: the stream cannot be sent again", async () => {
    api.handle(redirect(307, "/kept"));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("chunk"));
        controller.close();
      },
    });
    const error = await rejection(make().createThing!({ body }));
    expect([error.kind, error.status]).toEqual(["http", 307]);
    expect(error.message).toContain("a streamed request body cannot be sent again");
    expect(api.received).toHaveLength(1);
  });

  test("a caller's own Authorization header does not cross origins either", async () => {
    api.handle(redirect(302, `${other.url}/moved`));
    await make().listThings!({ query: { page: 1 } }, { headers: { Authorization: "Basic c2VjcmV0LXBhc3M=", "x-request-id": "r1" } });
    expect(api.received[0]?.headers.authorization).toBe("Basic c2VjcmV0LXBhc3M=");
    expect(other.received[0]?.headers.authorization).toBeUndefined();
    expect(other.received[0]?.headers["x-request-id"]).toBe("r1");
  });

  test("a redirect to another scheme is not followed", async () => {
    api.handle(redirect(302, "file:///etc/passwd"));
    const error = await rejection(make().listThings!({ query: { page: 1 } }));
    expect([error.kind, error.status]).toEqual(["http", 302]);
    expect(error.message).toContain("file: is not http(s)");
  });
});

describe("the token in any spelling never reaches an error or a hook", () => {
  /** Every form a leak could take in text or an inspection of it: raw, JSON-escaped, \u-escaped. */
  function leaks(text: string): string[] {
    return ["SECRET", "tok/en", "tok\\/en", "en+42", "u002b42", "u002B42", "u0053"].filter((part) => text.includes(part));
  }

  function expectClean(error: ApiErrorLike, events: unknown[]): void {
    const views = [
      error.message,
      error.stack ?? "",
      String(error),
      JSON.stringify(error),
      JSON.stringify(error.body) ?? "",
      inspect(error, { depth: Infinity, showHidden: true }),
      inspect(events, { depth: Infinity, showHidden: true }),
      JSON.stringify(events.map((e) => ({ ...(e as object), error: undefined }))),
    ];
    for (const view of views) expect(leaks(view)).toEqual([]);
  }

  function hooks(events: unknown[]) {
    return { onRequest: (e: unknown) => events.push(e), onResponse: (e: unknown) => events.push(e), onError: (e: unknown) => events.push(e) };
  }

  const spellings: [string, (token: string) => string][] = [
    ["raw", (t) => t],
    ["PHP-style \\/", (t) => t.replaceAll("/", "\\/")],
    ["\\u002b", (t) => t.replace("+", "\\u002b")],
    ["every character \\u-escaped", (t) => [...t].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0").toUpperCase()}`).join("")],
  ];

  test.each(spellings)("a 401 JSON body echoing the token %s", async (_name, spell) => {
    api.handle((req, res) => {
      res.writeHead(401, { "content-type": "application/json", "x-echo": String(req.headers["x-api-key"]) });
      res.end(`{"title":"unauthorized","detail":"token ${spell(String(req.headers["x-api-key"]))} is invalid","${spell(String(req.headers["x-api-key"]))}":1}`);
    });
    const events: unknown[] = [];
    const error = await rejection(make(hooks(events)).listThings!({ query: { page: 1 } }));
    expect([error.kind, error.status]).toEqual(["unauthorized", 401]);
    expect(error.body).toEqual({ title: "unauthorized", detail: "token [redacted] is invalid", "[redacted]": 1 });
    expect(error.message).toContain("token [redacted] is invalid");
    expect(events).toHaveLength(3);
    expectClean(error, events);
  });

  test.each(spellings)("a text body echoing the token %s", async (_name, spell) => {
    api.handle((req, res) => {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(`bad key ${spell(String(req.headers["x-api-key"]))}`);
    });
    const events: unknown[] = [];
    const error = await rejection(make({ ...hooks(events), retry: false }).listThings!({ query: { page: 1 } }));
    expect(error.body).toBe("bad key [redacted]");
    expectClean(error, events);
  });

  test("a token with a trailing newline (sent trimmed, echoed trimmed)", async () => {
    api.handle((req, res) => json(res, 403, { detail: `key ${String(req.headers["x-api-key"])} may not` }));
    const events: unknown[] = [];
    const error = await rejection(make({ ...hooks(events), token: `${TOKEN}\n` }).listThings!({ query: { page: 1 } }));
    expect(api.received[0]?.headers["x-api-key"]).toBe(TOKEN);
    expect(error.body).toEqual({ detail: "key [redacted] may not" });
    expectClean(error, events);
  });

  test("a 2xx that is not JSON: no part of the token in the error (V8 quotes the body's start)", async () => {
    api.handle((req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(`${String(req.headers["x-api-key"])} is not JSON`);
    });
    const events: unknown[] = [];
    const error = await rejection(make(hooks(events)).listThings!({ query: { page: 1 } }));
    expect(error.kind).toBe("validation");
    expectClean(error, events);
  });

  test("a one-character token does not mangle messages", async () => {
    api.handle((_req, res) => json(res, 404, { title: "no such thing", detail: "see status" }));
    const error = await rejection(make({ token: "s" }).listThings!({ query: { page: 1 } }));
    expect(error.message).toContain(": 404 Not Found: see status");
    expect(error.body).toEqual({ title: "no such thing", detail: "see status" });
  });
});

describe("resource limits", () => {
  test("a success body over maxResponseBytes fails as too_large, not retried", async () => {
    const big = JSON.stringify([{ id: 1, name: "x".repeat(2 * 1024 * 1024) }]);
    api.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(big);
    });
    const error = await rejection(make({ maxResponseBytes: 1024 * 1024 }).listThings!({ query: { page: 1 } }));
    expect([error.kind, error.status]).toEqual(["too_large", 200]);
    expect(error.message).toContain("maxResponseBytes");
    expect(api.received).toHaveLength(1);
    // Under the limit it is read.
    expect(await make({ maxResponseBytes: big.length }).listThings!({ query: { page: 1 } })).toHaveLength(1);
  });

  test("an error body over the limit fails as too_large, not retried", async () => {
    api.handle((_req, res) => json(res, 503, { detail: "x".repeat(300_000) }));
    const error = await rejection(make({ maxResponseBytes: 100_000 }).listThings!({ query: { page: 1 } }));
    expect([error.kind, error.status]).toEqual(["too_large", 503]);
    expect(api.received).toHaveLength(1);
  });

  test("a streamed body (no Content-Length) is not read past the limit", async () => {
    let written = 0;
    let closed = false;
    api.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      const chunk = Buffer.alloc(64 * 1024, 1);
      const pump = (): void => {
        while (!closed && written < 512 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      res.on("close", () => (closed = true));
      pump();
    });
    const error = await rejection(client.createClient({ baseUrl: api.url, token: TOKEN, maxResponseBytes: 1024 * 1024 }).fileStore!.downloadReportFile!({ reportId: "r" }));
    expect(error.kind).toBe("too_large");
    await settle();
    expect(closed).toBe(true);
    expect(written).toBeLessThan(64 * 1024 * 1024);
  });

  test("by default (64 MiB) a larger Content-Length is refused before reading", async () => {
    api.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(64 * 1024 * 1024 + 1) });
      res.write(Buffer.alloc(1024));
    });
    const error = await rejection(client.createClient({ baseUrl: api.url, token: TOKEN }).fileStore!.downloadReportFile!({ reportId: "r" }));
    expect([error.kind, error.status]).toEqual(["too_large", 200]);
  });

  test("a server's wait longer than the call's timeout ends the call at once", async () => {
    api.handle((_req, res) => json(res, 503, { title: "unavailable" }, { "retry-after": "60" }));
    const clock = new ManualClock();
    const call = rejection(make({ clock, retry: {} }).listThings!({ query: { page: 1 } }));
    await settle();
    expect(clock.pendingMs()).toBe(0);
    const error = await call;
    expect([error.kind, error.status]).toEqual(["http", 503]);
    expect(api.received).toHaveLength(1);
  });

  test("within the call's timeout the server's wait is honoured; backoff never waits longer than the timeout", async () => {
    api.handle((_req, res) => (api.received.length === 1 ? json(res, 503, {}, { "retry-after": "4" }) : json(res, 200, [])));
    const clock = new ManualClock();
    const call = make({ clock, timeoutMs: 5_000, retry: {} }).listThings!({ query: { page: 1 } });
    await sleeping(clock);
    expect(clock.pendingMs()).toBe(4_000);
    clock.advance(4_000);
    expect(await call).toEqual([]);

    api.reset();
    api.handle((_req, res) => json(res, 500, {}));
    const backoff = rejection(make({ clock, timeoutMs: 100, retry: { baseDelayMs: 10_000 } }).listThings!({ query: { page: 1 } }));
    await settle();
    expect(clock.pendingMs()).toBe(100);
    clock.advance(100);
    await settle();
    clock.advance(100);
    expect((await backoff).status).toBe(500);
  });

  test("the caller's signal ends a retry wait", async () => {
    api.handle((_req, res) => json(res, 503, {}, { "retry-after": "10" }));
    const clock = new ManualClock();
    const controller = new AbortController();
    const call = rejection(make({ clock, retry: {} }).listThings!({ query: { page: 1 } }, { signal: controller.signal }));
    await sleeping(clock);
    expect(clock.pendingMs()).toBe(10_000);
    controller.abort();
    expect((await call).kind).toBe("aborted");
  });
});
