// The catalogue's servers on the docs pages: a table on the index, each module's servers, and an
// operation's own where they differ from its module's. Nothing at all when there are none.
import { defaultServerIds, environments, serversOf } from "../../model/servers.js";
import type { ApiModel, ModuleModel, OperationModel, ServerModel } from "../../model/types.js";
import { code, fixed, join, NOT_DOCUMENTED, text, type Md } from "./markdown.js";

export interface ServerRow {
  id: Md;
  url: Md;
  environment: Md;
  description: Md;
}

export interface ServersView {
  rows: ServerRow[];
  /** Whether a server's URL has variables (the page then says which value the client calls). */
  variables: boolean;
  defaults: Md;
  defaultEnvironment: Md | null;
}

export function serversView(model: ApiModel): ServersView | null {
  if (!model.servers) return null;
  const first = environments(model.servers)[0];
  return {
    rows: model.servers.map((server) => ({
      id: code(server.id),
      url: serverUrl(server),
      environment: server.environment === undefined ? fixed("every environment") : text(server.environment),
      description: server.description === undefined ? NOT_DOCUMENTED : text(server.description),
    })),
    variables: model.servers.some((server) => server.variables !== undefined),
    defaults: list(model, defaultServerIds(model.servers)),
    defaultEnvironment: first === undefined ? null : text(first),
  };
}

/** The servers a module's operations use unless they name others. */
export function moduleServers(model: ApiModel, module: ModuleModel): Md | null {
  if (!model.servers) return null;
  return list(model, module.servers ?? defaultServerIds(model.servers));
}

/** An operation's servers, where they are not its module's. */
export function operationServers(model: ApiModel, operation: OperationModel): Md | null {
  if (!model.servers || !operation.servers) return null;
  const module = model.modules.find((candidate) => candidate.id === operation.module);
  const usual = module?.servers ?? defaultServerIds(model.servers);
  return operation.servers.join(" ") === usual.join(" ") ? null : list(model, operation.servers);
}

function list(model: ApiModel, ids: readonly string[]): Md {
  const servers = serversOf(model, ids);
  return join(
    ids.flatMap((id) => servers.find((server) => server.id === id) ?? []).map((server) => fixed(`${code(server.url)} (${where(server)})`)),
    ", ",
  );
}

/** The URL as written; a template with each variable's default, values and description. */
function serverUrl(server: ServerModel): Md {
  if (server.template === undefined || server.variables === undefined) return code(server.url);
  const variables = Object.entries(server.variables).map(([name, variable]) =>
    fixed(
      `${code(`{${name}}`)} ${code(variable.default)} by default` +
        (variable.enum === undefined ? "" : `, one of ${join(variable.enum.map(code), ", ")}`) +
        (variable.description === undefined ? "" : ` (${text(variable.description)})`),
    ),
  );
  return fixed(`${code(server.template)}: ${join(variables, "; ")}`);
}

function where(server: ServerModel): Md {
  return server.environment === undefined ? fixed("every environment") : text(server.environment);
}
