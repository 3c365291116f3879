// client/modules/<module id>.ts: the `<Module>Operations` interface (one method per operation) and
// the function that binds that module's standalone operations to a transport, for createClient.
// Kept apart from operations/<module id>.ts so a program importing one standalone function never
// reaches this grouping, and apart from client.ts so that no file grows with the whole API.
//
// Each method's type is written out rather than derived from its function's (`Bound<typeof …>`)
// and each binding is an arrow function rather than a call of a generic `bind`: the type checker
// then resolves a method by name instead of instantiating a conditional or generic type per
// operation.
import type { ApiModel, ModuleModel } from "../../model/types.js";
import { docCommentText } from "../shared/text.js";
import { docComment, importDeclaration, tsFile } from "../shared/ts-print.js";
import { typeReferences } from "../shared/ts-types.js";
import { pascalCase } from "../../shared/names.js";
import { argsShape, argsTypeName, operationDoc, resultShape } from "./signature.js";

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
  const properties = module.operations.map((op) => {
    const result = resultShape(op);
    for (const schema of result.nodes) {
      for (const name of typeReferences(schema)) usedTypes.add(name);
    }
    const args = `args${argsShape(op).optional ? "?" : ""}: operations.${argsTypeName(op)}`;
    // The full doc is the standalone function's; here its first line and a link, so it is said once.
    const doc = `${operationDoc(op, model)[0]} See {@link operations.${op.id}}.`;
    return `${docComment([doc])}readonly ${op.id}: (${args}, callOptions?: CallOptions) => Promise<${result.type}>;`;
  });
  // The operations come in as one namespace, so no operation id can clash with a name of this file.
  const imports = [importDeclaration(empty ? ["Transport"] : ["CallOptions", "Transport"], "../runtime/transport.js", true)];
  if (usedTypes.size > 0) imports.push(importDeclaration([...usedTypes].sort(), "../types.js", true));
  if (!empty) imports.push(`import * as operations from "../operations/${module.id}.js";`);
  const name = operationsInterfaceName(module.name);
  const bound = module.operations
    .map((op) => `${op.id}: (args, callOptions) => operations.${op.id}(transport, args, callOptions),\n`)
    .join("");
  const statements = [
    `${docComment([docCommentText(`${module.title}: ${module.area}.`)])}export interface ${name} {
${properties.join("\n")}
}`,
    `${docComment([`The operations of {@link ${name}}, each bound to \`transport\`.`])}export function ${bindFunctionName(module.name)}(${empty ? "_transport" : "transport"}: Transport): ${name} {
return ${bound === "" ? "{}" : `{\n${bound}}`};
}`,
  ];
  return { path, content: tsFile(imports, statements) };
}
