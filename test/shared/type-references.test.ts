// One type-reference walker (typeReferences) under the server's handler types and the docs' list of
// the types an operation reaches.
import { describe, expect, test } from "vitest";
import type { NamedType, OperationModel, TypeNode } from "../../src/model/types.js";
import { reachableTypes } from "../../src/emit/docs/types.js";
import { operationTypes } from "../../src/emit/server/operation-types.js";
import { typeReferences } from "../../src/emit/shared/ts-types.js";

const ref = (name: string): TypeNode => ({ kind: "ref", name });

// A ref in every place a TypeNode can hold one.
const everywhere: TypeNode = {
  kind: "union",
  variants: [
    { kind: "array", items: ref("Item") },
    { kind: "map", values: ref("Value") },
    { kind: "object", properties: [{ name: "a", required: true, type: ref("Field") }], additionalProperties: ref("Extra") },
    ref("Direct"),
    ref("Item"),
  ],
};

test("typeReferences: every ref a node holds itself, once each, sorted; refs are not followed", () => {
  expect(typeReferences(everywhere)).toEqual(["Direct", "Extra", "Field", "Item", "Value"]);
  expect(typeReferences(undefined)).toEqual([]);
  expect(typeReferences({ kind: "string" })).toEqual([]);
});

describe("reachableTypes (docs): the transitive closure of typeReferences", () => {
  const named = (name: string, type: TypeNode): NamedType => ({ name, module: "m", type });
  const types = new Map(
    [
      named("A", { kind: "object", properties: [{ name: "b", required: true, type: ref("B") }], additionalProperties: false }),
      named("B", { kind: "array", items: { kind: "map", values: ref("C") } }),
      named("C", { kind: "union", variants: [ref("A"), ref("D")] }),
      named("D", { kind: "string" }),
      named("Unused", { kind: "string" }),
    ].map((t) => [t.name, t] as const),
  );

  test("follows refs through other named types, stops at cycles, skips unknown names", () => {
    expect(reachableTypes([ref("A")], types).map((t) => t.name)).toEqual(["A", "B", "C", "D"]);
    expect(reachableTypes([{ kind: "array", items: ref("C") }, ref("Missing")], types).map((t) => t.name)).toEqual(["C", "A", "B", "D"]);
    expect(reachableTypes([{ kind: "string" }], types)).toEqual([]);
  });
});

test("operationTypes (server): the named types of its JSON bodies, wherever they sit; none from non-JSON content", () => {
  const operation: OperationModel = {
    id: "putThing",
    module: "m",
    method: "PUT",
    path: "/thing",
    segments: [{ kind: "static", value: "thing" }],
    summary: "Put a thing",
    idempotent: false,
    pathParams: [],
    query: [],
    request: { required: true, content: [{ contentType: "application/merge-patch+json", schema: everywhere }, { contentType: "text/json", schema: ref("NotJson") }] },
    responses: [{ status: "200", content: [{ contentType: "application/json", schema: ref("Result") }] }],
    source: { file: "m.yaml", line: 1, column: 1 },
  };
  expect([...operationTypes(operation).refs].sort()).toEqual(["Direct", "Extra", "Field", "Item", "Result", "Value"]);
});
