// The fuzzers' check that no pattern which reached a valid catalogue can stall a guard: each one,
// compiled as the guards compile it, is run on strings that make a catastrophic pattern take
// seconds to hours (each character doubles its time), and must answer within a generous bound.

const HOSTILE = ["a".repeat(32), "a ".repeat(16), "0".repeat(32), "ab".repeat(16), "a-".repeat(16)].map((text) => `${text}!`);
/** A safe pattern answers in microseconds; a catastrophic one on 32 characters in minutes. */
const BOUND_MS = 1_000;

/** Every `pattern` string inside `value` (a model, a document). */
export function patternsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) patternsIn(item, found);
  else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key === "pattern" && typeof item === "string") found.add(item);
      else patternsIn(item, found);
    }
  }
  return found;
}

/** The patterns among `patterns` that took longer than the bound on a hostile string. */
export function stallingPatterns(patterns: Iterable<string>): string[] {
  const slow: string[] = [];
  for (const pattern of patterns) {
    const regex = new RegExp(pattern, "u");
    for (const text of HOSTILE) {
      const started = performance.now();
      regex.test(text);
      if (performance.now() - started > BOUND_MS) {
        slow.push(`${pattern} on ${JSON.stringify(text)}`);
        break;
      }
    }
  }
  return slow;
}
