// The typed client: generated/client/.
//
//   index.ts              public surface (re-exports only)
//   client.ts             createClient, createTransport, the Client interface
//   types.ts              the catalogue's named types
//   validate.ts           runtime guards of typed responses (helpers in shared/guard.ts)
//   operations/<id>.ts    one standalone function per operation
//   runtime/*.ts          copied from templates/client/ (transport, errors, retry, rate limits...)
//   shared/*.ts           copied from templates/shared/ (also shipped to the server: guard helpers, JSON media types)
import type { ApiModel } from "../../model/types.js";
import { sharedTemplateFiles, templateFiles } from "../shared/templates.js";
import { namedTypeDeclarations } from "../shared/ts-types.js";
import { guardName, validatorModule, type GuardRoot } from "../shared/validators.js";
import { EmitError, type GeneratedFile } from "../types.js";
import { clientFile, operationsInterfaceName } from "./client-file.js";
import { operationsFile } from "./operations-file.js";
import { argsTypeName, CLIENT_RESPONSE_TYPES, guardRootName, operationConstName, resultShape } from "./signature.js";

/** Names the public surface exports besides the operations; no operation may take one. */
const RUNTIME_EXPORTS = [
  "createClient",
  "createTransport",
  "ApiError",
  "isApiError",
  "Client",
  "ClientOptions",
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
];

export function emitClient(model: ApiModel): GeneratedFile[] {
  checkNames(model);
  const roots: GuardRoot[] = [];
  for (const module of model.modules) {
    for (const operation of module.operations) {
      const guard = resultShape(operation).guard;
      if (guard) roots.push(guard);
    }
  }
  const files: GeneratedFile[] = [
    ...templateFiles("client"),
    ...sharedTemplateFiles("client"),
    { path: "client/types.ts", content: model.types.length > 0 ? namedTypeDeclarations(model.types, CLIENT_RESPONSE_TYPES) : "export {};\n" },
    { path: "client/validate.ts", content: validatorModule({ types: model.types, roots, helpersModule: "./shared/guard.js" }) },
    ...model.modules.map((module) => operationsFile(module, model)),
    clientFile(model),
    { path: "client/index.ts", content: indexFile(model) },
  ];
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function indexFile(model: ApiModel): string {
  const lines = [
    "// The client's public surface.",
    `export { createClient, createTransport } from "./client.js";`,
    `export type { Client, ClientOptions, ModuleName, ${model.modules.map((m) => operationsInterfaceName(m.name)).join(", ")} } from "./client.js";`,
    `export { ApiError, isApiError } from "./runtime/errors.js";`,
    `export type { ApiErrorKind, ErrorBody } from "./runtime/errors.js";`,
    `export type { CallOptions, FailureEvent, FetchLike, RequestEvent, ResponseEvent, Transport } from "./runtime/transport.js";`,
    `export type { RetryOptions } from "./runtime/retry.js";`,
    `export type { Clock } from "./runtime/clock.js";`,
    `export type { QueryParams, RawBody, RequestBody } from "./runtime/encoding.js";`,
  ];
  if (model.types.length > 0) lines.push(`export type { ${model.types.map((t) => t.name).join(", ")} } from "./types.js";`);
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
