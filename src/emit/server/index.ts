// The server target: generated/server/ from the model. Per-operation code (handler types, route
// table, mock, guards) and the named types are built here, one file per module under handlers/,
// routes/, mock/, validate/ and types/, joined by handlers.ts, routes.ts, mock.ts, validate.ts and
// types.ts with one line per module; the router runtime is copied from templates/server/ into
// runtime/, and templates/shared/ into shared/; package.json makes the folder ES modules.
import type { GeneratedFile } from "../types.js";
import { madeFiles, perModuleFolders, plannedFrom, type PlannedFile } from "../plan.js";
import { lazyFile } from "../shared/validators.js";
import type { ApiModel } from "../../model/types.js";
import { exportFrom, tsFile } from "../shared/ts-print.js";
import { sharedTemplateFiles, targetPackageFile, templateFiles } from "../shared/templates.js";
import { REDIS_STORE_FILE } from "../shared/limits.js";
import { handlersFile, moduleHandlersFile, moduleHandlersPath } from "./handlers-file.js";
import { mockFiles } from "./mock-file.js";
import { assertNoNameClash, moduleInterfaceName } from "./names.js";
import { CREDENTIALS_RUNTIME, FORM_RUNTIME, moduleRoutesFile, moduleRoutesPath, routesFile, STREAM_RUNTIME, STYLES_RUNTIME } from "./routes-file.js";
import { ServerFacts } from "./plan-facts.js";
import { plainContext, type PlanContext } from "../define.js";
import { typesFiles } from "../shared/types-files.js";
import { SERVER_RESPONSE_TYPES } from "./directions.js";
import { validateFiles } from "./validate-file.js";

function indexFile(model: ApiModel, rateLimits: boolean): string {
  return tsFile(
    [
      `import type { Handlers, TokenKind } from "./handlers.js";
import { createRequestHandler as createRuntimeHandler } from "./runtime/handler.js";
import type { ServerOptions as RuntimeServerOptions } from "./runtime/types.js";
import { api } from "./routes.js";`,
    ],
    [
      [
        `export type * from "./types.js";`,
        exportFrom(["Handler", "HandlerContext", "Handlers", "Identity", "ModuleHandlers", "OperationContext", "TokenKind"], "./handlers.js", true),
        ...model.modules.map((module) => exportFrom([moduleInterfaceName(module)], `./handlers/${module.id}.js`, true)),
        exportFrom(["ErrorBody"], "./runtime/errors.js", true),
        exportFrom(["NodeRequestLike", "NodeResponseLike"], "./runtime/node.js", true),
        exportFrom(["RateLimitDecision", "RateLimitRule", "RateLimitStore"], "./runtime/rate-limit.js", true),
        exportFrom(
          ["ApiDefinition", "BodyProblem", "ErrorContext", "ErrorOptions", "HandlerInput", "HandlerResult", "OperationInfo", "QueryValues", "RouteDefinition"],
          "./runtime/types.js",
          true,
        ),
        exportFrom(["MemoryRateLimitStore"], "./runtime/rate-limit.js"),
        ...(rateLimits
          ? [exportFrom(["redisRateLimitStore"], "./shared/redis-rate-limit-store.js"), exportFrom(["RedisClientLike", "RedisRateLimitStoreOptions"], "./shared/redis-rate-limit-store.js", true)]
          : []),
        exportFrom(["toNodeHandler"], "./runtime/node.js"),
        exportFrom(["mockHandlers"], "./mock.js"),
        exportFrom(["api"], "./routes.js"),
      ].join("\n"),
      `/** Options of \`createRequestHandler\`: \`authenticate\` is required. */
export type ServerOptions = RuntimeServerOptions<TokenKind>;`,
      `/**
 * A web-standard request handler for the whole API: routing, auth, token kinds, per-${model.principal} rate
 * limits, bodies and errors, calling \`handlers\` for the business logic. Runs on Node (see
 * \`toNodeHandler\`), Deno, Bun and edge runtimes.
 */
export function createRequestHandler(
  handlers: Handlers,
  options: ServerOptions,
): (request: Request) => Promise<Response> {
  return createRuntimeHandler(api, handlers, options);
}`,
    ],
  );
}

/** The server target's options. */
export interface ServerTargetOptions {
  /** For very large APIs: one-line handler docs, route entries without docs (docs/compact.md). */
  compact?: boolean | undefined;
}

export async function emitServer(model: ApiModel, options: ServerTargetOptions = {}): Promise<GeneratedFile[]> {
  return madeFiles(planServer(model, options));
}

/** The server's files; a module's handlers and routes files are made only when asked for. */
export function* planServer(model: ApiModel, options: ServerTargetOptions = {}, context: PlanContext = plainContext()): Generator<PlannedFile> {
  const compact = options.compact === true;
  assertNoNameClash(model);
  // What the files joining the modules need of each module: kept per module where the run knows its module keys.
  const facts = new ServerFacts(model, context);
  const use = facts.runtimeUse();
  const rateLimits = facts.some("rateLimits");
  const moduleOf = perModuleFolders(model, ["server/types", "server/mock", "server/validate"]);
  // The files joining the modules are made when first read: a regenerate whose facts say they are
  // as they were keeps them unmade.
  const joinedFrom = facts.joinedFrom;
  yield* plannedFrom([lazyFile("server/index.ts", () => indexFile(model, rateLimits)), ...typesFiles("server", model.types, SERVER_RESPONSE_TYPES), lazyFile("server/handlers.ts", () => handlersFile(model))], moduleOf, joinedFrom);
  for (const module of model.modules) {
    yield { path: moduleHandlersPath(module), module: module.id, content: () => moduleHandlersFile(module, model.types, model.responses, compact) };
  }
  yield* plannedFrom([lazyFile("server/routes.ts", () => routesFile(model, use))], undefined, joinedFrom);
  for (const module of model.modules) {
    yield { path: moduleRoutesPath(module), module: module.id, content: () => moduleRoutesFile(module, model.types, compact) };
  }
  yield* plannedFrom(
    [
      ...mockFiles(model, (module) => facts.of(module).examples),
      ...validateFiles(model, (module) => facts.of(module).guards),
      ...templateFiles("server").filter(
        (file) =>
          (file.path !== CREDENTIALS_RUNTIME || model.auth.schemes !== undefined) &&
          (file.path !== STREAM_RUNTIME || use.streams) &&
          (file.path !== STYLES_RUNTIME || use.styles) &&
          (file.path !== FORM_RUNTIME || use.forms),
      ),
      ...sharedTemplateFiles("server").filter((file) => !file.path.endsWith(`/${REDIS_STORE_FILE}`) || rateLimits), targetPackageFile("server")],
    moduleOf,
    joinedFrom,
  );
}
