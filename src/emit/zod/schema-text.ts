// TypeNode -> a Zod 4 schema expression (TypeScript source). The same text serves `zod` and
// `zod/mini`: it uses only the functional API both share (`z.optional(x)`, `x.check(z.refine(...))`).
//
// A schema accepts and refuses exactly what the generated guard of the same node does
// (src/emit/shared/validators.ts): lengths count code points, integers are any whole number,
// multipleOf allows for binary fractions, allOf of closed parts refuses fields no part declares,
// a discriminator mapping narrows each variant by its values. The one difference: the guard is
// one for both ways of travel, so it requires no read-only or write-only field; the zod target
// writes directed nodes (src/model/directed.ts), whose remaining such fields keep `required`. Where Zod's own check
// differs from the guard's (string lengths, integers, multipleOf, uniqueItems) the schema calls
// the guard's helper (zod/shared/guard.ts, a copy of templates/shared/guard.ts).
import type { ObjectShape, Property, TypeNode } from "../../model/types.js";
import { isClosedPart, isValueAllOf, objectParts, variantTags } from "../../model/type-lookup.js";
import { propertyKey, stringLiteral } from "../../shared/sinks.js";
import { constLiteral } from "../shared/ts-types.js";

/** How a reference to a named type is written where it is met. */
export interface RefContext {
  /** The schema constant of named type `name`, e.g. `zPet`. */
  constName: (name: string) => string;
  /** Whether the constant is initialised already where the schema being written runs (else it is read lazily). */
  ready: (name: string) => boolean;
  lookup: (name: string) => TypeNode | undefined;
}

/** The helpers of templates/shared/guard.ts the schemas may call. */
export const ZOD_HELPERS = ["codePoints", "isMultipleOf", "hasDuplicates"] as const;

export class ZodWriter {
  /** Helpers of guard.ts the written schemas call. */
  readonly helpers = new Set<string>();
  /** Named types referred to. */
  readonly refs = new Set<string>();
  private readonly context: RefContext;

  constructor(context: RefContext) {
    this.context = context;
  }

  /** The schema of `node`; `eager`: the text runs when the module loads (not inside a getter). */
  schema(node: TypeNode, eager = true): string {
    const base = this.base(node, eager);
    return node.nullable && node.kind !== "unknown" ? `z.nullable(${base})` : base;
  }

  /** The schema of a value that must be present: an `unknown` would let a missing one through. */
  present(node: TypeNode, eager: boolean): string {
    if (this.acceptsAnything(node, new Set())) return `z.custom<unknown>((v) => v !== undefined, "a value (required)")`;
    return this.schema(node, eager);
  }

  /** Whether every value fits `node` (undefined included), refs followed. */
  private acceptsAnything(node: TypeNode, seen: Set<string>): boolean {
    if (node.kind === "unknown") return true;
    if (node.kind === "union") return node.variants.some((variant) => this.acceptsAnything(variant, seen));
    if (node.kind === "allOf") return node.parts.every((part) => this.acceptsAnything(part, seen));
    if (node.kind !== "ref" || seen.has(node.name)) return false;
    seen.add(node.name);
    const target = this.context.lookup(node.name);
    return target !== undefined && this.acceptsAnything(target, seen);
  }

  private refine(test: string, message: string): string {
    return `z.refine(${test}, ${stringLiteral(message)})`;
  }

  private helper(name: (typeof ZOD_HELPERS)[number]): string {
    this.helpers.add(name);
    return name;
  }

  private checked(base: string, checks: string[]): string {
    return checks.length === 0 ? base : `${base}.check(${checks.join(", ")})`;
  }

  private base(node: TypeNode, eager: boolean): string {
    switch (node.kind) {
      case "string": {
        if (node.enum) return `z.enum([${node.enum.map(stringLiteral).join(", ")}])`;
        const checks: string[] = [];
        if (node.minLength !== undefined) checks.push(this.refine(`(v) => ${this.helper("codePoints")}(v) >= ${node.minLength}`, `a string of at least ${node.minLength} characters`));
        if (node.maxLength !== undefined) checks.push(this.refine(`(v) => ${this.helper("codePoints")}(v) <= ${node.maxLength}`, `a string of at most ${node.maxLength} characters`));
        if (node.pattern !== undefined) checks.push(`z.regex(new RegExp(${stringLiteral(node.pattern)}, "u"), ${stringLiteral(`a string matching ${node.pattern}`)})`);
        return this.checked("z.string()", checks);
      }
      case "integer":
      case "number": {
        if (node.enum) return node.enum.length === 0 ? "z.never()" : `z.literal([${node.enum.map(constLiteral).join(", ")}])`;
        const checks = node.kind === "integer" ? [this.refine("(v) => Number.isInteger(v)", "an integer")] : [];
        if (node.minimum !== undefined) checks.push(`z.gte(${node.minimum})`);
        if (node.maximum !== undefined) checks.push(`z.lte(${node.maximum})`);
        if (node.exclusiveMinimum !== undefined) checks.push(`z.gt(${node.exclusiveMinimum})`);
        if (node.exclusiveMaximum !== undefined) checks.push(`z.lt(${node.exclusiveMaximum})`);
        if (node.multipleOf !== undefined) checks.push(this.refine(`(v) => ${this.helper("isMultipleOf")}(v, ${node.multipleOf})`, `a multiple of ${node.multipleOf}`));
        return this.checked("z.number()", checks);
      }
      case "boolean":
        return node.enum && new Set(node.enum).size === 1 ? `z.literal(${String(node.enum[0])})` : "z.boolean()";
      case "const":
        return node.value === null ? "z.null()" : `z.literal(${constLiteral(node.value)})`;
      case "binary":
        return "z.instanceof(Uint8Array)";
      case "unknown":
        return "z.unknown()";
      case "ref":
        return this.ref(node.name, eager);
      case "array": {
        const checks: string[] = [];
        if (node.minItems !== undefined) checks.push(`z.minLength(${node.minItems})`);
        if (node.maxItems !== undefined) checks.push(`z.maxLength(${node.maxItems})`);
        if (node.uniqueItems === true) checks.push(this.refine(`(v) => !${this.helper("hasDuplicates")}(v)`, "a list without duplicate items"));
        return this.checked(`z.array(${this.schema(node.items, eager)})`, checks);
      }
      case "map":
        return this.checked(`z.record(z.string(), ${this.schema(node.values, eager)})`, this.sizeChecks(node));
      case "object":
        return this.object(node, eager, node.additionalProperties === false ? "strict" : "loose");
      case "union":
        return this.union(node, eager);
      case "allOf":
        return this.allOf(node.parts, eager);
    }
  }

  private ref(name: string, eager: boolean): string {
    this.refs.add(name);
    const constant = this.context.constName(name);
    return !eager || this.context.ready(name) ? constant : `z.lazy(() => ${constant})`;
  }

  private sizeChecks(shape: ObjectShape | TypeNode): string[] {
    const node = shape as { minProperties?: number; maxProperties?: number };
    const checks: string[] = [];
    if (node.minProperties !== undefined) checks.push(this.refine(`(v) => Object.keys(v).length >= ${node.minProperties}`, `an object of at least ${node.minProperties} fields`));
    if (node.maxProperties !== undefined) checks.push(this.refine(`(v) => Object.keys(v).length <= ${node.maxProperties}`, `an object of at most ${node.maxProperties} fields`));
    return checks;
  }

  /** An object: strict (closed) or loose; one object per allowed combination of its combined fields. */
  private object(node: ObjectShape, eager: boolean, closure: "strict" | "loose"): string {
    const extra = node.additionalProperties;
    if (node.properties.length === 0 && typeof extra === "object") return this.checked(`z.record(z.string(), ${this.schema(extra, eager)})`, this.sizeChecks(node));
    const combinations = node.combinations;
    if (combinations && combinations.fields.length > 0 && combinations.allowed.length > 0) {
      const variants = combinations.allowed.map((combination) => this.shape(node, eager, closure, combination.values));
      return variants.length === 1 ? variants[0]! : unionOf(variants);
    }
    return this.shape(node, eager, closure, undefined);
  }

  private shape(node: ObjectShape, eager: boolean, closure: "strict" | "loose", fixed: Record<string, string> | undefined): string {
    const combined = new Set(node.combinations?.fields ?? []);
    const members = node.properties.map((property) => this.member(property, eager, combined.has(property.name), fixed));
    const make = closure === "strict" ? "z.strictObject" : "z.looseObject";
    const shape = members.length === 0 ? "{}" : `{\n${members.join(",\n")},\n}`;
    return this.checked(`${make}(${shape})`, this.sizeChecks(node));
  }

  private member(property: Property, eager: boolean, combined: boolean, fixed: Record<string, string> | undefined): string {
    const key = propertyKey(property.name);
    if (fixed && Object.hasOwn(fixed, property.name)) return `${key}: z.literal(${stringLiteral(fixed[property.name] ?? "")})`;
    // The nodes written are directed (src/model/directed.ts): a read-only or write-only field still
    // here travels this way, so its `required` holds (OpenAPI: required in that direction only).
    const required = property.required || combined;
    const lazy = this.mentionsUnready(property.type);
    const inner = required ? this.present(property.type, !lazy && eager) : `z.optional(${this.schema(property.type, !lazy && eager)})`;
    // A getter defers a reference to a schema not yet made (recursion, a later or another module's type).
    return lazy ? `get ${key}() {\nreturn ${inner};\n}` : `${key}: ${inner}`;
  }

  /** Whether `node` refers (outside nested objects' own properties) to a named type not initialised yet. */
  private mentionsUnready(node: TypeNode): boolean {
    switch (node.kind) {
      case "ref":
        return !this.context.ready(node.name);
      case "array":
        return this.mentionsUnready(node.items);
      case "map":
        return this.mentionsUnready(node.values);
      case "union":
        return node.variants.some((variant) => this.mentionsUnready(variant));
      case "allOf":
        return node.parts.some((part) => this.mentionsUnready(part));
      case "object":
        return (
          node.properties.some((property) => this.mentionsUnready(property.type)) ||
          (typeof node.additionalProperties === "object" && this.mentionsUnready(node.additionalProperties))
        );
      default:
        return false;
    }
  }

  private union(node: Extract<TypeNode, { kind: "union" }>, eager: boolean): string {
    const variants = node.variants.map((variant) => this.schema(variant, eager));
    if (variants.length === 0) return "z.never()";
    const tags = node.discriminator !== undefined && node.mapping ? variantTags(node, this.context.lookup) : undefined;
    const all = tags?.flat() ?? [];
    if (tags && node.discriminator !== undefined && tags.every((tag) => tag !== undefined) && new Set(all).size === all.length) {
      // The mapping's values choose the variant: each variant narrowed to its values.
      const key = propertyKey(node.discriminator);
      const narrowed = variants.map((variant, index) => call("z.intersection", [variant, `z.object({ ${key}: z.literal([${(tags[index] ?? []).map(stringLiteral).join(", ")}]) })`]));
      return narrowed.length === 1 ? narrowed[0]! : unionOf(narrowed);
    }
    return variants.length === 1 ? variants[0]! : unionOf(variants);
  }

  /**
   * Every part of an allOf, as the guard checks it: an open part by its own schema, the fields of
   * closed parts without their closure; when every part is closed, fields no part declares refused.
   */
  private allOf(parts: TypeNode[], eager: boolean): string {
    if (parts.length === 1) return this.schema(parts[0]!, eager);
    const lookup = this.context.lookup;
    const intersect = (schemas: string[]): string => schemas.reduce((left, right) => call("z.intersection", [left, right]));
    if (isValueAllOf({ kind: "allOf", parts }, lookup)) return intersect(parts.map((part) => this.schema(part, eager)));
    const closed = parts.every((part) => isClosedPart(part, lookup));
    const schemas: string[] = [];
    for (const part of parts) {
      if (part.kind === "object" && !closed) schemas.push(this.schema(part, eager));
      else if (!isClosedPart(part, lookup)) schemas.push(this.schema(part, eager));
      else for (const shape of objectParts(part, lookup)) schemas.push(this.object(shape, eager, "loose"));
    }
    const joined = schemas.length === 0 ? "z.looseObject({})" : intersect(schemas);
    if (!closed) return joined;
    const names = [...new Set(parts.flatMap((part) => objectParts(part, lookup)).flatMap((shape) => shape.properties.map((p) => p.name)))];
    const allowed = `[${names.map(stringLiteral).join(", ")}]`;
    return `${joined}.check(${this.refine(`(v) => Object.keys(v).every((k) => ${allowed}.includes(k))`, "no field the parts do not declare (the object is closed)")})`;
  }
}


/** `fn(a, b)` on one line, or one argument a line where any spans several. */
export function call(fn: string, args: string[]): string {
  return args.some((arg) => arg.includes("\n")) ? `${fn}(\n${args.join(",\n")},\n)` : `${fn}(${args.join(", ")})`;
}

/** `z.union([a, b])` on one line, or one variant a line where any spans several. */
export function unionOf(variants: string[]): string {
  return variants.some((variant) => variant.includes("\n")) ? `z.union([\n${variants.join(",\n")},\n])` : `z.union([${variants.join(", ")}])`;
}
