// The client generated from the real catalogue, against a real HTTP server on 127.0.0.1.
import { getEventListeners } from "node:events";
import { inspect } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { generateForTest } from "../helpers/generate.js";
import { closedPortUrl, importClient, json, ManualClock, rejection, settle, startServer, type ClientModule, type TestServer } from "./support.js";

const TOKEN = "tok-SECRET-4f9c2a";
let server: TestServer;
let client: ClientModule;

beforeAll(async () => {
  server = await startServer();
  client = await importClient(await generateForTest({ targets: ["client"] }));
});
afterAll(() => server.close());
beforeEach(() => server.reset());

function api(options: Record<string, unknown> = {}) {
  return client.createClient({ baseUrl: server.url, token: TOKEN, ...options });
}

const VALID = [
  { discrepancyType: "surplus", discrepancyLabel: "surplus", barcode: "123" },
  { discrepancyType: "shortage", discrepancyLabel: "re-sorting" },
];

describe("requests", () => {
  test("the token is sent as is in Authorization, on every request", async () => {
    const a = api({ rateLimit: "off" });
    await a.supplies!.getDiscrepancies!({ supplyId: "1" });
    await a.finances!.getSellerBalance!();
    expect(server.received.map((r) => r.headers.authorization)).toEqual([TOKEN, TOKEN]);
  });

  test("a token function is called per call (rotation)", async () => {
    let n = 0;
    const a = client.createClient({ baseUrl: server.url, token: async () => `tok-${++n}` });
    await a.finances!.getSellerBalance!();
    await a.finances!.getSellerBalance!();
    expect(server.received.map((r) => r.headers.authorization)).toEqual(["tok-1", "tok-2"]);
  });

  test("path parameters are percent-encoded", async () => {
    await api().supplies!.getDiscrepancies!({ supplyId: "a b/c?d#e%f" });
    expect(server.received[0]?.url).toBe("/api/supplies/v1/discrepancies/a%20b%2Fc%3Fd%23e%25f");
  });

  test.each(["", ".", ".."])("path parameter %j is refused before any request", async (supplyId) => {
    const error = await rejection(api().supplies!.getDiscrepancies!({ supplyId }));
    expect(error.kind).toBe("invalid_argument");
    expect(error.message).toContain("supplyId");
    expect(server.received).toHaveLength(0);
  });

  test("query parameters of undocumented operations: primitives and repeated keys; JSON bodies", async () => {
    server.handle((_req, res) => json(res, 200, { ok: true }));
    const result = await api().finances!.listSalesReports!({ query: { page: 2, ids: ["a", "b c"], skip: undefined }, body: { from: "2024-01-01" } });
    expect(result).toEqual({ ok: true });
    const [request] = server.received;
    expect(request?.method).toBe("POST");
    expect(request?.url).toBe("/api/finance/v1/sales-reports/list?page=2&ids=a&ids=b+c");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body.toString() ?? "")).toEqual({ from: "2024-01-01" });
  });

  test("baseUrl per module: the module's own host, else the default; a path prefix is kept", async () => {
    const other = await startServer();
    try {
      const a = api({ baseUrl: { default: `${server.url}/prefix/`, supplies: other.url } });
      await a.supplies!.getDiscrepancies!({ supplyId: "7" });
      await a.finances!.getSellerBalance!();
      expect(other.received.map((r) => r.url)).toEqual(["/api/supplies/v1/discrepancies/7"]);
      expect(server.received.map((r) => r.url)).toEqual(["/prefix/api/v1/account/balance"]);
    } finally {
      await other.close();
    }
  });

  test("a redirect to another origin is followed without Authorization; within the origin with it", async () => {
    const other = await startServer();
    try {
      server.handle((_req, res) => {
        res.writeHead(302, { location: `${other.url}/elsewhere` });
        res.end();
      });
      other.handle((_req, res) => json(res, 200, VALID));
      expect(await api({ rateLimit: "off" }).supplies!.getDiscrepancies!({ supplyId: "1" })).toEqual(VALID);
      expect(other.received[0]?.headers.authorization).toBeUndefined();
      server.reset();
      other.reset();
      server.handle((req, res) => (req.url === "/v2" ? json(res, 200, { balance: 1 }) : (res.writeHead(308, { location: "/v2" }), res.end())));
      expect(await api().finances!.getSellerBalance!()).toEqual({ balance: 1 });
      expect(server.received.map((r) => [r.url, r.headers.authorization])).toEqual([
        ["/api/v1/account/balance", TOKEN],
        ["/v2", TOKEN],
      ]);
    } finally {
      await other.close();
    }
  });

  test("per-call headers are sent; they cannot replace the token", async () => {
    await api().finances!.getSellerBalance!(undefined, { headers: { "x-request-id": "r1", authorization: "other" } });
    expect(server.received[0]?.headers["x-request-id"]).toBe("r1");
    expect(server.received[0]?.headers.authorization).toBe(TOKEN);
  });
});

describe("the discrepancies response", () => {
  test("is parsed and returned when it fits ItemDiscrepancyResponse[]", async () => {
    server.handle((_req, res) => json(res, 200, VALID));
    expect(await api().supplies!.getDiscrepancies!({ supplyId: "1" })).toEqual(VALID);
  });

  test("ItemDiscrepancyResponse is open (additionalProperties true): undeclared fields are accepted", async () => {
    const extended = VALID.map((record) => ({ ...record, comment: "not in the seed", nested: { any: [1] } }));
    server.handle((_req, res) => json(res, 200, extended));
    expect(await api().supplies!.getDiscrepancies!({ supplyId: "1" })).toEqual(extended);
  });

  test("a forbidden combination fails validation, naming the path and value of the first bad field", async () => {
    server.handle((_req, res) => json(res, 200, [VALID[0], { discrepancyType: "surplus", discrepancyLabel: "shortage" }]));
    const error = await rejection(api().supplies!.getDiscrepancies!({ supplyId: "1" }));
    expect(error.kind).toBe("validation");
    expect(error.path).toBe("$[1].discrepancyLabel");
    expect(error.message).toContain("$[1].discrepancyLabel");
    expect(error.message).toContain('"shortage"');
  });

  test.each([
    [{ discrepancyType: "surplus" }, "$[0].discrepancyLabel", "undefined"],
    [{ discrepancyType: "lost", discrepancyLabel: "surplus" }, "$[0].discrepancyType", '"lost"'],
    ["surplus", "$[0]", '"surplus"'],
  ])("bad record %j is reported at %s", async (record, path, shown) => {
    server.handle((_req, res) => json(res, 200, [record]));
    const error = await rejection(api().supplies!.getDiscrepancies!({ supplyId: "1" }));
    expect([error.kind, error.path]).toEqual(["validation", path]);
    expect(error.message).toContain(shown);
  });

  test("not an array fails validation at $", async () => {
    server.handle((_req, res) => json(res, 200, { items: [] }));
    const error = await rejection(api().supplies!.getDiscrepancies!({ supplyId: "1" }));
    expect([error.kind, error.path]).toEqual(["validation", "$"]);
  });

  test("validate: 'warn' logs and returns the value; 'off' returns it silently", async () => {
    const bad = [{ discrepancyType: "surplus", discrepancyLabel: "shortage" }];
    server.handle((_req, res) => json(res, 200, bad));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      expect(await api({ validate: "warn" }).supplies!.getDiscrepancies!({ supplyId: "1" })).toEqual(bad);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toContain("$[0].discrepancyLabel");
      expect(await api({ validate: "off" }).supplies!.getDiscrepancies!({ supplyId: "1" })).toEqual(bad);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });

  test("malformed JSON is a validation error", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("[{");
    });
    expect((await rejection(api().supplies!.getDiscrepancies!({ supplyId: "1" }))).kind).toBe("validation");
  });
});

describe("retries", () => {
  test("a 429 with X-Ratelimit-Retry: 1 is retried after about a second", async () => {
    server.handle((_req, res) => {
      if (server.received.length === 1) json(res, 429, { title: "too many requests" }, { "x-ratelimit-retry": "1" });
      else json(res, 200, VALID);
    });
    const started = performance.now();
    expect(await api().supplies!.getDiscrepancies!({ supplyId: "1" })).toEqual(VALID);
    const elapsed = performance.now() - started;
    expect(server.received).toHaveLength(2);
    expect(elapsed).toBeGreaterThanOrEqual(950);
    // Upper bounds here are generous (a busy machine is slow): they only tell "the wait the answer
    // asked for" from the minute-long waits of the other paths.
    expect(elapsed).toBeLessThan(30_000);
  });

  test("a 429 whose wait exceeds maxRetryAfterMs ends the call with retryAfterMs", async () => {
    server.handle((_req, res) => json(res, 429, {}, { "retry-after": "120" }));
    const error = await rejection(api().finances!.getSellerBalance!());
    expect([error.kind, error.status, error.retryAfterMs]).toEqual(["rate_limited", 429, 120_000]);
    expect(server.received).toHaveLength(1);
  });

  test("a GET is retried on 5xx, up to maxAttempts", async () => {
    server.handle((_req, res) => json(res, 503, { title: "unavailable" }));
    const error = await rejection(api({ retry: { maxAttempts: 3, baseDelayMs: 5 } }).finances!.getSellerBalance!());
    expect([error.kind, error.status]).toEqual(["http", 503]);
    expect(server.received).toHaveLength(3);
  });

  test("a GET succeeds when a retry does", async () => {
    server.handle((_req, res) => (server.received.length < 3 ? json(res, 500, {}) : json(res, 200, { balance: 1 })));
    expect(await api({ retry: { baseDelayMs: 5 } }).finances!.getSellerBalance!()).toEqual({ balance: 1 });
    expect(server.received).toHaveLength(3);
  });

  test("a failing POST is sent once", async () => {
    server.handle((_req, res) => json(res, 503, {}));
    const error = await rejection(api({ retry: { baseDelayMs: 5 } }).finances!.listSalesReports!({ body: {} }));
    expect(error.status).toBe(503);
    expect(server.received).toHaveLength(1);
  });

  test("a POST that gets a 429 is sent once too", async () => {
    server.handle((_req, res) => json(res, 429, {}, { "x-ratelimit-retry": "0" }));
    expect((await rejection(api().finances!.listSalesReports!({ body: {} }))).kind).toBe("rate_limited");
    expect(server.received).toHaveLength(1);
  });

  test("a POST is retried when the caller opts in", async () => {
    server.handle((_req, res) => json(res, 503, {}));
    await rejection(api({ retry: { baseDelayMs: 5, unsafeMethods: true } }).finances!.listSalesReports!({ body: {} }));
    expect(server.received).toHaveLength(3);
  });

  test("a 4xx other than 429 is not retried", async () => {
    server.handle((_req, res) => json(res, 404, { title: "no such supply" }));
    const error = await rejection(api().supplies!.getDiscrepancies!({ supplyId: "1" }));
    expect([error.kind, error.status, (error.body as { title: string }).title]).toEqual(["not_found", 404, "no such supply"]);
    expect(server.received).toHaveLength(1);
  });

  test("retry: false sends once", async () => {
    server.handle((_req, res) => json(res, 500, {}));
    await rejection(api({ retry: false }).finances!.getSellerBalance!());
    expect(server.received).toHaveLength(1);
  });
});

describe("timeout and abort", () => {
  const hang = () => server.handle(() => undefined);

  test("a hung request ends on the client's timeout", async () => {
    hang();
    const started = performance.now();
    const error = await rejection(api({ timeoutMs: 150 }).finances!.getSellerBalance!());
    expect(error.kind).toBe("timeout");
    expect(performance.now() - started).toBeLessThan(30_000); // its 150 ms, not the server's never
    expect(server.received).toHaveLength(1); // a timeout is not retried
  });

  test("the per-call timeout overrides the client's", async () => {
    hang();
    const error = await rejection(api({ timeoutMs: 60_000 }).finances!.getSellerBalance!(undefined, { timeoutMs: 100 }));
    expect(error.kind).toBe("timeout");
  });

  test("a response whose body never ends times out too", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write("[");
    });
    expect((await rejection(api({ timeoutMs: 150 }).supplies!.getDiscrepancies!({ supplyId: "1" }))).kind).toBe("timeout");
  });

  test("a hung request ends when the caller aborts, as 'aborted'", async () => {
    hang();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = performance.now();
    const error = await rejection(api({ timeoutMs: 60_000 }).finances!.getSellerBalance!(undefined, { signal: controller.signal }));
    expect(error.kind).toBe("aborted");
    expect(performance.now() - started).toBeLessThan(30_000); // the abort, not the 60 s timeout
  });

  test("an already aborted signal sends nothing", async () => {
    const error = await rejection(api().finances!.getSellerBalance!(undefined, { signal: AbortSignal.abort() }));
    expect(error.kind).toBe("aborted");
    expect(server.received).toHaveLength(0);
  });
});

describe("client-side rate limit (getDiscrepancies: 1 per minute, burst 1)", () => {
  test("a second call within the minute waits its turn, then goes", async () => {
    const clock = new ManualClock();
    const a = api({ clock });
    await a.supplies!.getDiscrepancies!({ supplyId: "1" });
    const second = a.supplies!.getDiscrepancies!({ supplyId: "2" });
    await settle();
    expect(server.received).toHaveLength(1);
    expect(clock.pendingMs()).toBe(60_000);
    clock.advance(59_000);
    await settle();
    expect(server.received).toHaveLength(1);
    clock.advance(1_000);
    await second;
    expect(server.received.map((r) => r.url)).toEqual(["/api/supplies/v1/discrepancies/1", "/api/supplies/v1/discrepancies/2"]);
  });

  test("waiting calls go in order of arrival", async () => {
    const clock = new ManualClock();
    const a = api({ clock });
    const calls = ["1", "2", "3"].map((supplyId) => a.supplies!.getDiscrepancies!({ supplyId }));
    for (let i = 0; i < 3; i++) {
      await settle();
      clock.advance(60_000);
    }
    await Promise.all(calls);
    expect(server.received.map((r) => r.url.split("/").pop())).toEqual(["1", "2", "3"]);
  });

  test("the waiting call's signal cancels the wait; nothing is sent", async () => {
    const clock = new ManualClock();
    const a = api({ clock });
    await a.supplies!.getDiscrepancies!({ supplyId: "1" });
    const controller = new AbortController();
    const second = rejection(a.supplies!.getDiscrepancies!({ supplyId: "2" }, { signal: controller.signal }));
    await settle();
    controller.abort();
    expect((await second).kind).toBe("aborted");
    clock.advance(120_000);
    await settle();
    expect(server.received).toHaveLength(1);
    // The cancelled call gave its turn back: the next call goes at once.
    await a.supplies!.getDiscrepancies!({ supplyId: "3" });
    expect(server.received).toHaveLength(2);
  });

  test("calls queued on one signal add one abort listener to it, however many; the abort ends them all", async () => {
    const clock = new ManualClock();
    const a = api({ clock });
    await a.supplies!.getDiscrepancies!({ supplyId: "0" });
    const controller = new AbortController();
    const calls = Array.from({ length: 2_000 }, (_, i) => rejection(a.supplies!.getDiscrepancies!({ supplyId: String(i) }, { signal: controller.signal })));
    for (let i = 0; i < 200 && clock.sleepers.length === 0; i++) await settle(10);
    // The first in line sleeps for its token (the test clock's own listener), the others wait behind it.
    expect(clock.sleepers).toHaveLength(1);
    expect(getEventListeners(controller.signal, "abort").length).toBeLessThanOrEqual(2);
    controller.abort();
    const errors = await Promise.all(calls);
    expect(new Set(errors.map((e) => e.kind))).toEqual(new Set(["aborted"]));
    expect(server.received).toHaveLength(1);
  });

  test("rateLimit: 'fail' fails at once with rate_limited and the wait, sending nothing", async () => {
    const clock = new ManualClock();
    const a = api({ clock, rateLimit: "fail" });
    await a.supplies!.getDiscrepancies!({ supplyId: "1" });
    clock.advance(20_000);
    const error = await rejection(a.supplies!.getDiscrepancies!({ supplyId: "2" }));
    expect([error.kind, error.status, error.retryAfterMs]).toEqual(["rate_limited", undefined, 40_000]);
    expect(server.received).toHaveLength(1);
  });

  test("the bucket is per token: another token does not wait", async () => {
    const clock = new ManualClock();
    let token = "tok-A";
    const a = api({ clock, token: () => token, rateLimit: "fail" });
    await a.supplies!.getDiscrepancies!({ supplyId: "1" });
    token = "tok-B";
    await a.supplies!.getDiscrepancies!({ supplyId: "1" });
    expect(server.received.map((r) => r.headers.authorization)).toEqual(["tok-A", "tok-B"]);
  });

  test("operations without documented limits are not limited", async () => {
    const a = api({ clock: new ManualClock(), rateLimit: "fail" });
    for (let i = 0; i < 5; i++) await a.finances!.getSellerBalance!();
    expect(server.received).toHaveLength(5);
  });

  test("rateLimit: 'off' sends at once", async () => {
    const a = api({ clock: new ManualClock(), rateLimit: "off" });
    await a.supplies!.getDiscrepancies!({ supplyId: "1" });
    await a.supplies!.getDiscrepancies!({ supplyId: "2" });
    expect(server.received).toHaveLength(2);
  });
});

describe("errors never carry the token", () => {
  function expectNoToken(...things: unknown[]): void {
    for (const thing of things) {
      expect(inspect(thing, { depth: Infinity, showHidden: true })).not.toContain(TOKEN);
      expect(JSON.stringify(thing) ?? "").not.toContain(TOKEN);
    }
  }

  function expectErrorClean(error: Error): void {
    expect(error.message).not.toContain(TOKEN);
    expect(error.stack ?? "").not.toContain(TOKEN);
    expect(String(error)).not.toContain(TOKEN);
    for (const key of Object.getOwnPropertyNames(error)) {
      expectNoToken((error as unknown as Record<string, unknown>)[key]);
    }
    expectNoToken(error, error.cause);
  }

  test("a 401 (whose body and headers echo the token) gives a clean 'unauthorized' error", async () => {
    server.handle((req, res) =>
      json(
        res,
        401,
        { title: "unauthorized", detail: `token ${String(req.headers.authorization)} is invalid`, code: "401", requestId: "req-1", status: 401 },
        { "www-authenticate": `Bearer realm="${String(req.headers.authorization)}"` },
      ),
    );
    const events: unknown[] = [];
    const hooks = { onRequest: (e: unknown) => events.push(e), onResponse: (e: unknown) => events.push(e), onError: (e: unknown) => events.push(e) };
    const error = await rejection(api(hooks).supplies!.getDiscrepancies!({ supplyId: "1" }));
    expect(error).toBeInstanceOf(client.ApiError);
    expect(client.isApiError(error, "unauthorized")).toBe(true);
    expect([error.kind, error.status, error.operationId, error.method]).toEqual(["unauthorized", 401, "getDiscrepancies", "GET"]);
    expect(error.url).toBe(`${server.url}/api/supplies/v1/discrepancies/1`);
    expect(error.body).toMatchObject({ title: "unauthorized", requestId: "req-1", detail: "token [redacted] is invalid" });
    expect(error.headers?.["www-authenticate"]).toBe('Bearer realm="[redacted]"');
    expect(server.received[0]?.headers.authorization).toBe(TOKEN);
    expectErrorClean(error);
    // Hooks saw the request, the response and the error, never the token.
    expect(events).toHaveLength(3);
    expect((events[0] as { headers: Record<string, string> }).headers["Authorization"]).toBe("[redacted]");
    expectNoToken(events);
  });

  test("a network failure gives a clean 'network' error with its cause", async () => {
    const events: unknown[] = [];
    const a = client.createClient({ baseUrl: await closedPortUrl(), token: TOKEN, retry: { baseDelayMs: 5 }, onError: (e: unknown) => events.push(e) });
    const error = await rejection(a.finances!.getSellerBalance!());
    expect(error.kind).toBe("network");
    expect(error.cause).toBeInstanceOf(Error);
    expectErrorClean(error);
    expectNoToken(events);
  });

  test("a fetch whose error message holds the token is scrubbed", async () => {
    const leaky = async (_url: string, init: RequestInit): Promise<Response> => {
      const auth = new Headers(init.headers).get("authorization");
      throw new TypeError(`could not send ${auth}`, { cause: new Error(`inner ${auth}`) });
    };
    const error = await rejection(api({ fetch: leaky, retry: false }).finances!.getSellerBalance!());
    expect(error.kind).toBe("network");
    expect(error.message).toContain("could not send [redacted]");
    expectErrorClean(error);
  });

  test("a fetch error carrying the request (with its headers) in its properties is replaced by a clean copy", async () => {
    const leaky = async (_url: string, init: RequestInit): Promise<Response> => {
      throw Object.assign(new TypeError("fetch failed"), { request: { headers: init.headers }, headers: init.headers });
    };
    const error = await rejection(api({ fetch: leaky, retry: false }).finances!.getSellerBalance!());
    expect(error.kind).toBe("network");
    expect((error.cause as Error).name).toBe("TypeError");
    expect((error.cause as Error).message).toBe("fetch failed");
    expectErrorClean(error);
  });

  test("a 2xx body that echoes the token and fails validation: message, path and warning are redacted", async () => {
    server.handle((req, res) => json(res, 200, [{ discrepancyType: "surplus", discrepancyLabel: `echo ${String(req.headers.authorization)}` }]));
    const error = await rejection(api().supplies!.getDiscrepancies!({ supplyId: "1" }));
    expect(error.kind).toBe("validation");
    expect(error.message).toContain("echo [redacted]");
    expectErrorClean(error);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      await api({ validate: "warn" }).supplies!.getDiscrepancies!({ supplyId: "1" });
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toContain("echo [redacted]");
      expectNoToken(warn.mock.calls);
    } finally {
      warn.mockRestore();
    }
  });

  test("a 2xx body that echoes the token and is not JSON: the error keeps no parse error quoting the body", async () => {
    // V8 quotes the first 10 characters of bad JSON: a short token whole, a long one's start.
    const short = "tok-4242";
    server.handle((req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(`${String(req.headers.authorization)} is not JSON`);
    });
    for (const token of [short, TOKEN]) {
      const error = await rejection(api({ token }).supplies!.getDiscrepancies!({ supplyId: "1" }));
      expect(error.kind).toBe("validation");
      expect(error.cause).toBeUndefined();
      expect(inspect(error, { depth: Infinity, showHidden: true })).not.toContain(token.slice(0, 6));
    }
  });
});
