// client/operations/<module id>.ts: per operation, a small const describing it and a standalone
// function that hands it to the transport.
import type { ApiModel, ModuleModel, OperationModel } from "../../model/types.js";
import { limitBucket } from "../../model/limits.js";
import { limitTokens } from "../shared/limits.js";
import { docComment, importDeclaration, tsFile } from "../shared/ts-print.js";
import { typeReferences } from "../shared/ts-types.js";
import { stringLiteral } from "../shared/text.js";
import { EmitError } from "../types.js";
import { argsShape, argsTypeName, operationConstName, operationDoc, resultShape } from "./signature.js";

export function operationsFile(module: ModuleModel, model: ApiModel): { path: string; content: string } {
  const path = `client/operations/${module.id}.ts`;
  const usedTypes = new Set<string>();
  // The checks each validate file gives: the module's own response guards, named types' guards.
  const checks = new Map<string, Set<string>>();
  const runtimeTypes = new Set(["CallOptions", "Operation", "Transport"]);
  const statements: string[] = [];

  for (const operation of module.operations) {
    const args = argsShape(operation);
    const result = resultShape(operation);
    // From the type nodes, not the text: doc comments and string literals hold words too.
    for (const schema of [...args.schemas, ...result.nodes]) {
      for (const name of typeReferences(schema)) usedTypes.add(name);
    }
    for (const name of args.runtimeTypes) runtimeTypes.add(name);
    if (result.check) {
      const home = result.check.namedType === undefined ? module.id : model.types.find((t) => t.name === result.check?.namedType)?.module;
      if (home === undefined) throw new EmitError(`client: ${operation.id}: its response type ${result.check.namedType} is not declared`);
      checks.set(home, (checks.get(home) ?? new Set()).add(result.check.name));
    }

    const constName = operationConstName(operation);
    statements.push(`const ${constName}: Operation = ${operationObject(operation, module, result.check?.name)};`);
    const argsType = args.members.length > 0 ? `{\n${args.members.join("\n")}\n}` : "Record<string, never>";
    statements.push(
      `${docComment([`Arguments of {@link ${operation.id}}${args.members.length > 0 ? "" : ": none"}.`])}export type ${argsTypeName(operation)} = ${argsType};`,
    );
    const returnType = `Promise<${result.type}>`;
    const parameters = `transport: Transport, args${args.optional ? "?" : ""}: ${argsTypeName(operation)}, callOptions?: CallOptions`;
    statements.push(`${docComment([operationDoc(operation, model).join("\n")])}export function ${operation.id}(${parameters}): ${returnType} {
return transport.send(${constName}, args, callOptions) as ${returnType};
}`);
  }

  // A module with no operations yet imports nothing (an unused import fails noUnusedLocals).
  if (statements.length === 0) return { path, content: tsFile([], ["export {};"]) };
  const imports = [
    importDeclaration([...runtimeTypes].filter((n) => n !== "QueryParams" && n !== "RequestBody").sort(), "../runtime/transport.js", true),
  ];
  const encodingTypes = [...runtimeTypes].filter((n) => n === "QueryParams" || n === "RequestBody").sort();
  if (encodingTypes.length > 0) imports.push(importDeclaration(encodingTypes, "../runtime/encoding.js", true));
  if (usedTypes.size > 0) imports.push(importDeclaration([...usedTypes].sort(), "../types.js", true));
  for (const home of [...checks.keys()].sort()) imports.push(importDeclaration([...(checks.get(home) ?? [])].sort(), `../validate/${home}.js`));
  return { path, content: tsFile(imports, statements) };
}

function operationObject(operation: OperationModel, module: ModuleModel, guard: string | undefined): string {
  const fields = [
    `id: ${stringLiteral(operation.id)}`,
    `module: ${stringLiteral(module.name)}`,
    `method: ${stringLiteral(operation.method)}`,
    `path: ${stringLiteral(operation.path)}`,
  ];
  if (operation.limits && operation.limits.length > 0) {
    const limits = operation.limits.map(
      (limit, index) =>
        `{ key: ${stringLiteral(limitBucket(operation, limit, index))}, burst: ${limit.burst}, intervalMs: ${limit.interval.milliseconds}${limitTokens(limit)} }`,
    );
    fields.push(`limits: [${limits.join(", ")}]`);
  }
  if (operation.idempotent) fields.push("idempotent: true");
  if (guard) fields.push(`check: ${guard}`);
  // One line: the descriptor is data, read by the transport; a line per field only adds bytes.
  return `{ ${fields.join(", ")} }`;
}
