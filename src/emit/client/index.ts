// The typed client: generated/client/.
//
//   index.ts              public surface (re-exports only)
//   client.ts             createClient, createTransport, the Client interface (one line per module)
//   types/<id>.ts         the named types a module declares
//   types.ts              re-exports types/*.ts
//   modules/<id>.ts       a module's <Module>Operations interface and its operations bound to a transport
//   operations/<id>.ts    one standalone function per operation
//   validate/<id>.ts      runtime guards of a module's types and typed responses (helpers in shared/guard.ts)
//   validate.ts           re-exports validate/*.ts
//   runtime/*.ts          copied from templates/client/ (transport, errors; the features retries, rate limits, response checks)
//   shared/*.ts           copied from templates/shared/ (also shipped to the server: guard helpers, JSON media types)
import type { ApiModel } from "../../model/types.js";
import { sharedTemplateFiles, templateFiles } from "../shared/templates.js";
import { guardName, validatorFiles, validatorIndex, type GuardRoot } from "../shared/validators.js";
import { EmitError, type GeneratedFile } from "../types.js";
import { clientFile } from "./client-file.js";
import { moduleFile, operationsInterfaceName } from "./module-file.js";
import { operationsFile } from "./operations-file.js";
import { argsTypeName, guardRootName, operationConstName, resultShape, CLIENT_RESPONSE_TYPES } from "./signature.js";
import { typesFiles } from "../shared/types-files.js";

/** Names the public surface exports besides the operations; no operation may take one. */
const RUNTIME_EXPORTS = [
  "createClient",
  "createTransport",
  "retries",
  "rateLimits",
  "responseChecks",
  "ApiError",
  "isApiError",
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
  "FetchLike",
  "RequestEvent",
  "ResponseEvent",
  "Transport",
  "Operation",
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
];

export function emitClient(model: ApiModel): GeneratedFile[] {
  checkNames(model);
  const roots = new Map<string, GuardRoot[]>();
  for (const module of model.modules) {
    const guards = module.operations.flatMap((operation) => resultShape(operation).guard ?? []);
    if (guards.length > 0) roots.set(module.id, guards);
  }
  const validators = validatorFiles({ types: model.types, roots, dir: "client/validate", helpersModule: "../shared/guard.js" });
  const files: GeneratedFile[] = [
    ...templateFiles("client"),
    ...sharedTemplateFiles("client"),
    ...typesFiles("client", model.types, CLIENT_RESPONSE_TYPES),
    ...validators,
    { path: "client/validate.ts", content: validatorIndex("client/validate.ts", validators) },
    ...model.modules.map((module) => operationsFile(module, model)),
    ...model.modules.map((module) => moduleFile(module, model)),
    clientFile(model),
    { path: "client/index.ts", content: indexFile(model) },
  ];
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function indexFile(model: ApiModel): string {
  const lines = [
    "// The client's public surface.",
    `export { createClient, createTransport } from "./client.js";`,
    `export type { Client, ClientOptions, ModuleName, TransportOptions } from "./client.js";`,
    `export { retries } from "./runtime/retries.js";`,
    `export { rateLimits } from "./runtime/rate-limits.js";`,
    `export type { RateLimitOptions } from "./runtime/rate-limits.js";`,
    `export { responseChecks } from "./runtime/response-checks.js";`,
    `export type { ResponseCheckOptions } from "./runtime/response-checks.js";`,
    `export type { TransportFeature } from "./runtime/feature.js";`,
    `export { ApiError, isApiError } from "./runtime/errors.js";`,
    `export type { ApiErrorKind, ErrorBody } from "./runtime/errors.js";`,
    `export type { CallOptions, FailureEvent, FetchLike, RequestEvent, ResponseEvent, Transport } from "./runtime/transport.js";`,
    `export type { RetryOptions } from "./runtime/retry.js";`,
    `export type { Clock } from "./runtime/clock.js";`,
    `export type { QueryParams, RawBody, RequestBody } from "./runtime/encoding.js";`,
    `export { MemoryRateLimitStore } from "./shared/memory-rate-limit-store.js";`,
    `export { redisRateLimitStore } from "./shared/redis-rate-limit-store.js";`,
    `export type { RedisClientLike, RedisRateLimitStoreOptions } from "./shared/redis-rate-limit-store.js";`,
    `export type { RateLimitDecision, RateLimitRule, RateLimitStore } from "./shared/rate-limit-store.js";`,
  ];
  if (model.types.length > 0) lines.push(`export type { ${model.types.map((t) => t.name).join(", ")} } from "./types.js";`);
  for (const module of model.modules) lines.push(`export type { ${operationsInterfaceName(module.name)} } from "./modules/${module.id}.js";`);
  for (const module of model.modules) lines.push(`export * from "./operations/${module.id}.js";`);
  return `${lines.join("\n")}\n`;
}

/** Generated identifiers must not collide; the catalogue's validation cannot know ours. */
function checkNames(model: ApiModel): void {
  const taken = new Map<string, string>();
  const claim = (name: string, what: string): void => {
    const before = taken.get(name);
    if (before !== undefined) throw new EmitError(`client: ${what} and ${before} would both be named ${name}; rename one in the catalogue`);
    taken.set(name, what);
  };
  for (const name of RUNTIME_EXPORTS) claim(name, "the runtime");
  for (const named of model.types) {
    claim(named.name, `type ${named.name}`);
    claim(guardName(named.name), `the check of type ${named.name}`);
  }
  for (const module of model.modules) {
    claim(operationsInterfaceName(module.name), `module ${module.id}`);
    for (const operation of module.operations) {
      claim(operation.id, `operation ${operation.id}`);
      claim(argsTypeName(operation), `the arguments of ${operation.id}`);
      claim(operationConstName(operation), `the description of ${operation.id}`);
      claim(guardRootName(operation), `the response check of ${operation.id}`);
    }
  }
}
