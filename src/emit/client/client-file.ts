// client/client.ts: createTransport for this API and createClient, one line per module: each
// module's group of bound operations comes from client/modules/<module id>.ts.
import { StructureKind, VariableDeclarationKind, type StatementStructures } from "ts-morph";
import type { ApiModel } from "../../model/types.js";
import { docCommentText, stringLiteral } from "../shared/text.js";
import { printStructure } from "../shared/ts-project.js";
import { bindFunctionName, operationsInterfaceName } from "./module-file.js";

export function clientFile(model: ApiModel): { path: string; content: string } {
  const path = "client/client.ts";
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./runtime/transport.js",
      namedImports: ["makeTransport", { name: "Transport", isTypeOnly: true }, { name: "TransportOptions", alias: "Options", isTypeOnly: true }],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./runtime/client-features.js",
      namedImports: ["clientFeatures", { name: "FeatureOptions", isTypeOnly: true }],
    },
  ];
  for (const module of model.modules) {
    statements.push({
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: `./modules/${module.id}.js`,
      namedImports: [bindFunctionName(module.name), { name: operationsInterfaceName(module.name), isTypeOnly: true }],
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
      name: "TransportOptions",
      docs: ["Options of {@link createTransport}: features (retries, rate limits, response checks) only as given in `use`."],
      type: "Options<ModuleName>",
    },
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: "ClientOptions",
      docs: ["Options of {@link createClient}: its transport has retries, rate limits and response checks unless these options turn them off."],
      type: 'Omit<TransportOptions, "use"> & FeatureOptions',
    },
    {
      kind: StructureKind.Function,
      isExported: true,
      name: "createTransport",
      docs: [
        `The shared transport that every standalone operation function takes first. Sends the token in the \`${model.auth.header}\` header.`,
      ],
      parameters: [{ name: "options", type: "TransportOptions" }],
      returnType: "Transport",
      statements: [`return makeTransport(options, ${stringLiteral(model.auth.header)});`],
    },
  );
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
  const groups = model.modules.map((module) => `${module.name}: ${bindFunctionName(module.name)}(transport)`);
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
        declarations: [{ name: "transport", initializer: "createTransport({ ...options, use: clientFeatures(options) })" }],
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
