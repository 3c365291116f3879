import { expect, test } from "vitest";
import { isApiError } from "./errors.js";
import { writeArgs, writeQueryAndBody } from "./encoding.js";
import { lines, op, routeOperations, type Operation } from "./operation.js";
import { makeTransport } from "./transport.js";

function recordingFetch(urls: string[]) {
  return async (url: string): Promise<Response> => {
    urls.push(url);
    return new Response(null, { status: 204 });
  };
}

test.each(["constructor", "toString", "__proto__", "hasOwnProperty"])("a module named %s takes the default base URL, not Object's member", async (module) => {
  const urls: string[] = [];
  const transport = makeTransport({ baseUrl: { default: "http://default.test" }, token: "t", fetch: recordingFetch(urls) }, "Authorization");
  const operation: Operation = { id: "op", route: "GET /things", module };
  await transport.send(operation, undefined);
  expect(urls).toEqual(["http://default.test/things"]);
});

test("a module's own base URL wins over the default", async () => {
  const urls: string[] = [];
  const transport = makeTransport({ baseUrl: { default: "http://default.test", constructor: "http://own.test" }, token: "t", fetch: recordingFetch(urls) }, "Authorization");
  await transport.send({ id: "op", route: "GET /x", module: "constructor" }, undefined);
  expect(urls).toEqual(["http://own.test/x"]);
});

test("fetch is asked not to follow redirects; a fetch that hides a redirect's target (a browser's) fails the call", async () => {
  const inits: RequestInit[] = [];
  const browserLike = async (_url: string, init: RequestInit): Promise<Response> => {
    inits.push(init);
    // What a browser's fetch gives for `redirect: "manual"`: no status, no headers.
    const opaque = new Response(null, { status: 200 });
    Object.defineProperties(opaque, { type: { value: "opaqueredirect" }, status: { value: 0 }, ok: { value: false } });
    return opaque;
  };
  const transport = makeTransport({ baseUrl: "http://api.test", token: "tok-12345678", fetch: browserLike }, "Authorization");
  const error = await transport.send({ id: "op", route: "GET /x", module: "m" }, undefined).catch((e: unknown) => e);
  expect(isApiError(error, "http")).toBe(true);
  expect((error as Error).message).toContain("redirect not followed: this fetch does not show its target");
  expect(inits.map((init) => init.redirect)).toEqual(["manual"]);
});

test("op() reads id and route from one string; query, headers, cookies and body go only through the descriptor's writeArgs", async () => {
  const sent: { url: string; init: RequestInit }[] = [];
  const fetchSpy = async (url: string, init: RequestInit): Promise<Response> => {
    sent.push({ url, init });
    return new Response(null, { status: 204 });
  };
  const transport = makeTransport({ baseUrl: "http://api.test", token: "t", fetch: fetchSpy }, "Authorization");
  const args = { id: "a b", query: { q: "x y" }, headers: { "x-h": "1" }, cookies: { c: "2" }, body: { n: 1 } };
  const plain = op("m", "getThing POST /things/{id}");
  expect(plain).toEqual({ id: "getThing", route: "POST /things/{id}", module: "m" });
  await transport.send(plain, args);
  await transport.send(op("m", "getThing POST /things/{id}", { write: writeArgs }), args);
  expect(sent.map((s) => s.url)).toEqual(["http://api.test/things/a%20b", "http://api.test/things/a%20b?q=x+y"]);
  const headers = sent.map((s) => s.init.headers as Record<string, string>);
  expect([headers[0]?.["x-h"], headers[0]?.["cookie"], sent[0]?.init.body]).toEqual([undefined, undefined, undefined]);
  expect([headers[1]?.["x-h"], headers[1]?.["cookie"], headers[1]?.["content-type"], sent[1]?.init.body]).toEqual(["1", "c=2", "application/json", '{"n":1}']);
});

test("writeQueryAndBody writes what writeArgs writes of the query and the body, and no header or cookie parameter", () => {
  const args = { query: { q: ["x y", "z"], n: undefined }, headers: { "x-h": "1" }, cookies: { c: "2" }, body: { n: 1 } };
  const full = writeArgs(args, "/things?fixed=1");
  expect(full.headers).toEqual({ "x-h": "1", cookie: "c=2" });
  expect(writeQueryAndBody(args, "/things?fixed=1")).toEqual({ ...full, headers: {} });
  expect(writeQueryAndBody({}, "/things")).toEqual({ url: "/things", headers: {}, encoded: { once: false } });
});

test("routeOperations: a descriptor per line of the routes strings, as op() reads each line, with the shared `more`", () => {
  const routes = ["listThings 1things\ncreateThing POST 1things", "deleteThing DELETE 1things/{id}"];
  const more = { write: writeQueryAndBody };
  expect(lines(routes[0]!)).toEqual(["listThings 1things", "createThing POST 1things"]);
  const module = "things /api/v1/";
  expect(routeOperations(module, more, routes)).toEqual([
    op(module, "listThings 1things", more),
    op(module, "createThing POST 1things", more),
    op(module, "deleteThing DELETE 1things/{id}", more),
  ]);
  expect(routeOperations(module, more, routes).map((operation) => operation.route)).toEqual(["GET /api/v1/things", "POST /api/v1/things", "DELETE /api/v1/things/{id}"]);
});
