// An example in the catalogue must fit its own schema: a wrong example would teach users (and
// mock servers) something the API does not say.
import type { RawType } from "../load/raw.js";
import { rawKind, rawNullable } from "../model/raw-kind.js";

type Types = ReadonlyMap<string, { raw: RawType }>;

/**
 * The first mismatch as `path: problem`, or undefined when the value fits. `following` holds the
 * references followed to reach `type` without descending into the value: meeting one again is a
 * cycle of references (refused elsewhere), which is not followed round again.
 */
export function exampleMismatch(type: RawType, value: unknown, types: Types, path = "example", following: ReadonlySet<string> = new Set()): string | undefined {
  if (value === null && (rawNullable(type) || type.const === null)) return undefined;
  if (value === null && type.ref === undefined) return `${path}: null is not allowed`;
  if (type.ref !== undefined) {
    const target = types.get(type.ref);
    if (!target || following.has(type.ref)) return undefined;
    return exampleMismatch(target.raw, value, types, path, new Set([...following, type.ref]));
  }
  const expected = (what: string) => `${path}: expected ${what}, got ${JSON.stringify(value)}`;
  if (type.const !== undefined) return value === type.const ? undefined : expected(JSON.stringify(type.const));
  if (type.allOf !== undefined) return allOfMismatch(type, value, types, path, following);
  const listedValues = (): string => type.enum!.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join(", ");
  switch (rawKind(type)) {
    case "string":
      if (typeof value !== "string") return expected("a string");
      return type.enum && !type.enum.includes(value) ? expected(`one of ${type.enum.join(", ")}`) : undefined;
    case "integer":
      if (!Number.isInteger(value)) return expected("an integer");
      return type.enum && !type.enum.includes(value as number) ? expected(`one of ${type.enum.join(", ")}`) : undefined;
    case "number":
      if (typeof value !== "number") return expected("a number");
      return type.enum && !type.enum.includes(value) ? expected(`one of ${listedValues()}`) : undefined;
    case "boolean":
      if (typeof value !== "boolean") return expected("true or false");
      return type.enum && !type.enum.includes(value) ? expected(`one of ${listedValues()}`) : undefined;
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
      const mapping = typeof type.discriminator === "object" ? type.discriminator.mapping : undefined;
      if (mapping !== undefined && typeof type.discriminator === "object") {
        const tag = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[type.discriminator.property] : undefined;
        const target = typeof tag === "string" && Object.hasOwn(mapping, tag) ? mapping[tag] : undefined;
        if (target === undefined) return `${path}.${type.discriminator.property}: expected one of ${Object.keys(mapping).join(", ")}, got ${JSON.stringify(tag)}`;
        return exampleMismatch({ ref: target }, value, types, path, following);
      }
      const fits = type.oneOf!.some((variant) => exampleMismatch(variant, value, types, path, following) === undefined);
      return fits ? undefined : expected("a value of one of the union's variants");
    }
    default:
      return undefined; // binary, unknown: anything goes
  }
}

/**
 * An allOf: the value fits every part. Fields one part declares are not "undeclared" for another;
 * the whole is closed (refuses other fields) only when every part is.
 */
function allOfMismatch(type: RawType, value: unknown, types: Types, path: string, following: ReadonlySet<string>): string | undefined {
  const parts: RawType[] = [];
  const seen = new Set(following);
  const flatten = (part: RawType): void => {
    if (part.ref !== undefined) {
      const target = types.get(part.ref);
      if (!target || seen.has(part.ref)) return;
      seen.add(part.ref);
      return flatten(target.raw);
    }
    if (part.allOf !== undefined) part.allOf.forEach(flatten);
    else parts.push(part);
  };
  flatten(type);
  const closed = parts.every((part) => (part.additionalProperties ?? false) === false);
  const declared = new Set(parts.flatMap((part) => Object.keys(part.properties ?? {})));
  for (const part of parts) {
    const problem = objectMismatch(part, value, types, path, closed ? declared : "any");
    if (problem) return problem;
  }
  return undefined;
}

/** `others`: fields declared beside this object (by the other parts of an allOf), or "any" when they are open. */
function objectMismatch(type: RawType, value: unknown, types: Types, path: string, others?: ReadonlySet<string> | "any"): string | undefined {
  if (typeof value !== "object" || Array.isArray(value)) return `${path}: expected a mapping, got ${JSON.stringify(value)}`;
  const record = value as Record<string, unknown>;
  if (rawKind(type) === "map") {
    for (const [key, item] of Object.entries(record)) {
      const problem = exampleMismatch(type.values!, item, types, `${path}.${key}`);
      if (problem) return problem;
    }
    return undefined;
  }
  const properties = type.properties ?? {};
  for (const [name, property] of Object.entries(properties)) {
    if (!Object.hasOwn(record, name)) {
      // A read-only field is absent from request examples, a write-only one from response examples.
      if (property.required && property.readOnly !== true && property.writeOnly !== true) return `${path}: missing required field "${name}"`;
      continue;
    }
    const problem = exampleMismatch(property, record[name], types, `${path}.${name}`);
    if (problem) return problem;
  }
  for (const [name, item] of Object.entries(record)) {
    if (Object.hasOwn(properties, name)) continue;
    if (others === "any" || others?.has(name)) continue;
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
