// The server reads every cell of the OpenAPI Specification's style table back
// (test/helpers/style-table.ts; the client writes the same cells in templates/client/styles.test.ts).
import { describe, expect, test } from "vitest";
import { ARRAY, OBJECT, STRING, STYLE_TABLE, type StyleRow } from "../../test/helpers/style-table.js";
import { rawPairs, readCookies, readHeader, readPath, readQuery, type StyledRule } from "./styles.js";

const properties = [
  { name: "R", type: "integer", required: true },
  { name: "G", type: "integer", required: true },
  { name: "B", type: "integer", required: true },
] as const;

function read(row: StyleRow, text: string, shape: "string" | "array" | "object") {
  const rule: StyledRule = {
    name: "color",
    type: "string",
    style: row.style,
    explode: row.explode,
    ...(shape === "array" && { array: true }),
    ...(shape === "object" && { properties }),
  };
  switch (row.in) {
    case "path":
      // The router hands over the segment as sent.
      return readPath(text, rule);
    case "query":
      return readQuery(rawPairs(text), rule);
    case "header":
      return readHeader(text, rule);
    case "cookie":
      return readCookies(text, rule);
  }
}

describe("the spec's style examples, read back", () => {
  for (const row of STYLE_TABLE) {
    test(`${row.in} ${row.style} explode=${row.explode}`, () => {
      if (row.string !== undefined) expect(read(row, row.string, "string")).toEqual({ ok: true, value: STRING });
      if (row.array !== undefined) expect(read(row, row.array, "array")).toEqual({ ok: true, value: ARRAY });
      if (row.object !== undefined) expect(read(row, row.object, "object")).toEqual({ ok: true, value: OBJECT });
    });
  }
});

test("encoded delimiters stay inside a value; absent is undefined; what does not fit is refused by name", () => {
  const list: StyledRule = { name: "tags", type: "string", array: true, style: "form", explode: false };
  expect(readQuery(rawPairs("?tags=a%2Cb,c+d"), list)).toEqual({ ok: true, value: ["a,b", "c d"] });
  expect(readQuery(rawPairs("?tags=a%7Cb|c"), { ...list, style: "pipeDelimited" })).toEqual({ ok: true, value: ["a|b", "c"] });
  expect(readQuery(rawPairs("?other=1"), list)).toEqual({ ok: true, value: undefined });
  const created: StyledRule = { name: "created", type: "string", style: "deepObject", explode: true, properties: [{ name: "gte", type: "integer", required: false }, { name: "lt", type: "integer", required: false }] };
  expect(readQuery(rawPairs("created[gte]=1&created[lt]=2"), created)).toEqual({ ok: true, value: { gte: 1, lt: 2 } });
  expect(readQuery(rawPairs("created%5Bgte%5D=1"), created)).toEqual({ ok: true, value: { gte: 1 } });
  const refused = readQuery(rawPairs("created[gte]=x"), created);
  expect(refused.ok).toBe(false);
  if (!refused.ok) expect(refused.detail).toBe('Query parameter "created" property gte must be an integer.');
  expect(readPath("blue", { name: "color", type: "string", style: "label" }).ok).toBe(false);
});

test("a path value is split as sent, then each item decoded: an encoded delimiter stays inside its item", () => {
  const labels: StyledRule = { name: "label", type: "string", array: true, style: "label" };
  expect(readPath(".a%2Cb,c%2Ed", labels)).toEqual({ ok: true, value: ["a,b", "c.d"] });
  expect(readPath(".a%2Eb.c", { ...labels, explode: true })).toEqual({ ok: true, value: ["a.b", "c"] });
  const ids: StyledRule = { name: "ids", type: "string", array: true, style: "matrix" };
  expect(readPath(";ids=a%2Cb,c%3Bd", ids)).toEqual({ ok: true, value: ["a,b", "c;d"] });
  expect(readPath(";ids=a%3Db;ids=c%3Bd", { ...ids, explode: true })).toEqual({ ok: true, value: ["a=b", "c;d"] });
  expect(readPath("x%2Cy,z", { name: "s", type: "string", array: true })).toEqual({ ok: true, value: ["x,y", "z"] });
  const color: StyledRule = { name: "color", type: "string", style: "matrix", explode: true, properties: [{ name: "R", type: "string", required: true }] };
  expect(readPath(";R=1%3B2", color)).toEqual({ ok: true, value: { R: "1;2" } });
  expect(readPath(".%E2%82", labels)).toEqual({ ok: false, detail: 'Path parameter "label" is not valid percent-encoding.' });
});
