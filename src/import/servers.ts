// OpenAPI `servers` (root, path item, operation) -> api.servers and the `servers` lists of modules
// and operations. Server variables are kept with the URL template (the client calls their
// defaults); one without a default, a relative or otherwise unusable URL is reported as lost. The environment comes from `x-environment`, else
// from the description when it names exactly one of ENVIRONMENT_WORDS; otherwise there is none.
// In one list, a second server of the same environment (or a second without one) is reported as
// lost: a catalogue operation calls one server per environment. An `http://` server the list also
// gives as `https://` (AWS-style documents) is left out for it, as derived.
import type { RawModule, RawOperation, RawServer } from "../load/raw.js";
import { defaultServerIds, expandServerUrl, serverUrlNames } from "../model/servers.js";
import type { ServerVariable } from "../model/types.js";
import { SERVER_ID, urlProblem } from "../validate/servers.js";
import { at, isObject, type DocumentSet, type Place } from "./read.js";
import type { ImportReport } from "./report.js";
import { shortValue } from "./schemas.js";

/** The words a server's description may name its environment by (whole words, any case). */
export const ENVIRONMENT_WORDS = ["production", "sandbox", "staging", "development", "test"];

const SERVER_KEYS = new Set(["url", "description", "variables", "x-environment", "x-server-id"]);

export interface ServerOperation {
  /** Tag or first path segment: operations of one group become one module. */
  group: string;
  operation: RawOperation;
  place: Place;
}

export class ServerReader {
  /** api.servers, in the order first met (the root's first). */
  readonly servers: RawServer[] = [];
  /** What operations without servers of their own (or of their path item) use. */
  private rootIds: string[] = [];
  /** catalogen's export: its x-servers hold the catalogue's servers as they were. */
  private readonly dialectServers: boolean;

  constructor(
    private readonly docs: DocumentSet,
    private readonly report: ImportReport,
    dialect: boolean,
  ) {
    const root = docs.get(docs.root) as Record<string, unknown>;
    const declared = root["x-servers"];
    this.dialectServers = dialect && Array.isArray(declared);
    if (this.dialectServers) {
      for (const item of declared as unknown[]) {
        if (!isObject(item) || typeof item.id !== "string" || typeof item.url !== "string") continue;
        this.servers.push({
          id: item.id,
          url: item.url,
          ...(isObject(item.variables) && { variables: item.variables as Record<string, ServerVariable> }),
          ...(typeof item.description === "string" && { description: item.description }),
          ...(typeof item.environment === "string" && { environment: item.environment }),
        });
      }
      this.rootIds = defaultServerIds(this.servers);
    } else if (!dialect) {
      this.rootIds = this.read(at(docs.root, "servers")) ?? [];
    }
  }

  /** Gives each operation (and module, where all its operations agree) the servers it uses, where they are not the API's defaults. */
  assign(operations: readonly ServerOperation[], modules: readonly { module: RawModule; operations: RawOperation[] }[], moduleServers: (group: string) => string[] | undefined): void {
    const wanted = new Map<RawOperation, string[]>();
    const groups = new Map<RawOperation, string>();
    const places = new Map<RawOperation, Place>();
    for (const { group, operation, place } of operations) {
      places.set(operation, place);
      const item = { file: place.file, path: place.path.slice(0, -1) };
      wanted.set(operation, this.read(at(place, "servers")) ?? this.read(at(item, "servers")) ?? this.rootIds);
      groups.set(operation, group);
    }
    if (this.servers.length === 0) return;
    const defaults = key(defaultServerIds(this.servers));
    for (const module of modules) {
      const lists = module.operations.map((operation) => wanted.get(operation) ?? this.rootIds);
      const group = module.operations[0] && groups.get(module.operations[0]);
      const declared = this.dialectServers
        ? group !== undefined ? moduleServers(group)?.filter((id) => this.servers.some((server) => server.id === id)) : undefined
        : lists.length > 0 && lists.every((list) => key(list) === key(lists[0]!)) && key(lists[0]!) !== defaults && lists[0]!.length > 0
          ? lists[0]
          : undefined;
      if (declared !== undefined && declared.length > 0) module.module.servers = [...declared];
      const effective = key(module.module.servers ?? defaultServerIds(this.servers));
      module.operations.forEach((operation, i) => {
        const list = lists[i]!;
        if (list.length > 0 && key(list) !== effective) insertServers(operation, list);
        if (list.length === 0) this.report.derive(this.docs.pointer(places.get(operation)!), `servers: the catalogue's defaults (the document gives this operation no absolute server URL, and a catalogue operation cannot have none)`);
      });
    }
  }

  /** The ids of the servers listed at `place` (added to `servers` when new); undefined when there is no list. */
  private read(place: Place): string[] | undefined {
    const list = this.docs.get(place);
    if (list === undefined) return undefined;
    if (!Array.isArray(list)) {
      this.lost(place, `servers: ${shortValue(list)} (not a list)`);
      return undefined;
    }
    const ids: string[] = [];
    const environments = new Map<string | undefined, string>();
    const plain = this.dialectServers ? new Set<number>() : plainTwins(list);
    list.forEach((item, index) => {
      if (plain.has(index)) {
        const url = (item as { url: string }).url;
        this.report.derive(this.docs.pointer(at(place, index)), `server ${url}: the client calls https${url.slice("http".length)} instead (the list gives this host both ways; https preferred)`);
        return;
      }
      const server = this.dialectServers ? this.known(item) : this.server(item, at(place, index));
      if (!server) return;
      const taken = environments.get(server.environment);
      if (taken !== undefined && taken !== server.id) {
        const which = server.environment === undefined ? "without an environment" : `of environment ${server.environment}`;
        this.lost(at(place, index), `server ${server.url}: a second server ${which} in this list (a catalogue operation calls one server per environment; kept server "${taken}")`);
        return;
      }
      environments.set(server.environment, server.id);
      if (!this.servers.includes(server)) this.servers.push(server);
      if (!ids.includes(server.id)) ids.push(server.id);
    });
    return ids;
  }

  /** In catalogen's export: the declared server an object's x-server-id names. */
  private known(item: unknown): RawServer | undefined {
    return isObject(item) ? this.servers.find((server) => server.id === item["x-server-id"]) : undefined;
  }

  private server(item: unknown, place: Place): RawServer | undefined {
    if (!isObject(item) || typeof item.url !== "string") {
      this.lost(place, `server ${shortValue(item)} (no url)`);
      return undefined;
    }
    for (const name of Object.keys(item)) if (!SERVER_KEYS.has(name)) this.lost(at(place, name), `${name} of a server: ${shortValue(item[name])} (not held by the catalogue)`);
    const variables = this.variables(item.url, item.variables, place);
    if (variables === undefined) return undefined;
    const url = Object.keys(variables).length === 0 ? item.url : expandServerUrl(item.url, variables);
    const problem = urlProblem(url);
    if (problem) {
      this.lost(place, `server ${url}: the URL ${problem} (the catalogue's servers are absolute http(s) URLs)`);
      return undefined;
    }
    const description = typeof item.description === "string" && item.description.trim() !== "" ? item.description : undefined;
    const environment = this.environment(item, description, place);
    const same = this.servers.find((server) => server.url === item.url && server.environment === environment);
    if (same) return same;
    const held = Object.keys(variables).length > 0 ? { variables } : {};
    // Registered by `read` once kept: a server lost from its list is not declared.
    return { id: this.newId(item, url, environment), url: item.url, ...held, ...(description !== undefined && { description }), ...(environment !== undefined && { environment }) };
  }

  /**
   * The variables the URL names, each with its default, its values and description (what else a
   * variable says is reported); undefined (reported) when one has no default.
   */
  private variables(url: string, given: unknown, place: Place): Record<string, ServerVariable> | undefined {
    const names = serverUrlNames(url);
    const values = isObject(given) ? given : {};
    const variables: Record<string, ServerVariable> = {};
    for (const name of names) {
      const variable = values[name];
      if (!isObject(variable) || typeof variable.default !== "string") {
        this.lost(place, `server ${url}: variable {${name}} has no default (the client calls a server's URL with each variable's default)`);
        return undefined;
      }
      const where = at(place, "variables", name);
      const held: ServerVariable = { default: variable.default };
      const allowed = variable.enum;
      if (Array.isArray(allowed) && allowed.length > 0 && allowed.every((value) => typeof value === "string") && allowed.includes(variable.default)) held.enum = [...new Set(allowed as string[])];
      else if (allowed !== undefined) this.lost(at(where, "enum"), `enum ${shortValue(allowed)} of server variable {${name}} (${allowed instanceof Array && allowed.includes(variable.default) ? "not all strings" : "its default is not among them"})`);
      if (typeof variable.description === "string" && variable.description.trim() !== "") held.description = variable.description;
      for (const key of Object.keys(variable)) if (key !== "default" && key !== "enum" && key !== "description") this.lost(at(where, key), `${key} of server variable {${name}} (not held by the catalogue)`);
      Object.defineProperty(variables, name, { value: held, enumerable: true, writable: true, configurable: true });
    }
    for (const name of Object.keys(values)) if (!names.includes(name)) this.lost(at(place, "variables", name), `server variable {${name}} of ${url} (the URL does not name it)`);
    return variables;
  }

  private environment(item: Record<string, unknown>, description: string | undefined, place: Place): string | undefined {
    const declared = item["x-environment"];
    if (typeof declared === "string" && SERVER_ID.test(declared)) return declared;
    if (declared !== undefined) this.lost(at(place, "x-environment"), `x-environment: ${shortValue(declared)} (not a lowercase id)`);
    const named = ENVIRONMENT_WORDS.filter((word) => description !== undefined && new RegExp(`\\b${word}\\b`, "i").test(description));
    if (named.length !== 1) return undefined;
    this.report.derive(this.docs.pointer(place), `environment "${named[0]}" of server ${shortValue(item.url)} from its description`);
    return named[0];
  }

  /** x-server-id, the environment, or the host name, made unique with -2, -3 ... */
  private newId(item: Record<string, unknown>, url: string, environment: string | undefined): string {
    const own = item["x-server-id"];
    const host = new URL(url).hostname.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
    const base = typeof own === "string" && SERVER_ID.test(own) ? own : (environment ?? (/^[a-z]/.test(host) ? host : `server-${host}`));
    let id = base;
    for (let n = 2; this.servers.some((server) => server.id === id); n++) id = `${base}-${n}`;
    return id;
  }

  private lost(place: Place, what: string, kind?: string): void {
    this.report.lost(this.docs.pointer(place), what, kind);
  }
}

/** Sets `servers` on an operation, before its idempotent flag and parameters (the catalogue's key order). */
function insertServers(operation: RawOperation, ids: string[]): void {
  const entries = Object.entries(operation);
  const before = entries.findIndex(([name]) => ["idempotent", "parameters", "request", "responses"].includes(name));
  entries.splice(before === -1 ? entries.length : before, 0, ["servers", [...ids]]);
  for (const name of Object.keys(operation)) delete (operation as unknown as Record<string, unknown>)[name];
  Object.assign(operation, Object.fromEntries(entries));
}

/** The indexes of `http://` servers whose URL the same list also gives as `https://`: they differ only by scheme. */
function plainTwins(list: readonly unknown[]): Set<number> {
  const urls = new Set(list.map((item) => (isObject(item) && typeof item.url === "string" ? item.url.toLowerCase() : undefined)));
  const plain = new Set<number>();
  list.forEach((item, index) => {
    if (!isObject(item) || typeof item.url !== "string" || !/^http:\/\//i.test(item.url)) return;
    if (urls.has(`https://${item.url.slice("http://".length)}`.toLowerCase())) plain.add(index);
  });
  return plain;
}

function key(ids: readonly string[]): string {
  return ids.join(" ");
}
