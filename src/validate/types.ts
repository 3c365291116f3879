// Checks one type of the type language: keys that fit its kind, references, enums, combinations.
import { MAX_TYPE_NESTING } from "../load/limits.js";
import type { RawType } from "../load/raw.js";
import type { Place, Reporter } from "./semantic.js";
import { closest } from "./suggest.js";

/** `record[key]` when it is the record's own (a key named `constructor` is not inherited). */
function own<T>(record: Record<string, T> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

export interface TypeContext {
  report: Reporter;
  types: ReadonlyMap<string, { raw: RawType }>;
}

type Kind = NonNullable<RawType["type"]>;
const COMMON = ["type", "description", "nullable", "required"];
const KEYS_BY_KIND: Record<Kind, string[]> = {
  string: ["format", "enum"],
  integer: ["format", "enum"],
  number: ["format"],
  boolean: [],
  array: ["items"],
  object: ["properties", "additionalProperties", "combinations"],
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
    report.error(place, `this type is nested more than ${MAX_TYPE_NESTING} levels deep`, "declare the inner part as a named type and refer to it with { ref: Name }; references may nest without limit");
    return;
  }
  if (type.required !== undefined && !where.property) {
    report.error(sub("required"), `"required" applies only to a property of an object`, "remove it; for parameters put required: on the parameter", { key: true });
  }
  if (type.ref !== undefined) {
    if (type.type !== undefined) report.error(sub("ref"), "a type has either ref or type, not both", undefined, { key: true });
    const extra = Object.keys(type).filter((key) => !["ref", "description", "nullable", "required"].includes(key));
    for (const key of extra) report.error(sub(key), `"${key}" does not apply to a reference`, "describe the referenced type where it is declared", { key: true });
    if (!context.types.has(type.ref)) {
      const guess = closest(type.ref, [...context.types.keys()]);
      report.error(sub("ref"), `unknown type "${type.ref}"`, guess ? `did you mean "${guess}"?` : "declare it under types: in a module file");
    }
    return;
  }
  if (type.type === undefined) {
    report.error(place, "a type needs type: or ref:", "e.g. { type: string } or { ref: ItemDiscrepancyResponse }");
    return;
  }
  const kind = type.type;
  for (const key of Object.keys(type)) {
    if (!COMMON.includes(key) && !KEYS_BY_KIND[kind].includes(key)) {
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
    const fits = kind === "string" ? typeof value === "string" : Number.isInteger(value);
    if (!fits) report.error(sub("enum", i), `enum value ${JSON.stringify(value)} is not ${kind === "string" ? "a string" : "an integer"}`, kind === "string" ? "quote it" : undefined);
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
  if (kind === "union" && type.discriminator !== undefined && type.oneOf) checkDiscriminator(context, type, sub);
}

function checkCombinations(context: TypeContext, type: RawType, sub: (...rest: (string | number)[]) => Place): void {
  const { report } = context;
  const { fields, allowed } = type.combinations!;
  const enums = new Map<string, string[]>();
  fields.forEach((field, i) => {
    const property = own(type.properties, field);
    if (!property) {
      report.error(sub("combinations", "fields", i), `combination field "${field}" is not a property of this object`, `declare it under properties`);
    } else if (property.type !== "string" || !property.enum) {
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
  const field = type.discriminator!;
  const tags = new Map<string, number>();
  type.oneOf!.forEach((variant, i) => {
    const resolved = variant.ref !== undefined ? context.types.get(variant.ref)?.raw : variant;
    if (!resolved) return; // unknown ref: reported already
    const property = resolved.type === "object" ? own(resolved.properties, field) : undefined;
    const tag = property?.type === "string" && property.enum?.length === 1 && property.required ? String(property.enum[0]) : undefined;
    if (tag === undefined) {
      context.report.error(sub("oneOf", i), `variant ${i + 1} has no required property "${field}" with a single enum value`, `give each variant ${field}: { type: string, enum: [<its tag>], required: true }`);
      return;
    }
    const earlier = tags.get(tag);
    if (earlier !== undefined) context.report.error(sub("oneOf", i), `variants ${earlier + 1} and ${i + 1} share the tag "${tag}"`);
    else tags.set(tag, i);
  });
}
