// What a type says besides its shape: annotations (title, deprecation, default, examples,
// read-only / write-only) and JSON Schema's value constraints. Both the raw catalogue type and the
// model's TypeNode carry them under the same names as JSON Schema, so the catalogue, the model and
// the OpenAPI export spell them alike.

export interface NumberConstraints {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
}

export interface StringConstraints {
  minLength?: number;
  maxLength?: number;
  /** An ECMAScript regular expression (compiled with the `u` flag), not anchored. */
  pattern?: string;
}

export interface ArrayConstraints {
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
}

export interface ObjectConstraints {
  minProperties?: number;
  maxProperties?: number;
}

export type Constraints = NumberConstraints & StringConstraints & ArrayConstraints & ObjectConstraints;

export interface Annotations extends Constraints {
  title?: string;
  deprecated?: boolean;
  /** Sent by the server only: request types leave the property out. */
  readOnly?: boolean;
  /** Sent by the client only: response types leave the property out. */
  writeOnly?: boolean;
  /** The value the server assumes when the field or parameter is left out. */
  default?: unknown;
  examples?: unknown[];
}

export const ANNOTATION_KEYS = ["title", "deprecated", "readOnly", "writeOnly", "default", "examples"] as const;

const NUMBER_KEYS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"] as const;
const STRING_KEYS = ["minLength", "maxLength", "pattern"] as const;
const ARRAY_KEYS = ["minItems", "maxItems", "uniqueItems"] as const;
const OBJECT_KEYS = ["minProperties", "maxProperties"] as const;

/** Every constraint keyword, in the order docs and doc comments list them. */
export const CONSTRAINT_KEYS = [...NUMBER_KEYS, ...STRING_KEYS, ...ARRAY_KEYS, ...OBJECT_KEYS] as const;
export type ConstraintKey = (typeof CONSTRAINT_KEYS)[number];

/** The constraint keywords each kind of type takes. */
export const CONSTRAINTS_BY_KIND: Record<string, readonly ConstraintKey[]> = {
  string: STRING_KEYS,
  integer: NUMBER_KEYS,
  number: NUMBER_KEYS,
  array: ARRAY_KEYS,
  object: OBJECT_KEYS,
  map: OBJECT_KEYS,
};

/** The annotations and constraints `raw` gives (copies; arrays and objects are copied as JSON). */
export function annotationsOf(raw: Annotations): Annotations {
  const result: Record<string, unknown> = {};
  for (const key of [...ANNOTATION_KEYS, ...CONSTRAINT_KEYS]) {
    if (!Object.hasOwn(raw, key)) continue;
    const value = (raw as Record<string, unknown>)[key];
    if (value === undefined) continue;
    result[key] = typeof value === "object" && value !== null ? structuredClone(value) : value;
  }
  return result as Annotations;
}

/** Whether `raw` gives any constraint. */
export function hasConstraints(raw: Annotations): boolean {
  return CONSTRAINT_KEYS.some((key) => raw[key] !== undefined);
}

/** One line per constraint, for doc comments and docs: `minimum: 1`, `pattern: ^[a-z]+$`. */
export function constraintTexts(raw: Annotations): string[] {
  return CONSTRAINT_KEYS.filter((key) => raw[key] !== undefined).map((key) => `${key}: ${String(raw[key])}`);
}
