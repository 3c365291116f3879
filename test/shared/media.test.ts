// One JSON media-type rule, run on every copy of it: the generator's (src/shared/media.ts) and
// the runtime's (templates/shared/media.ts, shipped to the client and the server), through the
// calls that use it there: the client's readBody and the server's body reading.
import { describe, expect, it } from "vitest";
import { isJsonMediaType } from "../../src/shared/media.js";
import { sharedTemplateFiles, templateText } from "../../src/emit/shared/templates.js";
import { readBody } from "../../templates/client/encoding.js";
import { createRequestHandler } from "../../templates/server/handler.js";
import { isJsonMediaType as runtimeIsJsonMediaType } from "../../templates/shared/media.js";
import type { RouteDefinition } from "../../templates/server/types.js";

const CASES: [string, boolean][] = [
  // RFC 8259
  ["application/json", true],
  ["APPLICATION/JSON", true],
  ["application/json; charset=utf-8", true],
  ["application/json;charset=UTF-8", true],
  [" application/json ", true],
  // RFC 6839 structured suffix, on any type
  ["application/problem+json", true],
  ["application/vnd.api+json", true],
  ["application/merge-patch+json; charset=utf-8", true],
  ["text/vnd.custom+json", true],
  // not one JSON text, or not JSON at all
  ["application/json-seq", false],
  ["application/geo+json-seq", false],
  ["application/jsonl", false],
  ["application/x-ndjson", false],
  ["application/jsonpath", false],
  ["text/json", false],
  ["text/json5", false],
  ["application/json5", false],
  ["application/javascript", false],
  ["application/+json", false],
  ["application/json+xml", false],
  ["application/xml; profile=json", false],
  ["application/octet-stream", false],
  ["multipart/form-data", false],
  ["json", false],
  ["", false],
  ["application/json+json", true],
  ["x/a.b+json", true],
  ["-x/a+json", false],
  ["a b/c+json", false],
  ["application/json/x", false],
];

describe.each([
  ["generator (src/shared/media.ts)", isJsonMediaType],
  ["runtime (templates/shared/media.ts)", runtimeIsJsonMediaType],
])("isJsonMediaType, %s", (_where, isJson) => {
  it.each(CASES)("%j -> %s", (contentType, expected) => {
    expect(isJson(contentType)).toBe(expected);
  });
});

// The runtime's copy is one pattern, the generator's a match and two comparisons: the same answer
// for every string of up to four of these pieces (20,736 strings).
it("the runtime's one pattern and the generator's rule agree on every short string of media-type pieces", () => {
  const pieces = ["application", "json", "+json", "x", "+", "/", "-", ".", " ", ";", "A", ""];
  const differ: string[] = [];
  for (const a of pieces) for (const b of pieces) for (const c of pieces) for (const d of pieces) {
    const text = a + b + c + d;
    if (isJsonMediaType(text) !== runtimeIsJsonMediaType(text)) differ.push(text);
  }
  expect(differ).toEqual([]);
});

describe("the client runtime reads a response body as JSON exactly when the rule says so", () => {
  it.each(CASES)("%j -> %s", async (contentType, expected) => {
    const response = new Response('{"a":1}', { headers: { "content-type": contentType } });
    const value = await readBody(response, "GET");
    expect(value).toEqual(expected ? { a: 1 } : new TextEncoder().encode('{"a":1}'));
  });
});

describe("the server runtime parses a request body as JSON exactly when the rule says so", () => {
  // One operation that accepts a body of any type and answers whether its handler got it parsed.
  const echo: RouteDefinition = {
    id: "echo",
    module: "test",
    method: "POST",
    path: "/echo",
    segments: ["echo"],
    tokens: undefined,
    limits: undefined,
    query: undefined,
    body: { kind: "content", required: true, contentTypes: ["*/*"] },
    status: 200,
  };
  const handlers = { test: { echo: ({ body }: { body: unknown }) => ({ parsed: !(body instanceof Uint8Array) }) } };
  const handle = createRequestHandler({ authHeader: "Authorization", routes: [echo] }, handlers, {
    authenticate: () => ({ principalId: "s", tokenKind: "personal" }),
  });

  it.each(CASES.filter(([contentType]) => contentType.trim() !== ""))("%j -> %s", async (contentType, expected) => {
    const response = await handle(new Request("http://localhost/echo", {
        method: "POST",
        body: '{"a":1}',
        headers: { authorization: "t", "content-type": contentType },
      }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ parsed: expected });
  });
});

it("the client and the server ship the runtime copy as it stands", () => {
  for (const target of ["client", "server"]) {
    const shipped = sharedTemplateFiles(target).find((file) => file.path === `${target}/shared/media.ts`);
    expect(shipped?.content).toBe(templateText("shared", "media.ts"));
  }
});
