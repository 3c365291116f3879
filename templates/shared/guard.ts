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

/** A string's length in code points (JSON Schema's minLength and maxLength count these, not UTF-16 units). */
export function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** Whether `value` is a multiple of `divisor`, allowing for binary fractions (0.3 is a multiple of 0.1). */
export function isMultipleOf(value: number, divisor: number): boolean {
  const quotient = value / divisor;
  return Number.isFinite(quotient) && Math.abs(quotient - Math.round(quotient)) < 1e-9;
}

/** Whether two items of `items` are the same JSON value (object fields compared in any order). */
export function hasDuplicates(items: readonly unknown[]): boolean {
  const seen = new Set<string>();
  for (const item of items) {
    const key = canonical(item);
    if (seen.has(key)) return true;
    seen.add(key);
  }
  return false;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "undefined";
}
