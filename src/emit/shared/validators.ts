// TypeNode -> runtime guard functions (TypeScript source). A guard returns the first value that
// does not fit the type, as a Problem `{ path, value, expected }`, or undefined when all fits.
// The client checks responses with it, the server request bodies; the module imports the helpers
// the guards call from its target's copy of templates/shared/guard.ts.
//
// What is checked: JSON types, required properties, enums, integer-ness, array items, map values,
// union variants, allowed combinations, null only where `nullable`, and no undeclared fields in a
// closed object (`additionalProperties: false`). What is not: string formats (a date-time is a
// string to TypeScript too).
import type { NamedType, ObjectShape, TypeNode } from "../../model/types.js";
import { docBlock, propertyKey, typeText } from "./ts-types.js";
import { stringLiteral } from "./text.js";

export interface GuardRoot {
  /** Function name, e.g. `checkGetDiscrepanciesResponse`. */
  name: string;
  /** Any one of these fits. */
  alternatives: TypeNode[];
  /** `undefined` fits too (e.g. a documented response without a body). */
  allowUndefined?: boolean;
  description?: string;
}

/** The name of the guard of a named type. */
export function guardName(typeName: string): string {
  return `check${typeName}`;
}

/** The helpers the guards call, real and tested TypeScript in templates/shared/guard.ts. */
const HELPERS = ["deepest", "isRecord", "problem"];

export interface ValidatorModuleOptions {
  types: NamedType[];
  roots: GuardRoot[];
  /** Where the module imports its helpers from, e.g. `./shared/guard.js` (a copy of templates/shared/guard.ts). */
  helpersModule: string;
}

/** The module text: the import of the helpers it calls, one exported guard per named type, then one per root. */
export function validatorModule(options: ValidatorModuleOptions): string {
  const guards: string[] = [];
  const types = new Map(options.types.map((named) => [named.name, named.type]));
  for (const named of options.types) {
    guards.push(guardFunction(types, guardName(named.name), [named.type], false, `Checks a value against ${named.name}.`));
  }
  for (const root of options.roots) {
    guards.push(guardFunction(types, root.name, root.alternatives, root.allowUndefined ?? false, root.description));
  }
  if (guards.length === 0) return "export {};\n";
  const code = guards.join("\n");
  const names = [...helpersUsedBy(code), "type Problem"];
  return [`import { ${names.join(", ")} } from ${stringLiteral(options.helpersModule)};\n`, ...guards].join("\n");
}

/** The helpers `code` calls. Its string literals (which hold catalogue text) and comments do not count. */
function helpersUsedBy(code: string): string[] {
  const bare = code.replace(/"(?:[^"\\\n]|\\.)*"/g, '""').replace(/\/\*[\s\S]*?\*\//g, "");
  return HELPERS.filter((name) => new RegExp(`\\b${name}\\(`).test(bare));
}

function guardFunction(types: Map<string, TypeNode>, name: string, alternatives: TypeNode[], allowUndefined: boolean, description?: string): string {
  const writer = new GuardWriter(types);
  const only = alternatives.length === 1 ? alternatives[0] : undefined;
  const checks = only
    ? writer.check(only, "value", "path")
    : alternatives.length > 1
      ? writer.union(alternatives, "value", "path")
      : allowUndefined
        ? [`return problem(path, value, "no content");`]
        : [];
  const body = [...(allowUndefined ? ["if (value === undefined) return undefined;"] : []), ...checks, "return undefined;"];
  const text = body.join("\n");
  // Unused parameters are errors under noUnusedParameters.
  const valueName = checks.length > 0 || allowUndefined ? "value" : "_value";
  const pathName = /\bpath\b/.test(checks.join("\n")) ? "path" : "_path";
  return `${docBlock([description])}export function ${name}(${valueName}: unknown, ${pathName} = "$"): Problem | undefined {\n${text}\n}\n`;
}

class GuardWriter {
  private counter = 0;
  private readonly types: Map<string, TypeNode>;

  constructor(types: Map<string, TypeNode>) {
    this.types = types;
  }

  private fresh(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  /** Statements that return a Problem when `value` (a variable) does not fit `node`; `path` is a string expression. */
  check(node: TypeNode, value: string, path: string): string[] {
    const inner = this.checkNonNull(node, value, path);
    if (!node.nullable || inner.length === 0) return inner;
    return [`if (${value} !== null) {`, ...inner, "}"];
  }

  private checkNonNull(node: TypeNode, value: string, path: string): string[] {
    const fail = (expected: string): string => `return problem(${path}, ${value}, ${stringLiteral(expected)});`;
    switch (node.kind) {
      case "string":
        if (node.enum) return [`if (${node.enum.map((v) => `${value} !== ${stringLiteral(v)}`).join(" && ")}) ${fail(expectedText(node))}`];
        return [`if (typeof ${value} !== "string") ${fail(expectedText(node))}`];
      case "integer":
        if (node.enum) return [`if (${node.enum.map((v) => `${value} !== ${String(v)}`).join(" && ")}) ${fail(expectedText(node))}`];
        return [`if (typeof ${value} !== "number" || !Number.isInteger(${value})) ${fail(expectedText(node))}`];
      case "number":
        return [`if (typeof ${value} !== "number") ${fail(expectedText(node))}`];
      case "boolean":
        return [`if (typeof ${value} !== "boolean") ${fail(expectedText(node))}`];
      case "binary":
        return [`if (!(${value} instanceof Uint8Array)) ${fail(expectedText(node))}`];
      case "unknown":
        return [];
      case "ref": {
        const found = this.fresh("r");
        return [`const ${found} = ${guardName(node.name)}(${value}, ${path});`, `if (${found}) return ${found};`];
      }
      case "array": {
        const index = this.fresh("i");
        const item = this.fresh("e");
        const inner = this.check(node.items, item, `${path} + "[" + ${index} + "]"`);
        const loop = inner.length === 0 ? [] : [`for (let ${index} = 0; ${index} < ${value}.length; ${index}++) {`, `const ${item}: unknown = ${value}[${index}];`, ...inner, "}"];
        return [`if (!Array.isArray(${value})) ${fail("an array")}`, ...loop];
      }
      case "map": {
        const key = this.fresh("k");
        return [`if (!isRecord(${value})) ${fail("an object")}`, ...this.eachKey(value, key, node.values, path)];
      }
      case "union":
        return node.discriminator !== undefined ? this.taggedUnion(node.variants, node.discriminator, value, path) : this.union(node.variants, value, path);
      case "object":
        return this.object(node, value, path);
    }
  }

  /** A closed object: the first field it does not declare is a problem. */
  private noOtherFields(node: ObjectShape, value: string, path: string): string[] {
    const key = this.fresh("k");
    const fieldPath = `${path} + "[" + JSON.stringify(${key}) + "]"`;
    const fail = `return problem(${fieldPath}, ${value}[${key}], "no such field (the object is closed)");`;
    const declared = node.properties.map((property) => `${key} !== ${stringLiteral(property.name)}`);
    return [`for (const ${key} of Object.keys(${value})) {`, declared.length > 0 ? `if (${declared.join(" && ")}) ${fail}` : fail, "}"];
  }

  private eachKey(value: string, key: string, values: TypeNode, path: string): string[] {
    const entry = this.fresh("m");
    const inner = this.check(values, entry, `${path} + "[" + JSON.stringify(${key}) + "]"`);
    if (inner.length === 0) return [];
    return [`for (const ${key} of Object.keys(${value})) {`, `const ${entry}: unknown = ${value}[${key}];`, ...inner, "}"];
  }

  /** The variant is chosen by its discriminator value, so a problem is reported inside the right one. */
  private taggedUnion(variants: TypeNode[], discriminator: string, value: string, path: string): string[] {
    const tags = variants.map((variant) => this.tagOf(variant, discriminator));
    if (tags.some((tag) => tag === undefined) || new Set(tags).size !== tags.length) return this.union(variants, value, path);
    const tag = this.fresh("d");
    const tagPath = `${path} + ${stringLiteral(memberPath(discriminator))}`;
    const lines = [`if (!isRecord(${value})) return problem(${path}, ${value}, "an object");`, `const ${tag} = ${value}[${stringLiteral(discriminator)}];`];
    variants.forEach((variant, index) => {
      lines.push(`${index === 0 ? "" : "} else "}if (${tag} === ${stringLiteral(tags[index] ?? "")}) {`, ...this.check(variant, value, path));
    });
    const expected = tags.map((t) => stringLiteral(t ?? "")).join(" | ");
    lines.push("} else {", `return problem(${tagPath}, ${tag}, ${stringLiteral(expected)});`, "}");
    return lines;
  }

  /** The single value a variant's discriminator property may take, following refs. */
  private tagOf(variant: TypeNode, discriminator: string, seen = new Set<string>()): string | undefined {
    if (variant.kind === "ref") {
      const target = this.types.get(variant.name);
      if (!target || seen.has(variant.name)) return undefined;
      return this.tagOf(target, discriminator, new Set([...seen, variant.name]));
    }
    if (variant.kind !== "object") return undefined;
    const property = variant.properties.find((p) => p.name === discriminator);
    return property?.type.kind === "string" && property.type.enum?.length === 1 ? property.type.enum[0] : undefined;
  }

  union(variants: TypeNode[], value: string, path: string): string[] {
    const checks = variants.map((variant) => this.check(variant, "x", path));
    // A variant that accepts anything makes the whole union accept anything.
    if (checks.some((inner) => inner.length === 0)) return [];
    const lines: string[] = [];
    const calls = checks.map((inner) => {
      const name = this.fresh("u");
      lines.push(`const ${name} = (x: unknown): Problem | undefined => {`, ...inner, "return undefined;", "};");
      return `${name}(${value})`;
    });
    const found = this.fresh("p");
    lines.push(`const ${found} = [${calls.join(", ")}];`);
    lines.push(`if (${found}.every((p) => p !== undefined)) return deepest(${found} as Problem[], ${path}, ${value});`);
    return lines;
  }

  private object(node: ObjectShape, value: string, path: string): string[] {
    const lines = [`if (!isRecord(${value})) return problem(${path}, ${value}, "an object");`];
    const fieldVars = new Map<string, string>();
    for (const property of node.properties) {
      const field = this.fresh("f");
      const fieldPath = `${path} + ${stringLiteral(memberPath(property.name))}`;
      const inner = this.check(property.type, field, fieldPath);
      const combined = node.combinations?.fields.includes(property.name) ?? false;
      if (!property.required && !combined && inner.length === 0) continue;
      lines.push(`const ${field} = ${value}[${stringLiteral(property.name)}];`);
      fieldVars.set(property.name, field);
      if (property.required || combined) {
        lines.push(`if (${field} === undefined) return problem(${fieldPath}, ${field}, "a value (required)");`, ...inner);
      } else {
        lines.push(`if (${field} !== undefined) {`, ...inner, "}");
      }
    }
    if (node.properties.length === 0 && typeof node.additionalProperties === "object") {
      lines.push(...this.eachKey(value, this.fresh("k"), node.additionalProperties, path));
    }
    if (node.additionalProperties === false) lines.push(...this.noOtherFields(node, value, path));
    const combinations = node.combinations;
    if (combinations && combinations.fields.length > 0 && combinations.allowed.length > 0) {
      const fields = combinations.fields;
      const last = fields[fields.length - 1] ?? "";
      const read = (f: string): string => fieldVars.get(f) ?? `${value}[${stringLiteral(f)}]`;
      const allowed = combinations.allowed.map(
        (combination) => `(${fields.map((f) => `${read(f)} === ${stringLiteral(combination.values[f] ?? "")}`).join(" && ")})`,
      );
      const listed = combinations.allowed.map((combination) => fields.map((f) => combination.values[f] ?? "").join("/")).join(", ");
      const expected = `an allowed combination of ${fields.join(", ")} (${listed})`;
      lines.push(
        `if (!(${allowed.join(" || ")})) return problem(${path} + ${stringLiteral(memberPath(last))}, ${read(last)}, ${stringLiteral(expected)});`,
      );
    }
    return lines;
  }
}

function memberPath(name: string): string {
  const key = propertyKey(name);
  return key === name ? `.${name}` : `[${key}]`;
}

function expectedText(node: TypeNode): string {
  if (node.kind === "binary") return "bytes (Uint8Array)";
  if (node.kind === "integer" && !node.enum) return "an integer";
  return typeText({ ...node, nullable: false });
}
