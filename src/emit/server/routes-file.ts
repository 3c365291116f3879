// server/routes/<module id>.ts: one module's route table, one entry per operation; server/routes.ts
// joins them, one line per module, into the `api` the router reads at startup. No file grows with
// the whole API: formatting a single multi-megabyte file ran out of memory at 10,000 operations.
import type { ApiModel, ModuleModel, NamedType, OperationModel } from "../../model/types.js";
import { importDeclaration, tsFile } from "../shared/ts-print.js";
import { docComment, stringLiteral } from "../../shared/sinks.js";
import { accessFields, limitErrorCost, limitTokens } from "../shared/limits.js";
import { docBlock } from "../shared/ts-types.js";
import { mediaEssence } from "../../shared/media.js";
import { pathConversion, queryConversion, successStatus } from "./operation-types.js";
import { bodyGuard } from "./validate-file.js";
import { streamedResponse } from "../shared/streamed.js";
import { formRuleText, headerLines, needsStyledRule, styledFields, valueShape } from "./styles.js";

function list(items: string[]): string {
  return `[${items.join(", ")}]`;
}

function bodyExpectation(operation: OperationModel, namedTypes: readonly NamedType[]): string {
  const request = operation.request;
  if (request === null) return `{ kind: "none" }`;
  if (request === undefined || request.content.length === 0) return `{ kind: "undocumented" }`;
  const types = [...new Set(request.content.map((media) => stringLiteral(mediaEssence(media.contentType))))];
  const guard = bodyGuard(operation, namedTypes);
  return `{ kind: "content", required: ${request.required}, contentTypes: ${list(types)}${guard ? `, check: ${guard.name}` : ""}${formRuleText(operation, namedTypes)} }`;
}

function queryTable(operation: OperationModel, types: readonly NamedType[]): string {
  if (operation.query === undefined) return "undefined";
  return list(
    operation.query.map((parameter) => {
      const conversion = queryConversion(parameter);
      const enumText = conversion.enum
        ? `, enum: ${list(conversion.enum.map((value) => (typeof value === "string" ? stringLiteral(value) : String(value))))}`
        : "";
      return `{ name: ${stringLiteral(parameter.name)}, required: ${parameter.required}, type: ${stringLiteral(conversion.type)}, array: ${conversion.array}${enumText}${styledFields(parameter, types)} }`;
    }),
  );
}

/** The `params` line of a route whose path parameters the router checks; empty when none is typed. */
function pathParamsLine(operation: OperationModel, types: readonly NamedType[]): string {
  const typed = operation.pathParams.flatMap((parameter) => {
    const styled = styledFields(parameter, types);
    const items = valueShape(parameter, types) === "array" && parameter.schema?.kind === "array" ? parameter.schema.items : undefined;
    const rule = pathConversion(items ? { ...parameter, schema: items } : parameter, types).rule ?? (styled ? { type: "string" as const } : undefined);
    if (!rule) return [];
    const enumText = rule.enum ? `, enum: ${list(rule.enum.map((value) => (typeof value === "string" ? stringLiteral(value) : String(value))))}` : "";
    const formatText = rule.format ? `, format: ${stringLiteral(rule.format)}` : "";
    return [`{ name: ${stringLiteral(parameter.name)}, type: ${stringLiteral(rule.type)}${enumText}${formatText}${styled} }`];
  });
  return typed.length > 0 ? `\n    params: ${list(typed)},` : "";
}

function routeEntry(operation: OperationModel, moduleName: string, types: readonly NamedType[], compact = false): string {
  const part = (segment: { kind: "static"; value: string } | { kind: "param"; name: string }): string =>
    segment.kind === "static" ? stringLiteral(segment.value) : `{ param: ${stringLiteral(segment.name)} }`;
  const segments = operation.segments.map((segment) => (segment.kind === "template" ? `{ parts: ${list(segment.parts.map(part))} }` : part(segment)));
  const fixedQuery = operation.fixedQuery
    ? `\n    fixedQuery: ${list(operation.fixedQuery.map(({ name, value }) => `[${stringLiteral(name)}, ${stringLiteral(value)}]`))},`
    : "";
  const fragmentMatch = operation.fragmentMatch
    ? `\n    fragmentMatch: ${list(operation.fragmentMatch.map((pair) => `[${stringLiteral(pair.in)}, ${stringLiteral(pair.name)}, ${stringLiteral(pair.value)}]`))},`
    : "";
  const tokens = operation.tokens ? list(operation.tokens.map(stringLiteral)) : "undefined";
  const limits = operation.limits
    ? list(
        operation.limits.map(
          (limit) =>
            `{ burst: ${limit.burst}, intervalMs: ${limit.interval.milliseconds}, limit: ${limit.limit}, periodMs: ${limit.period.milliseconds}${limitTokens(limit)}${limitErrorCost(limit)}${
              limit.group !== undefined ? `, group: ${stringLiteral(limit.group)}` : ""
            } }`,
        ),
      )
    : "undefined";
  // The entry's id, method and path say the rest; its summary once, on one line (none when compact: the handler's doc has it).
  return `${compact ? "" : docComment([operation.summary], { oneLine: true })}{
    id: ${stringLiteral(operation.id)},
    module: ${stringLiteral(moduleName)},
    method: ${stringLiteral(operation.method)},
    path: ${stringLiteral(operation.path)},
    segments: ${list(segments)},${fixedQuery}${fragmentMatch}${pathParamsLine(operation, types)}
    tokens: ${tokens},${accessFields(operation).map((field) => `\n    ${field},`).join("")}${
      operation.security ? `\n    security: ${list(operation.security.map((ids) => list(ids.map(stringLiteral))))},` : ""
    }
    limits: ${limits},
    query: ${queryTable(operation, types)},${headerLines(operation, types)}
    body: ${bodyExpectation(operation, types)},
    status: ${successStatus(operation)},${routeStream(operation)}
  }`;
}

/** The route's `stream` line, for an operation whose success response streams. */
function routeStream(operation: OperationModel): string {
  const shape = streamedResponse(operation);
  if (!shape) return "";
  return `\n    stream: { format: ${stringLiteral(shape.format)}, contentType: ${stringLiteral(shape.media.contentType)}${shape.data === "text" ? ', data: "text"' : ""} },`;
}

/** `server/routes/<module id>.ts`. */
export function moduleRoutesPath(module: ModuleModel): string {
  return `server/routes/${module.id}.ts`;
}

/** The name a module's route table is exported as: `inStorePickup` -> `inStorePickupRoutes`. */
export function moduleRoutesName(module: ModuleModel): string {
  return `${module.name}Routes`;
}

export function moduleRoutesFile(module: ModuleModel, types: readonly NamedType[], compact = false): string {
  const entries = module.operations.map((operation) => routeEntry(operation, module.name, types, compact));
  const guards = module.operations.flatMap((operation) => bodyGuard(operation, types)?.name ?? []);
  return tsFile(
    [
      importDeclaration(["RouteDefinition"], "../runtime/types.js", true),
      // validate.ts stays the one entry point of the guards, however it is split.
      ...(guards.length > 0 ? [importDeclaration(guards, "../validate.js")] : []),
    ],
    [
      `${docBlock([`The operations of the ${module.id} module, as the router sees them.`])}export const ${moduleRoutesName(module)}: readonly RouteDefinition[] = [
${entries.map((entry) => `${entry},`).join("\n")}
];`,
    ],
  );
}

/** The server runtime's files copied in only where the catalogue uses them, handed to the handler by `api`. */
export const CREDENTIALS_RUNTIME = "server/runtime/credentials.ts";
export const STREAM_RUNTIME = "server/runtime/stream.ts";
export const STYLES_RUNTIME = "server/runtime/styles.ts";
export const FORM_RUNTIME = "server/runtime/form.ts";

/** The optional runtime parts the catalogue's routes use. */
export interface ServerRuntimeUse {
  streams: boolean;
  /** styles.ts: a route table holds a styled, array or object parameter, headers or cookies (or a form rule: form.ts reads with it). */
  styles: boolean;
  /** form.ts: a route has a typed form or multipart body. */
  forms: boolean;
}

/** Whether the operation's route holds what styles.ts reads: a styled, array or object path or query parameter, headers or cookies (headerLines, styledFields). */
export function routeReadsStyled(operation: OperationModel, types: readonly NamedType[]): boolean {
  return (
    (operation.headers?.length ?? 0) > 0 ||
    (operation.cookies?.length ?? 0) > 0 ||
    [...operation.pathParams, ...(operation.query ?? [])].some((parameter) => needsStyledRule(parameter, types))
  );
}

/** Whether the operation's route has a form rule, which form.ts reads (formRuleText). */
export function routeReadsForm(operation: OperationModel, types: readonly NamedType[]): boolean {
  return formRuleText(operation, types) !== "";
}

export function routesFile(model: ApiModel, use: ServerRuntimeUse): string {
  const { streams, styles, forms } = use;
  return tsFile(
    [
      importDeclaration(["ApiDefinition"], "./runtime/types.js", true),
      ...(model.auth.schemes ? [importDeclaration(["findCredentials"], "./runtime/credentials.js")] : []),
      ...(forms ? [importDeclaration(["formReaders"], "./runtime/form.js")] : []),
      ...(streams ? [importDeclaration(["streamResponse"], "./runtime/stream.js")] : []),
      ...(styles ? [importDeclaration(["styleReaders"], "./runtime/styles.js")] : []),
      ...model.modules.map((module) => importDeclaration([moduleRoutesName(module)], `./routes/${module.id}.js`)),
    ],
    [
      `/** Every operation of the catalogue, as the router sees it. */
export const api: ApiDefinition = {
  principal: ${stringLiteral(model.principal)},
  authHeader: ${stringLiteral(model.auth.header)},${schemesLine(model)}
  routes: [${model.modules.map((module) => `...${moduleRoutesName(module)}`).join(", ")}],${model.auth.schemes ? "\n  findCredentials," : ""}${streams ? "\n  streamResponse," : ""}${styles ? "\n  styleReaders," : ""}${forms ? "\n  formReaders," : ""}
};`,
    ],
  );
}

/** `schemes: { <id>: { type, in, name } | { type: "http", scheme } }` where the catalogue declares security schemes. */
function schemesLine(model: ApiModel): string {
  if (!model.auth.schemes) return "";
  const entries = model.auth.schemes.map((scheme) => {
    const info =
      scheme.type === "apiKey"
        ? `{ type: "apiKey", in: ${stringLiteral(scheme.in!)}, name: ${stringLiteral(scheme.name!)} }`
        : `{ type: "http", scheme: ${stringLiteral(scheme.type === "http" ? scheme.scheme! : "bearer")} }`;
    return `${stringLiteral(scheme.id)}: ${info}`;
  });
  return `\n  schemes: { ${entries.join(", ")} },`;
}
