// Hosts: which server an operation uses. An operation may use the servers it names, else the ones
// its module names, else every server of the API; of those, the client takes the one of the chosen
// environment, or else the one without an environment (it serves every environment).
import type { RawServer } from "../load/raw.js";
import type { ApiModel, ModuleModel, ServerModel } from "./types.js";

export function serverModels(raw: readonly RawServer[] | undefined): ServerModel[] | undefined {
  return raw?.map(({ id, url, description, environment }) => ({
    id,
    url,
    ...(description !== undefined && { description }),
    ...(environment !== undefined && { environment }),
  }));
}

/** Fills in each operation's `servers` (as declared, its module's, or every API server's ids). */
export function resolveServers(modules: ModuleModel[], servers: readonly ServerModel[] | undefined): void {
  if (servers === undefined) return;
  const all = servers.map((server) => server.id);
  for (const module of modules) {
    for (const operation of module.operations) operation.servers ??= [...(module.servers ?? all)];
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
