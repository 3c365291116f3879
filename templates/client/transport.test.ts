import { expect, test } from "vitest";
import { makeTransport, type Operation } from "./transport.js";

function recordingFetch(urls: string[]) {
  return async (url: string): Promise<Response> => {
    urls.push(url);
    return new Response(null, { status: 204 });
  };
}

test.each(["constructor", "toString", "__proto__", "hasOwnProperty"])("a module named %s takes the default base URL, not Object's member", async (module) => {
  const urls: string[] = [];
  const transport = makeTransport({ baseUrl: { default: "http://default.test" }, token: "t", fetch: recordingFetch(urls), retry: false }, "Authorization");
  const operation: Operation = { id: "op", module, method: "GET", path: "/things" };
  await transport.send(operation, undefined);
  expect(urls).toEqual(["http://default.test/things"]);
});

test("a module's own base URL wins over the default", async () => {
  const urls: string[] = [];
  const transport = makeTransport({ baseUrl: { default: "http://default.test", constructor: "http://own.test" }, token: "t", fetch: recordingFetch(urls) }, "Authorization");
  await transport.send({ id: "op", module: "constructor", method: "GET", path: "/x" }, undefined);
  expect(urls).toEqual(["http://own.test/x"]);
});
