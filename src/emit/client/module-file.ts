// client/modules/<module id>.ts: the `<Module>Operations` interface (one method per operation) and
// the function that binds that module's standalone operations to a transport, for createClient.
// Kept apart from operations/<module id>.ts so a program importing one standalone function never
// reaches this grouping, and apart from client.ts so that no file grows with the whole API.
import type { ApiModel, ModuleModel } from "../../model/types.js";
import { docCommentText } from "../shared/text.js";
import { docComment, importDeclaration, tsFile } from "../shared/ts-print.js";
import { pascalCase } from "../../validate/names.js";
import { operationDoc } from "./signature.js";

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
  // The operations come in as one namespace, so no operation id can clash with a name of this file.
  const imports = [importDeclaration(["Transport"], "../runtime/transport.js", true)];
  if (!empty) {
    imports.push(importDeclaration(["bind", "type Bound"], "../runtime/bind.js"), `import * as operations from "../operations/${module.id}.js";`);
  }
  const name = operationsInterfaceName(module.name);
  const properties = module.operations.map(
    (op) => `${docComment([operationDoc(op, model).join("\n")])}readonly ${op.id}: Bound<typeof operations.${op.id}>;`,
  );
  const bound = module.operations.map((op) => `${op.id}: bind(transport, operations.${op.id}),\n`).join("");
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
