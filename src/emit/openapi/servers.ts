// The catalogue's servers in the OpenAPI document: the API's defaults as the root `servers`, and
// an operation's own where they differ (on its path item when every method there shares them).
// Marked for `catalogen import`: each server object carries `x-server-id` (and `x-environment`),
// the root `x-servers` lists every server in catalogue order, a tag `x-servers` a module's ids.
import { defaultServerIds, serversOf } from "../../model/servers.js";
import type { ApiModel, OperationModel, ServerModel, ServerVariable } from "../../model/types.js";
import { commonMark, type Schema } from "./schema.js";

/** Undefined when the catalogue declares no servers (the document then has its placeholder). */
export function rootServers(model: ApiModel): Schema[] | undefined {
  return model.servers && serverObjects(model, defaultServerIds(model.servers));
}

/** `x-servers` of the root: every server, as the catalogue declares them. */
export function serverList(model: ApiModel): Schema[] | undefined {
  // As written in the catalogue (the descriptions unescaped), like the other x- fields.
  return model.servers?.map(({ id, url, template, variables, description, environment }) => ({
    id,
    url: template ?? url,
    ...(variables !== undefined && { variables: structuredClone(variables) }),
    ...(description !== undefined && { description }),
    ...(environment !== undefined && { environment }),
  }));
}

export type ServerPlaces = Map<OperationModel, { on: "item" | "operation"; servers: Schema[] }>;

/**
 * The operations whose servers are not the API's defaults, and where those go: on the path item
 * when every method there shares them, else on the operation.
 */
export function operationServerPlaces(model: ApiModel): ServerPlaces {
  const places: ServerPlaces = new Map();
  if (!model.servers) return places;
  const defaults = key(defaultServerIds(model.servers));
  const byPath = new Map<string, string[][]>();
  for (const module of model.modules) {
    for (const operation of module.operations) {
      const list = byPath.get(operation.path) ?? [];
      list.push(operation.servers ?? []);
      byPath.set(operation.path, list);
    }
  }
  for (const module of model.modules) {
    for (const operation of module.operations) {
      const ids = operation.servers ?? [];
      if (key(ids) === defaults) continue;
      const shared = byPath.get(operation.path)!.every((other) => key(other) === key(ids));
      places.set(operation, { on: shared ? "item" : "operation", servers: serverObjects(model, ids) });
    }
  }
  return places;
}

function serverObjects(model: ApiModel, ids: readonly string[]): Schema[] {
  const servers = serversOf(model, ids);
  return ids.flatMap((id) => servers.find((server) => server.id === id) ?? []).map((server) => ({ ...serverObject(server), "x-server-id": server.id }));
}

function serverObject(server: ServerModel): Schema {
  return {
    url: server.template ?? server.url,
    ...(server.variables !== undefined && { variables: variablesObject(server.variables) }),
    ...(server.description !== undefined && { description: commonMark(server.description) }),
    ...(server.environment !== undefined && { "x-environment": server.environment }),
  };
}

function variablesObject(variables: Record<string, ServerVariable>): Schema {
  const result: Schema = {};
  for (const [name, variable] of Object.entries(variables)) {
    const object = {
      ...(variable.enum !== undefined && { enum: [...variable.enum] }),
      default: variable.default,
      ...(variable.description !== undefined && { description: commonMark(variable.description) }),
    };
    Object.defineProperty(result, name, { value: object, enumerable: true, writable: true, configurable: true });
  }
  return result;
}

function key(ids: readonly string[]): string {
  return ids.join(" ");
}
