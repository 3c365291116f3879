// server/routes.ts: the route table, one entry per operation, read by the router at startup.
import type { ApiModel, NamedType, OperationModel } from "../../model/types.js";
import { printStructure } from "../shared/ts-project.js";
import { stringLiteral } from "../shared/text.js";
import { docBlock } from "../shared/ts-types.js";
import { queryConversion, successStatus } from "./operation-types.js";
import { bodyGuard } from "./validate-file.js";

function list(items: string[]): string {
  return `[${items.join(", ")}]`;
}

function bodyExpectation(operation: OperationModel, namedTypes: readonly NamedType[]): string {
  const request = operation.request;
  if (request === null) return `{ kind: "none" }`;
  if (request === undefined || request.content.length === 0) return `{ kind: "undocumented" }`;
  const types = request.content.map((media) => stringLiteral(media.contentType));
  const guard = bodyGuard(operation, namedTypes);
  return `{ kind: "content", required: ${request.required}, contentTypes: ${list(types)}${guard ? `, check: ${guard.name}` : ""} }`;
}

function queryTable(operation: OperationModel): string {
  if (operation.query === undefined) return "undefined";
  return list(
    operation.query.map((parameter) => {
      const conversion = queryConversion(parameter);
      const enumText = conversion.enum
        ? `, enum: ${list(conversion.enum.map((value) => (typeof value === "string" ? stringLiteral(value) : String(value))))}`
        : "";
      return `{ name: ${stringLiteral(parameter.name)}, required: ${parameter.required}, type: ${stringLiteral(conversion.type)}, array: ${conversion.array}${enumText} }`;
    }),
  );
}

function routeEntry(operation: OperationModel, moduleName: string, types: readonly NamedType[]): string {
  const segments = operation.segments.map((segment) =>
    segment.kind === "static" ? stringLiteral(segment.value) : `{ param: ${stringLiteral(segment.name)} }`,
  );
  const tokens = operation.tokens ? list(operation.tokens.map(stringLiteral)) : "undefined";
  const limits = operation.limits
    ? list(
        operation.limits.map(
          (limit) =>
            `{ burst: ${limit.burst}, intervalMs: ${limit.interval.milliseconds}, limit: ${limit.limit}, periodMs: ${limit.period.milliseconds} }`,
        ),
      )
    : "undefined";
  return `${docBlock([`${operation.method} ${operation.path}: ${operation.summary}`])}{
    id: ${stringLiteral(operation.id)},
    module: ${stringLiteral(moduleName)},
    method: ${stringLiteral(operation.method)},
    path: ${stringLiteral(operation.path)},
    segments: ${list(segments)},
    tokens: ${tokens},
    limits: ${limits},
    query: ${queryTable(operation)},
    body: ${bodyExpectation(operation, types)},
    status: ${successStatus(operation)},
  }`;
}

export function routesFile(model: ApiModel): string {
  const entries = model.modules.flatMap((module) => module.operations.map((operation) => routeEntry(operation, module.name, model.types)));
  const guards = model.modules.flatMap((module) => module.operations.flatMap((operation) => bodyGuard(operation, model.types)?.name ?? []));
  return printStructure("server/routes.ts", {
    statements: [
      `import type { ApiDefinition } from "./runtime/types.js";`,
      ...(guards.length > 0 ? [`import { ${guards.join(", ")} } from "./validate.js";`] : []),
      `/** Every operation of the catalogue, as the router sees it. */
export const api: ApiDefinition = {
  authHeader: ${stringLiteral(model.auth.header)},
  routes: [
${entries.join(",\n")}
  ],
};`,
    ],
  });
}

