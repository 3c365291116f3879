// client/modules/<module id>.ts: what the module's operations are (one descriptor each: data the
// transport reads), the `<Module>Operations` interface (one method per operation) and the function
// that binds the module's operations to a transport, for createClient. Apart from client.ts so that
// no file grows with the whole API.
//
// The descriptors live here, not beside the standalone functions, so createClient binds them
// without reaching those functions (a bundle through createClient holds each operation once, as
// data), while a program importing one standalone function keeps only its descriptor: each is a
// const of its own, and the binding is inside a function a bundler drops when nothing calls it.
//
// Each method's type is written out rather than derived from its function's (`Bound<typeof …>`):
// the type checker then resolves a method by name instead of instantiating a conditional type per
// operation.
import type { ApiModel, ModuleModel, OperationModel } from "../../model/types.js";
import { docComment, stringLiteral } from "../../shared/sinks.js";
import { importDeclaration, tsFile } from "../shared/ts-print.js";
import { typeReferences } from "../shared/ts-types.js";
import { pascalCase } from "../../shared/names.js";
import { EmitError } from "../types.js";
import { argsShape, argsTypeName, operationConstName, operationDoc, resultShape } from "./signature.js";
import { limitBucket } from "../../model/limits.js";
import { accessFields, limitErrorCost, limitTokens } from "../shared/limits.js";
import { bodyData, stylesData } from "./wire.js";

export function operationsInterfaceName(moduleName: string): string {
  return `${pascalCase(moduleName)}Operations`;
}

/** The function of client/modules/<id>.ts that returns the module's operations bound to a transport. */
export function bindFunctionName(moduleName: string): string {
  return `bind${pascalCase(moduleName)}Operations`;
}

export function moduleFile(module: ModuleModel, model: ApiModel): { path: string; content: string } {
  const path = `client/modules/${module.id}.ts`;
  const empty = module.operations.length === 0;
  const usedTypes = new Set<string>();
  // The checks each validate file gives: the module's own response guards, named types' guards.
  const checks = new Map<string, Set<string>>();
  const descriptors: string[] = [];
  const properties = module.operations.map((op) => {
    const result = resultShape(op);
    for (const schema of result.nodes) {
      for (const name of typeReferences(schema)) usedTypes.add(name);
    }
    if (result.check) {
      const home = result.check.namedType === undefined ? module.id : model.types.find((t) => t.name === result.check?.namedType)?.module;
      if (home === undefined) throw new EmitError(`client: ${op.id}: its response type ${result.check.namedType} is not declared`);
      checks.set(home, (checks.get(home) ?? new Set()).add(result.check.name));
    }
    descriptors.push(`export const ${operationConstName(op)}: Operation = ${operationData(op, result.check?.name)};`);
    const args = `args${argsShape(op).optional ? "?" : ""}: operations.${argsTypeName(op)}`;
    // The full doc is the standalone function's; here its first line and a link, so it is said once.
    const doc = `${operationDoc(op, model)[0]} See {@link operations.${op.id}}.`;
    return `${docComment([doc])}readonly ${op.id}: (${args}, callOptions?: CallOptions) => Promise<${result.type}>;`;
  });
  const name = operationsInterfaceName(module.name);
  // The operations come in as one namespace, so no operation id can clash with a name of this file.
  const imports = [importDeclaration(empty ? ["Transport"] : ["CallOptions", "Transport"], "../runtime/transport.js", true)];
  if (!empty) imports.push(importDeclaration(["bindOperations", "type Operation"], "../runtime/operation.js"));
  if (usedTypes.size > 0) imports.push(importDeclaration([...usedTypes].sort(), "../types.js", true));
  if (!empty) imports.push(`import type * as operations from "../operations/${module.id}.js";`);
  for (const home of [...checks.keys()].sort()) imports.push(importDeclaration([...(checks.get(home) ?? [])].sort(), `../validate/${home}.js`));
  const list = module.operations.map((op) => `${operationConstName(op)},\n`).join("");
  const statements = [
    ...(empty ? [] : [`const moduleName = ${stringLiteral(module.name)};`, descriptors.join("\n")]),
    `${docComment([`${module.title}: ${module.area}.`])}export interface ${name} {
${properties.join("\n")}
}`,
    `${docComment([`The operations of {@link ${name}}, each bound to \`transport\`.`])}export function ${bindFunctionName(module.name)}(${empty ? "_transport" : "transport"}: Transport): ${name} {
return ${empty ? "{}" : `bindOperations<${name}>(transport, [\n${list}])`};
}`,
  ];
  return { path, content: tsFile(imports, statements) };
}

/**
 * `{ id, route: "METHOD /path", module, limits?, idempotent?, check? }`, the last three where the
 * catalogue gives them. One line: the descriptor is data, read by the transport. An object rather
 * than a tuple: at 1,000 operations a tuple cost the type checker a fifth more types and symbols.
 */
function operationData(operation: OperationModel, guard: string | undefined): string {
  const more: string[] = [];
  if (operation.limits && operation.limits.length > 0) {
    const limits = operation.limits.map(
      (limit, index) =>
        `{ key: ${stringLiteral(limitBucket(operation, limit, index))}, burst: ${limit.burst}, intervalMs: ${limit.interval.milliseconds}${limitTokens(limit)}${limitErrorCost(limit)} }`,
    );
    more.push(`limits: [${limits.join(", ")}]`);
  }
  more.push(...accessFields(operation));
  if (operation.idempotent) more.push("idempotent: true");
  if (guard) more.push(`check: ${guard}`);
  for (const wire of [stylesData(operation), bodyData(operation)]) if (wire !== undefined) more.push(wire);
  const items = [`id: ${stringLiteral(operation.id)}`, `route: ${stringLiteral(`${operation.method} ${operation.path}`)}`, "module: moduleName"];
  return `{ ${[...items, ...more].join(", ")} }`;
}
