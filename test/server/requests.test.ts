// The generated server (from test/fixtures/catalogues/server-features) answering real Request
// objects: every rule of the router, one test each.
import { beforeAll, describe, expect, test } from "vitest";
import type { ErrorContext, ServerOptions } from "../../templates/server/types.js";
import { demoAuthenticate, featuresCatalogue, generateServer, manualClock, type ServerModule } from "./helpers.js";

const BASE = "http://shop.test";
let server: ServerModule;

beforeAll(async () => {
  ({ server } = await generateServer(featuresCatalogue));
});

interface Order {
  id: string;
  quantity: number;
  status: string;
}

const orders: Order[] = [{ id: "o-1", quantity: 2, status: "open" }];

/** Handlers written as a user would (typed checks of the same shape are in the tsc tests). */
function shopHandlers(calls: string[] = []) {
  return {
    shop: {
      listOrders(context: { query: Record<string, unknown> }) {
        calls.push(`listOrders ${JSON.stringify(context.query)}`);
        return orders;
      },
      createOrder(context: { body: { quantity: number }; identity: { principalId: string } }) {
        calls.push(`createOrder ${context.identity.principalId}`);
        return { id: "o-9", quantity: context.body.quantity, status: "open" };
      },
      getOrderSummary() {
        calls.push("getOrderSummary");
        return { count: orders.length };
      },
      getOrder(context: { params: { orderId: string } }) {
        calls.push(`getOrder ${context.params.orderId}`);
        return { id: context.params.orderId, quantity: 1, status: "open" };
      },
      deleteOrder() {
        calls.push("deleteOrder");
        return undefined;
      },
      async uploadInvoice(context: { body: Uint8Array; request: Request }) {
        const again = new Uint8Array(await context.request.arrayBuffer());
        calls.push(`uploadInvoice ${context.body.byteLength} ${again.byteLength}`);
        return undefined;
      },
      async addAttachment(context: { request: Request }) {
        const form = await context.request.formData();
        const file = form.get("file");
        return { name: file instanceof File ? file.name : null, size: file instanceof File ? file.size : null };
      },
      echo(context: { body: unknown }) {
        return context.body instanceof Uint8Array ? { bytes: context.body.byteLength } : { json: context.body };
      },
    },
  };
}

function handlerFor(overrides: Partial<ServerOptions> = {}, handlers: object = shopHandlers()) {
  const clock = manualClock();
  const errors: { error: unknown; context: ErrorContext }[] = [];
  const handle = server.createRequestHandler(handlers, {
    authenticate: demoAuthenticate,
    now: clock.now,
    requestId: () => "req-1",
    origin: "shop-test",
    onError: (error, context) => errors.push({ error, context }),
    ...overrides,
  });
  return { handle, clock, errors };
}

function request(path: string, init: RequestInit & { token?: string | null } = {}): Request {
  const { token = "tok-personal-s1", ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token !== null) headers.set("Authorization", token);
  return new Request(`${BASE}${path}`, { ...rest, headers });
}

async function errorBody(response: Response): Promise<Record<string, unknown>> {
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(
    ["code", "detail", "origin", "requestId", "status", "statusText", "timestamp", "title"].filter(
      (key) => key !== "code" || "code" in body,
    ),
  );
  expect(body).toMatchObject({ status: response.status, requestId: "req-1", origin: "shop-test", timestamp: "2026-01-01T00:00:00.000Z" });
  return body;
}

describe("routing", () => {
  test("200 with the handler's value as JSON", async () => {
    const { handle } = handlerFor();
    const response = await handle(request("/shop/v1/orders"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(orders);
  });

  test("a documented 201 is the status of a returned value", async () => {
    const { handle } = handlerFor();
    const response = await handle(
      request("/shop/v1/orders", { method: "POST", body: JSON.stringify({ quantity: 3 }), headers: { "content-type": "application/json" } }),
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: "o-9", quantity: 3, status: "open" });
  });

  test("static segments win over parameters; a parameter still takes other values", async () => {
    const calls: string[] = [];
    const { handle } = handlerFor({}, shopHandlers(calls));
    expect((await handle(request("/shop/v1/orders/summary"))).status).toBe(200);
    expect((await handle(request("/shop/v1/orders/o-7"))).status).toBe(200);
    expect(calls).toEqual(["getOrderSummary", "getOrder o-7"]);
  });

  test("several methods on one path", async () => {
    const calls: string[] = [];
    const { handle } = handlerFor({}, shopHandlers(calls));
    const get = await handle(request("/shop/v1/orders/o-3", { token: "tok-service-s1" }));
    const del = await handle(request("/shop/v1/orders/o-3", { method: "DELETE", token: "tok-service-s1" }));
    expect([get.status, del.status]).toEqual([200, 204]);
    expect(await del.text()).toBe("");
    expect(calls).toEqual(["getOrder o-3", "deleteOrder"]);
  });

  test("path parameters are percent-decoded", async () => {
    const calls: string[] = [];
    const { handle } = handlerFor({}, shopHandlers(calls));
    const response = await handle(request("/shop/v1/orders/a%2Fb%20c%C3%A9"));
    expect(response.status).toBe(200);
    expect(calls).toEqual(["getOrder a/b cé"]);
  });

  test("malformed percent-encoding in a parameter: 400", async () => {
    const { handle } = handlerFor();
    const response = await handle(request("/shop/v1/orders/%E0%A4%A"));
    expect(response.status).toBe(400);
    expect(await errorBody(response)).toMatchObject({ code: "malformed-path-parameter", statusText: "Bad Request" });
  });

  test("unknown path: 404, also for a trailing slash or an empty parameter", async () => {
    const { handle } = handlerFor();
    for (const path of ["/nope", "/shop/v1/orders/", "/shop/v1/orders//invoice", "/shop/v1"]) {
      const response = await handle(request(path));
      expect(response.status, path).toBe(404);
      expect(await errorBody(response)).toMatchObject({ code: "route-not-found", title: "not found" });
    }
  });

  test("known path, wrong method: 405 with Allow", async () => {
    const { handle } = handlerFor();
    const response = await handle(request("/shop/v1/orders/o-1", { method: "PATCH" }));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("DELETE, GET, HEAD");
    expect(await errorBody(response)).toMatchObject({ code: "method-not-allowed" });
    // The static sibling has only GET; the parameter route adds DELETE for the same URL.
    const summary = await handle(request("/shop/v1/orders/summary", { method: "PUT" }));
    expect(summary.headers.get("allow")).toBe("DELETE, GET, HEAD");
  });

  test("HEAD runs the GET operation and answers its status and headers without a body", async () => {
    const calls: string[] = [];
    const { handle } = handlerFor({}, shopHandlers(calls));
    const head = await handle(request("/shop/v1/orders/o-2", { method: "HEAD" }));
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toMatch(/^application\/json/);
    expect(head.headers.get("x-ratelimit-remaining")).toBe("1");
    expect(head.body).toBeNull();
    expect(calls).toEqual(["getOrder o-2"]);
    // Errors keep their status and headers, lose their body.
    const unknown = await handle(request("/nope", { method: "HEAD" }));
    expect([unknown.status, unknown.body]).toEqual([404, null]);
    const unauthorized = await handle(request("/shop/v1/orders", { method: "HEAD", token: null }));
    expect([unauthorized.status, unauthorized.body]).toEqual([401, null]);
    // A path without GET has no HEAD either.
    const noGet = await handle(request("/shop/v1/orders/o-1/invoice", { method: "HEAD" }));
    expect(noGet.status).toBe(405);
    expect(noGet.headers.get("allow")).toBe("PUT");
  });

  test("an operation with no handler: 501 naming it", async () => {
    const { handle } = handlerFor();
    const response = await handle(request("/reports/v1/sales/r-1"));
    expect(response.status).toBe(501);
    expect(await errorBody(response)).toMatchObject({ code: "not-implemented", detail: expect.stringContaining("getSalesReport") });
  });
});

describe("auth", () => {
  test("no Authorization header: 401", async () => {
    const { handle } = handlerFor();
    const response = await handle(request("/shop/v1/orders", { token: null }));
    expect(response.status).toBe(401);
    expect(await errorBody(response)).toMatchObject({ code: "missing-token" });
  });

  test("unknown token: 401, and the token appears nowhere in the answer", async () => {
    const { handle } = handlerFor();
    const response = await handle(request("/shop/v1/orders", { token: "secret-token-xyz" }));
    expect(response.status).toBe(401);
    const text = await response.clone().text();
    expect(text).not.toContain("secret-token-xyz");
    expect(await errorBody(response)).toMatchObject({ code: "invalid-token" });
  });

  test("authenticate may be async and sees the operation", async () => {
    const seen: string[] = [];
    const { handle } = handlerFor({
      authenticate: async (token, operation) => {
        seen.push(operation.id);
        return demoAuthenticate(token);
      },
    });
    expect((await handle(request("/shop/v1/orders"))).status).toBe(200);
    expect(seen).toEqual(["listOrders"]);
  });

  test("a token kind the operation does not accept: 403", async () => {
    const { handle } = handlerFor();
    const response = await handle(
      request("/shop/v1/orders", {
        method: "POST",
        token: "tok-service-s1",
        body: JSON.stringify({ quantity: 1 }),
        headers: { "content-type": "application/json" },
      }),
    );
    expect(response.status).toBe(403);
    expect(await errorBody(response)).toMatchObject({ code: "token-kind-not-accepted" });
    const deleted = await handle(request("/shop/v1/orders/o-1", { method: "DELETE", token: "tok-personal-s1" }));
    expect(deleted.status).toBe(403);
  });

  test("authenticate is required", () => {
    expect(() => server.createRequestHandler({}, {} as ServerOptions)).toThrow(/authenticate is required/);
  });
});

describe("rate limits", () => {
  test("429 with its headers over the burst, refill after the interval (injected clock)", async () => {
    const { handle, clock } = handlerFor();
    const first = await handle(request("/shop/v1/orders/o-1"));
    const second = await handle(request("/shop/v1/orders/o-1"));
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.headers.get("x-ratelimit-remaining")).toBe("1");
    expect(second.headers.get("x-ratelimit-remaining")).toBe("0");

    const third = await handle(request("/shop/v1/orders/o-1"));
    expect(third.status).toBe(429);
    expect(third.headers.get("x-ratelimit-retry")).toBe("1");
    expect(third.headers.get("retry-after")).toBe("1");
    expect(third.headers.get("x-ratelimit-limit")).toBe("2");
    expect(third.headers.get("x-ratelimit-reset")).toBe("1");
    expect(await errorBody(third)).toMatchObject({ code: "rate-limited", statusText: "Too Many Requests" });

    clock.advance(499);
    expect((await handle(request("/shop/v1/orders/o-1"))).status).toBe(429);
    clock.advance(1);
    const refilled = await handle(request("/shop/v1/orders/o-1"));
    expect(refilled.status).toBe(200);
    expect(refilled.headers.get("x-ratelimit-remaining")).toBe("0");
    clock.advance(1000);
    expect((await handle(request("/shop/v1/orders/o-1"))).headers.get("x-ratelimit-remaining")).toBe("1");
  });

  test("one budget per seller profile: a personal and a service token of one seller share it", async () => {
    const { handle } = handlerFor();
    expect((await handle(request("/shop/v1/orders/o-1", { token: "tok-personal-s1" }))).status).toBe(200);
    expect((await handle(request("/shop/v1/orders/o-1", { token: "tok-service-s1" }))).status).toBe(200);
    expect((await handle(request("/shop/v1/orders/o-1", { token: "tok-service-s1" }))).status).toBe(429);
    expect((await handle(request("/shop/v1/orders/o-1", { token: "tok-personal-s2" }))).status).toBe(200);
  });

  test("operations without documented limits carry no rate-limit header", async () => {
    const { handle } = handlerFor();
    const response = await handle(request("/shop/v1/orders"));
    expect(response.headers.get("x-ratelimit-remaining")).toBeNull();
  });

  test("a handler's own Response gets X-Ratelimit-Remaining too", async () => {
    const { handle } = handlerFor({}, { shop: { getOrder: () => new Response("raw", { status: 202 }) } });
    const response = await handle(request("/shop/v1/orders/o-1"));
    expect(response.status).toBe(202);
    expect(await response.text()).toBe("raw");
    expect(response.headers.get("x-ratelimit-remaining")).toBe("1");
    const immutable = handlerFor({}, { shop: { getOrder: () => Response.redirect("http://elsewhere.test/", 302) } });
    const redirected = await immutable.handle(request("/shop/v1/orders/o-1"));
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("x-ratelimit-remaining")).toBe("1");
  });

  test("errors after the budget check (here a throwing handler) carry X-Ratelimit-Remaining too", async () => {
    const { handle } = handlerFor({}, {
      shop: {
        getOrder: () => {
          throw new Error("down");
        },
      },
    });
    const response = await handle(request("/shop/v1/orders/o-1"));
    expect(response.status).toBe(500);
    expect(response.headers.get("x-ratelimit-remaining")).toBe("1");
  });

  test("a 403 of a limited operation says what is left, and spends nothing (injected clock)", async () => {
    const { handle, clock } = handlerFor();
    const remove = (token: string) => handle(request("/shop/v1/orders/o-1", { method: "DELETE", token }));
    const denied = await remove("tok-personal-s1");
    expect(denied.status).toBe(403);
    expect(denied.headers.get("x-ratelimit-remaining")).toBe("3");
    const deleted = await remove("tok-service-s1");
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get("x-ratelimit-remaining")).toBe("2");
    // Same seller, wrong kind: the service token's spend shows, the 403s took nothing.
    expect((await remove("tok-personal-s1")).headers.get("x-ratelimit-remaining")).toBe("2");
    expect((await remove("tok-personal-s1")).headers.get("x-ratelimit-remaining")).toBe("2");
    expect((await remove("tok-service-s1")).headers.get("x-ratelimit-remaining")).toBe("1");
    clock.advance(20_000);
    expect((await remove("tok-personal-s1")).headers.get("x-ratelimit-remaining")).toBe("2");
    // Another seller has its own budget.
    expect((await remove("tok-personal-s2")).headers.get("x-ratelimit-remaining")).toBe("3");
  });

  test("a 501 of a limited operation says what is left, and spends nothing", async () => {
    const { handle, clock } = handlerFor({}, { shop: {} });
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await handle(request("/shop/v1/orders/o-1"));
      expect(response.status).toBe(501);
      expect(response.headers.get("x-ratelimit-remaining")).toBe("2");
    }
    // The buckets are shared with a handler that exists: a store passed to both shows the spend.
    const store = new server.MemoryRateLimitStore();
    const implemented = handlerFor({ rateLimitStore: store, now: clock.now });
    const missing = handlerFor({ rateLimitStore: store, now: clock.now }, { shop: {} });
    expect((await implemented.handle(request("/shop/v1/orders/o-1"))).headers.get("x-ratelimit-remaining")).toBe("1");
    expect((await missing.handle(request("/shop/v1/orders/o-1"))).headers.get("x-ratelimit-remaining")).toBe("1");
    expect((await implemented.handle(request("/shop/v1/orders/o-1"))).headers.get("x-ratelimit-remaining")).toBe("0");
    expect((await missing.handle(request("/shop/v1/orders/o-1"))).headers.get("x-ratelimit-remaining")).toBe("0");
  });

  test("a 401 has no seller, so no budget: no X-Ratelimit-Remaining", async () => {
    const { handle } = handlerFor();
    for (const token of [null, "unknown-token"]) {
      const response = await handle(request("/shop/v1/orders/o-1", { token }));
      expect(response.status).toBe(401);
      expect(response.headers.get("x-ratelimit-remaining")).toBeNull();
    }
  });

  test("a store without peek: 403 and 501 simply omit the header", async () => {
    const inner = new server.MemoryRateLimitStore();
    const takeOnly = { take: inner.take.bind(inner) };
    const { handle } = handlerFor({ rateLimitStore: takeOnly }, { shop: {} });
    const denied = await handle(request("/shop/v1/orders/o-1", { method: "DELETE" }));
    expect(denied.status).toBe(403);
    expect(denied.headers.get("x-ratelimit-remaining")).toBeNull();
    const missing = await handle(request("/shop/v1/orders/o-1"));
    expect(missing.status).toBe(501);
    expect(missing.headers.get("x-ratelimit-remaining")).toBeNull();
  });

  test("the store is pluggable", async () => {
    const keys: string[] = [];
    const inner = new server.MemoryRateLimitStore();
    const { handle } = handlerFor({
      rateLimitStore: {
        take: async (key, rule, now) => {
          keys.push(key);
          return inner.take(key, rule, now);
        },
      },
    });
    await handle(request("/shop/v1/orders/o-1", { token: "tok-personal-s2" }));
    expect(keys).toEqual([JSON.stringify(["s2", "getOrder", 0])]);
  });
});

describe("bodies", () => {
  const post = (body: BodyInit, type = "application/json") =>
    request("/shop/v1/orders", { method: "POST", body, headers: { "content-type": type } });

  test("malformed JSON: 400", async () => {
    const { handle } = handlerFor();
    const response = await handle(post("{ not json"));
    expect(response.status).toBe(400);
    expect(await errorBody(response)).toMatchObject({ code: "malformed-json" });
  });

  test("a JSON body that does not fit its schema: 400 naming the first bad field; the handler is not called", async () => {
    const calls: string[] = [];
    const { handle } = handlerFor({}, shopHandlers(calls));
    const cases: [unknown, string][] = [
      [{ quantity: "three" }, 'at $.quantity: "three", expected an integer.'],
      [{ quantity: 1.5 }, "at $.quantity: 1.5, expected an integer."],
      [{ note: "x" }, "at $.quantity: missing, expected a value (required)."],
      [{ quantity: 1, note: null }, "at $.note: null, expected string."],
      [{ quantity: 1, tags: ["a", 5] }, "at $.tags[1]: 5, expected string."],
      [{ quantity: 1, tags: { 0: "a" } }, "at $.tags: an object, expected an array."],
      // NewOrder is closed (additionalProperties false): a field it does not declare does not fit.
      [{ quantity: 1, extra: { any: 1 } }, 'at $["extra"]: an object, expected no such field (the object is closed).'],
      [[{ quantity: 1 }], "at $: an array of 1, expected an object."],
      [null, "at $: null, expected an object."],
    ];
    for (const [body, detail] of cases) {
      const response = await handle(post(JSON.stringify(body)));
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await errorBody(response)).toMatchObject({
        code: "invalid-body",
        detail: `The body does not fit its schema ${detail}`,
        statusText: "Bad Request",
      });
    }
    expect(calls).toEqual([]);
  });

  test("the 400 echoes only the bad value, shortened, never the rest of the body", async () => {
    const { handle } = handlerFor();
    const response = await handle(post(JSON.stringify({ note: "private note", tags: ["ok"], quantity: `${"v".repeat(200)}TAIL` })));
    expect(response.status).toBe(400);
    const { detail } = await errorBody(response);
    expect(detail).toBe(`The body does not fit its schema at $.quantity: ${JSON.stringify("v".repeat(60))}…, expected an integer.`);
    expect(JSON.stringify(detail)).not.toContain("TAIL");
    expect(JSON.stringify(detail)).not.toContain("private note");
  });

  test("a body that fits reaches the handler; an undocumented body is not checked", async () => {
    const calls: string[] = [];
    const { handle } = handlerFor({}, shopHandlers(calls));
    const fits = await handle(post(JSON.stringify({ quantity: 2, note: "n", tags: [] })));
    expect(fits.status).toBe(201);
    expect(calls).toEqual(["createOrder s1"]);
    // An undocumented body is never checked.
    const echoed = await handle(request("/shop/v1/echo", { method: "POST", body: '{"quantity":"x"}', headers: { "content-type": "application/json" } }));
    expect(echoed.status).toBe(200);
  });

  test("recursive types are checked at every depth; a body nested past the stack is a 400, not a 500", async () => {
    const { handle, errors } = handlerFor({}, { shop: { createFolder: () => undefined } });
    const folders = (body: string) => request("/shop/v1/folders", { method: "POST", body, headers: { "content-type": "application/json" } });
    const fits = { name: "a", children: [{ name: "b", children: [{ name: "c" }] }] };
    expect((await handle(folders(JSON.stringify(fits)))).status).toBe(204);
    const deepBad = { name: "a", children: [{ name: "b", children: [{ name: 7 }] }] };
    const bad = await handle(folders(JSON.stringify(deepBad)));
    expect(bad.status).toBe(400);
    expect((await errorBody(bad)).detail).toBe("The body does not fit its schema at $.children[0].children[0].name: 7, expected string.");
    const depth = 100_000; // 2.7 MB, under the 4 MiB cap
    const nested = `${'{"name":"x","children":['.repeat(depth)}{"name":"x"}${"]}".repeat(depth)}`;
    const tooDeep = await handle(folders(nested));
    expect(tooDeep.status).toBe(400);
    expect(await errorBody(tooDeep)).toMatchObject({ code: "invalid-body", detail: "The body is nested too deeply to be checked." });
    expect(errors).toEqual([]);
  });

  test("a required body that is missing: 400", async () => {
    const { handle } = handlerFor();
    const response = await handle(request("/shop/v1/orders", { method: "POST", headers: { "content-type": "application/json" } }));
    expect(response.status).toBe(400);
    expect(await errorBody(response)).toMatchObject({ code: "missing-body" });
  });

  test("a content type the operation does not document: 415", async () => {
    const { handle } = handlerFor();
    const response = await handle(post("quantity=1", "application/x-www-form-urlencoded"));
    expect(response.status).toBe(415);
    expect(await errorBody(response)).toMatchObject({ code: "unsupported-media-type" });
  });

  test("over the size cap by Content-Length: 413 without reading the body", async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const { handle } = handlerFor({ maxBodyBytes: 4096 });
    const big = new Request(`${BASE}/shop/v1/orders`, {
      method: "POST",
      body: stream,
      headers: { "content-type": "application/json", "content-length": "100000", authorization: "tok-personal-s1" },
      duplex: "half",
    } as RequestInit);
    const response = await handle(big);
    expect(response.status).toBe(413);
    expect(await errorBody(response)).toMatchObject({ code: "body-too-large" });
    expect(pulled).toBeLessThanOrEqual(2);
  });

  test("over the size cap while streaming (no Content-Length): 413, reading stops at the cap", async () => {
    let sent = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1024;
        controller.enqueue(new Uint8Array(1024).fill(32));
      },
      cancel() {
        cancelled = true;
      },
    });
    const { handle } = handlerFor({ maxBodyBytes: 8 * 1024 });
    const response = await handle(
      new Request(`${BASE}/shop/v1/orders`, {
        method: "POST",
        body: endless,
        headers: { "content-type": "application/json", authorization: "tok-personal-s1" },
        duplex: "half",
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(16 * 1024);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(cancelled).toBe(true);
  });

  test("a body right at the cap is accepted", async () => {
    const { handle } = handlerFor({ maxBodyBytes: 20 });
    const body = JSON.stringify({ quantity: 12345678 }); // 21 bytes
    expect((await handle(post(body))).status).toBe(413);
    const small = JSON.stringify({ quantity: 1234567 }); // 20 bytes
    expect(small.length).toBe(20);
    expect((await handle(post(small))).status).toBe(201);
  });

  test("binary upload: bytes in `body`, and the request can still be read", async () => {
    const calls: string[] = [];
    const { handle } = handlerFor({}, shopHandlers(calls));
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 1, 2, 3]);
    const response = await handle(
      request("/shop/v1/orders/o-1/invoice", { method: "PUT", body: pdf, headers: { "content-type": "application/pdf" } }),
    );
    expect(response.status).toBe(204);
    expect(calls).toEqual(["uploadInvoice 7 7"]);
  });

  test("multipart upload: the handler reads the form from the request", async () => {
    const { handle } = handlerFor();
    const form = new FormData();
    form.set("file", new File(["hello"], "note.txt", { type: "text/plain" }));
    const response = await handle(request("/shop/v1/orders/o-1/attachments", { method: "POST", body: form }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ name: "note.txt", size: 5 });
  });

  test("undocumented body: JSON parsed, anything else as bytes", async () => {
    const { handle } = handlerFor();
    const json = await handle(request("/shop/v1/echo", { method: "POST", body: '{"a":[1]}', headers: { "content-type": "application/json" } }));
    expect(await json.json()).toEqual({ json: { a: [1] } });
    const bytes = await handle(request("/shop/v1/echo", { method: "POST", body: "plain", headers: { "content-type": "text/plain" } }));
    expect(await bytes.json()).toEqual({ bytes: 5 });
    const none = await handle(request("/shop/v1/echo", { method: "POST" }));
    expect(await none.json()).toEqual({});
  });
});

describe("typed path parameters", () => {
  const SHIPMENT = "123e4567-e89b-12d3-a456-426614174000";

  /** Handlers that record what their params hold, with the type of each value. */
  function typedHandlers(calls: string[]) {
    const record = (id: string, params: Record<string, unknown>) =>
      calls.push(`${id} ${Object.entries(params).map(([name, value]) => `${name}=${typeof value}:${String(value)}`).join(" ")}`);
    return {
      shop: {
        getShipment(context: { params: Record<string, unknown> }) {
          record("getShipment", context.params);
          return context.params;
        },
        listSlots(context: { params: Record<string, unknown> }) {
          record("listSlots", context.params);
          return [];
        },
        listEvents(context: { params: Record<string, unknown> }) {
          record("listEvents", context.params);
          return [];
        },
        getOrder(context: { params: Record<string, unknown> }) {
          record("getOrder", context.params);
          return { id: "o-1", quantity: 1, status: "open" };
        },
      },
    };
  }

  test("the handler gets values of the documented types; untyped parameters stay strings", async () => {
    const calls: string[] = [];
    const { handle } = handlerFor({}, typedHandlers(calls));
    const shipment = await handle(request(`/shop/v1/warehouses/7/shipments/${SHIPMENT}`));
    expect(shipment.status).toBe(200);
    expect(await shipment.json()).toEqual({ warehouseId: 7, shipmentId: SHIPMENT });
    // The enum is compared after percent-decoding (%6E is "n").
    expect((await handle(request("/shop/v1/warehouses/-0012/slots/2024-02-29/%6Eorth/3/false/12.5e1"))).status).toBe(200);
    expect((await handle(request("/shop/v1/warehouses/1/events/2024-01-31T12%3A30%3A00%2B05%3A30"))).status).toBe(200);
    expect((await handle(request("/shop/v1/orders/42"))).status).toBe(200);
    expect(calls).toEqual([
      `getShipment warehouseId=number:7 shipmentId=string:${SHIPMENT}`,
      "listSlots warehouseId=number:-12 day=string:2024-02-29 zone=string:north dock=number:3 cold=boolean:false maxWeight=number:125",
      "listEvents warehouseId=number:1 since=string:2024-01-31T12:30:00+05:30",
      "getOrder orderId=string:42",
    ]);
  });

  test("a value that does not fit: 400 naming the parameter and what it must be; the handler is not called", async () => {
    const calls: string[] = [];
    const { handle } = handlerFor({}, typedHandlers(calls));
    const slots = (values: Partial<Record<"warehouse" | "day" | "zone" | "dock" | "cold" | "weight", string>>) =>
      `/shop/v1/warehouses/${values.warehouse ?? "1"}/slots/${values.day ?? "2024-01-01"}/${values.zone ?? "south"}/${values.dock ?? "1"}/${values.cold ?? "true"}/${values.weight ?? "0.5"}`;
    for (const [path, detail] of [
      [`/shop/v1/warehouses/abc/shipments/${SHIPMENT}`, `Path parameter "warehouseId" must be an integer.`],
      [`/shop/v1/warehouses/1.5/shipments/${SHIPMENT}`, `Path parameter "warehouseId" must be an integer.`],
      [`/shop/v1/warehouses/9007199254740992/shipments/${SHIPMENT}`, `Path parameter "warehouseId" must be an integer.`],
      ["/shop/v1/warehouses/1/shipments/not-a-uuid", `Path parameter "shipmentId" must be a uuid.`],
      [slots({ warehouse: "2147483648" }), `Path parameter "warehouseId" must be a 32-bit integer.`],
      [slots({ day: "2023-02-29" }), `Path parameter "day" must be a date.`],
      [slots({ zone: "east" }), `Path parameter "zone" must be one of north, south.`],
      [slots({ zone: "North" }), `Path parameter "zone" must be one of north, south.`],
      [slots({ dock: "4" }), `Path parameter "dock" must be one of 1, 2, 3.`],
      [slots({ cold: "yes" }), `Path parameter "cold" must be a boolean.`],
      [slots({ cold: "TRUE" }), `Path parameter "cold" must be a boolean.`],
      [slots({ weight: "Infinity" }), `Path parameter "maxWeight" must be a number.`],
      [slots({ weight: "0x10" }), `Path parameter "maxWeight" must be a number.`],
      ["/shop/v1/warehouses/1/events/2024-01-31T12:30:00", `Path parameter "since" must be a date-time.`],
    ] as const) {
      const response = await handle(request(path));
      expect(response.status, path).toBe(400);
      expect(await errorBody(response), path).toMatchObject({ code: "invalid-path-parameter", detail, statusText: "Bad Request" });
    }
    expect(calls).toEqual([]);
  });

  test("answered before auth and rate limits: no token needed, no budget spent, no X-Ratelimit-Remaining", async () => {
    const { handle } = handlerFor({}, typedHandlers([]));
    for (const token of [null, "not-a-token", "tok-personal-s1"]) {
      const response = await handle(request("/shop/v1/warehouses/abc/events/2024-01-31T12:30:00Z", { token }));
      expect(response.status).toBe(400);
      expect(response.headers.get("x-ratelimit-remaining")).toBeNull();
      expect(await errorBody(response)).toMatchObject({ code: "invalid-path-parameter" });
    }
    // Malformed percent-encoding is still its own 400, and a wrong method still a 405.
    expect(await errorBody(await handle(request("/shop/v1/warehouses/%E0%A4%A/events/x")))).toMatchObject({ code: "malformed-path-parameter" });
    expect((await handle(request("/shop/v1/warehouses/abc/events/x", { method: "DELETE" }))).status).toBe(405);
  });

  test("HEAD checks the parameters of the GET it runs", async () => {
    const { handle } = handlerFor({}, typedHandlers([]));
    const bad = await handle(request("/shop/v1/warehouses/abc/events/2024-01-31T12:30:00Z", { method: "HEAD" }));
    expect([bad.status, await bad.text()]).toEqual([400, ""]);
    expect((await handle(request("/shop/v1/warehouses/1/events/2024-01-31T12:30:00Z", { method: "HEAD" }))).status).toBe(200);
  });
});

describe("query", () => {
  test("documented parameters are converted to their types", async () => {
    const calls: string[] = [];
    const { handle } = handlerFor({}, shopHandlers(calls));
    const response = await handle(request("/shop/v1/orders?status=open&limit=5&ids=a&ids=b&archived=false&other=x"));
    expect(response.status).toBe(200);
    expect(calls).toEqual([`listOrders ${JSON.stringify({ status: "open", limit: 5, ids: ["a", "b"], archived: false })}`]);
  });

  test("a value that does not fit: 400 naming the parameter", async () => {
    const { handle } = handlerFor();
    for (const query of ["limit=five", "status=pending", "archived=yes", "limit=1&limit=2"]) {
      const response = await handle(request(`/shop/v1/orders?${query}`));
      expect(response.status, query).toBe(400);
      expect(await errorBody(response)).toMatchObject({ code: "invalid-query" });
    }
  });
});

describe("failures", () => {
  test("a handler that throws: 500 without the detail; the error goes to the log hook", async () => {
    const { handle, errors } = handlerFor({}, {
      shop: {
        listOrders: () => {
          throw new Error("database password is hunter2");
        },
      },
    });
    const response = await handle(request("/shop/v1/orders"));
    expect(response.status).toBe(500);
    const text = await response.clone().text();
    expect(text).not.toContain("hunter2");
    expect(text).not.toContain("at ");
    expect(await errorBody(response)).toMatchObject({ code: "internal-error", title: "internal server error" });
    expect(errors).toHaveLength(1);
    expect((errors[0]?.error as Error).message).toContain("hunter2");
    expect(errors[0]?.context).toEqual({ requestId: "req-1", operation: "listOrders", method: "GET", path: "/shop/v1/orders" });
    expect(JSON.stringify(errors[0]?.context)).not.toContain("tok-personal-s1");
  });

  test("an async rejection and a throwing log hook still give a generic 500", async () => {
    const { handle } = handlerFor(
      {
        onError: () => {
          throw new Error("hook down");
        },
      },
      { shop: { listOrders: async () => Promise.reject(new Error("boom")) } },
    );
    const response = await handle(request("/shop/v1/orders"));
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain("boom");
  });

  test("a failing authenticate is a 500, not a pass", async () => {
    const { handle, errors } = handlerFor({
      authenticate: () => {
        throw new Error("auth backend down");
      },
    });
    const response = await handle(request("/shop/v1/orders"));
    expect(response.status).toBe(500);
    expect(errors).toHaveLength(1);
  });

  test("context.error answers in the marketplace's shape", async () => {
    const { handle } = handlerFor({}, {
      shop: {
        getOrder: (context: { error: (status: number, detail: string, options?: { code?: string }) => Response }) =>
          context.error(404, "No such order.", { code: "order-not-found" }),
      },
    });
    const response = await handle(request("/shop/v1/orders/o-404"));
    expect(response.status).toBe(404);
    expect(await errorBody(response)).toMatchObject({ detail: "No such order.", code: "order-not-found", title: "not found" });
  });
});

describe("mockHandlers", () => {
  test("answer with the catalogue's examples; operations without one answer 501", async () => {
    const { handle } = handlerFor({}, server.mockHandlers);
    const list = await handle(request("/shop/v1/orders"));
    expect(await list.json()).toEqual([{ id: "o-1", quantity: 2, status: "open" }]);
    const one = await handle(request("/shop/v1/orders/o-5"));
    expect(await one.json()).toEqual({ id: "o-1", quantity: 2, status: "open", note: "Ring twice" });
    expect((await handle(request("/shop/v1/orders/summary"))).status).toBe(501);
  });
});
