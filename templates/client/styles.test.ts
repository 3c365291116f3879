// The client writes every cell of the OpenAPI Specification's style table (test/helpers/style-table.ts).
import { describe, expect, test } from "vitest";
import { ARRAY, OBJECT, STRING, STYLE_TABLE, type StyleRow } from "../../test/helpers/style-table.js";
import { expandPath, headerValues, queryString } from "./encoding.js";
import { styleCookie, styleHeader, styleQuery, stylePath } from "./styles.js";

function write(row: StyleRow, value: unknown): string {
  switch (row.in) {
    case "path":
      return stylePath("color", value, row.style, row.explode);
    case "query":
      return styleQuery("color", value, row.style, row.explode);
    case "header":
      return styleHeader(value, row.explode);
    case "cookie":
      return styleCookie("color", value, row.explode);
  }
}

describe("the spec's style examples, written", () => {
  for (const row of STYLE_TABLE) {
    test(`${row.in} ${row.style} explode=${row.explode}`, () => {
      if (row.string !== undefined) expect(write(row, STRING)).toBe(row.string);
      if (row.array !== undefined) expect(write(row, ARRAY)).toBe(row.array);
      if (row.object !== undefined) expect(write(row, OBJECT)).toBe(row.object);
    });
  }
});

test("empty values: matrix ;color, label ., form color=", () => {
  expect(stylePath("color", "", "matrix", false)).toBe(";color");
  expect(stylePath("color", [], "matrix", true)).toBe(";color");
  expect(stylePath("color", "", "label", false)).toBe(".");
  expect(styleQuery("color", "")).toBe("color=");
  expect(styleQuery("color", [])).toBe("");
});

test("values are percent-encoded, delimiters are not", () => {
  expect(styleQuery("color", ["a,b", "c d"], "form", false)).toBe("color=a%2Cb,c+d");
  expect(styleQuery("color", ["a|b", "c"], "pipeDelimited", false)).toBe("color=a%7Cb|c");
  expect(styleQuery("f", { "a b": "x&y" }, "deepObject", true)).toBe("f[a+b]=x%26y");
  expect(stylePath("p", ["1.5", "x/y"], "label", true)).toBe(".1%2E5.x%2Fy");
  expect(stylePath("p", { k: "a;b", v: "c=d" }, "matrix", true)).toBe(";k=a%3Bb;v=c%3Dd");
});

test("the transport's helpers pick each parameter's style from the descriptor", () => {
  const styles = { "query:created": ["deepObject", true], "path:ids": ["matrix", true], "header:X-Tags": ["simple", true], "cookie:prefs": ["form", false] } as const;
  // The case: deepObject went out as created=%5Bobject+Object%5D.
  expect(queryString({ created: { gte: 1, lt: 2 }, limit: 5 }, styles)).toBe("?created[gte]=1&created[lt]=2&limit=5");
  expect(expandPath("/things/{ids}", { ids: [1, 2] }, styles)).toBe("/things/;ids=1;ids=2");
  expect(headerValues({ "X-Tags": { a: 1, b: 2 }, "X-Plain": ["x", "y"] }, { session: "s 1", prefs: ["a", "b"] }, styles)).toEqual({
    "X-Tags": "a=1,b=2",
    "X-Plain": "x,y",
    cookie: "session=s%201; prefs=a,b",
  });
});
