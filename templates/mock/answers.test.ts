import { describe, expect, test } from "vitest";
import { answerOf, answerResult } from "./answers.js";
import { operationSeed, sampleValue, seededRandom } from "./values.js";
import type { SchemaNode } from "./schema.js";

const order: SchemaNode = {
  kind: "object",
  properties: [
    { name: "id", required: true, type: { kind: "string", format: "uuid" } },
    { name: "lines", required: true, type: { kind: "array", items: { kind: "ref", name: "Line" }, minItems: 2 } },
    { name: "note", required: false, type: { kind: "string", maxLength: 3 } },
  ],
};
const types = new Map([["Line", { type: { kind: "integer", minimum: 5, maximum: 9 } as SchemaNode }]]);

describe("answerOf", () => {
  test("a made-up value is the one sampleValue makes for the operation's seed, the same for the same seed", () => {
    const answer = answerOf({ kind: "json", schema: order }, "getOrder", types, 7);
    expect(answer).toEqual({ kind: "json", value: sampleValue(order, types, seededRandom(operationSeed(7, "getOrder"))) });
    expect(answerOf({ kind: "json", schema: order }, "getOrder", types, 7)).toEqual(answer);
    expect(answerOf({ kind: "json", schema: order }, "getOrder", types, 8)).not.toEqual(answer);
    const value = (answer as { value: { id: string; lines: number[]; note?: string } }).value;
    expect(value.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(value.lines.length).toBeGreaterThanOrEqual(2);
    for (const line of value.lines) expect(line).toBeGreaterThanOrEqual(5);
  });

  test("an example wins over the schema, even null; no schema is {}; nothing documented is {}", () => {
    expect(answerOf({ kind: "json", example: null, schema: order }, "x", types, 1)).toEqual({ kind: "json", value: null });
    expect(answerOf({ kind: "json" }, "x", types, 1)).toEqual({ kind: "json", value: {} });
    expect(answerOf({ kind: "none" }, "x", types, 1)).toEqual({ kind: "json", value: {} });
  });

  test("bodies that are not JSON, empty answers and other JSON types become Responses", async () => {
    const bytes = answerResult(answerOf({ kind: "bytes", contentType: "application/pdf" }, "getInvoice", types, 1), 200) as Response;
    expect([bytes.status, bytes.headers.get("content-type"), await bytes.text()]).toEqual([200, "application/pdf", "mock getInvoice"]);
    expect((answerResult(answerOf({ kind: "empty", status: 204 }, "x", types, 1), 200) as Response).status).toBe(204);
    const problem = answerResult(answerOf({ kind: "json", example: { a: 1 }, contentType: "application/problem+json" }, "x", types, 1), 201) as Response;
    expect([problem.status, problem.headers.get("content-type"), await problem.json()]).toEqual([201, "application/problem+json", { a: 1 }]);
  });

  test("each result is a copy: changing one does not change the next", () => {
    const answer = answerOf({ kind: "json", example: { list: [1] } }, "x", types, 1);
    const first = answerResult(answer, 200) as { list: number[] };
    first.list.push(2);
    expect(answerResult(answer, 200)).toEqual({ list: [1] });
  });
});
