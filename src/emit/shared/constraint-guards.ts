// Guard statements for a type's value constraints (src/model/annotations.ts), written after the
// statements that check the value's kind, so `value` is already narrowed to a string, number,
// array or record. Lengths count code points, as JSON Schema does; a pattern is unanchored, as
// JSON Schema's is, and compiled once beside the guard (its text through stringLiteral).
import type { TypeNode } from "../../model/types.js";

export interface ConstraintGuardContext {
  /** `return problem(path, value, expected);` for `expected`. */
  fail: (expected: string) => string;
  /** The name of a RegExp constant compiled from `pattern` beside the guard. */
  regex: (pattern: string) => string;
}

/** The helpers of templates/shared/guard.ts these statements call. */
export const CONSTRAINT_HELPERS = ["codePoints", "isMultipleOf", "hasDuplicates"];

export function constraintChecks(node: TypeNode, value: string, context: ConstraintGuardContext): string[] {
  const { fail } = context;
  const lines: string[] = [];
  const check = (condition: string, expected: string): void => {
    lines.push(`if (${condition}) ${fail(expected)}`);
  };
  switch (node.kind) {
    case "string": {
      if (node.enum) return [];
      const length = node.minLength !== undefined || node.maxLength !== undefined ? `codePoints(${value})` : "";
      if (node.minLength !== undefined) check(`${length} < ${node.minLength}`, `a string of at least ${node.minLength} characters`);
      if (node.maxLength !== undefined) check(`${length} > ${node.maxLength}`, `a string of at most ${node.maxLength} characters`);
      if (node.pattern !== undefined) check(`!${context.regex(node.pattern)}.test(${value})`, `a string matching ${node.pattern}`);
      return lines;
    }
    case "integer":
    case "number": {
      if (node.enum) return [];
      if (node.minimum !== undefined) check(`${value} < ${node.minimum}`, `a number >= ${node.minimum}`);
      if (node.maximum !== undefined) check(`${value} > ${node.maximum}`, `a number <= ${node.maximum}`);
      if (node.exclusiveMinimum !== undefined) check(`${value} <= ${node.exclusiveMinimum}`, `a number > ${node.exclusiveMinimum}`);
      if (node.exclusiveMaximum !== undefined) check(`${value} >= ${node.exclusiveMaximum}`, `a number < ${node.exclusiveMaximum}`);
      if (node.multipleOf !== undefined) check(`!isMultipleOf(${value}, ${node.multipleOf})`, `a multiple of ${node.multipleOf}`);
      return lines;
    }
    case "array":
      if (node.minItems !== undefined) check(`${value}.length < ${node.minItems}`, `a list of at least ${node.minItems} items`);
      if (node.maxItems !== undefined) check(`${value}.length > ${node.maxItems}`, `a list of at most ${node.maxItems} items`);
      if (node.uniqueItems === true) check(`hasDuplicates(${value})`, "a list without duplicate items");
      return lines;
    case "object":
    case "map":
      if (node.minProperties !== undefined) check(`Object.keys(${value}).length < ${node.minProperties}`, `an object of at least ${node.minProperties} fields`);
      if (node.maxProperties !== undefined) check(`Object.keys(${value}).length > ${node.maxProperties}`, `an object of at most ${node.maxProperties} fields`);
      return lines;
    default:
      return [];
  }
}
