// Hosts: api.servers (ids, URLs, environments) and the `servers` lists of modules and operations.
// The rule the client relies on: a list names at most one server per environment and at most one
// without an environment, so an environment picks one server. (The API's defaults, for operations
// that name none, are the first server of each environment: they cannot clash.)
import type { YamlPath } from "../load/load.js";
import type { RawServer } from "../load/raw.js";
import { TOKEN_KIND } from "../shared/names.js";
import type { Place, Reporter, SemanticInput } from "./reporter.js";
import { closest } from "../shared/suggest.js";
import { expandServerUrl, serverUrlNames } from "../model/servers.js";

/**
 * The generated client's union of the servers' environments (exported only when they name some;
 * reserved always, in PUBLIC_EXPORT_NAMES).
 */
export const ENVIRONMENT_TYPE = "ServerEnvironment";

/** Server ids and environments: lowercase letters, digits, - and _ (as token kinds). */
export const SERVER_ID = TOKEN_KIND;

export function checkServers(report: Reporter, entries: readonly SemanticInput[]): void {
  const api = entries.find((entry) => entry.raw.api);
  const declared = new Map<string, RawServer>();
  const apiServers = api?.raw.api?.servers ?? [];
  apiServers.forEach((server, index) => {
    const place = (key: string): Place => ({ file: api!.file, path: ["api", "servers", index, key] });
    if (!SERVER_ID.test(server.id)) report.error(place("id"), `server id "${server.id}" is not a safe id`, "use lowercase letters, digits, - and _");
    if (declared.has(server.id)) report.error(place("id"), `server "${server.id}" is declared twice`, "server ids are unique");
    else declared.set(server.id, server);
    if (server.variables !== undefined) checkVariables(report, server, (...rest) => ({ file: api!.file, path: ["api", "servers", index, ...rest] }));
    const url = server.variables === undefined ? server.url : expandServerUrl(server.url, server.variables);
    const problem = urlProblem(url);
    if (problem) {
      const hint = problem === "holds a template variable" ? "declare it under the server's variables, with its default" : "write an absolute http or https URL, e.g. https://api.example.com/v2";
      report.error(place("url"), `server URL "${server.url}" ${problem}`, hint);
    }
    if (server.environment !== undefined && !SERVER_ID.test(server.environment)) {
      report.error(place("environment"), `environment "${server.environment}" is not a safe id`, "use lowercase letters, digits, - and _, e.g. production or sandbox");
    }
  });
  // An api section the schema refused: its server ids are not known, so none is unknown.
  const unknownIds = api !== undefined || !entries.some((entry) => !entry.complete);

  const checkList = (ids: readonly string[], place: (...rest: YamlPath) => Place): void => {
    ids.forEach((id, i) => {
      if (!declared.has(id)) {
        if (!unknownIds) return;
        const guess = closest(id, [...declared.keys()]);
        report.error(place(i), `unknown server "${id}"`, guess ? `did you mean "${guess}"?` : `declare it under api.servers or use one of: ${[...declared.keys()].join(", ") || "(none declared)"}`);
      } else if (ids.indexOf(id) !== i) report.error(place(i), `server "${id}" is listed twice`);
    });
    clash(report, ids.flatMap((id) => declared.get(id) ?? []), place());
  };

  for (const { file, raw } of entries) {
    if (raw.module?.servers) checkList(raw.module.servers, (...rest) => ({ file, path: ["module", "servers", ...rest] }));
    (raw.operations ?? []).forEach((operation, index) => {
      if (operation.servers) checkList(operation.servers, (...rest) => ({ file, path: ["operations", index, "servers", ...rest] }));
    });
  }
}

/** Each variable the URL names is declared, each declared one is named, each default is one of its values. */
function checkVariables(report: Reporter, server: RawServer, place: (...rest: YamlPath) => Place): void {
  const variables = server.variables!;
  const named = serverUrlNames(server.url);
  const declared = Object.keys(variables);
  for (const name of named) {
    if (Object.hasOwn(variables, name)) continue;
    const guess = closest(name, declared);
    report.error(place("url"), `server URL "${server.url}" names {${name}}, which its variables do not declare`, guess ? `did you mean "${guess}"?` : `declare ${name} under the server's variables, with its default`);
  }
  for (const name of declared) {
    const variable = variables[name]!;
    if (!named.includes(name)) report.error(place("variables", name), `server variable "${name}" is not named in the URL "${server.url}"`, `write {${name}} in the URL, or remove the variable`, { key: true });
    if (variable.enum !== undefined && !variable.enum.includes(variable.default)) {
      report.error(place("variables", name, "default"), `the default "${variable.default}" of server variable "${name}" is not one of its values`, `use one of: ${variable.enum.join(", ")}`);
    }
  }
}

/** Reports two servers of one environment (or two without one) among `servers`, once. */
function clash(report: Reporter, servers: readonly RawServer[], place: Place): void {
  const seen = new Map<string, RawServer>();
  for (const server of servers) {
    const key = server.environment ?? "";
    const earlier = seen.get(key);
    if (earlier && earlier.id !== server.id) {
      const which = server.environment === undefined ? "have no environment" : `are both ${server.environment} servers`;
      report.error(
        place,
        `servers "${earlier.id}" and "${server.id}" ${which}: an operation using this list could not tell which to call`,
        "list one server per environment (and at most one without an environment)",
        { key: true },
      );
      return;
    }
    seen.set(key, server);
  }
}

/** Why `url` cannot be a server URL, or undefined when it can. */
export function urlProblem(url: string): string | undefined {
  if (/[{}]/.test(url)) return "holds a template variable";
  const problem = linkProblem(url);
  if (problem !== undefined) return problem;
  const parsed = new URL(url);
  if (parsed.search !== "" || parsed.hash !== "" || /[?#]/.test(url)) return "has a query or fragment; operation paths are appended to it";
  return undefined;
}

/** Why `url` cannot be an absolute http(s) link to follow (an OAuth or OpenID Connect URL), or undefined when it can. */
export function linkProblem(url: string): string | undefined {
  if (/[\s\u0000-\u001f\u007f]/.test(url)) return "holds white space or control characters";
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "is not an absolute URL";
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return `has the scheme ${parsed.protocol.slice(0, -1)}, not http or https`;
  if (parsed.username !== "" || parsed.password !== "") return "holds credentials";
  return undefined;
}
