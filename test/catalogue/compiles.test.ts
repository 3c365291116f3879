// Valid catalogues that used to generate broken code (TS2456, guards recursing forever, unused
// imports, fields found on Object.prototype) or to crash on their size: each now generates a client
// and a server that compile under the strict flags, and whose guards behave.
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_TYPE_NESTING } from "../../src/load/limits.js";
import { typecheck } from "../helpers/tsc.js";
import { generateInto, tsFiles, writeCatalogue } from "./support.js";

type Guard = (value: unknown, path?: string) => { path: string; value: unknown; expected: string } | undefined;

const RECURSIVE = `module: { id: trees, title: Trees, area: Recursive types }
types:
  Tree:
    type: object
    properties:
      label: { type: string, required: true }
      children: { type: array, items: { ref: Tree }, required: true }
      byName: { type: map, values: { ref: Tree } }
      parent: { ref: Tree, nullable: true }
  Ping: { type: object, properties: { pong: { ref: Pong } } }
  Pong: { type: union, oneOf: [{ type: string }, { ref: PingList }] }
  PingList: { type: array, items: { ref: Ping } }
  Json: { type: union, oneOf: [{ type: string }, { type: number }, { type: array, items: { ref: Json } }, { type: map, values: { ref: Json } }] }
operations:
  - id: getTree
    method: GET
    path: /tree
    summary: A tree
    responses:
      "200":
        content:
          application/json:
            schema: { ref: Tree }
            example: { label: root, children: [{ label: leaf, children: [], parent: null }] }
  - id: putTree
    method: PUT
    path: /tree
    summary: Replace the tree
    request: { content: { application/json: { schema: { ref: Tree } } } }
    responses: { "204": { description: Done } }
`;

const INHERITED = `module: { id: inherited, title: Inherited, area: Names objects inherit }
types:
  Prototypical:
    type: object
    properties:
      constructor: { type: string, required: true }
      toString: { type: string }
      valueOf: { type: integer }
      __proto__: { type: string }
      hasOwnProperty: { type: boolean }
operations:
  - id: sendPrototypical
    method: POST
    path: /prototypical
    summary: Send one
    request: { content: { application/json: { schema: { ref: Prototypical } } } }
    responses: { "200": { content: { application/json: { schema: { ref: Prototypical } } } } }
`;

const EMPTY = "module: { id: empty, title: Empty, area: Nothing yet }\n";

function sizes(): string {
  const values = Array.from({ length: 10_000 }, (_, i) => `v${i}`).join(", ");
  const properties = Array.from({ length: 10_000 }, (_, i) => `      p${i}: { type: integer${i % 2 === 0 ? ", required: true" : ""} }`).join("\n");
  const chain = Array.from({ length: 1_000 }, (_, i) => `  Level${i}: { type: object, properties: { next: { ref: Level${i + 1} }, depth: { type: integer, enum: [${i}] } } }`).join("\n");
  return `module: { id: big, title: Big, area: Realistic sizes }
types:
  ManyValues: { type: string, enum: [${values}] }
  ManyFields:
    type: object
    properties:
${properties}
${chain}
  Level1000: { type: object, properties: { end: { type: boolean, required: true } } }
`;
}

let out = "";

beforeAll(async () => {
  const catalogue = await writeCatalogue({ "trees.yaml": RECURSIVE, "inherited.yaml": INHERITED, "empty.yaml": EMPTY, "big.yaml": sizes() });
  const run = await generateInto(catalogue, "client,server");
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  out = run.out;
}, 300_000);

it("the client and server compile under the strict flags (no TS2456, no unused import)", async () => {
  const files = [...(await tsFiles(join(out, "client"))), ...(await tsFiles(join(out, "server")))];
  const result = await typecheck(files, { version: "5.9", resolution: "nodenext", types: ["node"] });
  expect(result.output).toBe("");
  expect(result.ok).toBe(true);
}, 300_000);

describe("guards", () => {
  let client: Record<string, Guard> = {};
  let server: Record<string, Guard> = {};
  beforeAll(async () => {
    client = (await import(join(out, "client/validate.ts"))) as Record<string, Guard>;
    server = (await import(join(out, "server/validate.ts"))) as Record<string, Guard>;
  });

  it("of recursive types terminate and find the problem deep inside", () => {
    const tree = JSON.parse('{"label":"a","children":[{"label":"b","children":[],"byName":{"x":{"label":"c","children":[1]}}}]}') as unknown;
    for (const guards of [client, server]) {
      expect(guards.checkTree!(tree)).toMatchObject({ path: '$.children[0].byName["x"].children[0]', value: 1 });
      expect(guards.checkJson!(JSON.parse('[1, "a", {"b": [{"c": true}]}]'))).toMatchObject({ path: '$[2]["b"][0]["c"]', value: true });
      expect(guards.checkJson!(JSON.parse('[1, "a", {"b": [{"c": 2}]}]'))).toBeUndefined();
      expect(guards.checkPing!({ pong: [{ pong: "x" }] })).toBeUndefined();
    }
  });

  it("read only the value's own fields: inherited names are neither present nor missing by accident", () => {
    for (const guards of [client, server]) {
      const check = guards.checkPrototypical!;
      expect(check(JSON.parse('{"constructor":"c","toString":"t","valueOf":1,"__proto__":"p","hasOwnProperty":true}'))).toBeUndefined();
      expect(check(JSON.parse('{"constructor":"c"}'))).toBeUndefined();
      expect(check(JSON.parse("{}"))).toMatchObject({ path: "$.constructor", expected: "a value (required)" });
      expect(check(JSON.parse('{"constructor":"c","__proto__":5}'))).toMatchObject({ path: "$.__proto__", value: 5 });
    }
  });

  it("of 10,000 enum values, 10,000 fields and 1,000 levels of references work", () => {
    expect(server.checkManyValues!("v9999")).toBeUndefined();
    expect(server.checkManyValues!("v10000")).toMatchObject({ path: "$", expected: expect.stringContaining("(10000 in all)") as unknown });
    const fields = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`p${i}`, i]));
    expect(server.checkManyFields!(fields)).toBeUndefined();
    expect(server.checkManyFields!({ ...fields, p9998: "x" })).toMatchObject({ path: "$.p9998" });
    expect(server.checkManyFields!({ ...fields, other: 1 })).toMatchObject({ path: '$["other"]' });
    let deep: Record<string, unknown> = { end: true };
    for (let i = 999; i >= 0; i--) deep = { next: deep, depth: i };
    expect(server.checkLevel0!(deep)).toBeUndefined();
  });
});

describe(`a type nested ${MAX_TYPE_NESTING} levels inline (the limit)`, () => {
  it("generates a client and server that compile", async () => {
    let objects = "{ type: string }";
    let arrays = "{ type: string }";
    for (let i = 1; i < MAX_TYPE_NESTING; i++) {
      objects = `{ type: object, properties: { a: ${objects} } }`;
      arrays = `{ type: array, items: ${arrays} }`;
    }
    const catalogue = await writeCatalogue({
      "deep.yaml": `module: { id: deep, title: Deep, area: Nesting }
types:
  DeepObject: ${objects}
  DeepArray: ${arrays}
operations:
  - id: getDeep
    method: GET
    path: /deep
    summary: Deep
    responses: { "200": { content: { application/json: { schema: { ref: DeepObject } } } } }
`,
    });
    const run = await generateInto(catalogue, "client,server");
    expect(run.stderr).toBe("");
    const files = [...(await tsFiles(join(run.out, "client"))), ...(await tsFiles(join(run.out, "server")))];
    const result = await typecheck(files, { version: "5.9", resolution: "nodenext", types: ["node"] });
    expect(result.output).toBe("");
  }, 300_000);
});
