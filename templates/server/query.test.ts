import { describe, expect, test } from "vitest";
import { parseQuery } from "./query.js";
import type { QueryParameter } from "./types.js";

const params: QueryParameter[] = [
  { name: "limit", required: true, type: "integer", array: false },
  { name: "ratio", required: false, type: "number", array: false },
  { name: "flag", required: false, type: "boolean", array: false },
  { name: "ids", required: false, type: "integer", array: true },
  { name: "kind", required: false, type: "string", array: false, enum: ["a", "b"] },
];
const parse = (search: string) => parseQuery(new URLSearchParams(search), params);

describe("parseQuery", () => {
  test("converts documented parameters and drops others", () => {
    expect(parse("limit=3&ratio=0.5&flag=true&ids=1&ids=2&kind=b&x=1")).toEqual({
      ok: true,
      value: { limit: 3, ratio: 0.5, flag: true, ids: [1, 2], kind: "b" },
    });
  });

  test("rejects what does not fit, naming the parameter", () => {
    for (const [search, name] of [
      ["", "limit"],
      ["limit=1.5", "limit"],
      ["limit=99999999999999999999", "limit"],
      ["limit=1&limit=2", "limit"],
      ["limit=1&ratio=", "ratio"],
      ["limit=1&flag=1", "flag"],
      ["limit=1&ids=1&ids=x", "ids"],
      ["limit=1&kind=c", "kind"],
    ] as const) {
      const result = parseQuery(new URLSearchParams(search), params);
      expect(result.ok, search).toBe(false);
      if (!result.ok) expect(result.detail).toContain(`"${name}"`);
    }
  });

  test("undocumented: strings, arrays for repeated keys, __proto__ as plain data", () => {
    const result = parseQuery(new URLSearchParams("a=1&b=2&b=3&__proto__=x"), undefined);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(Object.getPrototypeOf(result.value)).toBe(Object.prototype);
      expect(Object.entries(result.value)).toEqual([
        ["a", "1"],
        ["b", ["2", "3"]],
        ["__proto__", "x"],
      ]);
    }
  });
});
