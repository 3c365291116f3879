// The zod target: Zod 4 schemas of the catalogue's named types and of each operation's parameters,
// JSON request body and successful response, accepting and refusing what the client's guards do.
//
//   zod/<module id>.ts   `z<Type>` per named type the module declares, and `z<Type>Writable`
//                        beside it where a read-only or write-only property makes the request
//                        shape differ (the client's `<Type>Writable`); `z<Operation>Params`,
//                        `z<Operation>Body`, `z<Operation>Response` per operation that has them
//
// A schema checks one way of travel (src/model/directed.ts): `z<Type>` and responses the response
// shape (write-only properties left out, a required read-only one required), `z<Type>Writable`,
// bodies and parameters the request shape (read-only ones left out, a required write-only one
// required). A left-out property is an undeclared one: a closed object refuses it.
//   zod/index.ts         re-exports zod/*.ts
//   zod/shared/guard.ts  the guards' helpers (code points, multipleOf, duplicates), where a schema calls one
//   zod/package.json     {"type": "module", "sideEffects": false}
//
// Options: `mini: true` imports `zod/mini` instead of `zod` (the same schemas, a smaller bundle).
// `zod` is the one runtime dependency of the output (a peer of the consumer's, version 4).
import type { ApiModel, ModuleModel, NamedType, TypeNode } from "../../model/types.js";
import { directed, directedTypes, requestShapeName } from "../../model/directed.js";
import { typeIndex } from "../../model/type-index.js";
import { pascalCase } from "../../shared/names.js";
import { stringLiteral } from "../../shared/sinks.js";
import { madeFiles, type PlannedFile } from "../plan.js";
import { resultShape } from "../client/signature.js";
import { paramsNode, requestBodyGuard } from "../shared/operation-guards.js";
import { docBlock } from "../shared/ts-types.js";
import { indentTs } from "../shared/ts-print.js";
import { targetPackageFile, templateText } from "../shared/templates.js";
import { EmitError, type GeneratedFile } from "../types.js";
import { unionOf, ZOD_HELPERS, ZodWriter } from "./schema-text.js";

export interface ZodOptions {
  /** Import `zod/mini` rather than `zod`. Default false. */
  mini?: boolean;
}

/** The schema constant of named type `name`: `zPet`. */
export function zodTypeName(name: string): string {
  return `z${name}`;
}

export function emitZod(model: ApiModel, options: ZodOptions = {}): GeneratedFile[] {
  return madeFiles(planZod(model, options));
}

export function* planZod(model: ApiModel, options: ZodOptions = {}): Generator<PlannedFile> {
  // Each directional type in both shapes: `Pet` the response one, `PetWritable` the request one.
  const types = directedTypes(model.types);
  const modules = model.modules.map((module) => moduleSchemas(module, model, types, options));
  const typeModules = new Set(model.types.map((named) => named.module));
  // Modules that declare types but no operation still get their file.
  for (const id of [...typeModules].sort()) {
    if (!model.modules.some((module) => module.id === id)) modules.push(moduleSchemas({ id, name: id, title: id, area: "", operations: [] }, model, types, options));
  }
  const files = modules.filter((file) => file.constants > 0).sort((a, b) => (a.path < b.path ? -1 : 1));
  checkNames(files);
  for (const file of files) yield { path: file.path, module: file.module, content: () => file.content };
  if (files.some((file) => file.helpers)) yield { path: "zod/shared/guard.ts", content: () => templateText("shared", "guard.ts") };
  const index = files.length === 0 ? "export {};\n" : files.map((file) => `export * from ${stringLiteral(`./${file.module}.js`)};\n`).join("");
  yield { path: "zod/index.ts", content: () => index };
  const pkg = targetPackageFile("zod");
  yield { path: pkg.path, content: () => pkg.content };
}

interface ModuleSchemas {
  path: string;
  module: string;
  content: string;
  constants: number;
  helpers: boolean;
  names: { name: string; what: string }[];
}

function moduleSchemas(module: ModuleModel, model: ApiModel, types: ReadonlyMap<string, NamedType>, options: ZodOptions): ModuleSchemas {
  const declared = typeIndex(model.types).byModule.get(module.id) ?? [];
  const shapes = declared.flatMap((named) => [types.get(named.name)!, ...(named.directional === true ? [types.get(requestShapeName(named.name))!] : [])]);
  const own = orderedTypes(shapes, types);
  const made = new Set<string>();
  const writer = new ZodWriter({
    constName: zodTypeName,
    ready: (name) => made.has(name),
    lookup: (name) => types.get(name)?.type,
  });
  const blocks: string[] = [];
  const names: { name: string; what: string }[] = [];
  const add = (name: string, what: string, description: string | undefined, schema: string, note?: string): void => {
    names.push({ name, what });
    blocks.push(`${docBlock([description, note])}export const ${name} = ${schema};\n`);
  };
  const requests = new Set(declared.flatMap((named) => (named.directional === true ? [requestShapeName(named.name)] : [])));
  for (const named of own) {
    const note = requests.has(named.name)
      ? "As a request sends it: read-only properties left out."
      : named.directional === true
        ? `As a response holds it: write-only properties left out (${zodTypeName(requestShapeName(named.name))} is the request shape).`
        : undefined;
    add(zodTypeName(named.name), `the schema of type ${named.name}`, named.type.description, writer.schema(named.type), note);
    made.add(named.name);
  }
  for (const operation of module.operations) {
    const base = `z${pascalCase(operation.id)}`;
    const params = paramsNode(operation);
    if (params) add(`${base}Params`, `the parameters of ${operation.id}`, `The parameters of ${operation.id} (its client arguments without the body).`, writer.schema(directed(params, "request")));
    const body = requestBodyGuard(operation, model.types);
    if (body) add(`${base}Body`, `the request body of ${operation.id}`, `The JSON request body of ${operation.id}.`, alternatives(writer, body.alternatives.map((node) => directed(node, "request")), false));
    const result = resultShape(operation);
    if (result.check) {
      const allowUndefined = result.guard?.allowUndefined ?? false;
      const nodes = (result.guard?.alternatives ?? result.nodes).map((node) => directed(node, "response"));
      add(`${base}Response`, `the response of ${operation.id}`, `A successful response of ${operation.id}.`, alternatives(writer, nodes, allowUndefined));
    }
  }
  const imports = [`import * as z from ${stringLiteral(options.mini === true ? "zod/mini" : "zod")};`];
  const helpers = ZOD_HELPERS.filter((name) => writer.helpers.has(name));
  if (helpers.length > 0) imports.push(`import { ${helpers.join(", ")} } from "./shared/guard.js";`);
  const byHome = new Map<string, string[]>();
  for (const name of [...writer.refs].sort()) {
    const home = types.get(name)?.module;
    if (home === undefined || home === module.id) continue;
    byHome.set(home, [...(byHome.get(home) ?? []), zodTypeName(name)]);
  }
  for (const home of [...byHome.keys()].sort()) imports.push(`import { ${(byHome.get(home) ?? []).join(", ")} } from ${stringLiteral(`./${home}.js`)};`);
  return {
    path: `zod/${module.id}.ts`,
    module: module.id,
    content: indentTs(`${imports.join("\n")}\n\n${blocks.join("\n")}`),
    constants: blocks.length,
    helpers: helpers.length > 0,
    names,
  };
}

function alternatives(writer: ZodWriter, nodes: TypeNode[], allowUndefined: boolean): string {
  const schemas = nodes.map((node) => writer.schema(node));
  if (allowUndefined) schemas.push("z.undefined()");
  if (schemas.length === 0) return "z.never()";
  return schemas.length === 1 ? schemas[0]! : unionOf(schemas);
}

/**
 * The module's types, each after the types of the module it needs when its schema is made (refs
 * outside object properties); the rest are read lazily. A cycle keeps catalogue order.
 */
function orderedTypes(own: NamedType[], types: ReadonlyMap<string, NamedType>): NamedType[] {
  const names = new Set(own.map((named) => named.name));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const ordered: NamedType[] = [];
  const visit = (named: NamedType): void => {
    if (done.has(named.name) || visiting.has(named.name)) return;
    visiting.add(named.name);
    for (const name of eagerRefs(named.type)) {
      const target = types.get(name);
      if (target && names.has(name)) visit(target);
    }
    visiting.delete(named.name);
    done.add(named.name);
    ordered.push(named);
  };
  own.forEach(visit);
  return ordered;
}

/** Named types `node` refers to outside object properties (what its schema reads when made). */
function eagerRefs(node: TypeNode): string[] {
  switch (node.kind) {
    case "ref":
      return [node.name];
    case "array":
      return eagerRefs(node.items);
    case "map":
      return eagerRefs(node.values);
    case "union":
      return node.variants.flatMap(eagerRefs);
    case "allOf":
      // Closed parts are read through (their shapes are copied), so all their refs count.
      return node.parts.flatMap((part) => (part.kind === "ref" ? [part.name] : eagerRefs(part)));
    case "object":
      return node.properties.length === 0 && typeof node.additionalProperties === "object" ? eagerRefs(node.additionalProperties) : [];
    default:
      return [];
  }
}

function checkNames(files: ModuleSchemas[]): void {
  const taken = new Map<string, string>();
  for (const file of files) {
    for (const { name, what } of file.names) {
      const before = taken.get(name);
      if (before !== undefined) throw new EmitError(`zod: ${what} and ${before} would both be named ${name}; rename one in the catalogue`);
      taken.set(name, what);
    }
  }
}
