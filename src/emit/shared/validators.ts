// TypeNode -> runtime guard functions (TypeScript source). A guard returns the first value that
// does not fit the type, as a Problem `{ path, value, expected }`, or undefined when all fits.
// The client checks responses with it, the server request bodies; the module imports the helpers
// the guards call from its target's copy of templates/shared/guard.ts.
//
// What is checked: JSON types, required properties, enums, integer-ness, array items, map values,
// union variants (chosen by the discriminator where there is one), every part of an allOf, consts,
// allowed combinations, null only where `nullable`, and no undeclared fields in a closed object
// (`additionalProperties: false`; an allOf is closed when all its parts are, over all their fields). What is not: string formats (a date-time is a
// string to TypeScript too). Fields are read only when the value holds them itself: a field named
// `constructor` or `__proto__` is never found on Object.prototype.
//
// The text is final (no formatter runs after it): two-space indentation, one statement a line.
// Large enums, closed objects with many fields and combinations test a Set declared beside the
// guard, so no condition grows with the catalogue.
import type { NamedType, ObjectShape, Property, TypeNode } from "../../model/types.js";
import { isClosedPart, isValueAllOf, objectParts, variantTags } from "../../model/type-lookup.js";
import { constLiteral, docBlock, propertyKey, typeText } from "./ts-types.js";
import { stringLiteral } from "../../shared/sinks.js";
import { CONSTRAINT_HELPERS, constraintChecks } from "./constraint-guards.js";
import { ModuleShapes } from "./guard-shapes.js";

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
const HELPERS = ["deepest", "isRecord", "own", "problem", ...CONSTRAINT_HELPERS];

export interface ValidatorModuleOptions {
  types: NamedType[];
  roots: GuardRoot[];
  /** Where the module imports its helpers from, e.g. `./shared/guard.js` (a copy of templates/shared/guard.ts). */
  helpersModule: string;
}

/** The module text: the import of the helpers it calls, one exported guard per named type, then one per root. */
export function validatorModule(options: ValidatorModuleOptions): string {
  const types = new Map(options.types.map((named) => [named.name, named.type]));
  const shapes = new ModuleShapes(options.types);
  const guards = [...options.types.map((named) => typeGuard(types, named, shapes)), ...options.roots.map((root) => rootGuard(types, root, shapes))];
  const shapeGuards = shapeGuardsFor(guards, new Map(), (name) => shapeGuard(types, name, shapes));
  return moduleText([...shapeGuards, ...guards].map((guard) => guard.text), [], options.helpersModule);
}

export interface ValidatorFilesOptions {
  /** Named types of the whole API; each goes to the file of the module that declares it. */
  types: NamedType[];
  /**
   * Per module id, the roots of that module's operations; a function where they are worked out only
   * when the file is made (it must then give at least one: a regenerate that keeps the module's file
   * never asks).
   */
  roots: ReadonlyMap<string, readonly GuardRoot[] | (() => readonly GuardRoot[])>;
  /** The folder of the per-module files, e.g. `client/validate` (files `client/validate/<module id>.ts`). */
  dir: string;
  /** Where a per-module file imports its helpers from, e.g. `../shared/guard.js`. */
  helpersModule: string;
}

/**
 * One file per module holding the guards of the types it declares and of its operations' roots, so
 * no file grows with the whole API. A guard of a type declared elsewhere is imported from that
 * module's file; the cycles this may make are safe, guards being function declarations only called
 * after every module has loaded. Modules with no guard get no file. Sorted by module id.
 */
export function validatorFiles(options: ValidatorFilesOptions): { path: string; readonly content: string }[] {
  const types = new Map(options.types.map((named) => [named.name, named.type]));
  // The client's and the server's files hold the same guards of the named types and the same
  // shape functions (a module's shapes come from its named types alone): made once per model.
  let made = typeGuards.get(options.types);
  if (made === undefined) typeGuards.set(options.types, (made = { types: new Map(), modules: new Map() }));
  const homeOf = new Map(options.types.map((named) => [guardName(named.name), named.module]));
  const typesOf = new Map<string, NamedType[]>();
  for (const named of options.types) typesOf.set(named.module, [...(typesOf.get(named.module) ?? []), named]);
  const moduleOf = (module: string): ModuleGuards => {
    let found = made.modules.get(module);
    if (found === undefined) made.modules.set(module, (found = { shapes: new ModuleShapes(typesOf.get(module) ?? []), made: new Map() }));
    return found;
  };
  const guardOf = (named: NamedType): GuardText => {
    let guard = made.types.get(named);
    if (guard === undefined) made.types.set(named, (guard = typeGuard(types, named, moduleOf(named.module).shapes)));
    return guard;
  };
  const modules = new Set([...typesOf.keys(), ...[...options.roots].filter(([, roots]) => typeof roots === "function" || roots.length > 0).map(([module]) => module)]);
  // Each file's text is made when first read: a regenerate that keeps a module's file never makes it.
  return [...modules].sort().map((module) =>
    lazyFile(`${options.dir}/${module}.ts`, () => {
      const given = options.roots.get(module) ?? [];
      const roots = typeof given === "function" ? given() : given;
      const { shapes, made: shapesMade } = moduleOf(module);
      const named = [...(typesOf.get(module) ?? []).map(guardOf), ...roots.map((root) => rootGuard(types, root, shapes))];
      const guards = [...shapeGuardsFor(named, shapesMade, (name) => shapeGuard(types, name, shapes)), ...named];
      const own = new Set(guards.map((guard) => guard.name));
      const imports = new Map<string, Set<string>>();
      for (const guard of guards) {
        for (const name of guard.calls) {
          const home = homeOf.get(name);
          if (own.has(name) || home === undefined) continue;
          const names = imports.get(home) ?? new Set<string>();
          names.add(name);
          imports.set(home, names);
        }
      }
      const importLines = [...imports.keys()].sort().map((home) => `import { ${[...(imports.get(home) ?? [])].sort().join(", ")} } from ${stringLiteral(`./${home}.js`)};`);
      return moduleText(guards.map((guard) => guard.text), importLines, options.helpersModule);
    }),
  );
}

/** A module's shapes and the shape functions made so far. */
interface ModuleGuards {
  shapes: ModuleShapes;
  made: Map<string, GuardText>;
}

/** The guards of named types and the modules' shape functions made so far, by the model's list of named types (they depend on that list only). */
const typeGuards = new WeakMap<readonly NamedType[], { types: Map<NamedType, GuardText>; modules: Map<string, ModuleGuards> }>();

/** `{ path, content }` whose content is made by `make` when first read, then kept. */
export function lazyFile(path: string, make: () => string): { path: string; readonly content: string } {
  let content: string | undefined;
  return {
    path,
    get content() {
      return (content ??= make());
    },
  };
}

/** An index (e.g. `client/validate.ts`) re-exporting every per-module file of {@link validatorFiles}: one line per module. */
export function validatorIndex(indexPath: string, files: readonly { path: string }[]): string {
  if (files.length === 0) return "export {};\n";
  const base = indexPath.slice(0, indexPath.lastIndexOf("/") + 1);
  return `${files.map((file) => `export * from ${stringLiteral(`./${file.path.slice(base.length).replace(/\.ts$/, ".js")}`)};`).join("\n")}\n`;
}

interface GuardText {
  name: string;
  text: string;
  /** Guards of named types this one calls. */
  calls: Set<string>;
  /** Shape functions of its module this one calls. */
  shapes: Set<string>;
}

function typeGuard(types: Map<string, TypeNode>, named: NamedType, shapes?: ModuleShapes): GuardText {
  return guardFunction(new GuardWriter(types, guardName(named.name), shapes), [named.type], false, `Checks a value against ${named.name}.`);
}

function rootGuard(types: Map<string, TypeNode>, root: GuardRoot, shapes?: ModuleShapes): GuardText {
  return guardFunction(new GuardWriter(types, root.name, shapes), root.alternatives, root.allowUndefined ?? false, root.description);
}

/** The module-local function checking the shape `name` (not exported: only its module's guards call it). */
function shapeGuard(types: Map<string, TypeNode>, name: string, shapes: ModuleShapes): GuardText {
  const node = shapes.nodeOf(name);
  const writer = new GuardWriter(types, name, shapes, node);
  const lines = [`function ${name}(value: unknown, path: string): Problem | undefined {`, ...writer.check(node, "value", "path"), "return undefined;", "}"];
  const constants = writer.constants.map((constant) => `${indented(constant).join("\n")}\n\n`).join("");
  return { name, text: `${constants}${indented(lines).join("\n")}\n`, calls: writer.calls, shapes: writer.shapesCalled };
}

/** The shape functions `guards` call, those they call in turn included, each made once per module. */
function shapeGuardsFor(guards: readonly GuardText[], made: Map<string, GuardText>, make: (name: string) => GuardText): GuardText[] {
  const wanted = new Set<string>();
  const visit = (name: string): void => {
    if (wanted.has(name)) return;
    wanted.add(name);
    let guard = made.get(name);
    if (guard === undefined) made.set(name, (guard = make(name)));
    for (const inner of guard.shapes) visit(inner);
  };
  for (const guard of guards) for (const name of guard.shapes) visit(name);
  // In the order they were numbered: the same file whichever guard asked first.
  return [...wanted].sort((a, b) => Number(a.slice(5)) - Number(b.slice(5))).map((name) => made.get(name)!);
}

function moduleText(guards: string[], importLines: string[], helpersModule: string): string {
  if (guards.length === 0) return "export {};\n";
  const names = [...helpersUsedBy(guards.join("\n")), "type Problem"];
  const imports = [`import { ${names.join(", ")} } from ${stringLiteral(helpersModule)};`, ...importLines];
  return [`${imports.join("\n")}\n`, ...guards].join("\n");
}

/** The helpers `code` calls. Its string literals (which hold catalogue text) and comments do not count. */
function helpersUsedBy(code: string): string[] {
  const bare = code.replace(/"(?:[^"\\\n]|\\.)*"/g, '""').replace(/\/\*[\s\S]*?\*\//g, "");
  return HELPERS.filter((name) => new RegExp(`\\b${name}\\(`).test(bare));
}

function guardFunction(writer: GuardWriter, alternatives: TypeNode[], allowUndefined: boolean, description?: string): GuardText {
  const name = writer.owner;
  const only = alternatives.length === 1 ? alternatives[0] : undefined;
  const checks = only
    ? writer.check(only, "value", "path")
    : alternatives.length > 1
      ? writer.union(alternatives, "value", "path")
      : allowUndefined
        ? [`return problem(path, value, "no content");`]
        : [];
  const body = [...(allowUndefined ? ["if (value === undefined) return undefined;"] : []), ...checks, "return undefined;"];
  // Unused parameters are errors under noUnusedParameters.
  const valueName = checks.length > 0 || allowUndefined ? "value" : "_value";
  const pathName = checks.some((line) => /\bpath\b/.test(withoutStrings(line))) ? "path" : "_path";
  const constants = writer.constants.map((constant) => `${indented(constant).join("\n")}\n\n`).join("");
  const lines = [`export function ${name}(${valueName}: unknown, ${pathName} = "$"): Problem | undefined {`, ...body, "}"];
  return { name, text: `${constants}${docBlock([description])}${indented(lines).join("\n")}\n`, calls: writer.calls, shapes: writer.shapesCalled };
}

/** Two spaces per open block: a line ending in `{` or `[` opens one, a line starting with `}` or `]` closes one. */
function indented(lines: string[]): string[] {
  let level = 0;
  return lines.map((line) => {
    if (/^[}\]]/.test(line)) level -= 1;
    const text = line === "" ? "" : `${"  ".repeat(Math.max(0, level))}${line}`;
    if (/[{[]$/.test(line)) level += 1;
    return text;
  });
}

function withoutStrings(code: string): string {
  return code.replace(/"(?:[^"\\\n]|\\.)*"/g, '""');
}

/** Members every plain object inherits: a field with one of these names is read with `own`. */
const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));
/** Fields of an object checked in one function body. */
const PROPERTIES_PER_FUNCTION = 200;
/** Up to this many values are compared one by one; more go into a Set. */
const FEW = 3;
/** An `expected` text lists at most this many values. */
const LISTED = 10;

class GuardWriter {
  private counter = 0;
  private readonly types: Map<string, TypeNode>;
  /** The guard's name, the prefix of the constants it declares (unique in its file). */
  readonly owner: string;
  /** Guards of named types the written checks call. */
  readonly calls = new Set<string>();
  /** Declarations the checks use, each as lines, written before the guard. */
  readonly constants: string[][] = [];
  /** The module's shape functions the written checks call. */
  readonly shapesCalled = new Set<string>();

  /** `shapes`: the module's repeated inline objects; `self`: the shape a shape function is written for (checked here, not called). */
  constructor(
    types: Map<string, TypeNode>,
    owner: string,
    private readonly shapes?: ModuleShapes,
    private readonly self?: TypeNode,
  ) {
    this.types = types;
    this.owner = owner;
  }

  private fresh(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  /** A Set of `values` declared beside the guard; returns its name. */
  private setOf(kind: string, type: string, values: string[]): string {
    // `_` cannot occur in a guard's name, so no constant takes the name of another guard.
    const name = `${this.owner}_${kind}${this.constants.length + 1}`;
    this.constants.push([`const ${name}: ReadonlySet<${type}> = new Set<${type}>([`, ...values.map((value) => `${value},`), "]);"]);
    return name;
  }

  /** A RegExp constant compiled once beside the guard; returns its name. */
  private regex(pattern: string): string {
    const name = `${this.owner}_pattern${this.constants.length + 1}`;
    this.constants.push([`const ${name} = new RegExp(${stringLiteral(pattern)}, "u");`]);
    return name;
  }

  /** A condition true when `value` is none of `literals` (code text). */
  private noneOf(value: string, literals: string[], kind: string, type: string): string {
    if (literals.length <= FEW) return literals.map((literal) => `${value} !== ${literal}`).join(" && ");
    return `!${this.setOf(kind, type, literals)}.has(${value})`;
  }

  /** Statements that return a Problem when `value` (a variable) does not fit `node`; `path` is a string expression. */
  check(node: TypeNode, value: string, path: string): string[] {
    const shape = node === this.self ? undefined : this.shapes?.nameOf(node);
    if (shape !== undefined) {
      this.shapesCalled.add(shape);
      const found = this.fresh("r");
      return [`const ${found} = ${shape}(${value}, ${path});`, `if (${found}) return ${found};`];
    }
    const kind = this.checkNonNull(node, value, path);
    const fail = (expected: string): string => `return problem(${path}, ${value}, ${stringLiteral(expected)});`;
    const inner = [...kind, ...constraintChecks(node, value, { fail, regex: (pattern) => this.regex(pattern) })];
    if (!node.nullable || inner.length === 0) return inner;
    return [`if (${value} !== null) {`, ...inner, "}"];
  }

  private checkNonNull(node: TypeNode, value: string, path: string): string[] {
    const fail = (expected: string): string => `return problem(${path}, ${value}, ${stringLiteral(expected)});`;
    switch (node.kind) {
      case "string":
        if (node.enum) return [`if (${this.noneOf(value, node.enum.map(stringLiteral), "values", "unknown")}) ${fail(expectedText(node))}`];
        return [`if (typeof ${value} !== "string") ${fail(expectedText(node))}`];
      case "integer":
        if (node.enum) return [`if (${this.noneOf(value, node.enum.map(String), "values", "unknown")}) ${fail(expectedText(node))}`];
        return [`if (typeof ${value} !== "number" || !Number.isInteger(${value})) ${fail(expectedText(node))}`];
      case "number":
        if (node.enum) return [`if (${this.noneOf(value, node.enum.map(constLiteral), "values", "unknown")}) ${fail(expectedText(node))}`];
        return [`if (typeof ${value} !== "number") ${fail(expectedText(node))}`];
      case "boolean":
        if (node.enum && new Set(node.enum).size === 1) return [`if (${value} !== ${String(node.enum[0])}) ${fail(expectedText(node))}`];
        return [`if (typeof ${value} !== "boolean") ${fail(expectedText(node))}`];
      case "const":
        return [`if (${value} !== ${constLiteral(node.value)}) ${fail(expectedText(node))}`];
      case "allOf":
        return this.allOf(node.parts, value, path);
      case "binary":
        return [`if (!(${value} instanceof Uint8Array)) ${fail(expectedText(node))}`];
      case "unknown":
        return [];
      case "ref": {
        const found = this.fresh("r");
        this.calls.add(guardName(node.name));
        return [`const ${found} = ${guardName(node.name)}(${value}, ${path});`, `if (${found}) return ${found};`];
      }
      case "array": {
        const index = this.fresh("i");
        const item = this.fresh("e");
        const inner = this.check(node.items, item, `${pathPlus(path, "[")} + ${index} + "]"`);
        const loop = inner.length === 0 ? [] : [`for (let ${index} = 0; ${index} < ${value}.length; ${index}++) {`, `const ${item}: unknown = ${value}[${index}];`, ...inner, "}"];
        return [`if (!Array.isArray(${value})) ${fail("an array")}`, ...loop];
      }
      case "map": {
        const key = this.fresh("k");
        return [`if (!isRecord(${value})) ${fail("an object")}`, ...this.eachKey(value, key, node.values, path)];
      }
      case "union":
        return node.discriminator !== undefined ? this.taggedUnion(node, node.discriminator, value, path) : this.union(node.variants, value, path);
      case "object":
        return this.object(node, value, path);
    }
  }

  /** A closed object: the first field it does not declare (none of `names`) is a problem. */
  private noOtherFields(names: string[], value: string, path: string): string[] {
    const key = this.fresh("k");
    const fieldPath = `${pathPlus(path, "[")} + JSON.stringify(${key}) + "]"`;
    const fail = `return problem(${fieldPath}, ${value}[${key}], "no such field (the object is closed)");`;
    const declared = names.map(stringLiteral);
    return [
      `for (const ${key} of Object.keys(${value})) {`,
      declared.length > 0 ? `if (${this.noneOf(key, declared, "keys", "string")}) ${fail}` : fail,
      "}",
    ];
  }

  private eachKey(value: string, key: string, values: TypeNode, path: string): string[] {
    const entry = this.fresh("m");
    const inner = this.check(values, entry, `${pathPlus(path, "[")} + JSON.stringify(${key}) + "]"`);
    if (inner.length === 0) return [];
    return [`for (const ${key} of Object.keys(${value})) {`, `const ${entry}: unknown = ${value}[${key}];`, ...inner, "}"];
  }

  /** The variant is chosen by its discriminator value, so a problem is reported inside the right one. */
  private taggedUnion(node: Extract<TypeNode, { kind: "union" }>, discriminator: string, value: string, path: string): string[] {
    const variants = node.variants;
    const tags = variantTags(node, (name) => this.types.get(name));
    const all = tags.flat();
    if (tags.some((tag) => tag === undefined) || new Set(all).size !== all.length) return this.union(variants, value, path);
    const tag = this.fresh("d");
    const tagPath = pathPlus(path, memberPath(discriminator));
    const lines = [`if (!isRecord(${value})) return problem(${path}, ${value}, "an object");`, `const ${tag} = ${field(value, discriminator)};`];
    variants.forEach((variant, index) => {
      const test = (tags[index] ?? []).map((t) => `${tag} === ${stringLiteral(t)}`).join(" || ");
      lines.push(`${index === 0 ? "" : "} else "}if (${test}) {`, ...this.check(variant, value, path));
    });
    const expected = listed(all.map((t) => stringLiteral(t ?? "")), " | ");
    lines.push("} else {", `return problem(${tagPath}, ${tag}, ${stringLiteral(expected)});`, "}");
    return lines;
  }

  /**
   * Every part of an allOf. A part that is open is checked by its own guard; the fields of closed
   * parts are checked here, and when every part is closed, fields no part declares are refused.
   */
  private allOf(parts: TypeNode[], value: string, path: string): string[] {
    if (parts.length === 1) return this.check(parts[0]!, value, path);
    const lookup = (name: string): TypeNode | undefined => this.types.get(name);
    // An intersection of values (an enum and a ref to another, say): the value fits every part.
    if (isValueAllOf({ kind: "allOf", parts }, lookup)) return parts.flatMap((part) => this.check(part, value, path));
    const lines = [`if (!isRecord(${value})) return problem(${path}, ${value}, "an object");`];
    const closed = parts.every((part) => isClosedPart(part, lookup));
    for (const part of parts) {
      if (part.kind === "object" && !closed) lines.push(...this.objectChecks(part, value, path, true));
      else if (!isClosedPart(part, lookup)) lines.push(...this.check(part, value, path));
      else for (const shape of objectParts(part, lookup)) lines.push(...this.objectChecks(shape, value, path, false));
    }
    if (closed) {
      const names = [...new Set(parts.flatMap((part) => objectParts(part, lookup)).flatMap((shape) => shape.properties.map((p) => p.name)))];
      lines.push(...this.noOtherFields(names, value, path));
    }
    return lines;
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
    return [`if (!isRecord(${value})) return problem(${path}, ${value}, "an object");`, ...this.objectChecks(node, value, path, true)];
  }

  /** The checks of an object on a record `value`; `closed`: whether to refuse undeclared fields where the object does. */
  private objectChecks(node: ObjectShape, value: string, path: string, closed: boolean): string[] {
    const lines: string[] = [];
    const fieldVars = new Map<string, string>();
    const combined = new Set(node.combinations?.fields ?? []);
    if (node.properties.length <= PROPERTIES_PER_FUNCTION) lines.push(...this.fields(node.properties, combined, value, path, fieldVars));
    else {
      // TypeScript gives up on control flow in a body of thousands of checks (TS2563): a wide
      // object's fields are checked by functions declared beside the guard, a slice each.
      for (let start = 0; start < node.properties.length; start += PROPERTIES_PER_FUNCTION) {
        const body = this.fields(node.properties.slice(start, start + PROPERTIES_PER_FUNCTION), combined, "record", "at", new Map());
        if (body.length === 0) continue;
        const part = `${this.owner}_fields${this.constants.length + 1}`;
        this.constants.push([`function ${part}(record: Record<string, unknown>, at: string): Problem | undefined {`, ...body, "return undefined;", "}"]);
        const found = this.fresh("r");
        lines.push(`const ${found} = ${part}(${value}, ${path});`, `if (${found}) return ${found};`);
      }
    }
    if (node.properties.length === 0 && typeof node.additionalProperties === "object") {
      lines.push(...this.eachKey(value, this.fresh("k"), node.additionalProperties, path));
    }
    if (node.additionalProperties === false && closed) lines.push(...this.noOtherFields(node.properties.map((property) => property.name), value, path));
    const combinations = node.combinations;
    if (combinations && combinations.fields.length > 0 && combinations.allowed.length > 0) {
      const fields = combinations.fields;
      const last = fields[fields.length - 1] ?? "";
      const read = (f: string): string => fieldVars.get(f) ?? field(value, f);
      const allowed = combinations.allowed.map((combination) =>
        stringLiteral(JSON.stringify(fields.map((f) => (Object.hasOwn(combination.values, f) ? combination.values[f] : "")))),
      );
      const set = this.setOf("combinations", "string", allowed);
      const shown = listed(
        combinations.allowed.map((combination) => fields.map((f) => (Object.hasOwn(combination.values, f) ? combination.values[f] : "")).join("/")),
        ", ",
      );
      const expected = `an allowed combination of ${fields.join(", ")} (${shown})`;
      lines.push(
        `if (!${set}.has(JSON.stringify([${fields.map(read).join(", ")}]))) {`,
        `return problem(${pathPlus(path, memberPath(last))}, ${read(last)}, ${stringLiteral(expected)});`,
        "}",
      );
    }
    return lines;
  }

  /** Checks of `properties` of the record `value`; the variables holding their values go to `fieldVars`. */
  private fields(properties: Property[], combined: ReadonlySet<string>, value: string, path: string, fieldVars: Map<string, string>): string[] {
    const lines: string[] = [];
    for (const property of properties) {
      const variable = this.fresh("f");
      const fieldPath = pathPlus(path, memberPath(property.name));
      const inner = this.check(property.type, variable, fieldPath);
      const isCombined = combined.has(property.name);
      // One guard serves requests and responses: a read-only field is absent from requests, a
      // write-only one from responses, so neither is required here.
      const required = property.required && property.type.readOnly !== true && property.type.writeOnly !== true;
      if (!required && !isCombined && inner.length === 0) continue;
      lines.push(`const ${variable} = ${field(value, property.name)};`);
      fieldVars.set(property.name, variable);
      if (required || isCombined) {
        lines.push(`if (${variable} === undefined) return problem(${fieldPath}, ${variable}, "a value (required)");`, ...inner);
      } else {
        lines.push(`if (${variable} !== undefined) {`, ...inner, "}");
      }
    }
    return lines;
  }
}

/** Code that reads field `name` of the record `value`: only its own field for names objects inherit. */
function field(value: string, name: string): string {
  return INHERITED.has(name) ? `own(${value}, ${stringLiteral(name)})` : `${value}[${stringLiteral(name)}]`;
}

/** At most LISTED items joined, then how many there are in all. */
function listed(items: string[], separator: string): string {
  if (items.length <= LISTED) return items.join(separator);
  return `${items.slice(0, LISTED).join(separator)}${separator}... (${items.length} in all)`;
}

/**
 * The path expression `path` with the text `suffix` after it, as one string literal where `path`
 * ends with one (`path + ".a.b"`, not `path + ".a" + ".b"`: deep inline objects repeated every
 * level's literal on every line below it).
 */
function pathPlus(path: string, suffix: string): string {
  const last = TRAILING_LITERAL.exec(path);
  if (last === null) return `${path} + ${stringLiteral(suffix)}`;
  return `${path.slice(0, last.index)} + ${stringLiteral((JSON.parse(last[1]!) as string) + suffix)}`;
}

/** ` + "…"` ending a path expression: a literal stringLiteral wrote (no raw line break, quotes escaped). */
const TRAILING_LITERAL = / \+ ("(?:[^"\\\n]|\\.)*")$/;

/** `.name` when the name is an identifier (`__proto__` too: this is a path's text), else `["na-me"]`. */
function memberPath(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? `.${name}` : `[${stringLiteral(name)}]`;
}

function expectedText(node: TypeNode): string {
  if (node.kind === "binary") return "bytes (Uint8Array)";
  if (node.kind === "integer" && !node.enum) return "an integer";
  if ((node.kind === "string" || node.kind === "integer" || node.kind === "number") && node.enum && node.enum.length > LISTED) {
    return `one of ${listed(node.enum.map((v) => (typeof v === "string" ? stringLiteral(v) : constLiteral(v))), ", ")}`;
  }
  return typeText({ ...node, nullable: false });
}
