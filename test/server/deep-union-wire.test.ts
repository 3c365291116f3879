// A deepObject query parameter typed as a union of an object and a scalar (Stripe's `created`):
// the generated client writes an object deepObject-style and a scalar plainly, and the generated
// server reads both back, over a real HTTP server on 127.0.0.1. A deepObject array of strings
// (Stripe's `expand`) goes as `expand[0]=a&expand[1]=b`; the server also reads `expand[]=a`.
// Values nested further (Stripe's `items[0][price]`, unions of lists and scalars) go in brackets
// to any depth, and come back typed by the catalogue.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";
import { startServer, type TestServer } from "../client/support.js";
import { typecheck } from "../helpers/tsc.js";

type Call = (args: unknown) => Promise<unknown>;
let http: TestServer;
let out: string;
let api: { deep: Record<string, Call> };
const seen: unknown[] = [];

beforeAll(async () => {
  out = await generateForTest({ catalogue: fixtureCatalogue("deep-union"), targets: ["client", "server"] });
  const client = (await import(pathToFileURL(join(out, "client/index.ts")).href)) as { createClient(options: object): typeof api };
  const server = (await import(pathToFileURL(join(out, "server/index.ts")).href)) as {
    createRequestHandler(handlers: object, options: object): (request: Request) => Promise<Response>;
  };
  const handle = server.createRequestHandler(
    { deep: { listEvents: (context: { query: unknown }) => (seen.push(context.query), {}) } },
    { authenticate: () => ({ principalId: "s1", tokenKind: "personal" }) },
  );
  http = await startServer();
  http.handle((request, response) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
    void handle(new Request(`http://127.0.0.1${request.url}`, { method: request.method, headers })).then(async (answer) => {
      response.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "text/plain" }).end(await answer.text());
    });
  });
  api = client.createClient({ baseUrl: http.url, token: "tok" });
}, 60_000);

afterAll(() => http.close());

test("an object value goes deepObject-style and comes back as the object", async () => {
  await api.deep.listEvents!({ query: { created: { gt: 1, lte: 5 }, limit: 3 } });
  expect(http.received.at(-1)!.url).toBe("/events?created[gt]=1&created[lte]=5&limit=3");
  expect(seen.at(-1)).toEqual({ created: { gt: 1, lte: 5 }, limit: 3 });
});

test("a scalar value goes as name=value and comes back typed by the union's scalar member", async () => {
  await api.deep.listEvents!({ query: { created: 5 } });
  expect(http.received.at(-1)!.url).toBe("/events?created=5");
  expect(seen.at(-1)).toEqual({ created: 5 });
});

test("a scalar that does not fit the scalar member is a 400", async () => {
  const answer = await fetch(`${http.url}/events?created=soon`, { headers: { authorization: "Bearer tok" } });
  expect(answer.status).toBe(400);
  expect(((await answer.json()) as { detail: string }).detail).toBe('Query parameter "created" must be an integer.');
});

test("a deepObject array goes as indexed keys and comes back in index order", async () => {
  await api.deep.listEvents!({ query: { expand: ["customer", "invoice.lines"] } });
  expect(http.received.at(-1)!.url).toBe("/events?expand[0]=customer&expand[1]=invoice.lines");
  expect(seen.at(-1)).toEqual({ expand: ["customer", "invoice.lines"] });
  const shuffled = await fetch(`${http.url}/events?expand[1]=b&expand[0]=a&expand[10]=c`, { headers: { authorization: "Bearer tok" } });
  expect(shuffled.status).toBe(200);
  expect(seen.at(-1)).toEqual({ expand: ["a", "b", "c"] });
});

test("a deepObject array also reads the empty-bracket form, and refuses keys that are not indexes", async () => {
  const brackets = await fetch(`${http.url}/events?expand[]=customer&expand%5B%5D=charge`, { headers: { authorization: "Bearer tok" } });
  expect(brackets.status).toBe(200);
  expect(seen.at(-1)).toEqual({ expand: ["customer", "charge"] });
  const named = await fetch(`${http.url}/events?expand[a]=customer`, { headers: { authorization: "Bearer tok" } });
  expect(named.status).toBe(400);
  expect(((await named.json()) as { detail: string }).detail).toBe('Query parameter "expand" must be a list, written expand[0]=…&expand[1]=….');
});

test("a list of objects goes in nested brackets and comes back typed", async () => {
  await api.deep.listEvents!({ query: { items: [{ price: "p1", quantity: 2 }, { price: "p 2" }] } });
  expect(http.received.at(-1)!.url).toBe("/events?items[0][price]=p1&items[0][quantity]=2&items[1][price]=p+2");
  expect(seen.at(-1)).toEqual({ items: [{ price: "p1", quantity: 2 }, { price: "p 2" }] });
});

test("unions of lists and scalars: each member as it is written", async () => {
  await api.deep.listEvents!({ query: { cancel_at: "now", discounts: "" } });
  expect(http.received.at(-1)!.url).toBe("/events?cancel_at=now&discounts=");
  expect(seen.at(-1)).toEqual({ cancel_at: "now", discounts: "" });
  await api.deep.listEvents!({ query: { cancel_at: 1700000000, discounts: [{ coupon: "c1" }] } });
  expect(http.received.at(-1)!.url).toBe("/events?cancel_at=1700000000&discounts[0][coupon]=c1");
  expect(seen.at(-1)).toEqual({ cancel_at: 1700000000, discounts: [{ coupon: "c1" }] });
});

test("a nested value that does not fit is a 400 naming the bracket path", async () => {
  const ask = async (query: string): Promise<[number, string]> => {
    const answer = await fetch(`${http.url}/events?${query}`, { headers: { authorization: "Bearer tok" } });
    return [answer.status, ((await answer.json()) as { detail: string }).detail];
  };
  expect(await ask("items[0][price]=p&items[0][quantity]=two")).toEqual([400, 'Query parameter "items[0][quantity]" must be an integer.']);
  expect(await ask("items[0][quantity]=2")).toEqual([400, 'Query parameter "items[0]" needs its property price.']);
  expect(await ask("items[x][price]=p")).toEqual([400, 'Query parameter "items" must be a list, written items[0]=…&items[1]=….']);
  expect(await ask("items[0][price]=a&items[0][price]=b")).toEqual([400, 'Query parameter "items[0][price]" is given more than once.']);
  expect(await ask("cancel_at=later")).toEqual([400, 'Query parameter "cancel_at" must be an integer.']);
  expect(await ask(`items${"[0]".repeat(40)}=x`)).toEqual([400, 'Query parameter "items" nests deeper than 32 brackets.']);
});

test("the client and the server with nested deepObject rules compile under the strict flags", async () => {
  const result = await typecheck([join(out, "client/index.ts"), join(out, "server/index.ts")], { version: "5.9", resolution: "bundler", types: ["node"], portable: true });
  expect(result.output).toBe("");
  expect(result.ok).toBe(true);
}, 120_000);
