// client/client.ts: createTransport for this API and createClient, a thin grouping of the
// standalone operation functions by module.
import { StructureKind, VariableDeclarationKind, type StatementStructures } from "ts-morph";
import type { ApiModel } from "../../model/types.js";
import { docCommentText, stringLiteral } from "../shared/text.js";
import { printStructure } from "../shared/ts-project.js";
import { operationDoc, pascalCase } from "./signature.js";

export function operationsInterfaceName(moduleName: string): string {
  return `${pascalCase(moduleName)}Operations`;
}

export function clientFile(model: ApiModel): { path: string; content: string } {
  const path = "client/client.ts";
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./runtime/transport.js",
      namedImports: ["makeTransport", { name: "Transport", isTypeOnly: true }, { name: "TransportOptions", isTypeOnly: true }],
    },
  ];
  for (const module of model.modules) {
    if (module.operations.length === 0) continue;
    statements.push({
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: `./operations/${module.id}.js`,
      namedImports: module.operations.map((op) => op.id),
    });
  }
  const moduleNames = model.modules.map((m) => stringLiteral(m.name));
  statements.push(
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: "ModuleName",
      docs: ["Module names (camelCase), the keys of `baseUrl` when it is given per module."],
      type: moduleNames.length > 0 ? moduleNames.join(" | ") : "never",
    },
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: "ClientOptions",
      docs: ["Options of {@link createClient} and {@link createTransport}."],
      type: "TransportOptions<ModuleName>",
    },
    {
      kind: StructureKind.TypeAlias,
      name: "Bound",
      typeParameters: ["F"],
      docs: ["An operation function with its transport already given."],
      type: "F extends (transport: Transport, ...rest: infer A) => infer R ? (...rest: A) => R : never",
    },
    {
      kind: StructureKind.Function,
      isExported: true,
      name: "createTransport",
      docs: [
        `The shared transport that every standalone operation function takes first. Sends the token in the \`${model.auth.header}\` header.`,
      ],
      parameters: [{ name: "options", type: "ClientOptions" }],
      returnType: "Transport",
      statements: [`return makeTransport(options, ${stringLiteral(model.auth.header)});`],
    },
  );
  for (const module of model.modules) {
    statements.push({
      kind: StructureKind.Interface,
      isExported: true,
      name: operationsInterfaceName(module.name),
      docs: [docCommentText(`${module.title}: ${module.area}.`)],
      properties: module.operations.map((op) => ({
        name: op.id,
        isReadonly: true,
        type: `Bound<typeof ${op.id}>`,
        docs: [operationDoc(op, model).join("\n")],
      })),
    });
  }
  statements.push({
    kind: StructureKind.Interface,
    isExported: true,
    name: "Client",
    docs: ["One property per module, one method per operation."],
    properties: model.modules.map((module) => ({
      name: module.name,
      isReadonly: true,
      type: operationsInterfaceName(module.name),
      docs: [docCommentText(`${module.title}: ${module.area}.`)],
    })),
  });
  const groups = model.modules.map((module) => `${module.name}: { ${module.operations.map((op) => `${op.id}: bind(${op.id})`).join(", ")} }`);
  statements.push({
    kind: StructureKind.Function,
    isExported: true,
    name: "createClient",
    docs: [createClientDoc(model)],
    parameters: [{ name: "options", type: "ClientOptions" }],
    returnType: "Client",
    statements: [
      {
        kind: StructureKind.VariableStatement,
        declarationKind: VariableDeclarationKind.Const,
        declarations: [{ name: "transport", initializer: "createTransport(options)" }],
      },
      {
        kind: StructureKind.VariableStatement,
        declarationKind: VariableDeclarationKind.Const,
        declarations: [
          {
            name: "bind",
            initializer:
              "<A extends unknown[], R>(fn: (transport: Transport, ...rest: A) => R) =>\n(...rest: A): R =>\nfn(transport, ...rest)",
          },
        ],
      },
      `return { ${groups.join(",\n")} };`,
    ],
  });
  return { path, content: printStructure(path, { statements }) };
}

/** The doc of createClient, with a call of the catalogue's first operation as its example. */
function createClientDoc(model: ApiModel): string {
  const module = model.modules.find((m) => m.operations.length > 0);
  const operation = module?.operations[0];
  if (!module || !operation) return "A client of the whole API.";
  return docCommentText(`A client of the whole API, e.g. \`await api.${module.name}.${operation.id}(...)\`.`);
}
