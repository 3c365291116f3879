// The typed handlers: server/handlers/<module id>.ts holds one module's interface, one optional
// handler per operation (a missing handler answers 501); server/handlers.ts the `Handlers`
// interface, one property per module, and the API-wide handler types. No file grows with the
// whole API's operations.
import type { ApiModel, ModuleModel, NamedType, OperationModel, ResponseModel } from "../../model/types.js";
import { errorsInputType } from "./error-types.js";
import { importDeclaration, tsFile } from "../shared/ts-print.js";
import { docComment, stringLiteral } from "../../shared/sinks.js";
import { propertyKey } from "../shared/ts-types.js";
import { moduleInterfaceName } from "./names.js";
import { operationTypes } from "./operation-types.js";
import { limitQualifier } from "../shared/limits.js";

function docs(lines: (string | undefined)[]): string[] {
  const kept = lines.filter((line): line is string => line !== undefined && line !== "");
  return kept.length === 0 ? [] : [kept.join("\n\n")];
}

export function operationDocLines(operation: OperationModel): string[] {
  const lines = [`${operation.method} ${operation.path}: ${operation.summary}`];
  if (operation.description) lines.push(operation.description);
  lines.push(`Token kinds: ${operation.tokens ? operation.tokens.join(", ") : "not documented"}.`);
  lines.push(
    `Rate limit: ${
      operation.limits
        ? operation.limits.map((limit) => `${limit.limit} per ${limit.period.text} per ${limit.scope} (burst ${limit.burst}, one more every ${limit.interval.text})${limitQualifier(limit)}`).join("; ")
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

function moduleInterface(
  module: ModuleModel,
  namedTypes: readonly NamedType[],
  refs: Set<string>,
  usesQueryValues: { value: boolean },
  apiResponses?: readonly ResponseModel[],
  compact = false,
): string {
  const properties = module.operations.map((operation) => {
    const types = operationTypes(operation, namedTypes);
    for (const ref of types.refs) refs.add(ref);
    if (types.query === "QueryValues") usesQueryValues.value = true;
    const errors = errorsInputType(operation, apiResponses, refs);
    const more = `${types.headers ? `headers: ${types.headers};\n` : ""}${types.cookies ? `cookies: ${types.cookies};\n` : ""}`;
    const input = `{\nparams: ${types.params};\nquery: ${types.query};\nbody: ${types.body};\n${more}${errors === undefined ? "" : `errors: ${errors};\n`}}`;
    const doc = compact ? docComment([operationDocLines(operation)[0]!], { oneLine: true }) : docComment(docs(operationDocLines(operation)));
    return `${doc}${propertyKey(operation.id)}?: Handler<${input}, ${types.output}>;`;
  });
  return `${docComment(docs([`Handlers of the ${module.id} module (${module.title}): ${module.area}.`]))}export interface ${moduleInterfaceName(module)} {
${properties.join("\n")}
}`;
}

/** `namedTypes`: the catalogue's, so that a path parameter's ref is typed as the scalar it names. */
/** `compact`: each handler's doc is its route and summary on one line (tokens and limits are in routes/). */
export function moduleHandlersFile(module: ModuleModel, namedTypes: readonly NamedType[] = [], apiResponses?: readonly ResponseModel[], compact = false): string {
  const refs = new Set<string>();
  const usesQueryValues = { value: false };
  const declaration = moduleInterface(module, namedTypes, refs, usesQueryValues, apiResponses, compact);
  const namedImports = [...refs].sort();
  return tsFile(
    [
      ...(usesQueryValues.value ? [importDeclaration(["QueryValues"], "../runtime/types.js", true)] : []),
      // A type import cycle with handlers.ts: erased at runtime, resolved by the compiler.
      ...(module.operations.length > 0 ? [importDeclaration(["Handler"], "../handlers.js", true)] : []),
      ...(namedImports.length > 0 ? [importDeclaration(namedImports, "../types.js", true)] : []),
    ],
    [declaration],
  );
}

export function handlersFile(model: ApiModel): string {
  const properties = model.modules.map(
    (module) => `${docComment(docs([`${module.title}: ${module.area}.`]))}${propertyKey(module.name)}?: ${moduleInterfaceName(module)};`,
  );
  const tokenKinds = model.auth.tokenKinds.map((kind) => stringLiteral(kind.id));
  return tsFile(
    [
      importDeclaration(
        ["Handler as RuntimeHandler", "HandlerContext as RuntimeHandlerContext", "HandlerInput", "Identity as RuntimeIdentity"],
        "./runtime/types.js",
        true,
      ),
      ...model.modules.map((module) => importDeclaration([moduleInterfaceName(module)], `./handlers/${module.id}.js`, true)),
    ],
    [
      `/** The token kinds the API declares. */
export type TokenKind = ${tokenKinds.length > 0 ? tokenKinds.join(" | ") : "string"};`,
      `/** Who is calling, as \`options.authenticate\` tells it. */
export type Identity = RuntimeIdentity<TokenKind>;`,
      `export type Handler<Input extends HandlerInput, Output> = RuntimeHandler<Input, Output, TokenKind>;`,
      `export type HandlerContext<Input extends HandlerInput> = RuntimeHandlerContext<Input, TokenKind>;`,
      `/** Every operation's handler, by module. All are optional: an operation without one answers 501. */
export interface Handlers {
${properties.join("\n")}
}`,
      `/** The handlers of one module, e.g. \`ModuleHandlers<"supplies">\`. */
export type ModuleHandlers<Module extends keyof Handlers> = NonNullable<Handlers[Module]>;`,
      `/** The context one operation's handler receives, e.g. \`OperationContext<"supplies", "getDiscrepancies">\`. */
export type OperationContext<Module extends keyof Handlers, Operation extends keyof ModuleHandlers<Module>> =
ModuleHandlers<Module>[Operation] extends ((context: infer Context) => unknown) | undefined ? Context : never;`,
    ],
  );
}
