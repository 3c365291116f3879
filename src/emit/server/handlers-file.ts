// The typed handlers: server/handlers/<module id>.ts holds one module's interface, one optional
// handler per operation (a missing handler answers 501); server/handlers.ts the `Handlers`
// interface, one property per module, and the API-wide handler types. No file grows with the
// whole API's operations.
import { StructureKind, type InterfaceDeclarationStructure, type OptionalKind } from "ts-morph";
import type { ApiModel, ModuleModel, OperationModel } from "../../model/types.js";
import { printStructure } from "../shared/ts-project.js";
import { docCommentText, stringLiteral } from "../shared/text.js";
import { propertyKey } from "../shared/ts-types.js";
import { moduleInterfaceName } from "./names.js";
import { operationTypes } from "./operation-types.js";

function docs(lines: (string | undefined)[]): string[] {
  const kept = lines.filter((line): line is string => line !== undefined && line !== "");
  return kept.length === 0 ? [] : [kept.map(docCommentText).join("\n\n")];
}

export function operationDocLines(operation: OperationModel): string[] {
  const lines = [`${operation.method} ${operation.path}: ${operation.summary}`];
  if (operation.description) lines.push(operation.description);
  lines.push(`Token kinds: ${operation.tokens ? operation.tokens.join(", ") : "not documented"}.`);
  lines.push(
    `Rate limit: ${
      operation.limits
        ? operation.limits.map((limit) => `${limit.limit} per ${limit.period.text} per seller (burst ${limit.burst}, one more every ${limit.interval.text})`).join("; ")
        : "not documented"
    }.`,
  );
  for (const constraint of operation.constraints ?? []) lines.push(constraint);
  return lines;
}

/** `server/handlers/<module id>.ts`. */
export function moduleHandlersPath(module: ModuleModel): string {
  return `server/handlers/${module.id}.ts`;
}

function moduleInterface(module: ModuleModel, refs: Set<string>, usesQueryValues: { value: boolean }): InterfaceDeclarationStructure {
  return {
    kind: StructureKind.Interface,
    name: moduleInterfaceName(module),
    isExported: true,
    docs: docs([`Handlers of the ${module.id} module (${module.title}): ${module.area}.`]),
    properties: module.operations.map((operation) => {
      const types = operationTypes(operation);
      for (const ref of types.refs) refs.add(ref);
      if (types.query === "QueryValues") usesQueryValues.value = true;
      return {
        name: propertyKey(operation.id),
        hasQuestionToken: true,
        docs: docs(operationDocLines(operation)),
        type: `Handler<{ params: ${types.params}; query: ${types.query}; body: ${types.body} }, ${types.output}>`,
      };
    }),
  };
}

export function moduleHandlersFile(module: ModuleModel): string {
  const refs = new Set<string>();
  const usesQueryValues = { value: false };
  const declaration = moduleInterface(module, refs, usesQueryValues);
  const namedImports = [...refs].sort();
  return printStructure(moduleHandlersPath(module), {
    statements: [
      ...(usesQueryValues.value ? [`import type { QueryValues } from "../runtime/types.js";`] : []),
      // A type import cycle with handlers.ts: erased at runtime, resolved by the compiler.
      ...(module.operations.length > 0 ? [`import type { Handler } from "../handlers.js";`] : []),
      ...(namedImports.length > 0 ? [`import type { ${namedImports.join(", ")} } from "../types.js";`] : []),
      declaration,
    ],
  });
}

export function handlersFile(model: ApiModel): string {
  const handlers: OptionalKind<InterfaceDeclarationStructure> = {
    name: "Handlers",
    isExported: true,
    docs: ["Every operation's handler, by module. All are optional: an operation without one answers 501."],
    properties: model.modules.map((module) => ({
      name: propertyKey(module.name),
      hasQuestionToken: true,
      docs: docs([`${module.title}: ${module.area}.`]),
      type: moduleInterfaceName(module),
    })),
  };
  const tokenKinds = model.auth.tokenKinds.map((kind) => stringLiteral(kind.id));
  return printStructure("server/handlers.ts", {
    statements: [
      `import type { Handler as RuntimeHandler, HandlerContext as RuntimeHandlerContext, HandlerInput, Identity as RuntimeIdentity } from "./runtime/types.js";`,
      ...model.modules.map((module) => `import type { ${moduleInterfaceName(module)} } from "./handlers/${module.id}.js";`),
      `/** The token kinds the API declares. */
export type TokenKind = ${tokenKinds.length > 0 ? tokenKinds.join(" | ") : "string"};`,
      `/** Who is calling, as \`options.authenticate\` tells it. */
export type Identity = RuntimeIdentity<TokenKind>;`,
      `export type Handler<Input extends HandlerInput, Output> = RuntimeHandler<Input, Output, TokenKind>;`,
      `export type HandlerContext<Input extends HandlerInput> = RuntimeHandlerContext<Input, TokenKind>;`,
      { kind: StructureKind.Interface, ...handlers },
      `/** The handlers of one module, e.g. \`ModuleHandlers<"supplies">\`. */
export type ModuleHandlers<Module extends keyof Handlers> = NonNullable<Handlers[Module]>;`,
      `/** The context one operation's handler receives, e.g. \`OperationContext<"supplies", "getDiscrepancies">\`. */
export type OperationContext<Module extends keyof Handlers, Operation extends keyof ModuleHandlers<Module>> =
  ModuleHandlers<Module>[Operation] extends ((context: infer Context) => unknown) | undefined ? Context : never;`,
    ],
  });
}
