// client/modules/<module id>.ts: the `<Module>Operations` interface (one method per operation) and
// the function that binds that module's standalone operations to a transport, for createClient.
// Kept apart from operations/<module id>.ts so a program importing one standalone function never
// reaches this grouping, and apart from client.ts so that no file grows with the whole API.
import { StructureKind, type StatementStructures } from "ts-morph";
import type { ApiModel, ModuleModel } from "../../model/types.js";
import { docCommentText } from "../shared/text.js";
import { printStructure } from "../shared/ts-project.js";
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
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.ImportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: "../runtime/transport.js",
      namedImports: ["Transport"],
    },
  ];
  if (!empty) {
    statements.push(
      { kind: StructureKind.ImportDeclaration, moduleSpecifier: "../runtime/bind.js", namedImports: ["bind", { name: "Bound", isTypeOnly: true }] },
      { kind: StructureKind.ImportDeclaration, moduleSpecifier: `../operations/${module.id}.js`, namespaceImport: "operations" },
    );
  }
  const name = operationsInterfaceName(module.name);
  statements.push(
    {
      kind: StructureKind.Interface,
      isExported: true,
      name,
      docs: [docCommentText(`${module.title}: ${module.area}.`)],
      properties: module.operations.map((op) => ({
        name: op.id,
        isReadonly: true,
        type: `Bound<typeof operations.${op.id}>`,
        docs: [operationDoc(op, model).join("\n")],
      })),
    },
    {
      kind: StructureKind.Function,
      isExported: true,
      name: bindFunctionName(module.name),
      docs: [`The operations of {@link ${name}}, each bound to \`transport\`.`],
      parameters: [{ name: empty ? "_transport" : "transport", type: "Transport" }],
      returnType: name,
      statements: [`return { ${module.operations.map((op) => `${op.id}: bind(transport, operations.${op.id})`).join(",\n")} };`],
    },
  );
  return { path, content: printStructure(path, { statements }) };
}
