// client/operations/<module id>.ts: per operation, a small const describing it and a standalone
// function that hands it to the transport. Built with ts-morph structures.
import { StructureKind, VariableDeclarationKind, type StatementStructures } from "ts-morph";
import type { ApiModel, ModuleModel, OperationModel } from "../../model/types.js";
import { printStructure } from "../shared/ts-project.js";
import { typeReferences } from "../shared/ts-types.js";
import { stringLiteral } from "../shared/text.js";
import { argsShape, argsTypeName, operationConstName, operationDoc, resultShape } from "./signature.js";

export function operationsFile(module: ModuleModel, model: ApiModel): { path: string; content: string } {
  const path = `client/operations/${module.id}.ts`;
  const usedTypes = new Set<string>();
  const guards: string[] = [];
  const runtimeTypes = new Set(["CallOptions", "Operation", "Transport"]);
  const statements: StatementStructures[] = [];

  for (const operation of module.operations) {
    const args = argsShape(operation);
    const result = resultShape(operation);
    const argsText = args.members.join("\n");
    // From the type nodes, not the text: doc comments and string literals hold words too.
    for (const schema of [...args.schemas, ...(result.guard?.alternatives ?? [])]) {
      for (const name of typeReferences(schema)) usedTypes.add(name);
    }
    for (const name of args.runtimeTypes) runtimeTypes.add(name);
    if (result.guard) guards.push(result.guard.name);

    statements.push({
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: operationConstName(operation), type: "Operation", initializer: operationObject(operation, module, result.guard?.name) }],
    });
    statements.push({
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: argsTypeName(operation),
      docs: [`Arguments of {@link ${operation.id}}${args.members.length > 0 ? "" : ": none"}.`],
      type: args.members.length > 0 ? `{\n${argsText}\n}` : "Record<string, never>",
    });
    statements.push({
      kind: StructureKind.Function,
      isExported: true,
      name: operation.id,
      docs: [operationDoc(operation, model).join("\n")],
      parameters: [
        { name: "transport", type: "Transport" },
        { name: "args", type: argsTypeName(operation), hasQuestionToken: args.optional },
        { name: "callOptions", type: "CallOptions", hasQuestionToken: true },
      ],
      returnType: `Promise<${result.type}>`,
      statements: [`return transport.send(${operationConstName(operation)}, args, callOptions) as Promise<${result.type}>;`],
    });
  }

  // A module with no operations yet imports nothing (an unused import fails noUnusedLocals).
  const imports: StatementStructures[] = module.operations.length === 0 ? [] : [
    {
      kind: StructureKind.ImportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: "../runtime/transport.js",
      namedImports: [...runtimeTypes].filter((n) => n !== "QueryParams" && n !== "RequestBody").sort(),
    },
  ];
  const encodingTypes = [...runtimeTypes].filter((n) => n === "QueryParams" || n === "RequestBody").sort();
  if (encodingTypes.length > 0) {
    imports.push({ kind: StructureKind.ImportDeclaration, isTypeOnly: true, moduleSpecifier: "../runtime/encoding.js", namedImports: encodingTypes });
  }
  if (usedTypes.size > 0) {
    imports.push({ kind: StructureKind.ImportDeclaration, isTypeOnly: true, moduleSpecifier: "../types.js", namedImports: [...usedTypes].sort() });
  }
  if (guards.length > 0) {
    imports.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: `../validate/${module.id}.js`, namedImports: [...guards].sort() });
  }
  return { path, content: printStructure(path, { statements: statements.length > 0 ? [...imports, ...statements] : ["export {};"] }) };
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
      (limit, index) => `{ key: ${stringLiteral(`${operation.id}:${index}`)}, burst: ${limit.burst}, intervalMs: ${limit.interval.milliseconds} }`,
    );
    fields.push(`limits: [${limits.join(", ")}]`);
  }
  if (operation.idempotent) fields.push("idempotent: true");
  if (guard) fields.push(`check: ${guard}`);
  return `{ ${fields.join(", ")} }`;
}
