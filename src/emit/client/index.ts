// The typed client: generated/client/.
//
//   index.ts              public surface (re-exports only)
//   client.ts             createClient, createTransport, the Client interface (one line per module)
//   types/<id>.ts         the named types a module declares
//   types.ts              re-exports types/*.ts
//   modules/<id>.ts       a module's operation descriptors (data), its <Module>Operations interface and their binding to a transport
//   operations/<id>.ts    one standalone function per operation, handing its descriptor to the transport
//   errors/<id>.ts        per operation with documented error responses, their body types by status
//   validate/<id>.ts      runtime guards of a module's types (a directional type's request shape too: check<Name>Writable), typed responses, JSON request bodies and parameters (helpers in shared/guard.ts)
//   validate.ts           re-exports validate/*.ts
//   schemas/<id>.ts       Standard Schema v1 objects over those guards (types, responses, bodies, parameters)
//   schemas.ts            re-exports schemas/*.ts (a separate entry: the client never imports it)
//   runtime/*.ts          copied from templates/client/ (transport, errors; the features retries, rate limits, response checks)
//   shared/*.ts           copied from templates/shared/ (also shipped to the server: guard helpers, JSON media types)
//   package.json          {"type": "module", "sideEffects": false}: ES modules in a CommonJS consumer too
import type { ApiModel, OperationModel } from "../../model/types.js";
import { sharedTemplateFiles, targetPackageFile, templateFiles } from "../shared/templates.js";
import { lazyFile, validatorFiles, validatorIndex, type GuardRoot } from "../shared/validators.js";
import { EmitError, type GeneratedFile } from "../types.js";
import { contentAt, madeFiles, perModuleFolders, plannedFrom, type PlannedFile } from "../plan.js";
import { clientFile, type ClientSummary } from "./client-file.js";
import { apiNames, ClientFacts, moduleNames } from "./plan-facts.js";
import { clientServers, ENVIRONMENT_TYPE, SERVERS_RUNTIME } from "./servers.js";
import { moduleFile, operationsInterfaceName } from "./module-file.js";
import { operationsFile } from "./operations-file.js";
import { errorTypesFile } from "./error-types.js";
import { resultShape, CLIENT_RESPONSE_TYPES } from "./signature.js";
import { typesFiles } from "../shared/types-files.js";
import { paramsGuard, requestBodyGuard } from "../shared/operation-guards.js";
import { checkedRoot, checkedTypes } from "../shared/checked-shapes.js";
import { schemasFile } from "./schemas-file.js";
import { PAGING_RUNTIME, STREAM_RUNTIME } from "./streams-pages.js";
import { exportFrom, indentTs } from "../shared/ts-print.js";
import { writableName } from "../shared/ts-types.js";
import { REDIS_STORE_FILE } from "../shared/limits.js";
import { compactRuntimeFile } from "./compact-runtime.js";
import { plainContext, type PlanContext } from "../define.js";

/** Runtime files copied in only where used: typed form or multipart bodies, the schemas/ files. */
const FORM_BODY_RUNTIME = "client/runtime/form-body.ts";
const STANDARD_SCHEMA_RUNTIME = "client/runtime/standard-schema.ts";
/** Parameter style writers: only descriptors with `styled(...)` and the form-body writer import it. */
const STYLES_RUNTIME = "client/runtime/styles.ts";
/** Credentials per security scheme: client.ts imports it only where the API has schemes. */
const AUTH_RUNTIME = "client/runtime/auth.ts";
/** The token-access check: client.ts imports it only where an operation says which tokens may call it. */
const TOKEN_ACCESS_RUNTIME = "client/runtime/token-access.ts";

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
export function* planClient(model: ApiModel, options: ClientTargetOptions = {}, context: PlanContext = plainContext()): Generator<PlannedFile> {
  const compact = options.compact === true;
  // What the files joining the modules need of each module: the client's module facts.
  const facts = new ClientFacts(model, compact, context);
  facts.checkNames(() => checkNames(model));
  const uses = { streams: facts.some("streams"), paging: facts.some("paging"), formBodies: facts.some("formBodies") };
  // Per module, its operations' guards, worked out only when its validate file is made (a regenerate
  // that keeps the file never asks); whether it has any is a fact of the module.
  // Compact: only the response checks the transport runs (the body and parameter guards serve the
  // Standard Schema objects, which compact leaves out).
  // A response is checked in its response shape, a request body in its request shape (as the server checks it).
  const guardsOf = (operation: OperationModel): (GuardRoot | undefined)[] => {
    const response = resultShape(operation).guard;
    const checked = response && checkedRoot(response, "response");
    if (compact) return [checked];
    const body = requestBodyGuard(operation, model.types);
    return [checked, body && checkedRoot(body, "request"), paramsGuard(operation)];
  };
  const roots = new Map<string, () => GuardRoot[]>();
  for (const module of model.modules) {
    if (facts.of(module).guards) roots.set(module.id, () => module.operations.flatMap(guardsOf).filter((guard) => guard !== undefined));
  }
  // The guards' text is final as made (no indentTs pass: test/validators/final-text.test.ts).
  // Compact has no body checks, so no guards of request shapes.
  const validators = validatorFiles({ types: checkedTypes(model.types, !compact), roots, dir: "client/validate", helpersModule: "../shared/guard.js" });
  // Made when first read, like the validators: a regenerate that keeps a module's file never makes it.
  const typed = new Set(model.types.map((named) => named.module));
  const schemas = (compact ? [] : model.modules)
    .filter((module) => typed.has(module.id) || roots.has(module.id) || facts.of(module).checks)
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
          (file.path !== TOKEN_ACCESS_RUNTIME || facts.some("tokenAccess")) &&
          (file.path !== STYLES_RUNTIME || uses.formBodies || facts.some("styles")),
        )
        .map(runtime),
      ...sharedTemplateFiles("client")
        .filter((file) => !file.path.endsWith(`/${REDIS_STORE_FILE}`) || facts.some("rateLimits"))
        .map(runtime),
      ...typesFiles("client", model.types, CLIENT_RESPONSE_TYPES),
      ...validators,
      lazyFile("client/validate.ts", () => validatorIndex("client/validate.ts", validators)),
      ...schemas,
      ...(compact ? [] : [lazyFile("client/schemas.ts", () => validatorIndex("client/schemas.ts", schemas))]),
    ],
    moduleOf,
    facts.joinedFrom,
  );
  for (const module of model.modules) {
    const operations = `client/operations/${module.id}.ts`;
    const bound = `client/modules/${module.id}.ts`;
    yield { path: operations, module: module.id, content: () => contentAt(operations, operationsFile(module, model, compact)) };
    yield { path: bound, module: module.id, content: () => contentAt(bound, moduleFile(module, model, compact)) };
    if (facts.of(module).errors.length > 0) {
      const errors = `client/errors/${module.id}.ts`;
      yield { path: errors, module: module.id, content: () => contentAt(errors, errorTypesFile(module, model)!) };
    }
  }
  // Made when first read: a regenerate whose facts say these files are as they were keeps them unmade.
  const client = lazyFile("client/client.ts", () => contentAt("client/client.ts", clientFile(model, clientSummary(model, facts))));
  yield* plannedFrom([client, lazyFile("client/index.ts", () => indexFile(model, uses, facts)), targetPackageFile("client")], undefined, facts.joinedFrom);
}

/** What client.ts says of all modules' operations: the token categories they name, the first one for the example. */
function clientSummary(model: ApiModel, facts: ClientFacts): ClientSummary {
  const categories = new Set(model.modules.flatMap((module) => facts.of(module).categories));
  const module = model.modules.find((candidate) => facts.of(candidate).first !== undefined);
  return { categories: [...categories], ...(module && { example: { module: module.name, operation: facts.of(module).first! } }), tokenAccess: facts.some("tokenAccess") };
}

function indexFile(model: ApiModel, uses: { streams: boolean; paging: boolean }, facts: ClientFacts): string {
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
    exportFrom(["FilePart", "MultipartFields", "QueryParams", "RawBody", "RequestBody"], "./runtime/encoding.js", true),
    exportFrom(["MemoryRateLimitStore"], "./shared/memory-rate-limit-store.js"),
    ...(facts.some("rateLimits")
      ? [exportFrom(["redisRateLimitStore"], "./shared/redis-rate-limit-store.js"), exportFrom(["RedisClientLike", "RedisRateLimitStoreOptions"], "./shared/redis-rate-limit-store.js", true)]
      : []),
    exportFrom(["RateLimitDecision", "RateLimitRule", "RateLimitStore"], "./shared/rate-limit-store.js", true),
  ];
  if (clientServers(model)?.environmentType !== undefined) lines.push(exportFrom([ENVIRONMENT_TYPE], "./client.js", true));
  if (uses.streams) lines.push(exportFrom(["ItemStream", "ServerSentEvent", "StreamOptions"], "./runtime/stream.js", true));
  if (uses.paging) lines.push(exportFrom(["PageOptions"], "./runtime/paging.js", true));
  // A directional type's request shape (`<Name>Writable`) is what a caller builds a body from.
  if (model.types.length > 0) lines.push(exportFrom(model.types.flatMap((t) => (t.directional === true ? [t.name, writableName(t.name)] : [t.name])), "./types.js", true));
  for (const module of model.modules) lines.push(exportFrom([operationsInterfaceName(module.name)], `./modules/${module.id}.js`, true));
  for (const module of model.modules) lines.push(`export * from "./operations/${module.id}.js";`);
  for (const module of model.modules) {
    const withErrors = facts.of(module).errors;
    if (withErrors.length > 0) lines.push(exportFrom(withErrors, `./errors/${module.id}.js`, true));
  }
  return indentTs(`${lines.join("\n")}\n`);
}

/** The name check over the whole model, saying which two claims collide (see ClientFacts.checkNames). */
function checkNames(model: ApiModel): void {
  const taken = new Map<string, string>();
  const claim = (name: string, what: string, subject?: string): void => {
    const claimant = subject === undefined ? what : `${what} ${subject}`;
    const before = taken.get(name);
    if (before !== undefined) throw new EmitError(`client: ${claimant} and ${before} would both be named ${name}; rename one in the catalogue`);
    taken.set(name, claimant);
  };
  apiNames(model, claim);
  for (const module of model.modules) moduleNames(module, claim);
}
