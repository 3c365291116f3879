import { expect, test } from "vitest";
import { deepest, isRecord, own, problem } from "./guard.js";

test("isRecord: plain objects only", () => {
  expect([{}, { a: 1 }, Object.create(null)].map(isRecord)).toEqual([true, true, true]);
  expect([null, [], "x", 1, undefined].map(isRecord)).toEqual([false, false, false, false, false]);
});

test("problem holds where, what and what was expected", () => {
  expect(problem("$.a", 1, "a string")).toEqual({ path: "$.a", value: 1, expected: "a string" });
});

test("deepest picks the problem found deepest among a union's variants", () => {
  const found = deepest([problem("$", 1, "an object"), problem("$.kind.x", 2, "a string"), problem("$.kind", 3, "an integer")], "$", 1);
  expect(found).toEqual({ path: "$.kind.x", value: 2, expected: "a string" });
});

test("deepest names the union when no variant got past the value itself", () => {
  const found = deepest([problem("$.v", "x", "an object"), problem("$.v", "x", "an array")], "$.v", "x");
  expect(found).toEqual({ path: "$.v", value: "x", expected: "a value of one of the union's variants" });
  expect(deepest([], "$", null)).toEqual({ path: "$", value: null, expected: "a value of one of the union's variants" });
});

test("own reads only the record's own fields, never Object.prototype's", () => {
  const parsed = JSON.parse('{"__proto__": "p", "valueOf": 1}') as Record<string, unknown>;
  expect(["constructor", "toString", "hasOwnProperty"].map((key) => own({}, key))).toEqual([undefined, undefined, undefined]);
  expect(own(parsed, "__proto__")).toBe("p");
  expect(own(parsed, "valueOf")).toBe(1);
  expect(own(Object.create(null) as Record<string, unknown>, "x")).toBeUndefined();
});
