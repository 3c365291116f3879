import { expect, test } from "vitest";
import { isApiError } from "./errors.js";
import type { Operation } from "./operation.js";
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
