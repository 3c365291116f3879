// Checks of a type's annotations and value constraints (see src/model/annotations.ts): each
// constraint fits the type's kind, bounds agree, a pattern compiles as the generated guards compile
// it, read-only and write-only are not both set, and the default and examples fit the type.
import type { RawType } from "../load/raw.js";
import { CONSTRAINTS_BY_KIND, CONSTRAINT_KEYS } from "../model/annotations.js";
import { rawKind } from "../model/raw-kind.js";
import { exampleMismatch } from "./example.js";
import { backtrackingProblem } from "../shared/pattern-safety.js";
import type { Place, Reporter } from "./reporter.js";

/** What checkType passes on (its TypeContext, declared here too so the two files do not import each other). */
interface TypeContext {
  report: Reporter;
  types: ReadonlyMap<string, { raw: RawType }>;
}

/** Whether `key` is a constraint keyword (checked here, not as a key of the kind). */
export function isConstraintKey(key: string): boolean {
  return (CONSTRAINT_KEYS as readonly string[]).includes(key);
}

/** An ECMAScript pattern as the guards build it, or the reason it does not compile. */
export function patternProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern, "u");
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

export function checkAnnotations(context: TypeContext, type: RawType, sub: (...rest: (string | number)[]) => Place): void {
  const { report } = context;
  const kind = type.ref !== undefined || type.allOf !== undefined || type.const !== undefined ? undefined : rawKind(type);
  const allowed = kind === undefined ? [] : (CONSTRAINTS_BY_KIND[kind] ?? []);
  for (const key of CONSTRAINT_KEYS) {
    if (type[key] === undefined || allowed.includes(key)) continue;
    const owners = Object.keys(CONSTRAINTS_BY_KIND).filter((k) => CONSTRAINTS_BY_KIND[k]!.includes(key));
    report.error(sub(key), `"${key}" does not apply to ${kind === undefined ? "a reference, an allOf or a const" : `type ${kind}`}`, `it belongs to type ${owners.join(" or ")}`, { key: true });
  }
  const pairs: [keyof RawType, keyof RawType][] = [
    ["minimum", "maximum"],
    ["minLength", "maxLength"],
    ["minItems", "maxItems"],
    ["minProperties", "maxProperties"],
  ];
  for (const [low, high] of pairs) {
    const a = type[low];
    const b = type[high];
    if (typeof a === "number" && typeof b === "number" && a > b) report.error(sub(low), `${low} ${a} is more than ${high} ${b}`, "no value could fit");
  }
  if (type.pattern !== undefined) {
    const problem = patternProblem(type.pattern);
    if (problem) report.error(sub("pattern"), `pattern does not compile as an ECMAScript regular expression with the u flag: ${problem}`, "escape the character the message names");
    const backtracking = problem === undefined ? backtrackingProblem(type.pattern) : undefined;
    if (backtracking) {
      report.error(
        sub("pattern"),
        `pattern can take exponential time on a hostile string (every JavaScript regular expression engine backtracks): ${backtracking}`,
        "make where each repetition stops unambiguous, e.g. ^[a-z]+(-[a-z]+)*$ rather than ^([a-z]+-?)*$ (docs/security.md)",
      );
    }
  }
  if (type.readOnly === true && type.writeOnly === true) report.error(sub("writeOnly"), "a type cannot be both readOnly and writeOnly", "keep the one that says who sends it", { key: true });
  if (type.default !== undefined) {
    const problem = exampleMismatch(type, type.default, context.types, "default");
    if (problem) report.error(sub("default"), `the default does not fit its type: ${problem}`, undefined, { key: true });
  }
  type.examples?.forEach((example, i) => {
    const problem = exampleMismatch(type, example, context.types, `examples[${i}]`);
    if (problem) report.error(sub("examples", i), `the example does not fit its type: ${problem}`);
  });
}

/** A parameter's or media type's `example` and named `examples` fit its schema. */
export function checkHolderExamples(
  context: TypeContext,
  schema: RawType | undefined,
  holder: { example?: unknown; examples?: Record<string, { value: unknown }> },
  place: (...rest: (string | number)[]) => Place,
  checkSingle = true,
): void {
  if (schema === undefined) return;
  if (checkSingle && "example" in holder) {
    const problem = exampleMismatch(schema, holder.example, context.types);
    if (problem) context.report.error(place("example"), `the example does not fit its schema: ${problem}`, "make the example show only what the schema allows", { key: true });
  }
  for (const [name, example] of Object.entries(holder.examples ?? {})) {
    const problem = exampleMismatch(schema, example.value, context.types, `examples.${name}`);
    if (problem) context.report.error(place("examples", name, "value"), `the example does not fit its schema: ${problem}`, "make the example show only what the schema allows", { key: true });
  }
}

/** A response's documented headers: each schema is a type of the language. */
export function checkResponseHeaders(
  context: TypeContext,
  headers: Record<string, { schema?: RawType; example?: unknown; examples?: Record<string, { value: unknown }> }> | undefined,
  place: (...rest: (string | number)[]) => Place,
  check: (type: RawType, at: Place) => void,
): void {
  const seen = new Map<string, string>();
  for (const [name, header] of Object.entries(headers ?? {})) {
    const lower = name.toLowerCase();
    const earlier = seen.get(lower);
    if (earlier !== undefined) context.report.error(place("headers", name), `header "${name}" is "${earlier}" again (header names are compared without case)`, "keep one entry", { key: true });
    seen.set(lower, name);
    if (header.schema) check(header.schema, place("headers", name, "schema"));
    checkHolderExamples(context, header.schema, header, (...rest) => place("headers", name, ...rest));
  }
}
