// Real HTTP: the generated servers behind toNodeHandler on node:http, 127.0.0.1, port 0.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ErrorContext } from "../../templates/server/types.js";
import { importClient } from "../client/support.js";
import { generateForTest } from "../helpers/generate.js";
import { demoAuthenticate, featuresCatalogue, generateServer, manualClock, type ServerModule } from "./helpers.js";

async function listen(handle: (request: Request) => Promise<Response>, server: ServerModule): Promise<{ base: string; close: () => Promise<void> }> {
  const http: Server = createServer(server.toNodeHandler(handle));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/** A raw node:http request, so the test controls Content-Length and chunking of big bodies. */
function rawRequest(
  url: string,
  options: { method: string; headers: Record<string, string>; body: Uint8Array; chunks?: number },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method, headers: options.headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on("error", reject);
    });
    req.on("error", (error) => reject(error));
    const parts = options.chunks ?? 1;
    const size = Math.ceil(options.body.byteLength / parts);
    for (let offset = 0; offset < options.body.byteLength; offset += size) req.write(options.body.subarray(offset, offset + size));
    req.end();
  });
}

describe("real catalogue over HTTP", () => {
  let server: ServerModule;
  let base: string;
  let close: () => Promise<void>;
  const clock = manualClock();
  const calls: string[] = [];

  beforeAll(async () => {
    ({ server } = await generateServer());
    const handlers = {
      ...server.mockHandlers,
      wbd: {
        listOwnOffers: () => {
          calls.push("listOwnOffers");
          return [];
        },
        getOffer: (context: { params: { offer_id: string } }) => {
          calls.push(`getOffer ${context.params.offer_id}`);
          return {};
        },
        setOfferCover: () => {
          calls.push("setOfferCover");
          return undefined;
        },
        updateOffer: (context: { params: { offer_id: string } }) => {
          calls.push(`updateOffer ${context.params.offer_id}`);
          return undefined;
        },
      },
      general: {
        checkConnection: () => {
          throw new Error("secret stack detail");
        },
      },
    };
    const handle = server.createRequestHandler(handlers, {
      authenticate: demoAuthenticate,
      now: clock.now,
      onError: () => undefined,
    });
    ({ base, close } = await listen(handle, server));
  });
  afterAll(async () => close());

  const get = (path: string, token: string | null = "tok-personal-s1", init: RequestInit = {}) =>
    fetch(`${base}${path}`, { ...init, headers: { ...(token !== null && { authorization: token }) } });

  test("getDiscrepancies: 200 with the catalogue's example, then 429 with headers, then refill after one minute", async () => {
    const first = await get("/api/supplies/v1/discrepancies/sup-1");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(await first.json()).toEqual([
      { discrepancyType: "surplus", discrepancyLabel: "surplus" },
      { discrepancyType: "shortage", discrepancyLabel: "re-sorting" },
    ]);
    // The service token of the same seller shares the budget.
    const second = await get("/api/supplies/v1/discrepancies/sup-1", "tok-service-s1");
    expect(second.status).toBe(429);
    expect(second.headers.get("x-ratelimit-retry")).toBe("60");
    expect(second.headers.get("retry-after")).toBe("60");
    expect(second.headers.get("x-ratelimit-limit")).toBe("1");
    expect(second.headers.get("x-ratelimit-reset")).toBe("60");
    expect(await second.json()).toMatchObject({ status: 429, statusText: "Too Many Requests", code: "rate-limited" });
    clock.advance(30_000);
    const later = await get("/api/supplies/v1/discrepancies/sup-1");
    expect(later.status).toBe(429);
    expect(later.headers.get("x-ratelimit-retry")).toBe("30");
    clock.advance(30_000);
    expect((await get("/api/supplies/v1/discrepancies/sup-1")).status).toBe(200);
  });

  test("401 without a token or with an unknown one", async () => {
    expect((await get("/api/supplies/v1/discrepancies/sup-1", null)).status).toBe(401);
    const unknown = await get("/api/supplies/v1/discrepancies/sup-1", "who-knows");
    expect(unknown.status).toBe(401);
    expect(await unknown.text()).not.toContain("who-knows");
  });

  test("static segments win over parameters: /api/v1/offers/author and POST /api/v1/offers/thumb", async () => {
    calls.length = 0;
    expect((await get("/api/v1/offers/author")).status).toBe(200);
    expect((await get("/api/v1/offers/of-1")).status).toBe(200);
    expect((await get("/api/v1/offers/thumb", "tok-personal-s1", { method: "POST" })).status).toBe(204);
    expect((await get("/api/v1/offers/of-2", "tok-personal-s1", { method: "POST" })).status).toBe(204);
    expect(calls).toEqual(["listOwnOffers", "getOffer of-1", "setOfferCover", "updateOffer of-2"]);
  });

  test("percent-decoded parameters; malformed encoding is 400", async () => {
    calls.length = 0;
    expect((await get("/api/v1/offers/a%20b%2Fc")).status).toBe(200);
    expect(calls).toEqual(["getOffer a b/c"]);
    expect((await get("/api/v1/offers/%ZZ")).status).toBe(400);
  });

  test("404, 405 with Allow, 501 naming the operation, 500 without the detail", async () => {
    expect((await get("/api/v1/nothing-here")).status).toBe(404);
    const wrongMethod = await get("/api/v1/offers/of-1", "tok-personal-s1", { method: "DELETE" });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("GET, HEAD, POST");
    const head = await get("/api/v1/offers/of-1", "tok-personal-s1", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await head.text()).toBe("");
    const missing = await get("/api/v1/tariffs/box");
    expect(missing.status).toBe(501);
    expect(((await missing.json()) as { detail: string }).detail).toContain("getBoxTariffs");
    const failed = await get("/ping");
    expect(failed.status).toBe(500);
    const text = await failed.text();
    expect(text).not.toContain("secret stack detail");
    expect(JSON.parse(text)).toMatchObject({ status: 500, title: "internal server error", code: "internal-error" });
  });
});

describe("server-features over HTTP", () => {
  let server: ServerModule;
  let base: string;
  let close: () => Promise<void>;
  const errors: ErrorContext[] = [];

  beforeAll(async () => {
    ({ server } = await generateServer(featuresCatalogue));
    const handle = server.createRequestHandler(
      {
        shop: {
          createOrder: (context: { body: { quantity: number } }) => ({ id: "o-1", quantity: context.body.quantity, status: "open" }),
          getOrder: (context: { params: { orderId: string } }) => ({ id: context.params.orderId, quantity: 1, status: "open" }),
          deleteOrder: () => undefined,
          getShipment: (context: { params: unknown }) => context.params,
          listSlots: (context: { params: Record<string, unknown> }) => [JSON.stringify(context.params)],
          uploadInvoice: (context: { body: Uint8Array }) => ({ size: context.body.byteLength }),
          echo: () => {
            const chunks = ["one ", "two ", "three"];
            const body = new ReadableStream<Uint8Array>({
              pull(controller) {
                const next = chunks.shift();
                if (next === undefined) controller.close();
                else controller.enqueue(new TextEncoder().encode(next));
              },
            });
            const headers = new Headers({ "content-type": "text/plain" });
            headers.append("set-cookie", "a=1; Path=/");
            headers.append("set-cookie", "b=2; Path=/");
            return new Response(body, { status: 202, headers });
          },
        },
      },
      { authenticate: demoAuthenticate, maxBodyBytes: 1024, onError: (_error, context) => errors.push(context) },
    );
    ({ base, close } = await listen(handle, server));
  });
  afterAll(async () => close());

  const send = (path: string, init: RequestInit & { token?: string } = {}) =>
    fetch(`${base}${path}`, { ...init, headers: { authorization: init.token ?? "tok-personal-s1", ...(init.headers as Record<string, string>) } });

  test("JSON body: 201; malformed: 400; wrong token kind: 403", async () => {
    const json = { "content-type": "application/json" };
    const created = await send("/shop/v1/orders", { method: "POST", body: '{"quantity":4}', headers: json });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ id: "o-1", quantity: 4, status: "open" });
    expect((await send("/shop/v1/orders", { method: "POST", body: "{", headers: json })).status).toBe(400);
    expect((await send("/shop/v1/orders", { method: "POST", body: "{}", headers: json, token: "tok-service-s1" })).status).toBe(403);
  });

  test("several methods on one path", async () => {
    const got = await send("/shop/v1/orders/o-9", { token: "tok-service-s1" });
    const deleted = await send("/shop/v1/orders/o-9", { method: "DELETE", token: "tok-service-s1" });
    expect([got.status, deleted.status]).toEqual([200, 204]);
  });

  test("binary upload streams through the adapter", async () => {
    const bytes = new Uint8Array(1000).fill(7);
    const response = await send("/shop/v1/orders/o-1/invoice", { method: "PUT", body: bytes, headers: { "content-type": "application/pdf" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ size: 1000 });
  });

  test("413 by Content-Length, answered before the body is read", async () => {
    const response = await rawRequest(`${base}/shop/v1/orders/o-1/invoice`, {
      method: "PUT",
      headers: { authorization: "tok-personal-s1", "content-type": "application/pdf", "content-length": "20000" },
      body: new Uint8Array(20_000),
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toMatchObject({ status: 413, code: "body-too-large" });
    expect(response.headers.connection).toBe("close");
  });

  test("413 for a chunked body that grows past the cap", async () => {
    const response = await rawRequest(`${base}/shop/v1/orders/o-1/invoice`, {
      method: "PUT",
      headers: { authorization: "tok-personal-s1", "content-type": "application/pdf", "transfer-encoding": "chunked" },
      body: new Uint8Array(8_000),
      chunks: 8,
    });
    expect(response.status).toBe(413);
  });

  test("a handler's streamed Response arrives whole, with every Set-Cookie", async () => {
    const response = await rawRequest(`${base}/shop/v1/echo`, {
      method: "POST",
      headers: { authorization: "tok-personal-s1" },
      body: new Uint8Array(0),
    });
    expect(response.status).toBe(202);
    expect(response.body).toBe("one two three");
    expect(response.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });

  test("the server keeps serving after a 413", async () => {
    expect((await send("/shop/v1/orders/o-1", {})).status).toBe(200);
    expect(errors).toEqual([]);
  });

  test("typed path parameters: GET /warehouses/abc/... is a 400, the generated client's typed values arrive typed", async () => {
    const shipment = "123e4567-e89b-12d3-a456-426614174000";
    const bad = await send(`/shop/v1/warehouses/abc/shipments/${shipment}`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "invalid-path-parameter", detail: `Path parameter "warehouseId" must be an integer.` });
    const good = await send(`/shop/v1/warehouses/7/shipments/${shipment}`);
    expect(await good.json()).toEqual({ warehouseId: 7, shipmentId: shipment });

    const client = await importClient(await generateForTest({ catalogue: featuresCatalogue, targets: ["client"] }));
    const shop = client.createClient({ baseUrl: base, token: "tok-personal-s1", retry: false })["shop"]!;
    expect(await shop["getShipment"]!({ warehouseId: -3, shipmentId: shipment })).toEqual({ warehouseId: -3, shipmentId: shipment });
    const slots = { warehouseId: 12, day: "2024-02-29", zone: "south", dock: 2, cold: true, maxWeight: 1.5e-7 };
    expect(await shop["listSlots"]!(slots)).toEqual([JSON.stringify(slots)]);
  });
});
