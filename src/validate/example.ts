// An example in the catalogue must fit its own schema: a wrong example would teach users (and
// mock servers) something the API does not say.
import type { RawType } from "../load/raw.js";

type Types = ReadonlyMap<string, { raw: RawType }>;

/**
 * The first mismatch as `path: problem`, or undefined when the value fits. `following` holds the
 * references followed to reach `type` without descending into the value: meeting one again is a
 * cycle of references (refused elsewhere), which is not followed round again.
 */
export function exampleMismatch(type: RawType, value: unknown, types: Types, path = "example", following: ReadonlySet<string> = new Set()): string | undefined {
  if (value === null) return type.nullable ? undefined : `${path}: null is not allowed`;
  if (type.ref !== undefined) {
    const target = types.get(type.ref);
    if (!target || following.has(type.ref)) return undefined;
    return exampleMismatch(target.raw, value, types, path, new Set([...following, type.ref]));
  }
  const expected = (what: string) => `${path}: expected ${what}, got ${JSON.stringify(value)}`;
  switch (type.type) {
    case "string":
      if (typeof value !== "string") return expected("a string");
      return type.enum && !type.enum.includes(value) ? expected(`one of ${type.enum.join(", ")}`) : undefined;
    case "integer":
      if (!Number.isInteger(value)) return expected("an integer");
      return type.enum && !type.enum.includes(value as number) ? expected(`one of ${type.enum.join(", ")}`) : undefined;
    case "number":
      return typeof value === "number" ? undefined : expected("a number");
    case "boolean":
      return typeof value === "boolean" ? undefined : expected("true or false");
    case "array":
      if (!Array.isArray(value)) return expected("a list");
      for (const [i, item] of value.entries()) {
        const problem = exampleMismatch(type.items!, item, types, `${path}[${i}]`);
        if (problem) return problem;
      }
      return undefined;
    case "map":
    case "object":
      return objectMismatch(type, value, types, path);
    case "union": {
      const fits = type.oneOf!.some((variant) => exampleMismatch(variant, value, types, path, following) === undefined);
      return fits ? undefined : expected("a value of one of the union's variants");
    }
    default:
      return undefined; // binary, unknown: anything goes
  }
}

function objectMismatch(type: RawType, value: unknown, types: Types, path: string): string | undefined {
  if (typeof value !== "object" || Array.isArray(value)) return `${path}: expected a mapping, got ${JSON.stringify(value)}`;
  const record = value as Record<string, unknown>;
  if (type.type === "map") {
    for (const [key, item] of Object.entries(record)) {
      const problem = exampleMismatch(type.values!, item, types, `${path}.${key}`);
      if (problem) return problem;
    }
    return undefined;
  }
  const properties = type.properties ?? {};
  for (const [name, property] of Object.entries(properties)) {
    if (!Object.hasOwn(record, name)) {
      if (property.required) return `${path}: missing required field "${name}"`;
      continue;
    }
    const problem = exampleMismatch(property, record[name], types, `${path}.${name}`);
    if (problem) return problem;
  }
  for (const [name, item] of Object.entries(record)) {
    if (Object.hasOwn(properties, name)) continue;
    const extra = type.additionalProperties ?? false;
    if (extra === false) return `${path}: field "${name}" is not declared`;
    if (extra !== true) {
      const problem = exampleMismatch(extra, item, types, `${path}.${name}`);
      if (problem) return problem;
    }
  }
  const combinations = type.combinations;
  if (combinations) {
    const allowed = combinations.allowed.some((c) => combinations.fields.every((field) => Object.hasOwn(record, field) && record[field] === c.values[field]));
    const shown = combinations.fields.map((field) => `${field}=${JSON.stringify(record[field])}`).join(", ");
    if (!allowed) return `${path}: ${shown} is not an allowed combination`;
  }
  return undefined;
}
