// Hosts: which server an operation uses. An operation may use the servers it names, else the ones
// its module names, else the API's defaults: the first server of each environment in api.servers
// (and the first without one). Of those, the client takes the one of the chosen environment, or
// else the one without an environment (it serves every environment).
import type { RawServer } from "../load/raw.js";
import type { ApiModel, ModuleModel, ServerModel } from "./types.js";
import { withOperations } from "./lazy-operations.js";

export function serverModels(raw: readonly RawServer[] | undefined): ServerModel[] | undefined {
  return raw?.map(({ id, url, variables, description, environment }) => ({
    id,
    url: variables === undefined ? url : expandServerUrl(url, variables),
    ...(variables !== undefined && { template: url, variables: structuredClone(variables) }),
    ...(description !== undefined && { description }),
    ...(environment !== undefined && { environment }),
  }));
}

/** The names a server URL template holds, in order: `https://{region}.x/{v}` -> region, v. */
export function serverUrlNames(url: string): string[] {
  return [...url.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1]!);
}

/** The template with each variable it names replaced by its default (a name not declared stays as written). */
export function expandServerUrl(url: string, variables: Readonly<Record<string, { default: string }>>): string {
  return url.replace(/\{([^{}]*)\}/g, (whole, name: string) => (Object.hasOwn(variables, name) ? variables[name]!.default : whole));
}

/** The ids of the API's default servers: the first of each environment, and the first without one. */
export function defaultServerIds(servers: readonly Pick<ServerModel, "id" | "environment">[]): string[] {
  const seen = new Set<string | undefined>();
  return servers.flatMap((server) => (seen.has(server.environment) ? [] : (seen.add(server.environment), [server.id])));
}

/** Fills in each operation's `servers` (as declared, its module's, or the API's defaults). */
export function resolveServers(modules: ModuleModel[], servers: readonly ServerModel[] | undefined): void {
  if (servers === undefined) return;
  const all = defaultServerIds(servers);
  for (const module of modules) {
    // A kept module's operations: when they are first read (lazy-operations.ts).
    withOperations(module, (operations) => {
      for (const operation of operations) operation.servers ??= [...(module.servers ?? all)];
    });
  }
}

/** The environments the servers name, in catalogue order; the first is the client's default. */
export function environments(servers: readonly ServerModel[] | undefined): string[] {
  return [...new Set((servers ?? []).flatMap((server) => server.environment ?? []))];
}

/** Of the servers `ids` names, the one of `environment`, else the one without an environment. */
export function pickServer(servers: readonly ServerModel[], ids: readonly string[], environment: string | undefined): ServerModel | undefined {
  const named = ids.flatMap((id) => servers.find((server) => server.id === id) ?? []);
  return named.find((server) => environment !== undefined && server.environment === environment) ?? named.find((server) => server.environment === undefined);
}

/** The servers of `ids`, in the API's order. */
export function serversOf(model: Pick<ApiModel, "servers">, ids: readonly string[] | undefined): ServerModel[] {
  return (model.servers ?? []).filter((server) => ids?.includes(server.id));
}
