// Checks one type of the type language: keys that fit its kind, references, enums, combinations.
import { MAX_TYPE_NESTING } from "../load/limits.js";
import type { RawKind, RawType } from "../load/raw.js";
import { rawKind, rawNullable } from "../model/raw-kind.js";
import type { Place, Reporter } from "./reporter.js";
import { closest } from "../shared/suggest.js";
import { ANNOTATION_KEYS } from "../model/annotations.js";
import { checkAnnotations, isConstraintKey } from "./annotations.js";

/** `record[key]` when it is the record's own (a key named `constructor` is not inherited). */
function own<T>(record: Record<string, T> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

export interface TypeContext {
  report: Reporter;
  types: ReadonlyMap<string, { raw: RawType }>;
}

type Kind = RawKind;
const COMMON = ["type", "description", "nullable", "required", ...ANNOTATION_KEYS];
const KEYS_BY_KIND: Record<Kind, string[]> = {
  string: ["format", "enum"],
  integer: ["format", "enum"],
  number: ["format", "enum"],
  boolean: ["enum"],
  array: ["items"],
  object: ["properties", "additionalProperties", "combinations", "discriminator"],
  map: ["values"],
  union: ["oneOf", "discriminator"],
  binary: [],
  unknown: [],
};
const REQUIRED_BY_KIND: Partial<Record<Kind, string>> = { array: "items", map: "values", union: "oneOf" };

export function checkType(context: TypeContext, type: RawType, place: Place, where: { property: boolean; depth?: number }): void {
  const { report } = context;
  const sub = (...rest: (string | number)[]): Place => ({ file: place.file, path: [...place.path, ...rest] });
  const depth = (where.depth ?? 0) + 1;
  if (depth > MAX_TYPE_NESTING) {
    report.error(place, `this type is nested more than ${MAX_TYPE_NESTING} levels deep`, "declare the inner part as a named type and refer to it with { ref: Name }");
    return;
  }
  if (type.required !== undefined && !where.property) {
    report.error(sub("required"), `"required" applies only to a property of an object`, "remove it; for parameters put required: on the parameter", { key: true });
  }
  if (type.ref !== undefined) {
    if (type.type !== undefined) report.error(sub("ref"), "a type has either ref or type, not both", undefined, { key: true });
    checkAnnotations(context, type, sub);
    const extra = Object.keys(type).filter((key) => !["ref", "description", "nullable", "required", ...ANNOTATION_KEYS].includes(key) && !isConstraintKey(key));
    for (const key of extra) report.error(sub(key), `"${key}" does not apply to a reference`, "describe the referenced type where it is declared", { key: true });
    if (!context.types.has(type.ref)) {
      const guess = closest(type.ref, [...context.types.keys()]);
      report.error(sub("ref"), `unknown type "${type.ref}"`, guess ? `did you mean "${guess}"?` : "declare it under types: in a module file");
    }
    return;
  }
  if (type.allOf !== undefined || type.const !== undefined) {
    checkAnnotations(context, type, sub);
    checkOwnKind(context, type, sub, depth);
    return;
  }
  if (type.type === undefined) {
    report.error(place, "a type needs type:, ref:, allOf: or const:", "e.g. { type: string } or { ref: ItemDiscrepancyResponse }");
    return;
  }
  if (Array.isArray(type.type) && type.type.filter((member) => member === "null").length !== 1) {
    report.error(sub("type"), `a list type is [<type>, "null"], got ${JSON.stringify(type.type)}`, "for alternatives use type: union with oneOf", { key: true });
    return;
  }
  const kind = rawKind(type)!;
  checkAnnotations(context, type, sub);
  for (const key of Object.keys(type)) {
    if (!COMMON.includes(key) && !KEYS_BY_KIND[kind].includes(key) && !isConstraintKey(key)) {
      const owners = (Object.keys(KEYS_BY_KIND) as Kind[]).filter((k) => KEYS_BY_KIND[k].includes(key));
      report.error(sub(key), `"${key}" does not apply to type ${kind}`, owners.length ? `it belongs to type ${owners.join(" or ")}` : undefined, { key: true });
    }
  }
  const needed = REQUIRED_BY_KIND[kind];
  if (needed && (type as Record<string, unknown>)[needed] === undefined) {
    report.error(sub("type"), `type ${kind} needs "${needed}"`);
  }
  const listed = new Set<unknown>();
  type.enum?.forEach((value, i) => {
    const { fits, what } = ENUM_VALUES[kind as "string" | "integer" | "number" | "boolean"];
    if (!fits(value)) report.error(sub("enum", i), `enum value ${JSON.stringify(value)} is not ${what}`, kind === "string" ? "quote it" : undefined);
    if (listed.has(value)) report.error(sub("enum", i), `enum value ${JSON.stringify(value)} is listed twice`);
    listed.add(value);
  });
  if (type.items) checkType(context, type.items, sub("items"), { property: false, depth });
  if (type.values) checkType(context, type.values, sub("values"), { property: false, depth });
  if (typeof type.additionalProperties === "object") checkType(context, type.additionalProperties, sub("additionalProperties"), { property: false, depth });
  for (const [name, property] of Object.entries(type.properties ?? {})) {
    checkType(context, property, sub("properties", name), { property: true, depth });
  }
  type.oneOf?.forEach((variant, i) => checkType(context, variant, sub("oneOf", i), { property: false, depth }));
  if (kind === "object" && type.combinations) checkCombinations(context, type, sub);
  if (kind === "object" && type.discriminator !== undefined && !(place.path.length === 2 && place.path[0] === "types")) {
    report.error(sub("discriminator"), "a discriminator on an object belongs to a named type: the base its variants compose with allOf", "declare the object under types: and give each variant allOf: [{ ref: <the base> }, ...]", { key: true });
  }
  if (kind === "union" && type.discriminator !== undefined && type.oneOf) {
    // The object form without a mapping is the plain form: the variants' single values tell them apart.
    if (typeof type.discriminator === "string" || type.discriminator.mapping === undefined) checkDiscriminator(context, type, sub);
    else checkMapping(context, type, sub);
  }
}

const ENUM_VALUES: Record<"string" | "integer" | "number" | "boolean", { fits: (value: unknown) => boolean; what: string }> = {
  string: { fits: (value) => typeof value === "string", what: "a string" },
  integer: { fits: (value) => Number.isInteger(value), what: "an integer" },
  number: { fits: (value) => typeof value === "number" && Number.isFinite(value), what: "a finite number" },
  boolean: { fits: (value) => typeof value === "boolean", what: "true or false" },
};

/** `allOf` and `const` are types of their own: no `type:` beside them. */
function checkOwnKind(context: TypeContext, type: RawType, sub: (...rest: (string | number)[]) => Place, depth: number): void {
  const { report } = context;
  const own = type.allOf !== undefined ? "allOf" : "const";
  for (const key of Object.keys(type)) {
    if ([own, "description", "nullable", "required", ...ANNOTATION_KEYS].includes(key) || isConstraintKey(key)) continue;
    report.error(sub(key), `"${key}" does not apply to ${own === "allOf" ? "an allOf" : "a const"}`, own === "allOf" ? "put fields in an object part of the allOf" : undefined, { key: true });
  }
  if (own === "const") {
    if (typeof type.const === "number" && !Number.isFinite(type.const)) report.error(sub("const"), `const ${String(type.const)} is not a JSON number`);
    return;
  }
  const values = type.allOf!.every((part) => isValuePart(context, part));
  type.allOf!.forEach((part, i) => {
    checkType(context, part, sub("allOf", i), { property: false, depth });
    const problem = values ? undefined : partProblem(context, part);
    if (problem) report.error(sub("allOf", i), `part ${i + 1} of allOf ${problem}`, "every part is an object or a { ref } to one (or to another allOf), not nullable");
  });
}

/** A part of an intersection of values: a scalar, an enum or a const (or a ref to one), not nullable. */
function isValuePart(context: TypeContext, part: RawType): boolean {
  const seen = new Set<string>();
  let current: RawType | undefined = part;
  while (current?.ref !== undefined) {
    if (current.nullable === true || seen.has(current.ref)) return false;
    seen.add(current.ref);
    current = context.types.get(current.ref)?.raw;
  }
  if (current === undefined || current.allOf !== undefined || rawNullable(current)) return false;
  return current.const !== undefined || ["string", "integer", "number", "boolean"].includes(rawKind(current) ?? "");
}

/** Why an allOf part cannot be composed (undefined: it can). Unknown refs are reported elsewhere. */
function partProblem(context: TypeContext, part: RawType): string | undefined {
  const seen = new Set<string>();
  let current: RawType | undefined = part;
  while (current?.ref !== undefined) {
    if (current.nullable === true) return "may be null";
    if (seen.has(current.ref)) return undefined; // a cycle: reported by checkTypeCycles
    seen.add(current.ref);
    current = context.types.get(current.ref)?.raw;
  }
  if (current === undefined) return undefined;
  if (current.nullable === true || (Array.isArray(current.type) && current.type.includes("null"))) return "may be null";
  if (current.allOf !== undefined || rawKind(current) === "object") return undefined;
  return `is ${current.const !== undefined ? "a const" : `of type ${rawKind(current) ?? "unknown"}`}, not an object`;
}

/** The property `name` of an object, following refs and the parts of an allOf (the last part that has it). */
export function findProperty(types: TypeContext["types"], type: RawType, name: string, seen = new Set<string>()): RawType | undefined {
  if (type.ref !== undefined) {
    if (seen.has(type.ref)) return undefined;
    seen.add(type.ref);
    const target = types.get(type.ref)?.raw;
    return target && findProperty(types, target, name, seen);
  }
  if (type.allOf !== undefined) {
    // The last part that declares it gives its type; it is required when any part requires it
    // (a base requires `kind`, a variant's part narrows it to one value).
    let found: RawType | undefined;
    let required = false;
    for (const part of type.allOf) {
      const property = findProperty(types, part, name, seen);
      if (property === undefined) continue;
      found = property;
      required ||= property.required === true;
    }
    return found && required && found.required !== true ? { ...found, required: true } : found;
  }
  return rawKind(type) === "object" ? own(type.properties, name) : undefined;
}

/** `discriminator: { property, mapping }`: every variant a named type, in the mapping, with the property as a required string. */
function checkMapping(context: TypeContext, type: RawType, sub: (...rest: (string | number)[]) => Place): void {
  const { report } = context;
  const { property, mapping = {} } = type.discriminator as { property: string; mapping?: Record<string, string> };
  const variants = type.oneOf!;
  const names = variants.map((variant) => variant.ref);
  for (const [value, target] of Object.entries(mapping)) {
    if (!names.includes(target)) report.error(sub("discriminator", "mapping", value), `"${target}" is not a { ref } variant of this union`, `the variants are: ${names.filter((n) => n !== undefined).join(", ") || "none named"}`);
  }
  variants.forEach((variant, i) => {
    if (variant.ref === undefined || variant.nullable === true) {
      report.error(sub("oneOf", i), `with a discriminator mapping, variant ${i + 1} must be a { ref } to a named type (not nullable)`);
      return;
    }
    const values = Object.keys(mapping).filter((value) => mapping[value] === variant.ref);
    if (Object.keys(mapping).length > 0 && values.length === 0) {
      report.error(sub("oneOf", i), `variant ${i + 1} (${variant.ref}) has no value in the discriminator mapping`, `add <value>: ${variant.ref} under mapping`);
    }
    if (!context.types.has(variant.ref)) return;
    const field = findProperty(context.types, variant, property);
    const fits = field?.required === true && (rawKind(field) === "string" || typeof field.const === "string");
    if (!fits) {
      report.error(sub("oneOf", i), `variant ${i + 1} (${variant.ref}) has no required string property "${property}"`, `give ${variant.ref} ${property}: { type: string, required: true }`);
      return;
    }
    const allowed = field.const !== undefined ? [field.const] : field.enum;
    for (const value of values) {
      if (allowed && !allowed.includes(value)) report.error(sub("discriminator", "mapping", value), `"${value}" is not a value ${variant.ref}.${property} allows (${allowed.map((v) => JSON.stringify(v)).join(", ")})`);
    }
  });
}

function checkCombinations(context: TypeContext, type: RawType, sub: (...rest: (string | number)[]) => Place): void {
  const { report } = context;
  const { fields, allowed } = type.combinations!;
  const enums = new Map<string, string[]>();
  fields.forEach((field, i) => {
    const property = own(type.properties, field);
    if (!property) {
      report.error(sub("combinations", "fields", i), `combination field "${field}" is not a property of this object`, `declare it under properties`);
    } else if (rawKind(property) !== "string" || !property.enum) {
      report.error(sub("combinations", "fields", i), `combination field "${field}" must be a string with an enum`, "list its allowed values with enum: [...]");
    } else {
      if (!property.required) report.error(sub("combinations", "fields", i), `combination field "${field}" must be required`, `add required: true to property ${field}`);
      enums.set(field, property.enum.map(String));
    }
  });
  const seen = new Map<string, number>();
  allowed.forEach((combination, i) => {
    for (const field of fields) {
      if (!Object.hasOwn(combination.values, field)) report.error(sub("combinations", "allowed", i, "values"), `combination ${i + 1} gives no value for "${field}"`);
    }
    for (const [field, value] of Object.entries(combination.values)) {
      const place = sub("combinations", "allowed", i, "values", field);
      if (!fields.includes(field)) {
        report.error({ ...place }, `"${field}" is not one of the combination's fields (${fields.join(", ")})`, undefined, { key: true });
        continue;
      }
      const values = enums.get(field);
      if (values && !values.includes(value)) {
        const guess = closest(value, values);
        report.error(place, `"${value}" is not a declared value of ${field}`, `${guess ? `did you mean "${guess}"? ` : ""}${field} allows: ${values.join(", ")}`);
      }
    }
    const key = fields.map((field) => combination.values[field]).join("\u0000");
    const earlier = seen.get(key);
    if (earlier !== undefined) report.error(sub("combinations", "allowed", i), `combination ${i + 1} repeats combination ${earlier + 1}`);
    else seen.set(key, i);
  });
}

function checkDiscriminator(context: TypeContext, type: RawType, sub: (...rest: (string | number)[]) => Place): void {
  const field = typeof type.discriminator === "string" ? type.discriminator : type.discriminator!.property;
  const tags = new Map<string, number>();
  type.oneOf!.forEach((variant, i) => {
    if (variant.ref !== undefined && !context.types.has(variant.ref)) return; // unknown ref: reported already
    const property = findProperty(context.types, variant, field);
    const tag = property?.required ? singleTag(property) : undefined;
    if (tag === undefined) {
      context.report.error(sub("oneOf", i), `variant ${i + 1} has no required property "${field}" with a single enum value`, `give each variant ${field}: { type: string, enum: [<its tag>], required: true }`);
      return;
    }
    const earlier = tags.get(tag);
    if (earlier !== undefined) context.report.error(sub("oneOf", i), `variants ${earlier + 1} and ${i + 1} share the tag "${tag}"`);
    else tags.set(tag, i);
  });
}

/** The one string value a discriminator property may take: a single-value string enum or a string const. */
function singleTag(property: RawType): string | undefined {
  if (typeof property.const === "string") return property.const;
  return rawKind(property) === "string" && property.enum?.length === 1 ? String(property.enum[0]) : undefined;
}
