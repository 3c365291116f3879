// client/operations/<module id>.ts: per operation, its arguments type and a standalone function
// that hands the operation's descriptor (from modules/<module id>.ts) to the transport.
import type { ApiModel, ModuleModel } from "../../model/types.js";
import { docComment } from "../../shared/sinks.js";
import { importDeclaration, tsFile } from "../shared/ts-print.js";
import { typeReferences } from "../shared/ts-types.js";
import { argsShape, argsTypeName, operationConstName, operationDoc, resultShape } from "./signature.js";

export function operationsFile(module: ModuleModel, model: ApiModel): { path: string; content: string } {
  const path = `client/operations/${module.id}.ts`;
  const usedTypes = new Set<string>();
  const runtimeTypes = new Set(["CallOptions", "Transport"]);
  const statements: string[] = [];
  const argsTypes = new Map<string, string>();

  for (const operation of module.operations) {
    const args = argsShape(operation);
    const result = resultShape(operation);
    // From the type nodes, not the text: doc comments and string literals hold words too.
    for (const schema of [...args.schemas, ...result.nodes]) {
      for (const name of typeReferences(schema)) usedTypes.add(name);
    }
    for (const name of args.runtimeTypes) runtimeTypes.add(name);

    const constName = operationConstName(operation);
    const argsType = args.members.length > 0 ? `{\n${args.members.join("\n")}\n}` : "Record<string, never>";
    // Operations of a module often take the same arguments (a page, a filter): declared once, the
    // others name it, which costs the type checker and the file one type instead of one per operation.
    const same = argsTypes.get(argsType);
    if (same === undefined) argsTypes.set(argsType, argsTypeName(operation));
    statements.push(
      same === undefined
        ? `${docComment([`Arguments of {@link ${operation.id}}${args.members.length > 0 ? "" : ": none"}.`])}export type ${argsTypeName(operation)} = ${argsType};`
        : `${docComment([`Arguments of {@link ${operation.id}}: as {@link ${same}}.`])}export type ${argsTypeName(operation)} = ${same};`,
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
  imports.push(importDeclaration(module.operations.map(operationConstName).sort(), `../modules/${module.id}.js`));
  return { path, content: tsFile(imports, statements) };
}
