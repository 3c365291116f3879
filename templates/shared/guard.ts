// Helpers of the generated guards (validate.ts of the client and of the server; this file ships to
// both as <target>/shared/guard.ts): a guard returns the first value that does not fit its type as
// a Problem, or undefined when everything fits.

/** The first value that does not fit its type. */
export interface Problem {
  /** Where the value sits, e.g. `$[1].discrepancyLabel`. */
  path: string;
  value: unknown;
  /** What was expected there. */
  expected: string;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function problem(path: string, value: unknown, expected: string): Problem {
  return { path, value, expected };
}

/** Of the problems of each variant of a union, the one found deepest (the closest variant). */
export function deepest(problems: Problem[], path: string, value: unknown): Problem {
  let best: Problem | undefined;
  for (const found of problems) if (!best || found.path.length > best.path.length) best = found;
  return best && best.path !== path ? best : problem(path, value, "a value of one of the union's variants");
}

/**
 * `record[key]` when the record holds it itself, else undefined: a field named `constructor`,
 * `toString` or `__proto__` is only present when the value has it, never through Object.prototype.
 */
export function own(record: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}
