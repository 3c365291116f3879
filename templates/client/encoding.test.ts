import { expect, test } from "vitest";
import { encodeBody, expandPath, InvalidArgument, joinUrl, queryString, readBody } from "./encoding.js";

test("path parameters are percent-encoded; empty, . and .. are refused", () => {
  expect(expandPath("/a/{id}/b/{x}", { id: "1 2/3", x: 7 })).toBe("/a/1%202%2F3/b/7");
  expect(expandPath("/a/{id}", { id: "é?#%" })).toBe("/a/%C3%A9%3F%23%25");
  for (const id of ["", ".", "..", undefined, null]) expect(() => expandPath("/a/{id}", { id })).toThrow(InvalidArgument);
});

test("query strings: repeated keys for arrays, null and undefined left out", () => {
  expect(queryString({ a: 1, b: [true, "x y"], c: undefined, d: null, e: "&=" })).toBe("?a=1&b=true&b=x+y&e=%26%3D");
  expect(queryString({})).toBe("");
  expect(queryString(undefined)).toBe("");
});

test("base URLs keep their path prefix, with or without a trailing slash", () => {
  expect(joinUrl("https://h.example/p/", "/x")).toBe("https://h.example/p/x");
  expect(joinUrl("https://h.example", "/x")).toBe("https://h.example/x");
});

test("bodies: JSON by default; form data, bytes, blobs and streams as is", () => {
  expect(encodeBody({ a: 1 })).toEqual({ body: '{"a":1}', contentType: "application/json", once: false });
  expect(encodeBody("text")).toEqual({ body: '"text"', contentType: "application/json", once: false });
  expect(encodeBody(undefined)).toEqual({ once: false });
  const form = new FormData();
  const bytes = new Uint8Array([1]);
  const blob = new Blob(["x"]);
  for (const raw of [form, bytes, bytes.buffer, blob, new URLSearchParams("a=1")]) expect(encodeBody(raw)).toEqual({ body: raw, once: false });
  const stream = new ReadableStream();
  expect(encodeBody(stream)).toEqual({ body: stream, once: true });
});

test("responses: JSON parsed, other content as bytes, 204 and empty as undefined", async () => {
  expect(await readBody(new Response('{"a":1}', { headers: { "content-type": "application/json; charset=utf-8" } }), "GET")).toEqual({ a: 1 });
  expect(await readBody(new Response("[1]", { headers: { "content-type": "application/problem+json" } }), "GET")).toEqual([1]);
  const bytes = await readBody(new Response(new Uint8Array([0, 255]), { headers: { "content-type": "application/pdf" } }), "GET");
  expect(bytes).toEqual(new Uint8Array([0, 255]));
  expect(await readBody(new Response("plain", { headers: { "content-type": "text/plain" } }), "GET")).toEqual(new TextEncoder().encode("plain"));
  expect(await readBody(new Response(null, { status: 204 }), "GET")).toBeUndefined();
  expect(await readBody(new Response(null, { status: 200 }), "GET")).toBeUndefined();
  await expect(readBody(new Response("{", { headers: { "content-type": "application/json" } }), "GET")).rejects.toBeInstanceOf(SyntaxError);
});
