// OpenAPI Schema Objects (3.0 and 3.1) -> catalogue types. Every keyword the catalogue's type
// language cannot hold is reported with its JSON pointer; a $ref becomes a named type.
import type { RawExample, RawType } from "../load/raw.js";
import { keepReadOnly, readAnnotations } from "./annotations.js";
import { rawKind } from "../model/raw-kind.js";
import { exampleMismatch } from "../validate/example.js";
import { findProperty } from "../validate/types.js";
import { checkTypeCycles } from "../validate/cycles.js";
import type { Place as ValidatePlace, Reporter } from "../validate/reporter.js";
import { typeIdentifiers, typeName, type NameRegistry } from "./names.js";
import { MAX_ALLOF_CHAIN, MAX_SCHEMA_NESTING } from "./bounds.js";
import { at, isObject, type DocumentSet, type Place } from "./read.js";
import type { ImportReport } from "./report.js";

const REASONS: Record<string, string> = {
  minimum: "value constraints",
  maximum: "value constraints",
  exclusiveMinimum: "value constraints",
  exclusiveMaximum: "value constraints",
  multipleOf: "value constraints",
  minLength: "value constraints",
  maxLength: "value constraints",
  pattern: "value constraints",
  minItems: "value constraints",
  maxItems: "value constraints",
  uniqueItems: "value constraints",
  minProperties: "value constraints",
  maxProperties: "value constraints",
  default: "default values",
  example: "examples on schemas, only on request and response bodies",
  examples: "examples on schemas, only on request and response bodies",
  deprecated: "deprecation",
  readOnly: "read-only and write-only markers",
  writeOnly: "read-only and write-only markers",
  title: "schema titles",
  xml: "XML mappings",
  externalDocs: "external documentation links",
};

const SHAPE_KEYS = ["type", "properties", "additionalProperties", "required", "items", "enum", "const", "format", "allOf", "oneOf", "anyOf", "$ref"];

/** A union with a discriminator, settled once every named type is converted. */
interface PendingUnion {
  type: RawType;
  place: Place;
  property: string;
  /** The source's mapping: value -> type name, in source order. */
  mapping: [string, string][];
  /** Each `$ref` variant's type name -> its schema's own name (OpenAPI's implicit discriminator value). */
  implicit: Map<string, string>;
}

/** Keywords whose value is a schema or a list or map of schemas, or says which properties there are. */
const STRUCTURE_KEYS = new Set(["properties", "additionalProperties", "patternProperties", "required", "items", "prefixItems", "allOf", "oneOf", "anyOf", "not", "enum", "discriminator"]);

/** The report's kind for the values a truncating copy left where a schema was. */
const PLACEHOLDER_KIND = 'placeholders such as "[MaxDepth]" where a schema was (a truncated copy of the document)';

/**
 * `"[MaxDepth]"`, `"[Object]"`, `"[Circular]"`: what serialisers that stop at a depth write in place
 * of a value. Where a schema is expected, such a string is a lost schema, not a mistake of the author.
 */
export function isPlaceholder(value: unknown): value is string {
  return typeof value === "string" && /^\[[A-Za-z][A-Za-z ]{0,30}\]$/.test(value);
}

/** A short, one-line rendering of a source value for the report. */
/** The JSON Schema type names (`null` is read apart). */
const TYPE_NAMES = new Set(["string", "number", "integer", "boolean", "array", "object"]);

export function shortValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

export class SchemaConverter {
  /** Named types by the pointer of their definition, in the order they were named. */
  readonly named = new Map<string, { name: string; place: Place; type?: RawType }>();
  private readonly pending: string[] = [];
  private readonly unions: PendingUnion[] = [];
  /** Objects with a discriminator of their own: bases whose variants compose them with allOf. */
  private readonly bases: Omit<PendingUnion, "implicit">[] = [];
  private readonly examples: { holder: { schema?: RawType; example?: unknown; examples?: Record<string, RawExample> }; place: Place }[] = [];
  /** Types with a default or examples, checked against the type once every type is known. */
  private readonly annotated: { type: RawType; place: Place }[] = [];

  constructor(
    private readonly docs: DocumentSet,
    private readonly report: ImportReport,
    private readonly names: NameRegistry,
    /** Turns a source description into catalogue text (the identity, except for catalogen's own exports). */
    readonly text: (description: string) => string = (description) => description,
    /** catalogen's own export, whose union variants carry titles it derived (see variantTitle in src/emit/openapi/schema.ts). */
    private readonly ownExport = false,
  ) {}

  /** The name of the type defined at `place`, named (and queued for conversion) on first use. */
  nameOf(place: Place, hint?: string): string {
    const key = this.docs.pointer(place);
    const known = this.named.get(key);
    if (known) return known.name;
    const source = hint ?? place.path.at(-1) ?? place.file.replace(/^.*[\\/]/, "").replace(/\.[a-z]+$/i, "");
    const name = this.names.claim(typeName(source), typeIdentifiers);
    this.report.renamed("type", source, name, key);
    this.named.set(key, { name, place });
    this.pending.push(key);
    return name;
  }

  /** Converts every named type not converted yet (naming may queue more). */
  drain(): void {
    for (let key = this.pending.shift(); key !== undefined; key = this.pending.shift()) {
      const entry = this.named.get(key)!;
      entry.type = this.convert(entry.place);
    }
  }

  /** Schema levels being converted, one inside another (named types start again at 0). */
  private depth = 0;

  convert(place: Place): RawType {
    if (this.depth >= MAX_SCHEMA_NESTING) {
      this.lose(place, `a schema nested inside ${MAX_SCHEMA_NESTING} others (typed unknown)`, `schemas nested more than ${MAX_SCHEMA_NESTING} levels deep; name the inner schema under components/schemas`);
      return { type: "unknown" };
    }
    this.depth++;
    try {
      return this.convertSchema(place);
    } finally {
      this.depth--;
    }
  }

  private convertSchema(place: Place): RawType {
    const schema = this.docs.get(place);
    if (schema === true) return { type: "unknown" };
    if (schema === false) {
      this.lose(place, "false (a schema no value fits)", "schemas that allow nothing");
      return { type: "unknown" };
    }
    if (isPlaceholder(schema)) {
      this.report.lost(this.docs.pointer(place), `${schema} in place of a schema (typed unknown)`, PLACEHOLDER_KIND);
      return { type: "unknown" };
    }
    if (!isObject(schema)) {
      const typeName = typeof schema === "string" && (TYPE_NAMES.has(schema) || schema === "null");
      this.docs.fail(place, `a schema must be an object, not ${shortValue(schema)}`, typeName ? `did you mean { type: ${schema} }?` : "write a Schema Object, such as { type: string }");
    }
    const used = new Set<string>(["description", "nullable"]);
    const result = this.shape(this.withoutPlaceholders(schema, place, used), place, used);
    const description = schema.description;
    const text = typeof description === "string" ? this.text(description) : "";
    if (text.trim() !== "") result.description = text;
    if (schema.nullable === true) result.nullable = true;
    readAnnotations(schema, result, place, used, (where, value, reason) => this.lose(where, value, reason));
    if (result.default !== undefined || result.examples !== undefined) this.annotated.push({ type: result, place });
    this.loseUnused(schema, place, used);
    return result;
  }

  /**
   * The schema without the keywords whose value is a placeholder (`properties: "[MaxDepth]"`), each
   * reported: the type is then what the rest says (an object without its properties).
   */
  private withoutPlaceholders(schema: Record<string, unknown>, place: Place, used: Set<string>): Record<string, unknown> {
    const cut = Object.keys(schema).filter((key) => STRUCTURE_KEYS.has(key) && isPlaceholder(schema[key]));
    if (cut.length === 0) return schema;
    const kept = { ...schema };
    for (const key of cut) {
      this.report.lost(this.docs.pointer(at(place, key)), `${schema[key] as string} in place of ${key} (left out)`, PLACEHOLDER_KIND);
      used.add(key);
      delete kept[key];
    }
    return kept;
  }

  /** Reports every keyword of `schema` that conversion did not use. */
  private loseUnused(schema: Record<string, unknown>, place: Place, used: Set<string>): void {
    for (const key of Object.keys(schema)) {
      if (used.has(key)) continue;
      const reason = REASONS[key] ?? (key.startsWith("x-") ? "vendor extensions" : `"${key}" in a schema like this one`);
      this.lose(at(place, key), shortValue(schema[key]), reason);
    }
  }

  /**
   * An allOf of one part with a shape and parts that only annotate it, as OpenAPI 3.0 documents
   * describe a reference (keywords beside a 3.0 `$ref` are ignored): that part, with the
   * annotations (description, title, flags, default, examples) it does not have itself.
   */
  private annotatedPart(parts: unknown[], place: Place, shaped: number): RawType {
    const result = this.convert(at(place, "allOf", shaped));
    parts.forEach((part, i) => {
      if (i === shaped) return;
      const schema = part as Record<string, unknown>;
      const partPlace = at(place, "allOf", i);
      const used = new Set<string>(["description"]);
      const extra: RawType = {};
      if (typeof schema.description === "string" && schema.description.trim() !== "") extra.description = this.text(schema.description);
      readAnnotations(schema, extra, partPlace, used, (where, value, reason) => this.lose(where, value, reason));
      for (const key of ["description", "title", "deprecated", "readOnly", "writeOnly", "default", "examples"] as const) {
        if (extra[key] !== undefined && result[key] === undefined) (result as Record<string, unknown>)[key] = extra[key];
      }
      keepReadOnly(result, partPlace, (where, value, reason) => this.lose(where, value, reason));
      if (extra.default !== undefined || extra.examples !== undefined) this.annotated.push({ type: result, place: partPlace });
      this.loseUnused(schema, partPlace, used);
    });
    return result;
  }

  /** Remembers a body example, checked against its schema once every type is known. */
  checkExampleLater(holder: { schema?: RawType; example?: unknown; examples?: Record<string, RawExample> }, place: Place): void {
    this.examples.push({ holder, place });
  }

  /** After all types are converted: drops discriminators and examples the catalogue would refuse. */
  finish(): void {
    this.drain();
    this.dropSelfOnlyTypes();
    const types = new Map([...this.named.values()].map((entry) => [entry.name, { raw: entry.type! }]));
    for (const union of this.unions) this.settleDiscriminator(union, types);
    for (const base of this.bases) this.settleBase(base);
    const refuse = (place: Place, what: string, value: unknown, problem: string): void =>
      this.report.refuse(this.docs.pointer(place), `${what} ${shortValue(value)} dropped: it does not fit its schema (${problem})`, `${what.replace(/ ".*"$/, "")} that does not fit its schema (dropped)`);
    for (const { holder, place } of this.examples) {
      if (holder.schema === undefined) continue;
      if ("example" in holder) {
        const problem = exampleMismatch(holder.schema, holder.example, types);
        if (problem !== undefined) {
          refuse(place, "example", holder.example, problem);
          delete holder.example;
        }
      }
      for (const [name, example] of Object.entries(holder.examples ?? {})) {
        const problem = exampleMismatch(holder.schema, example.value, types);
        if (problem === undefined) continue;
        refuse(at(place, "examples", name), `named example "${name}"`, example.value, problem);
        delete holder.examples![name];
      }
      if (holder.examples !== undefined && Object.keys(holder.examples).length === 0) delete holder.examples;
    }
    for (const { type, place } of this.annotated) {
      if (type.default !== undefined) {
        const problem = exampleMismatch(type, type.default, types, "default");
        if (problem !== undefined) {
          refuse(at(place, "default"), "schema default", type.default, problem);
          delete type.default;
        }
      }
      if (type.examples !== undefined) {
        const kept = type.examples.filter((example) => {
          const problem = exampleMismatch(type, example, types);
          if (problem !== undefined) refuse(at(place, "examples"), "schema example", example, problem);
          return problem === undefined;
        });
        if (kept.length > 0) type.examples = kept;
        else delete type.examples;
      }
    }
  }

  /**
   * A schema that is only itself (`A: {$ref: A}`, or A and B each a reference to or a union with
   * the other) describes no value: the catalogue refuses it, so each such type becomes unknown (reported).
   */
  private dropSelfOnlyTypes(): void {
    const entries = new Map([...this.named.values()].map((entry) => [entry.name, entry]));
    const members = new Set<string>();
    const collect = { error: (place: { name: string }) => members.add(place.name) } as unknown as Reporter;
    checkTypeCycles(collect, new Map([...entries].map(([name, entry]) => [name, { raw: entry.type!, place: { name } as unknown as ValidatePlace }])));
    for (const name of members) {
      const entry = entries.get(name)!;
      this.lose(entry.place, "a schema that is only itself through $ref, oneOf or allOf (typed unknown)", "schemas that describe no value");
      entry.type = { type: "unknown", ...(entry.type?.description !== undefined && { description: entry.type.description }) };
    }
  }

  /**
   * A discriminator the catalogue can hold: the plain property name when each variant requires it
   * as a single value that agrees with the mapping; else a mapping (the source's, plus each unmapped
   * `$ref` variant under its schema name, as OpenAPI reads it); else it is dropped and reported.
   */
  private settleDiscriminator(union: PendingUnion, types: ReadonlyMap<string, { raw: RawType }>): void {
    const { type, place, property } = union;
    const variants = type.oneOf!;
    const tagOf = (variant: RawType): string | undefined => {
      const field = findProperty(types, variant, property);
      if (field?.required !== true) return undefined;
      if (typeof field.const === "string") return field.const;
      return rawKind(field) === "string" && field.enum?.length === 1 ? String(field.enum[0]) : undefined;
    };
    const tags = variants.map(tagOf);
    const agrees = union.mapping.every(([value, name]) => variants.some((variant, i) => variant.ref === name && tags[i] === value));
    if (tags.every((tag) => tag !== undefined) && new Set(tags).size === tags.length && agrees) {
      type.discriminator = property;
      return;
    }
    const names = variants.map((variant) => variant.ref);
    const mapping: Record<string, string> = {};
    for (const [value, name] of union.mapping) {
      if (names.includes(name)) Object.defineProperty(mapping, value, { value: name, enumerable: true, writable: true, configurable: true });
      else this.lose(at(place, "discriminator", "mapping", value), shortValue(name), "discriminator mapping entries that name no variant of the union");
    }
    names.forEach((name, i) => {
      // An unmapped variant whose property allows one value is selected by it; else by its schema name (OpenAPI's implicit mapping).
      const implicit = name === undefined ? undefined : (tags[i] ?? union.implicit.get(name));
      if (implicit !== undefined && !Object.values(mapping).includes(name!) && !Object.hasOwn(mapping, implicit)) {
        Object.defineProperty(mapping, implicit, { value: name, enumerable: true, writable: true, configurable: true });
        const why = tags[i] !== undefined ? "the one value its property allows" : "OpenAPI's implicit mapping by schema name";
        this.report.derive(this.docs.pointer(at(place, "discriminator")), `discriminator value "${implicit}" selects ${name} (${why})`);
      }
    });
    const fits = variants.every((variant) => {
      if (variant.ref === undefined || variant.nullable === true) return false;
      const values = Object.keys(mapping).filter((value) => mapping[value] === variant.ref);
      const field = findProperty(types, variant, property);
      if (values.length === 0 || field?.required !== true) return false;
      if (field.const !== undefined) return typeof field.const === "string" && values.every((value) => value === field.const);
      return rawKind(field) === "string" && (!field.enum || values.every((value) => field.enum!.includes(value)));
    });
    if (fits) {
      type.discriminator = { property, mapping };
      return;
    }
    delete type.discriminator;
    this.lose(at(place, "discriminator"), `propertyName ${shortValue(property)}`, "discriminators whose variants are not each a named type that requires the property as a string");
  }

  /**
   * A base's discriminator is kept when the base is a named object that requires the property as a
   * string; mapping entries that name no variant composed from it (allOf with its $ref) are dropped.
   */
  private settleBase({ type, place, property, mapping: pairs }: Omit<PendingUnion, "implicit">): void {
    const named = [...this.named.values()];
    const base = named.find((entry) => entry.type === type);
    const field = type.properties && Object.hasOwn(type.properties, property) ? type.properties[property] : undefined;
    if (base === undefined || field?.required !== true || rawKind(field) !== "string") {
      this.lose(at(place, "discriminator"), `propertyName ${shortValue(property)}`, "discriminators on an object that is not a named schema requiring the property as a string");
      return;
    }
    const variants = named.filter((entry) => entry.type?.allOf?.some((part) => part.ref === base.name)).map((entry) => entry.name);
    const mapping: Record<string, string> = {};
    for (const [value, name] of pairs) {
      if (variants.includes(name)) Object.defineProperty(mapping, value, { value: name, enumerable: true, writable: true, configurable: true });
      else this.lose(at(place, "discriminator", "mapping", value), shortValue(name), `discriminator mapping entries that name no schema composed from ${base.name} with allOf`);
    }
    const values = variants.flatMap((variant) => {
      const mapped = Object.keys(mapping).filter((value) => mapping[value] === variant);
      return mapped.length > 0 ? mapped : [variant];
    });
    if (new Set(values).size !== values.length) {
      this.lose(at(place, "discriminator"), `propertyName ${shortValue(property)}`, "discriminators that give two variants one value");
      return;
    }
    type.discriminator = Object.keys(mapping).length > 0 ? { property, mapping } : property;
  }

  private lose(place: Place, value: string, reason: string): void {
    const key = place.path.at(-1) ?? "schema";
    this.report.lost(this.docs.pointer(place), `${key}: ${value} (the catalogue has no ${reason})`, `schema ${/^\d+$/.test(key) ? "part" : key}: the catalogue has no ${reason}`);
  }

  private shape(schema: Record<string, unknown>, place: Place, used: Set<string>): RawType {
    if ("$ref" in schema) {
      used.add("$ref");
      const target = this.docs.target(schema.$ref, at(place, "$ref"));
      return { ref: this.nameOf(target) };
    }
    if (Array.isArray(schema.allOf)) return this.allOf(schema, place, used);
    const variantsKey = Array.isArray(schema.oneOf) ? "oneOf" : Array.isArray(schema.anyOf) ? "anyOf" : undefined;
    if (variantsKey !== undefined) {
      const variants = schema[variantsKey] as unknown[];
      const constraintOnly = variants.every((variant) => isObject(variant) && !SHAPE_KEYS.some((key) => key in variant && key !== "required"));
      const ownShape = "properties" in schema || schema.type === "object";
      const combinations = ownShape && variantsKey === "oneOf" ? combinationsOf(variants) : undefined;
      if (combinations) {
        used.add("oneOf");
        const object = this.shape({ ...schema, oneOf: undefined }, place, used);
        const fits = combinations.fields.every((field) => {
          const property = object.properties?.[field];
          return property?.type === "string" && property.required === true && combinations.allowed.every((c) => property.enum?.includes(c.values[field]!));
        });
        if (fits) {
          for (const allowed of combinations.allowed) if (allowed.meaning !== undefined) allowed.meaning = this.text(allowed.meaning);
          return { ...object, combinations };
        }
        this.lose(at(place, "oneOf"), `${variants.length} allowed value combinations`, "combinations of fields that are not required string enums");
        return object;
      }
      if (!(ownShape && constraintOnly)) return this.union(schema, place, used, variantsKey);
      used.add(variantsKey);
      this.lose(at(place, variantsKey), `${variants.length} alternatives that only require fields`, "alternative required-field sets");
    }
    let types = Array.isArray(schema.type) ? (schema.type as unknown[]) : schema.type === undefined ? [] : [schema.type];
    used.add("type");
    const nullable = types.includes("null") || (Array.isArray(schema.enum) && schema.enum.includes(null));
    if ("const" in schema && !("enum" in schema)) {
      used.add("const");
      const value = schema.const;
      if (value === null || typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value))) {
        return { const: value, ...(nullable && value !== null && { nullable: true }) };
      }
      this.lose(at(place, "const"), shortValue(value), "object or array consts");
    }
    types = types.filter((type) => type !== "null");
    const named = types.filter((type) => typeof type === "string" && TYPE_NAMES.has(type));
    if (named.length < types.length) {
      for (const type of types) if (!named.includes(type)) this.lose(at(place, "type"), `${shortValue(type)}, not a type name`, "type names but string, number, integer, boolean, array, object and null");
      if (named.length === 0) return { type: "unknown", ...(nullable && { nullable: true }) };
      types = named;
    }
    if (types.length === 0) {
      const inferred = inferType(schema);
      if (inferred === undefined) {
        // Only null: `type: "null"` or `enum: [null]`.
        if (nullable && !["properties", "items", "additionalProperties"].some((key) => key in schema)) return { const: null };
        return { type: "unknown", ...(nullable && { nullable: true }) };
      }
      types = [inferred];
    }
    if (types.length > 1) {
      for (const key of SHAPE_KEYS) if (key in schema) used.add(key);
      const union: RawType = { type: "union", oneOf: types.map((type) => this.single(schema, place, String(type), new Set())) };
      return { ...union, ...(nullable && { nullable: true }) };
    }
    const result = this.single(schema, place, String(types[0]), used);
    if (!nullable) return result;
    // OpenAPI 3.1's spelling `type: [T, "null"]` is kept as the catalogue's own; 3.0's `nullable: true` too.
    const kind = rawKind(result);
    return Array.isArray(schema.type) && kind !== undefined ? { ...result, type: [kind, "null"] } : { ...result, nullable: true };
  }

  private single(schema: Record<string, unknown>, place: Place, type: string, used: Set<string>): RawType {
    const take = (key: string): unknown => {
      used.add(key);
      return schema[key];
    };
    const format = typeof schema.format === "string" ? (take("format") as string) : undefined;
    switch (type) {
      case "string": {
        if (format === "binary") return { type: "binary" };
        if (schema.contentMediaType !== undefined && schema.contentEncoding === undefined) {
          take("contentMediaType");
          return { type: "binary" };
        }
        const values = this.enumValues(schema, place, used, (value): value is string => typeof value === "string", "non-string values of a string enum");
        return { type: "string", ...(format !== undefined && { format }), ...(values && { enum: values }) };
      }
      case "integer": {
        const values = this.enumValues(schema, place, used, (value): value is number => Number.isInteger(value), "non-integer values of an integer enum");
        return { type: "integer", ...(format !== undefined && { format }), ...(values && { enum: values }) };
      }
      case "number": {
        const values = this.enumValues(schema, place, used, (value): value is number => typeof value === "number" && Number.isFinite(value), "non-number values of a number enum");
        return { type: "number", ...(format !== undefined && { format }), ...(values && { enum: values }) };
      }
      case "boolean": {
        const values = this.enumValues(schema, place, used, (value): value is boolean => typeof value === "boolean", "non-boolean values of a boolean enum");
        return { type: "boolean", ...(values && { enum: values }) };
      }
      case "array":
        return { type: "array", items: "items" in schema && take("items") !== undefined ? this.convert(at(place, "items")) : { type: "unknown" } };
      case "object":
        return this.object(place, take);
      default:
        this.docs.fail(at(place, "type"), `unknown schema type ${shortValue(type)}`);
    }
  }

  private enumValues<T extends string | number | boolean>(
    schema: Record<string, unknown>,
    place: Place,
    used: Set<string>,
    fits: (value: unknown) => value is T,
    reason: string,
  ): T[] | undefined {
    // A const of a kind other than the schema's (an object const beside a type) was reported already.
    const key = "enum" in schema ? "enum" : undefined;
    if (key === undefined) return undefined;
    used.add(key);
    const values = Array.isArray(schema.enum) ? schema.enum : [];
    const kept: T[] = [];
    for (const value of values) {
      if (value === null) continue; // nullable, handled by the caller
      if (!fits(value)) this.lose(at(place, key), shortValue(value), reason);
      else if (!kept.includes(value)) kept.push(value);
    }
    return kept.length > 0 ? kept : undefined;
  }

  private object(place: Place, take: (key: string) => unknown): RawType {
    const discriminator = take("discriminator");
    const properties = take("properties");
    const required = take("required");
    const extra = take("additionalProperties");
    const requiredNames = Array.isArray(required) ? required.filter((name): name is string => typeof name === "string") : [];
    const names = isObject(properties) ? Object.keys(properties) : [];
    if (names.length === 0 && requiredNames.length === 0 && isObject(extra) && Object.keys(extra).length > 0) {
      return { type: "map", values: this.convert(at(place, "additionalProperties")) };
    }
    const result: Record<string, RawType> = {};
    for (const name of names) {
      const type = this.convert(at(place, "properties", name));
      if (requiredNames.includes(name)) type.required = true; // in place: the annotated list holds this object
      result[name] = type;
    }
    for (const name of requiredNames) {
      if (!(name in result)) result[name] = { type: "unknown", required: true };
    }
    const additional: boolean | RawType =
      extra === undefined || extra === true || (isObject(extra) && Object.keys(extra).length === 0)
        ? true
        : extra === false
          ? false
          : this.convert(at(place, "additionalProperties"));
    const object: RawType = { type: "object", ...(Object.keys(result).length > 0 && { properties: result }), additionalProperties: additional };
    if (isObject(discriminator) && typeof discriminator.propertyName === "string") {
      this.bases.push({ type: object, place, property: discriminator.propertyName, mapping: this.mappingPairs(discriminator, place) });
    } else if (discriminator !== undefined) {
      this.lose(at(place, "discriminator"), shortValue(discriminator), "discriminators without a propertyName");
    }
    return object;
  }

  private union(schema: Record<string, unknown>, place: Place, used: Set<string>, key: "oneOf" | "anyOf"): RawType {
    used.add(key);
    if (key === "oneOf" && Array.isArray(schema.anyOf)) {
      used.add("anyOf");
      this.lose(at(place, "anyOf"), "beside oneOf", "schemas with both oneOf and anyOf (oneOf kept)");
    }
    for (const own of ["properties", "type", "required", "additionalProperties"]) {
      if (own in schema) {
        used.add(own);
        this.lose(at(place, own), shortValue(schema[own]), `keywords beside ${key} (the alternatives are kept)`);
      }
    }
    let nullable = false;
    const variants: RawType[] = [];
    (schema[key] as unknown[]).forEach((variant, i) => {
      if (isObject(variant) && (variant.type === "null" || (Array.isArray(variant.enum) && variant.enum.length === 1 && variant.enum[0] === null))) {
        nullable = true;
        return;
      }
      const converted = this.convert(at(place, key, i));
      if (this.ownExport && converted.title !== undefined && converted.title === derivedTitle(converted, schema.discriminator)) delete converted.title;
      variants.push(converted);
    });
    let result: RawType;
    let pending: Omit<PendingUnion, "type"> | undefined;
    if (variants.length === 0) result = { type: "unknown" };
    else if (variants.length === 1) result = variants[0]!;
    else {
      result = { type: "union", oneOf: variants };
      const discriminator = schema.discriminator;
      if (isObject(discriminator) && typeof discriminator.propertyName === "string") {
        used.add("discriminator");
        result.discriminator = discriminator.propertyName;
        const mapping = this.mappingPairs(discriminator, place);
        const implicit = new Map<string, string>();
        (schema[key] as unknown[]).forEach((variant, i) => {
          if (!isObject(variant) || typeof variant.$ref !== "string") return;
          const target = this.docs.target(variant.$ref, at(place, key, i, "$ref"));
          const own = target.path.at(-1);
          if (own !== undefined) implicit.set(this.nameOf(target), own);
        });
        pending = { place, property: discriminator.propertyName, mapping, implicit };
      }
    }
    const final = nullable ? { ...result, nullable: true } : result;
    // The discriminator is settled on the object the catalogue holds (not on a copy of it).
    if (pending) this.unions.push({ type: final, ...pending });
    return final;
  }

  /** A discriminator's mapping as value -> type name pairs, in source order. */
  private mappingPairs(discriminator: Record<string, unknown>, place: Place): [string, string][] {
    const mapping: [string, string][] = [];
    if (!isObject(discriminator.mapping)) return mapping;
    for (const [value, ref] of Object.entries(discriminator.mapping)) {
      // A bare name means a schema under components.
      const full = typeof ref === "string" && !ref.includes("#") && !ref.includes("/") ? `#/components/schemas/${ref}` : ref;
      mapping.push([value, this.nameOf(this.docs.target(full, at(place, "discriminator", "mapping", value)))]);
    }
    return mapping;
  }

  /** The allOf as a composition of its object parts, or undefined when a part is not an object. */
  private composition(schema: Record<string, unknown>, place: Place, used: Set<string>): RawType | undefined {
    const parts = schema.allOf as unknown[];
    const type = schema.type;
    if (type !== undefined && type !== "object") return undefined;
    const kinds = parts.map((_, i) => this.partKind(at(place, "allOf", i), new Set()));
    if (kinds.some((kind) => kind === "other")) return undefined;
    const own = ["properties", "required", "additionalProperties"].some((key) => key in schema);
    if (own && isObject(schema.additionalProperties) && !isObject(schema.properties) && !Array.isArray(schema.required)) return undefined;
    used.add("type");
    // `unevaluatedProperties: false` beside the allOf (as catalogen exports a closed composition)
    // closes its inline parts; the catalogue's composition is closed when every part is.
    const closed = schema.unevaluatedProperties === false;
    if (closed) used.add("unevaluatedProperties");
    const close = (part: RawType, source: unknown): RawType =>
      closed && rawKind(part) === "object" && isObject(source) && !("additionalProperties" in source) ? { ...part, additionalProperties: false } : part;
    const converted: RawType[] = [];
    let openRef = false;
    const required = new Set(parts.flatMap((_, i) => this.requiredNames(at(place, "allOf", i), new Set())));
    kinds.forEach((kind, i) => {
      const partPlace = at(place, "allOf", i);
      const part = parts[i];
      if (kind === "object") {
        const shaped = close(this.convert(partPlace), part);
        if (isObject(part) && !("$ref" in part)) requireFields(shaped, required);
        converted.push(shaped);
        if (isObject(part) && "$ref" in part) {
          const target = this.docs.deref(partPlace).value;
          if (!isObject(target) || target.additionalProperties !== false) openRef = true;
        }
      } else if (isObject(part) && Object.keys(part).length > 0) this.lose(partPlace, shortValue(part), "allOf parts without a shape (dropped)");
    });
    if (own) {
      const take = (key: string): unknown => {
        used.add(key);
        return schema[key];
      };
      const ownPart = close(this.object(place, take), schema);
      requireFields(ownPart, required);
      converted.push(ownPart);
    }
    if (closed && openRef) this.lose(at(place, "unevaluatedProperties"), "false", "closed compositions of open referenced parts (the composition stays open)");
    if (converted.length === 0) return { type: "object", additionalProperties: true };
    return converted.length === 1 ? converted[0]! : { allOf: converted };
  }

  /** The fields the object at `place` requires, with those of its allOf parts. */
  private requiredNames(place: Place, seen: Set<string>): string[] {
    const { value, place: resolved } = this.docs.deref(place);
    const key = this.docs.pointer(resolved);
    if (!isObject(value) || seen.has(key) || seen.size > MAX_ALLOF_CHAIN) return [];
    seen.add(key);
    const own = Array.isArray(value.required) ? value.required.filter((name): name is string => typeof name === "string") : [];
    const inner = Array.isArray(value.allOf) ? value.allOf.flatMap((_, i) => this.requiredNames(at(resolved, "allOf", i), seen)) : [];
    return [...own, ...inner];
  }

  /**
   * An allOf of values that are not objects (`{ type: integer, enum: [1], allOf: [{ $ref: Tag }] }`,
   * the tag of a union member): the intersection of the parts, the schema's own type one more part.
   */
  private valueAllOf(schema: Record<string, unknown>, place: Place, used: Set<string>): RawType | undefined {
    const parts = schema.allOf as unknown[];
    const ownKeys = ["type", "enum", "const"].filter((key) => key in schema);
    if (["properties", "required", "additionalProperties", "items"].some((key) => key in schema)) return undefined;
    if (ownKeys.length === 0 && parts.length < 2) return undefined;
    const { allOf: _parts, ...ownSchema } = schema;
    if (ownKeys.length > 0 && !isValueSchema(ownSchema)) return undefined;
    const kind = this.constrainedKind(parts, place, ownKeys.length > 0 ? schema.type : undefined);
    const isPart = (part: unknown, i: number): boolean => (kind !== undefined && isConstraintPart(part)) || this.isValuePart(at(place, "allOf", i), new Set());
    if (!parts.every(isPart)) return undefined;
    const converted = parts.flatMap((part, i) => (kind !== undefined && isConstraintPart(part) ? [this.constraintPart(at(place, "allOf", i), kind)] : this.valueParts(at(place, "allOf", i), new Set())));
    if (ownKeys.length > 0) {
      const own: Record<string, unknown> = {};
      for (const key of ["type", "enum", "const", "format"]) if (key in schema) own[key] = schema[key];
      converted.push(this.shape(own, place, used));
    }
    return { allOf: converted };
  }

  /**
   * A part of an intersection of values as the catalogue's parts: a part that is itself an allOf of
   * values (Cloudflare's `[{ type: string }, { $ref: uuid }]`, uuid an allOf) gives its own parts,
   * since the catalogue's intersection takes scalars and refs to them, not intersections.
   */
  private valueParts(place: Place, seen: Set<string>): RawType[] {
    const direct = this.docs.get(place);
    const { value, place: resolved } = this.docs.deref(place);
    const key = this.docs.pointer(resolved);
    if (!isObject(value) || !Array.isArray(value.allOf) || ["type", "enum", "const"].some((k) => k in value) || seen.has(key)) return [this.convert(place)];
    seen.add(key);
    // An inline one's own keywords are read nowhere else (a named one's are, as its own type).
    if (isObject(direct) && !("$ref" in direct)) this.loseUnused(value, resolved, new Set(["allOf"]));
    return value.allOf.flatMap((_, i) => this.valueParts(at(resolved, "allOf", i), seen));
  }

  /**
   * The scalar type an allOf's typed parts agree on when its other parts only constrain that type
   * (`[{ $ref: Identifier }, { maxLength: 32 }]`, as Cloudflare's document writes them); else undefined.
   */
  private constrainedKind(parts: unknown[], place: Place, ownType: unknown): string | undefined {
    if (!parts.some(isConstraintPart)) return undefined;
    const kinds = new Set<unknown>(ownType === undefined ? [] : [ownType]);
    parts.forEach((part, i) => {
      if (isConstraintPart(part)) return;
      const value = this.docs.deref(at(place, "allOf", i)).value;
      kinds.add(isObject(value) ? value.type : undefined);
    });
    const [kind] = kinds;
    return kinds.size === 1 && typeof kind === "string" && ["string", "integer", "number"].includes(kind) ? kind : undefined;
  }

  /** An allOf part that only constrains (and describes) the scalar `type` its sibling parts give. */
  private constraintPart(place: Place, type: string): RawType {
    const schema = this.docs.get(place) as Record<string, unknown>;
    const used = new Set<string>(["description"]);
    const result = this.shape({ ...schema, type }, place, used);
    if (typeof schema.description === "string" && schema.description.trim() !== "") result.description = this.text(schema.description);
    readAnnotations(schema, result, place, used, (where, value, reason) => this.lose(where, value, reason));
    if (result.default !== undefined || result.examples !== undefined) this.annotated.push({ type: result, place });
    this.loseUnused(schema, place, used);
    return result;
  }

  private isValuePart(place: Place, seen: Set<string>): boolean {
    const { value, place: resolved } = this.docs.deref(place);
    const key = this.docs.pointer(resolved);
    if (!isObject(value) || seen.has(key)) return false;
    seen.add(key);
    if (Array.isArray(value.allOf) && !["type", "enum", "const"].some((k) => k in value)) return value.allOf.every((_, i) => this.isValuePart(at(resolved, "allOf", i), seen));
    return isValueSchema(value);
  }

  /** Whether the schema at `place` can be a part of a composition (see PartKind); `seen` stops ref cycles. */
  private partKind(place: Place, seen: Set<string>): PartKind {
    if (seen.size > MAX_ALLOF_CHAIN) return "other";
    const direct = this.docs.get(place);
    const { value, place: resolved } = this.docs.deref(place);
    const key = this.docs.pointer(resolved);
    if (!isObject(value) || seen.has(key)) return "other";
    seen.add(key);
    const isRef = isObject(direct) && "$ref" in direct;
    if (isRef && Object.keys(direct).length > 1) return "other"; // keywords beside $ref (3.1): not a plain reference
    if (value.nullable === true || (Array.isArray(value.type) && value.type.includes("null"))) return "other";
    if (value.type !== undefined && value.type !== "object") return "other";
    if (["oneOf", "anyOf", "items", "enum", "const", "not"].some((k) => k in value)) return "other";
    const fields = ["properties", "required", "additionalProperties"].some((k) => k in value);
    if (isObject(value.additionalProperties) && Object.keys(value.additionalProperties).length > 0 && !isObject(value.properties) && !Array.isArray(value.required)) return "other"; // a map
    if (Array.isArray(value.allOf)) {
      const inner = value.allOf.map((_, i) => this.partKind(at(resolved, "allOf", i), seen));
      if (inner.some((kind) => kind === "other")) return "other";
      return inner.includes("object") || fields || value.type === "object" ? "object" : "other";
    }
    if (!SHAPE_KEYS.some((k) => k in value)) return isRef ? "other" : "empty";
    return "object";
  }

  /**
   * allOf: one part is that part; parts that are all objects (or refs to objects) are a composition,
   * the schema's own fields one more part; other parts are merged into one object where they can
   * be (reported), or typed unknown (reported).
   */
  private allOf(schema: Record<string, unknown>, place: Place, used: Set<string>): RawType {
    used.add("allOf");
    const parts = schema.allOf as unknown[];
    const hasOwnShape = ["properties", "type", "required", "additionalProperties"].some((key) => key in schema);
    const shaped = parts.flatMap((part, i) => (isAnnotationPart(part) ? [] : [i]));
    if (shaped.length === 1 && parts.length > 1 && !hasOwnShape) return this.annotatedPart(parts, place, shaped[0]!);
    const values = this.valueAllOf(schema, place, used);
    if (values) return values;
    if (parts.length === 1 && !hasOwnShape) return this.convert(at(place, "allOf", 0));
    const composed = this.composition(schema, place, used);
    if (composed) return composed;
    const properties = new Map<string, Place>();
    const required = new Set<string>();
    let closed = true;
    const visit = (partPlace: Place, seen: Set<string>): boolean => {
      if (seen.size > MAX_ALLOF_CHAIN) return false;
      const { value, place: resolved } = this.docs.deref(partPlace);
      const key = this.docs.pointer(resolved);
      if (!isObject(value) || seen.has(key)) return false;
      seen.add(key);
      if (Array.isArray(value.allOf) && !value.allOf.every((_, i) => visit(at(resolved, "allOf", i), seen))) return false;
      const type = value.type;
      if (type !== undefined && type !== "object") return false;
      if (["oneOf", "anyOf", "items", "enum"].some((k) => k in value)) return false;
      if (isObject(value.properties)) for (const name of Object.keys(value.properties)) properties.set(name, at(resolved, "properties", name));
      if (Array.isArray(value.required)) for (const name of value.required) if (typeof name === "string") required.add(name);
      if (value.additionalProperties !== false) closed = false;
      return true;
    };
    const seen = new Set<string>();
    const own = hasOwnShape ? visit(place, seen) : true;
    for (const key of ["properties", "type", "required", "additionalProperties"]) if (key in schema) used.add(key);
    if (!own || !parts.every((_, i) => visit(at(place, "allOf", i), seen))) {
      this.lose(at(place, "allOf"), `${parts.length} parts`, "composition of parts that are not all objects (typed as unknown)");
      return { type: "unknown" };
    }
    this.lose(at(place, "allOf"), `${parts.length} parts merged into one object`, "allOf composition (the merged object keeps every property)");
    const result: Record<string, RawType> = {};
    for (const [name, propertyPlace] of properties) {
      const type = this.convert(propertyPlace);
      if (required.has(name)) type.required = true;
      result[name] = type;
    }
    for (const name of required) if (!(name in result)) result[name] = { type: "unknown", required: true };
    return { type: "object", ...(Object.keys(result).length > 0 && { properties: result }), additionalProperties: !closed };
  }
}

/** The title catalogen's exporter gives a union variant without one of its own (variantTitle in src/emit/openapi/schema.ts). */
function derivedTitle(variant: RawType, discriminator: unknown): string | undefined {
  if (variant.ref !== undefined) return variant.ref;
  const kind = rawKind(variant);
  const property = isObject(discriminator) && typeof discriminator.propertyName === "string" ? discriminator.propertyName : undefined;
  if (kind === "object" && property !== undefined) {
    const field = variant.properties?.[property];
    if (field && rawKind(field) === "string" && field.enum?.length === 1) return String(field.enum[0]);
  }
  if (kind === "array") return `array of ${variant.items?.ref ?? (variant.items && rawKind(variant.items)) ?? "unknown"}`;
  return kind ?? (variant.allOf !== undefined ? "allOf" : variant.const !== undefined ? "const" : undefined);
}

/** A schema of a scalar, an enum or a const (not null, not an object or array, no composition). */
function isValueSchema(schema: Record<string, unknown>): boolean {
  if (["properties", "items", "additionalProperties", "oneOf", "anyOf", "allOf", "not"].some((key) => key in schema) || schema.nullable === true) return false;
  const type = schema.type;
  if (type !== undefined) return typeof type === "string" && ["string", "integer", "number", "boolean"].includes(type);
  return ("enum" in schema && Array.isArray(schema.enum) && !schema.enum.includes(null)) || ("const" in schema && schema.const !== null && typeof schema.const !== "object");
}

/** Keywords that describe a value without constraining it. */
const ANNOTATION_KEYS = new Set(["description", "title", "xml", "example", "examples", "default", "deprecated", "readOnly", "writeOnly", "externalDocs", "$comment"]);

/** Whether an allOf part only annotates (no keyword that shapes or constrains a value). */
function isAnnotationPart(part: unknown): boolean {
  return isObject(part) && Object.keys(part).every((key) => ANNOTATION_KEYS.has(key) || key.startsWith("x-"));
}

/** Keywords that constrain a string or a number without giving its type. */
const CONSTRAINT_KEYS = new Set(["maxLength", "minLength", "pattern", "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]);

/** An inline allOf part of constraints (and annotations) alone, no type of its own. */
function isConstraintPart(part: unknown): boolean {
  if (!isObject(part)) return false;
  const keys = Object.keys(part);
  return keys.some((key) => CONSTRAINT_KEYS.has(key)) && keys.every((key) => CONSTRAINT_KEYS.has(key) || ANNOTATION_KEYS.has(key) || key.startsWith("x-"));
}

/**
 * Marks the fields of an inline part of a composition that another part requires as required here
 * too: the composition requires them either way, and TypeScript (under exactOptionalPropertyTypes)
 * finds `{ result: unknown } & { result?: X }` not assignable to a second copy of itself.
 */
function requireFields(part: RawType, required: Set<string>): void {
  for (const [name, property] of Object.entries(part.properties ?? {})) if (required.has(name)) property.required = true;
}

/** What an allOf part is to a composition: an object (or a ref to one), nothing (no shape keys at all), or something else. */
type PartKind = "object" | "empty" | "other";

function inferType(schema: Record<string, unknown>): string | undefined {
  if ("properties" in schema || "additionalProperties" in schema || "required" in schema) return "object";
  if ("items" in schema) return "array";
  const values = Array.isArray(schema.enum) ? schema.enum : "const" in schema ? [schema.const] : [];
  const value = values.find((item) => item !== null);
  if (typeof value === "string") return "string";
  if (Number.isInteger(value)) return "integer";
  if (typeof value === "number") return "number";
  if (typeof value === "boolean") return "boolean";
  return undefined;
}

/**
 * `oneOf` variants that each fix the same string fields with `const` (and nothing else) are the
 * catalogue's value combinations: only these combinations of the object's fields are allowed.
 */
function combinationsOf(variants: unknown[]): RawType["combinations"] | undefined {
  let fields: string[] | undefined;
  const allowed: NonNullable<RawType["combinations"]>["allowed"] = [];
  for (const variant of variants) {
    if (!isObject(variant) || !isObject(variant.properties)) return undefined;
    if (Object.keys(variant).some((key) => !["properties", "required", "description", "title", "x-group"].includes(key))) return undefined;
    const names = Object.keys(variant.properties);
    if (fields === undefined) fields = names;
    if (names.length === 0 || names.join("\u0000") !== fields.join("\u0000")) return undefined;
    const values: Record<string, string> = {};
    for (const name of names) {
      const property = variant.properties[name];
      if (!isObject(property) || Object.keys(property).length !== 1 || typeof property.const !== "string") return undefined;
      values[name] = property.const;
    }
    allowed.push({
      values,
      ...(typeof variant["x-group"] === "string" && { group: variant["x-group"] }),
      ...(typeof variant.description === "string" && { meaning: variant.description }),
    });
  }
  return fields && allowed.length > 0 ? { fields, allowed } : undefined;
}
