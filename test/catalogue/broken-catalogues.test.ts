// A corpus of broken catalogues: each is refused with file:line:col and a message, exit code 1,
// and nothing written to the output folder.
import { describe, expect, it } from "vitest";
import { API, generateInto, type RefusalCase, writeCatalogue } from "./support.js";

const CASES: RefusalCase[] = [
  {
    name: "YAML syntax error",
    files: {
      "shop.yaml": `module: { id: shop, title: Shop, area: Things }
operations:
  - id: listThings
    method: GET
    path: [unclosed
`,
    },
    errors: [["shop.yaml:5:19", "YAML syntax error: Flow sequence in block collection must be sufficiently indented and end with a ]"]],
  },
  {
    name: "duplicate route",
    files: {
      "shop.yaml": `module: { id: shop, title: Shop, area: Things }
operations:
  - { id: listThings, method: GET, path: /things, summary: List }
  - { id: listThingsAgain, method: GET, path: /things, summary: List again }
`,
    },
    errors: [["shop.yaml:4:47", "duplicate route GET /things: already declared at"]],
  },
  {
    name: "path parameter mismatch",
    files: {
      "shop.yaml": `module: { id: shop, title: Shop, area: Things }
operations:
  - id: getThing
    method: GET
    path: /things/{thingId}
    summary: One thing
    parameters:
      - { name: thingID, in: path, required: true }
`,
    },
    errors: [
      ["shop.yaml:7:5", 'path parameter "{thingId}" of /things/{thingId} is not declared'],
      ["shop.yaml:8:17", 'path parameter "thingID" does not appear in the path /things/{thingId}'],
    ],
  },
  {
    name: "unknown field",
    files: {
      "shop.yaml": `module: { id: shop, title: Shop, area: Things }
operations:
  - id: listThings
    method: GET
    path: /things
    summary: List
    tokenz: [personal]
`,
    },
    errors: [["shop.yaml:7:5", 'unknown field "tokenz" in "operations"']],
  },
  {
    name: "unknown reference",
    files: {
      "shop.yaml": `module: { id: shop, title: Shop, area: Things }
types:
  Thing:
    type: object
    properties:
      owner: { ref: Owner }
operations:
  - id: listThings
    method: GET
    path: /things
    summary: List
    responses:
      "200":
        content:
          application/json:
            schema: { type: array, items: { ref: Thingy } }
`,
    },
    errors: [
      ["shop.yaml:6:21", 'unknown type "Owner"'],
      ["shop.yaml:16:50", 'unknown type "Thingy"'],
    ],
  },
  {
    name: "bad enum combination",
    files: {
      "shop.yaml": `module: { id: shop, title: Shop, area: Things }
types:
  Discrepancy:
    type: object
    properties:
      kind: { type: string, enum: [surplus, shortage], required: true }
      label: { type: string, enum: [surplus, re-sorting, shortage], required: true }
    combinations:
      fields: [kind, label]
      allowed:
        - values: { kind: surplus, label: resorting }
        - values: { kind: shortfall, label: shortage }
`,
    },
    errors: [
      ["shop.yaml:11:43", '"resorting" is not a declared value of label'],
      ["shop.yaml:12:27", '"shortfall" is not a declared value of kind'],
    ],
  },
  {
    name: "bad limit",
    files: {
      "api.yaml": API.replace("  title: Test API\n", "  title: Test API\n  principal: seller\n"),
      "shop.yaml": `module: { id: shop, title: Shop, area: Things }
operations:
  - id: listThings
    method: GET
    path: /things
    summary: List
    limits:
      - { scope: seller, period: 1 fortnight, limit: 0, interval: 1 minute, burst: 1 }
`,
    },
    errors: [
      ["shop.yaml:8:34", 'period "1 fortnight" is not a positive duration with a known unit'],
      ["shop.yaml:8:54", "limit must be a positive number of requests, not 0"],
    ],
  },
  {
    name: "unsafe id",
    files: {
      "shop.yaml": `module: { id: shop, title: Shop, area: Things }
operations:
  - { id: list-things, method: GET, path: /things, summary: List }
  - { id: delete, method: DELETE, path: /things, summary: Delete }
`,
    },
    errors: [
      ["shop.yaml:3:11", 'operation id "list-things" is not a safe identifier'],
      ["shop.yaml:4:11", 'operation id "delete" is not a safe identifier'],
    ],
  },
  {
    name: "indistinguishable routes",
    files: {
      "shop.yaml": `module: { id: shop, title: Shop, area: Things }
operations:
  - { id: getThing, method: GET, path: "/things/{x}", summary: One }
  - { id: getOtherThing, method: GET, path: "/things/{y}", summary: Other }
`,
    },
    errors: [["shop.yaml:4:45", "route GET /things/{y} cannot be told apart from GET /things/{x}"]],
  },
  {
    name: "one path written with different parameter names for two methods",
    files: {
      "shop.yaml": `module: { id: shop, title: Shop, area: Things }
operations:
  - { id: getThing, method: GET, path: "/things/{thingId}", summary: One }
  - { id: updateThing, method: PUT, path: "/things/{id}", summary: Update }
`,
    },
    errors: [["shop.yaml:4:43", "path /things/{id} names its parameters differently from /things/{thingId}"]],
  },
  {
    name: "names the generated code needs for itself",
    files: {
      "index.yaml": `module: { id: index, title: Index, area: Things }
`,
      "shop.yaml": `module: { id: shop, title: Shop, area: Things }
types:
  Client: { type: object }
  RateLimitStore: { type: object }
operations:
  - { id: getThing, method: GET, path: "/things/{query}", summary: One }
  - { id: retries, method: GET, path: /retries, summary: Retries }
`,
    },
    errors: [
      ["index.yaml:1:15", 'module id "index" is reserved'],
      ["shop.yaml:3:3", 'type name "Client" is taken by the generated code\'s own exports'],
      ["shop.yaml:4:3", 'type name "RateLimitStore" is taken by the generated code\'s own exports'],
      ["shop.yaml:6:40", 'path parameter "{query}" has a name the client\'s call arguments use for something else'],
      ["shop.yaml:7:11", 'operation id "retries" is not a safe identifier'],
    ],
  },
  {
    name: "an example that breaks its own schema",
    files: {
      "shop.yaml": `module: { id: shop, title: Shop, area: Things }
types:
  Discrepancy:
    type: object
    additionalProperties: true
    properties:
      kind: { type: string, enum: [surplus, shortage], required: true }
      label: { type: string, enum: [surplus, shortage], required: true }
    combinations:
      fields: [kind, label]
      allowed:
        - values: { kind: surplus, label: surplus }
        - values: { kind: shortage, label: shortage }
operations:
  - id: listThings
    method: GET
    path: /things
    summary: List
    responses:
      "200":
        content:
          application/json:
            schema: { type: array, items: { ref: Discrepancy } }
            example: [{ kind: surplus, label: shortage }]
`,
    },
    errors: [["shop.yaml:24:13", 'the example does not fit its schema: example[0]: kind="surplus", label="shortage" is not an allowed combination']],
  },
  {
    name: "unknown token kind and wrong method, across two files at once",
    files: {
      "shop.yaml": `module: { id: shop, title: Shop, area: Things }
operations:
  - { id: listThings, method: GET, path: /things, summary: List, tokens: [robot] }
`,
      "stock.yaml": `module: { id: stock, title: Stock, area: Stock }
operations:
  - { id: listStock, method: FETCH, path: /stock, summary: Stock }
`,
    },
    errors: [
      ["shop.yaml:3:75", 'unknown token kind "robot"'],
      ["stock.yaml:3:30", '"FETCH" is not allowed for "method"'],
    ],
  },
];

describe.each(CASES)("a catalogue with: $name", ({ files, errors }) => {
  it("is refused with every error located, exit code 1, and nothing written", async () => {
    const run = await generateInto(await writeCatalogue(files));
    expect(run.code).toBe(1);
    expect(run.errors).toHaveLength(errors.length);
    errors.forEach(([at, message], i) => {
      expect(run.errors[i]![0]).toBe(at);
      expect(run.errors[i]![1]).toContain(message);
    });
    // Compiler style: the offending line is shown under the message.
    expect(run.stderr).toMatch(/\n\d+ \| .+\n\s+\| +\^+/);
    expect(run.written).toBe(false);
  });
});
