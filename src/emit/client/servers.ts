// The catalogue's servers in the client: the table of base URLs per environment (data in
// client/client.ts, read by runtime/servers.ts) and the option types that go with it.
import { environments, pickServer } from "../../model/servers.js";
import type { ApiModel } from "../../model/types.js";
import { stringLiteral } from "../../shared/sinks.js";
import { ENVIRONMENT_TYPE } from "../../validate/servers.js";

export { ENVIRONMENT_TYPE };

export interface ClientServers {
  /** The `environment` option's type; undefined: the servers name no environment (no option). */
  environmentType?: string;
  /** The key of the table used without `environment`. */
  defaultEnvironment: string;
  /** `{ production: { api: "...", modules: {...}, operations: {...} }, ... }` as TypeScript. */
  table: string;
}

/** The runtime that picks base URLs (templates/client/servers.ts): copied only when there are servers. */
export const SERVERS_RUNTIME = "client/runtime/servers.ts";

/** Undefined when the catalogue declares no servers. */
export function clientServers(model: ApiModel): ClientServers | undefined {
  const servers = model.servers;
  if (!servers) return undefined;
  const named = environments(servers);
  const keys = named.length > 0 ? named : [""];
  const all = servers.map((server) => server.id);
  const url = (ids: readonly string[], environment: string): string | null => pickServer(servers, ids, environment || undefined)?.url ?? null;
  const rows = keys.map((environment) => `${stringLiteral(environment)}: ${environmentTable(model, all, environment, url)},`);
  return {
    ...(named.length > 0 && { environmentType: named.map(stringLiteral).join(" | ") }),
    defaultEnvironment: keys[0]!,
    table: `{\n${rows.join("\n")}\n}`,
  };
}

/** One environment's base URLs: the API's, then only where a module or operation differs. */
function environmentTable(
  model: ApiModel,
  all: readonly string[],
  environment: string,
  url: (ids: readonly string[], environment: string) => string | null,
): string {
  const api = url(all, environment);
  const modules: string[] = [];
  const operations: string[] = [];
  for (const module of model.modules) {
    const moduleUrl = module.servers ? url(module.servers, environment) : api;
    if (module.servers && moduleUrl !== api) modules.push(`${stringLiteral(module.name)}: ${literal(moduleUrl)}`);
    for (const operation of module.operations) {
      const own = url(operation.servers ?? all, environment);
      if (own !== moduleUrl) operations.push(`${stringLiteral(operation.id)}: ${literal(own)}`);
    }
  }
  const fields = [
    ...(api !== null ? [`api: ${stringLiteral(api)}`] : []),
    ...(modules.length > 0 ? [`modules: { ${modules.join(", ")} }`] : []),
    ...(operations.length > 0 ? [`operations: { ${operations.join(", ")} }`] : []),
  ];
  return `{ ${fields.join(", ")} }`;
}

function literal(url: string | null): string {
  return url === null ? "null" : stringLiteral(url);
}
