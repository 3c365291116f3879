// The typed client: generated/client/.
//
//   index.ts              public surface (re-exports only)
//   client.ts             createClient, createTransport, the Client interface (one line per module)
//   types/<id>.ts         the named types a module declares
//   types.ts              re-exports types/*.ts
//   modules/<id>.ts       a module's operation descriptors (data), its <Module>Operations interface and their binding to a transport
//   operations/<id>.ts    one standalone function per operation, handing its descriptor to the transport
//   errors/<id>.ts        per operation with documented error responses, their body types by status
//   validate/<id>.ts      runtime guards of a module's types, typed responses, JSON request bodies and parameters (helpers in shared/guard.ts)
//   validate.ts           re-exports validate/*.ts
//   schemas/<id>.ts       Standard Schema v1 objects over those guards (types, responses, bodies, parameters)
//   schemas.ts            re-exports schemas/*.ts (a separate entry: the client never imports it)
//   runtime/*.ts          copied from templates/client/ (transport, errors; the features retries, rate limits, response checks)
//   shared/*.ts           copied from templates/shared/ (also shipped to the server: guard helpers, JSON media types)
//   package.json          {"type": "module", "sideEffects": false}: ES modules in a CommonJS consumer too
import type { ApiModel, OperationModel } from "../../model/types.js";
import { sharedTemplateFiles, targetPackageFile, templateFiles } from "../shared/templates.js";
import { guardName, lazyFile, validatorFiles, validatorIndex, type GuardRoot } from "../shared/validators.js";
import { EmitError, type GeneratedFile } from "../types.js";
import { contentAt, madeFiles, perModuleFolders, plannedFrom, type PlannedFile } from "../plan.js";
import { clientFile, usesTokenAccess } from "./client-file.js";
import { clientServers, ENVIRONMENT_TYPE, SERVERS_RUNTIME } from "./servers.js";
import { moduleFile, operationsInterfaceName } from "./module-file.js";
import { operationsFile } from "./operations-file.js";
import { errorTypesFile, errorsTypeName, hasErrorTypes, operationsWithErrors } from "./error-types.js";
import { argsTypeName, guardRootName, operationConstName, resultShape, CLIENT_RESPONSE_TYPES } from "./signature.js";
import { typesFiles } from "../shared/types-files.js";
import { bodyGuardRootName, paramsGuard, paramsGuardName, requestBodyGuard } from "../shared/operation-guards.js";
import { schemasFile } from "./schemas-file.js";
import { PAGING_RUNTIME, STREAM_RUNTIME, usesPaging, usesStreams } from "./streams-pages.js";
import { exportFrom, indentTs } from "../shared/ts-print.js";
import { hasBodyData, hasStyles } from "./wire.js";
import { REDIS_STORE_FILE, usesRateLimits } from "../shared/limits.js";
import { compactRuntimeFile } from "./compact-runtime.js";

/** Runtime files copied in only where used: typed form or multipart bodies, the schemas/ files. */
const FORM_BODY_RUNTIME = "client/runtime/form-body.ts";
const STANDARD_SCHEMA_RUNTIME = "client/runtime/standard-schema.ts";
/** Parameter style writers: only descriptors with `styled(...)` and the form-body writer import it. */
const STYLES_RUNTIME = "client/runtime/styles.ts";
/** Credentials per security scheme: client.ts imports it only where the API has schemes. */
const AUTH_RUNTIME = "client/runtime/auth.ts";
/** The token-access check: client.ts imports it only where an operation says which tokens may call it. */
const TOKEN_ACCESS_RUNTIME = "client/runtime/token-access.ts";

// Asked of every operation on every run (a change run too): whether a field would be written, not the field.
function usesFormBodies(model: ApiModel): boolean {
  return model.modules.some((module) => module.operations.some(hasBodyData));
}

function usesStyles(model: ApiModel): boolean {
  return model.modules.some((module) => module.operations.some(hasStyles));
}

/** Names the public surface exports besides the operations; no operation may take one. */
const RUNTIME_EXPORTS = [
  "createClient",
  "createTransport",
  "retries",
  "rateLimits",
  "responseChecks",
  "ApiError",
  "isApiError",
  "isOperationError",
  "DocumentedErrors",
  "DocumentedStatus",
  "OperationError",
  "Client",
  "ClientOptions",
  "TransportOptions",
  "TransportFeature",
  "RateLimitOptions",
  "ResponseCheckOptions",
  "ModuleName",
  "ApiErrorKind",
  "ErrorBody",
  "CallOptions",
  "FailureEvent",
  "FetchInit",
  "FetchLike",
  "RequestEvent",
  "ResponseEvent",
  "Transport",
  "Operation",
  // Imported by the module files, beside Operation (their descriptors' `written` helper).
  "OperationMore",
  "RetryOptions",
  "Clock",
  "QueryParams",
  "RawBody",
  "RequestBody",
  "MemoryRateLimitStore",
  "redisRateLimitStore",
  "RateLimitStore",
  "RateLimitDecision",
  "RateLimitRule",
  "RedisClientLike",
  "RedisRateLimitStoreOptions",
  "ItemStream",
  "ServerSentEvent",
  "StreamOptions",
  "PageOptions",
];

/** The client target's options. */
export interface ClientTargetOptions {
  /**
   * For very large APIs: one-line operation docs and no Standard Schema objects (schemas/, schemas.ts
   * and their runtime file); everything else, types and checks included, as without it.
   */
  compact?: boolean | undefined;
}

export function emitClient(model: ApiModel, options: ClientTargetOptions = {}): GeneratedFile[] {
  return madeFiles(planClient(model, options)).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The client's files; a module's operations and module files are made only when asked for. */
export function* planClient(model: ApiModel, options: ClientTargetOptions = {}): Generator<PlannedFile> {
  const compact = options.compact === true;
  checkNames(model);
  // Each asked of every operation: once per plan.
  const uses = { streams: usesStreams(model), paging: usesPaging(model), formBodies: usesFormBodies(model) };
  // Per module, its operations' guards, worked out only when its validate file is made (a regenerate
  // that keeps the file never asks); whether it has any is the first operation with one.
  // Compact: only the response checks the transport runs (the body and parameter guards serve the
  // Standard Schema objects, which compact leaves out).
  const guardsOf = (operation: OperationModel): (GuardRoot | undefined)[] =>
    compact ? [resultShape(operation).guard] : [resultShape(operation).guard, requestBodyGuard(operation, model.types), paramsGuard(operation)];
  const hasGuard = (operation: OperationModel): boolean =>
    resultShape(operation).guard !== undefined || (!compact && (paramsGuard(operation) !== undefined || requestBodyGuard(operation, model.types) !== undefined));
  const roots = new Map<string, () => GuardRoot[]>();
  for (const module of model.modules) {
    if (module.operations.some(hasGuard)) roots.set(module.id, () => module.operations.flatMap(guardsOf).filter((guard) => guard !== undefined));
  }
  // The guards' text is final as made (no indentTs pass: test/validators/final-text.test.ts).
  const validators = validatorFiles({ types: model.types, roots, dir: "client/validate", helpersModule: "../shared/guard.js" });
  // Made when first read, like the validators: a regenerate that keeps a module's file never makes it.
  const typed = new Set(model.types.map((named) => named.module));
  const schemas = (compact ? [] : model.modules)
    .filter((module) => typed.has(module.id) || roots.has(module.id) || module.operations.some((operation) => resultShape(operation).check !== undefined))
    .map((module) =>
      lazyFile(`client/schemas/${module.id}.ts`, () => {
        const file = schemasFile(module, model);
        if (file === undefined) throw new Error(`client: planned schemas of module ${module.id}, which has none`);
        return indentTs(file.content);
      }),
    );
  const moduleOf = perModuleFolders(model, ["client/types", "client/validate", "client/schemas"]);
  // Compact: the runtime without comments and blank lines (made once by the build).
  const runtime = (file: GeneratedFile): GeneratedFile => (compact ? compactRuntimeFile(file) : file);
  yield* plannedFrom(
    [
      ...templateFiles("client")
        .filter(
        (file) =>
          (file.path !== SERVERS_RUNTIME || clientServers(model) !== undefined) &&
          (file.path !== STREAM_RUNTIME || uses.streams) &&
          (file.path !== PAGING_RUNTIME || uses.paging) &&
          (file.path !== FORM_BODY_RUNTIME || uses.formBodies) &&
          (file.path !== STANDARD_SCHEMA_RUNTIME || schemas.length > 0) &&
          (file.path !== AUTH_RUNTIME || model.auth.schemes !== undefined) &&
          (file.path !== TOKEN_ACCESS_RUNTIME || usesTokenAccess(model)) &&
          (file.path !== STYLES_RUNTIME || uses.formBodies || usesStyles(model)),
        )
        .map(runtime),
      ...sharedTemplateFiles("client")
        .filter((file) => !file.path.endsWith(`/${REDIS_STORE_FILE}`) || usesRateLimits(model))
        .map(runtime),
      ...typesFiles("client", model.types, CLIENT_RESPONSE_TYPES),
      ...validators,
      { path: "client/validate.ts", content: validatorIndex("client/validate.ts", validators) },
      ...schemas,
      ...(compact ? [] : [{ path: "client/schemas.ts", content: validatorIndex("client/schemas.ts", schemas) }]),
    ],
    moduleOf,
  );
  for (const module of model.modules) {
    const operations = `client/operations/${module.id}.ts`;
    const bound = `client/modules/${module.id}.ts`;
    yield { path: operations, module: module.id, content: () => contentAt(operations, operationsFile(module, model, compact)) };
    yield { path: bound, module: module.id, content: () => contentAt(bound, moduleFile(module, model, compact)) };
    if (hasErrorTypes(module, model)) {
      const errors = `client/errors/${module.id}.ts`;
      yield { path: errors, module: module.id, content: () => contentAt(errors, errorTypesFile(module, model)!) };
    }
  }
  yield* plannedFrom([clientFile(model), { path: "client/index.ts", content: indexFile(model, uses) }, targetPackageFile("client")]);
}

function indexFile(model: ApiModel, uses: { streams: boolean; paging: boolean }): string {
  const lines = [
    "// The client's public surface.",
    exportFrom(["createClient", "createTransport"], "./client.js"),
    exportFrom(["Client", "ClientOptions", "ModuleName", "TransportOptions"], "./client.js", true),
    exportFrom(["retries"], "./runtime/retries.js"),
    exportFrom(["rateLimits"], "./runtime/rate-limits.js"),
    exportFrom(["RateLimitOptions"], "./runtime/rate-limits.js", true),
    exportFrom(["responseChecks"], "./runtime/response-checks.js"),
    exportFrom(["ResponseCheckOptions"], "./runtime/response-checks.js", true),
    exportFrom(["TransportFeature"], "./runtime/feature.js", true),
    exportFrom(["ApiError", "isApiError"], "./runtime/errors.js"),
    exportFrom(["ApiErrorKind", "ErrorBody"], "./runtime/errors.js", true),
    exportFrom(["isOperationError"], "./runtime/operation-errors.js"),
    exportFrom(["DocumentedErrors", "DocumentedStatus", "OperationError"], "./runtime/operation-errors.js", true),
    exportFrom(["CallOptions", "FailureEvent", "FetchInit", "FetchLike", "RequestEvent", "ResponseEvent", "Transport"], "./runtime/transport.js", true),
    exportFrom(["RetryOptions"], "./runtime/retry.js", true),
    exportFrom(["Clock"], "./runtime/clock.js", true),
    exportFrom(["QueryParams", "RawBody", "RequestBody"], "./runtime/encoding.js", true),
    exportFrom(["MemoryRateLimitStore"], "./shared/memory-rate-limit-store.js"),
    ...(usesRateLimits(model)
      ? [exportFrom(["redisRateLimitStore"], "./shared/redis-rate-limit-store.js"), exportFrom(["RedisClientLike", "RedisRateLimitStoreOptions"], "./shared/redis-rate-limit-store.js", true)]
      : []),
    exportFrom(["RateLimitDecision", "RateLimitRule", "RateLimitStore"], "./shared/rate-limit-store.js", true),
  ];
  if (clientServers(model)?.environmentType !== undefined) lines.push(exportFrom([ENVIRONMENT_TYPE], "./client.js", true));
  if (uses.streams) lines.push(exportFrom(["ItemStream", "ServerSentEvent", "StreamOptions"], "./runtime/stream.js", true));
  if (uses.paging) lines.push(exportFrom(["PageOptions"], "./runtime/paging.js", true));
  if (model.types.length > 0) lines.push(exportFrom(model.types.map((t) => t.name), "./types.js", true));
  for (const module of model.modules) lines.push(exportFrom([operationsInterfaceName(module.name)], `./modules/${module.id}.js`, true));
  for (const module of model.modules) lines.push(`export * from "./operations/${module.id}.js";`);
  for (const module of model.modules) {
    const withErrors = operationsWithErrors(module, model);
    if (withErrors.length > 0) lines.push(exportFrom(withErrors.map(errorsTypeName), `./errors/${module.id}.js`, true));
  }
  return indentTs(`${lines.join("\n")}\n`);
}

/** Generated identifiers must not collide; the catalogue's validation cannot know ours. */
function checkNames(model: ApiModel): void {
  // First only the names (a change run at 10,000 operations asks this of every operation): the
  // messages are worked out only when two names are the same.
  const names = new Set<string>();
  let count = 0;
  eachName(model, (name) => {
    names.add(name);
    count++;
  });
  if (names.size === count) return;
  const taken = new Map<string, string>();
  eachName(model, (name, what, subject) => {
    const claimant = subject === undefined ? what : `${what} ${subject}`;
    const before = taken.get(name);
    if (before !== undefined) throw new EmitError(`client: ${claimant} and ${before} would both be named ${name}; rename one in the catalogue`);
    taken.set(name, claimant);
  });
}

/** Every name the client generates, with what takes it (`what`, then `subject` where given). */
function eachName(model: ApiModel, claim: (name: string, what: string, subject?: string) => void): void {
  for (const name of RUNTIME_EXPORTS) claim(name, "the runtime");
  if (clientServers(model)?.environmentType !== undefined) claim(ENVIRONMENT_TYPE, "the type of the servers' environments");
  for (const named of model.types) {
    claim(named.name, "type", named.name);
    claim(guardName(named.name), "the check of type", named.name);
  }
  for (const module of model.modules) {
    claim(operationsInterfaceName(module.name), "module", module.id);
    for (const operation of module.operations) {
      claim(operation.id, "operation", operation.id);
      claim(argsTypeName(operation), "the arguments of", operation.id);
      claim(operationConstName(operation), "the description of", operation.id);
      claim(guardRootName(operation), "the response check of", operation.id);
      claim(bodyGuardRootName(operation), "the request body check of", operation.id);
      claim(paramsGuardName(operation), "the parameters check of", operation.id);
      claim(errorsTypeName(operation), "the error responses of", operation.id);
    }
  }
}
