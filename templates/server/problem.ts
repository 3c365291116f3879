// The `detail` of a 400 for a JSON body that does not fit its schema: where, what came, what was
// expected. Only the offending value is echoed, shortened; an object or array is named, not shown.
import type { BodyProblem } from "./types.js";

const MAX_VALUE_CHARS = 60;
const MAX_PATH_CHARS = 120;
const MAX_EXPECTED_CHARS = 200;

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The value as the client would recognise it: JSON for scalars (strings shortened), a kind for the rest. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "missing";
  if (value === null || typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value === "string") return value.length > MAX_VALUE_CHARS ? `${JSON.stringify(value.slice(0, MAX_VALUE_CHARS))}…` : JSON.stringify(value);
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return "an object";
}

export function bodyProblemDetail(problem: BodyProblem): string {
  // The path can hold the client's own map keys: shortened like the value.
  const path = shorten(problem.path, MAX_PATH_CHARS);
  return `The body does not fit its schema at ${path}: ${describeValue(problem.value)}, expected ${shorten(problem.expected, MAX_EXPECTED_CHARS)}.`;
}
