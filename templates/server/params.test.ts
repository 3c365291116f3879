import { describe, expect, test } from "vitest";
import { convertPathParams, expectation, parseScalar, type ScalarRule } from "./params.js";

function accepts(rule: ScalarRule, cases: Record<string, unknown>): void {
  for (const [text, value] of Object.entries(cases)) expect(parseScalar(text, rule), `${JSON.stringify(text)} as ${JSON.stringify(rule)}`).toBe(value);
}

function refuses(rule: ScalarRule, texts: string[]): void {
  for (const text of texts) expect(parseScalar(text, rule), `${JSON.stringify(text)} as ${JSON.stringify(rule)}`).toBeUndefined();
}

describe("parseScalar", () => {
  test("integer: an optional minus and digits, a safe integer; int32 within its range", () => {
    accepts({ type: "integer" }, { "0": 0, "42": 42, "-7": -7, "007": 7, "-0": 0, "9007199254740991": 9007199254740991, "-9007199254740991": -9007199254740991 });
    expect(Object.is(parseScalar("-0", { type: "integer" }), 0)).toBe(true);
    refuses({ type: "integer" }, ["", "abc", "1.0", "1e3", "+1", " 1", "1 ", "0x10", "1_000", "--1", "-", "9007199254740992", "١٢"]);
    accepts({ type: "integer", format: "int32" }, { "2147483647": 2147483647, "-2147483648": -2147483648 });
    refuses({ type: "integer", format: "int32" }, ["2147483648", "-2147483649"]);
    accepts({ type: "integer", format: "int64" }, { "9007199254740991": 9007199254740991 });
  });

  test("number: a finite JSON number, leading zeros allowed", () => {
    accepts({ type: "number" }, { "1": 1, "-1.5": -1.5, "0.25": 0.25, "1e3": 1000, "1E-2": 0.01, "2.5e+3": 2500, "01.5": 1.5, "-0": 0 });
    refuses({ type: "number" }, ["", ".5", "1.", "+1", " 1", "1 ", "0x10", "Infinity", "NaN", "1e999", "-1e999", "1e", "1,5", "1..2"]);
  });

  test("boolean: true or false, lower case", () => {
    accepts({ type: "boolean" }, { true: true, false: false });
    refuses({ type: "boolean" }, ["", "TRUE", "True", "1", "0", "yes", "true "]);
  });

  test("enum: one of the values; an integer enum after the integer rule", () => {
    accepts({ type: "string", enum: ["north", "south pole"] }, { north: "north", "south pole": "south pole" });
    refuses({ type: "string", enum: ["north", "south pole"] }, ["North", "", "south"]);
    accepts({ type: "integer", enum: [1, 2, 3] }, { "2": 2, "02": 2 });
    refuses({ type: "integer", enum: [1, 2, 3] }, ["4", "2.0", "two"]);
  });

  test("uuid: 8-4-4-4-12 hex digits, any version, either case", () => {
    accepts({ type: "string", format: "uuid" }, {
      "123e4567-e89b-12d3-a456-426614174000": "123e4567-e89b-12d3-a456-426614174000",
      "00000000-0000-0000-0000-000000000000": "00000000-0000-0000-0000-000000000000",
      "6BA7B810-9DAD-11D1-80B4-00C04FD430C8": "6BA7B810-9DAD-11D1-80B4-00C04FD430C8",
    });
    refuses({ type: "string", format: "uuid" }, [
      "123e4567e89b12d3a456426614174000",
      "{123e4567-e89b-12d3-a456-426614174000}",
      "123e4567-e89b-12d3-a456-42661417400",
      "123e4567-e89b-12d3-a456-4266141740000",
      "g23e4567-e89b-12d3-a456-426614174000",
      " 123e4567-e89b-12d3-a456-426614174000",
      "abc",
    ]);
  });

  test("date: RFC 3339 full-date, a day that exists", () => {
    accepts({ type: "string", format: "date" }, { "2024-02-29": "2024-02-29", "2000-02-29": "2000-02-29", "1999-12-31": "1999-12-31" });
    refuses({ type: "string", format: "date" }, ["2023-02-29", "1900-02-29", "2024-04-31", "2024-13-01", "2024-00-10", "2024-01-00", "2024-1-01", "20240101", "2024-01-01T00:00:00Z", "24-01-01", ""]);
  });

  test("date-time: RFC 3339, T and Z or an offset, a leap second only at 23:59:60 UTC", () => {
    const rule: ScalarRule = { type: "string", format: "date-time" };
    for (const text of ["2024-01-31T12:30:00Z", "2024-01-31t12:30:00z", "2024-01-31T12:30:00.123456Z", "2024-01-31T12:30:00+05:30", "2024-01-31T00:00:00-00:00", "2016-12-31T23:59:60Z", "2016-12-31T15:59:60-08:00", "2017-01-01T01:29:60+01:30"]) {
      expect(parseScalar(text, rule), text).toBe(text);
    }
    refuses(rule, [
      "2024-01-31",
      "2024-01-31T12:30:00",
      "2024-01-31 12:30:00Z",
      "2024-01-31T12:30Z",
      "2024-01-31T24:00:00Z",
      "2024-01-31T12:60:00Z",
      "2024-01-31T12:30:61Z",
      "2024-01-31T12:30:60Z",
      "2024-01-31T12:30:00+0530",
      "2024-01-31T12:30:00+24:00",
      "2024-02-30T12:30:00Z",
      "2024-01-31T12:30:00.Z",
    ]);
  });

  test("other formats pass as they are", () => {
    accepts({ type: "string", format: "email" }, { "not an email": "not an email" });
    accepts({ type: "string" }, { "": "", "a/b c": "a/b c" });
  });
});

test("expectation says what a value should have been", () => {
  expect(expectation({ type: "integer" })).toBe("must be an integer");
  expect(expectation({ type: "integer", format: "int32" })).toBe("must be a 32-bit integer");
  expect(expectation({ type: "number" })).toBe("must be a number");
  expect(expectation({ type: "boolean" })).toBe("must be a boolean");
  expect(expectation({ type: "string", enum: ["a", "b"] })).toBe("must be one of a, b");
  expect(expectation({ type: "string", format: "uuid" })).toBe("must be a uuid");
  expect(expectation({ type: "string", format: "date-time" })).toBe("must be a date-time");
});

describe("convertPathParams", () => {
  test("converts the typed parameters in place; the others stay strings", () => {
    const params: Record<string, unknown> = { shelf: "12", id: "x-1", cold: "true" };
    const detail = convertPathParams(params, [
      { name: "shelf", type: "integer" },
      { name: "cold", type: "boolean" },
    ]);
    expect(detail).toBeUndefined();
    expect(params).toEqual({ shelf: 12, id: "x-1", cold: true });
  });

  test("the first value that does not fit names its parameter", () => {
    const params: Record<string, unknown> = { shelf: "12", zone: "east" };
    expect(convertPathParams(params, [{ name: "shelf", type: "integer" }, { name: "zone", type: "string", enum: ["north", "south"] }])).toBe(
      `Path parameter "zone" must be one of north, south.`,
    );
  });

  test("a parameter called __proto__ stays a plain property", () => {
    const params: Record<string, unknown> = {};
    Object.defineProperty(params, "__proto__", { value: "5", enumerable: true, writable: true, configurable: true });
    expect(convertPathParams(params, [{ name: "__proto__", type: "integer" }])).toBeUndefined();
    expect(Object.getPrototypeOf(params)).toBe(Object.prototype);
    expect(Object.entries(params)).toEqual([["__proto__", 5]]);
  });
});
