import { describe, expect, test } from "vitest";
import { bodyProblemDetail, describeValue } from "./problem.js";

describe("bodyProblemDetail", () => {
  test("names the path, the value and what was expected", () => {
    expect(bodyProblemDetail({ path: "$.quantity", value: "three", expected: "an integer" })).toBe(
      'The body does not fit its schema at $.quantity: "three", expected an integer.',
    );
    expect(bodyProblemDetail({ path: "$.quantity", value: undefined, expected: "a value (required)" })).toBe(
      "The body does not fit its schema at $.quantity: missing, expected a value (required).",
    );
  });

  test("echoes only the offending value, shortened; objects and arrays are named, not shown", () => {
    const long = `${"a".repeat(60)}SECRET-TAIL`;
    expect(describeValue(long)).toBe(`"${"a".repeat(60)}"…`);
    expect(describeValue({ password: "hunter2" })).toBe("an object");
    expect(describeValue(["hunter2", 2])).toBe("an array of 2");
    expect(describeValue(null)).toBe("null");
    expect(describeValue(1.5)).toBe("1.5");
    expect(describeValue(false)).toBe("false");
  });

  test("a path built from the client's own map keys is shortened too", () => {
    const detail = bodyProblemDetail({ path: `$[${JSON.stringify("k".repeat(500))}]`, value: 1, expected: "a string" });
    expect(detail.length).toBeLessThan(220);
    expect(detail).toContain("…: 1, expected a string.");
  });
});
