// OpenAPI annotations and value constraints of a schema -> the catalogue's (src/model/annotations.ts).
// What a converted type's kind cannot hold (a constraint beside a $ref, say) is reported; examples
// and defaults are checked against the imported type later (SchemaConverter.finish).
import type { RawType } from "../load/raw.js";
import { CONSTRAINTS_BY_KIND, CONSTRAINT_KEYS, type ConstraintKey } from "../model/annotations.js";
import { rawKind } from "../model/raw-kind.js";
import { patternProblem } from "../validate/annotations.js";
import { backtrackingProblem } from "../shared/pattern-safety.js";
import { at, type Place } from "./read.js";

export type Lose = (place: Place, value: string, reason: string) => void;

const COUNTS = new Set<ConstraintKey>(["minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"]);
const CONSTRAINTS = new Set<string>(CONSTRAINT_KEYS);
const FLAGS = ["deprecated", "readOnly", "writeOnly"] as const;
const EXCLUSIVE = [["exclusiveMinimum", "minimum"], ["exclusiveMaximum", "maximum"]] as const;
const BOUNDS = [["minimum", "maximum"], ["minLength", "maxLength"], ["minItems", "maxItems"], ["minProperties", "maxProperties"]] as const;

/** Whether `schema` has a key of CONSTRAINT_KEYS (most have none: one pass over their few keys). */
function hasConstraint(schema: Record<string, unknown>): boolean {
  for (const key in schema) if (CONSTRAINTS.has(key)) return true;
  return false;
}

/** Copies the annotations and constraints of `schema` onto `result`, marking each key used. */
export function readAnnotations(schema: Record<string, unknown>, result: RawType, place: Place, used: Set<string>, lose: Lose): void {
  const take = (key: string): unknown => {
    used.add(key);
    return schema[key];
  };
  if (typeof schema.title === "string" && schema.title.trim() !== "") result.title = take("title") as string;
  for (const flag of FLAGS) {
    if (typeof schema[flag] === "boolean") {
      if (take(flag) === true) result[flag] = true;
    }
  }
  keepReadOnly(result, place, lose);
  if ("default" in schema) result.default = take("default");
  const examples: unknown[] = [];
  if ("examples" in schema) {
    const list = take("examples");
    if (Array.isArray(list)) examples.push(...list);
    else lose(at(place, "examples"), "not a list", "examples that are not a list of values");
  }
  if ("example" in schema) examples.push(take("example"));
  if (examples.length > 0) result.examples = examples;

  // Most schemas have no constraint: one pass over their few keys says so.
  if (hasConstraint(schema)) readConstraints(schema, result, place, take, lose);
  for (const [low, high] of BOUNDS) {
    const a = result[low];
    const b = result[high];
    if (typeof a === "number" && typeof b === "number" && a > b) {
      delete result[low];
      delete result[high];
      lose(at(place, low), `${a} > ${high} ${b}`, "bounds no value can meet");
    }
  }
}

/** A type both read-only and write-only keeps read-only; the write-only at `place` is reported. */
export function keepReadOnly(result: RawType, place: Place, lose: Lose): void {
  if (!(result.readOnly && result.writeOnly)) return;
  delete result.writeOnly;
  lose(at(place, "writeOnly"), "true", "types both read-only and write-only (read-only kept)");
}

function readConstraints(schema: Record<string, unknown>, result: RawType, place: Place, take: (key: string) => unknown, lose: Lose): void {
  const kind = result.ref !== undefined || result.allOf !== undefined || result.const !== undefined ? undefined : rawKind(result);
  const allowed = kind === undefined ? [] : (CONSTRAINTS_BY_KIND[kind] ?? []);
  const values = new Map<ConstraintKey, unknown>();
  for (const key of CONSTRAINT_KEYS) if (key in schema) values.set(key, take(key));
  // OpenAPI 3.0: exclusiveMinimum / exclusiveMaximum are booleans that make minimum / maximum exclusive.
  for (const [exclusive, bound] of EXCLUSIVE) {
    if (typeof values.get(exclusive) !== "boolean") continue;
    if (values.get(exclusive) === true && typeof values.get(bound) === "number") {
      values.set(exclusive, values.get(bound));
      values.delete(bound);
    } else values.delete(exclusive);
  }
  for (const [key, value] of values) {
    if (!allowed.includes(key)) {
      lose(at(place, key), String(JSON.stringify(value)), kind === undefined ? "value constraints beside a reference, an allOf or a const" : `value constraints of this kind on type ${kind}`);
      continue;
    }
    const fits =
      key === "uniqueItems"
        ? typeof value === "boolean"
        : key === "pattern"
          ? typeof value === "string"
          : COUNTS.has(key)
            ? Number.isInteger(value) && (value as number) >= 0
            : typeof value === "number" && Number.isFinite(value) && (key !== "multipleOf" || value > 0);
    if (!fits) {
      lose(at(place, key), String(JSON.stringify(value)), "constraint values of the wrong type");
      continue;
    }
    if (key === "pattern" && patternProblem(value as string) !== undefined) {
      lose(at(place, key), String(JSON.stringify(value)), "patterns that are not ECMAScript regular expressions (u flag)");
      continue;
    }
    if (key === "pattern" && backtrackingProblem(value as string) !== undefined) {
      lose(at(place, key), String(JSON.stringify(value)), "patterns that can backtrack catastrophically (docs/security.md)");
      continue;
    }
    if (key === "uniqueItems" && value === false) continue;
    (result as Record<string, unknown>)[key] = value;
  }
}
