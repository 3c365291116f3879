// api.auth.schemes and the `security` requirements that name them, with their scopes.
import type { RawApi, RawOperation, RawSecurityScheme, RawSecurityScopes } from "../load/raw.js";
import { PARAM_NAME } from "../shared/names.js";
import { closest } from "../shared/suggest.js";
import type { Place, Reporter } from "./reporter.js";
import type { OAuthFlows } from "../model/types.js";
import { linkProblem } from "./servers.js";

/** What operations' security is checked against: the schemes' ids, the scopes oauth2 flows declare, the API's requirement. */
export interface KnownSchemes {
  ids: ReadonlySet<string>;
  /** Scope names of each oauth2 scheme that declares flows. */
  declaredScopes: ReadonlyMap<string, ReadonlySet<string>>;
  apiSecurity: string[][] | undefined;
}

/** Which URLs each OAuth flow has (OpenAPI's OAuth Flow Object): those it needs, and all it may have. */
export const FLOW_URLS: Readonly<Record<string, { required: readonly string[]; allowed: readonly string[] }>> = {
  implicit: { required: ["authorizationUrl"], allowed: ["authorizationUrl", "refreshUrl"] },
  password: { required: ["tokenUrl"], allowed: ["tokenUrl", "refreshUrl"] },
  clientCredentials: { required: ["tokenUrl"], allowed: ["tokenUrl", "refreshUrl"] },
  authorizationCode: { required: ["authorizationUrl", "tokenUrl"], allowed: ["authorizationUrl", "tokenUrl", "refreshUrl"] },
};

/** RFC 9110 token: what a header or cookie name may be. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A query parameter name the client can send as written. */
const QUERY_NAME = /^[A-Za-z0-9._~!$'()*+,;:@/?-]+$/;

/** Checks the schemes and the API's requirement; returns what operations' security is checked against. */
export function checkSchemes(report: Reporter, api: RawApi, at: (...rest: (string | number)[]) => Place): KnownSchemes {
  const ids = new Set<string>();
  const declaredScopes = new Map<string, Set<string>>();
  (api.auth.schemes ?? []).forEach((scheme, index) => {
    const place = (...rest: (string | number)[]) => at("auth", "schemes", index, ...rest);
    if (!PARAM_NAME.test(scheme.id) || scheme.id === "__proto__") report.error(place("id"), `security scheme id "${scheme.id}" is not a safe name`, "use letters, digits and _, starting with a letter or _ (it is a key of the client's auth option)");
    if (ids.has(scheme.id)) report.error(place("id"), `security scheme "${scheme.id}" is declared twice`);
    ids.add(scheme.id);
    if (scheme.type === "apiKey") {
      if (scheme.in === undefined || scheme.name === undefined) report.error(place(), `apiKey scheme "${scheme.id}" needs in and name`, "e.g. in: header, name: X-Api-Key");
      else if (!(scheme.in === "query" ? QUERY_NAME : TOKEN).test(scheme.name)) report.error(place("name"), `"${scheme.name}" is not a ${scheme.in} name HTTP allows`, scheme.in === "query" ? "use letters, digits and -._~ only" : "use letters, digits and !#$%&'*+.^_`|~-");
      else if (scheme.in === "header" && /^(authorization|cookie|content-type|content-length|host)$/i.test(scheme.name) && scheme.name.toLowerCase() !== "authorization") report.error(place("name"), `header "${scheme.name}" cannot carry a key`, "HTTP or fetch sets it itself");
    } else {
      if (scheme.in !== undefined || scheme.name !== undefined) report.error(place(), `only apiKey schemes have in and name (scheme "${scheme.id}" is ${scheme.type})`);
      if (scheme.type === "http" && (scheme.scheme === undefined || !TOKEN.test(scheme.scheme))) report.error(place("scheme"), `http scheme "${scheme.id}" needs its Authorization scheme`, "e.g. scheme: bearer or scheme: basic");
      if (scheme.type !== "http" && scheme.scheme !== undefined) report.error(place("scheme"), `only http schemes have scheme (scheme "${scheme.id}" is ${scheme.type})`);
    }
    checkHowObtained(report, scheme, place, declaredScopes);
  });
  const known: KnownSchemes = { ids, declaredScopes, apiSecurity: api.auth.security };
  if (api.auth.security) checkSecurity(report, api.auth.security, ids, (...rest) => at("auth", "security", ...rest));
  if (api.auth.securityScopes) {
    if (api.auth.security === undefined) report.error(at("auth", "securityScopes"), "securityScopes needs the security it is for", "add api.auth.security, or move the scopes to the operations that name their security");
    else checkScopes(report, api.auth.securityScopes, api.auth.security, known, (...rest) => at("auth", "securityScopes", ...rest));
  }
  return known;
}

/** oauth2 flows and an openIdConnect URL: only on their own type, each flow with the URLs it has. */
function checkHowObtained(report: Reporter, scheme: RawSecurityScheme, place: (...rest: (string | number)[]) => Place, declaredScopes: Map<string, Set<string>>): void {
  if (scheme.openIdConnectUrl !== undefined) {
    if (scheme.type !== "openIdConnect") report.error(place("openIdConnectUrl"), `only openIdConnect schemes have openIdConnectUrl (scheme "${scheme.id}" is ${scheme.type})`);
    else checkUrl(report, scheme.openIdConnectUrl, place("openIdConnectUrl"));
  }
  if (scheme.flows === undefined) return;
  if (scheme.type !== "oauth2") {
    report.error(place("flows"), `only oauth2 schemes have flows (scheme "${scheme.id}" is ${scheme.type})`);
    return;
  }
  for (const [kind, flow] of Object.entries(scheme.flows)) {
    const urls = FLOW_URLS[kind]!;
    for (const name of urls.required) if (flow[name as "tokenUrl"] === undefined) report.error(place("flows", kind), `the ${kind} flow of scheme "${scheme.id}" needs ${name}`, `add ${name}: https://...`);
    for (const name of ["authorizationUrl", "tokenUrl", "refreshUrl"] as const) {
      const url = flow[name];
      if (url === undefined) continue;
      if (!urls.allowed.includes(name)) report.error(place("flows", kind, name), `the ${kind} flow has no ${name}`, `an ${kind} flow has ${urls.allowed.join(" and ")}`);
      else checkUrl(report, url, place("flows", kind, name));
    }
  }
  declaredScopes.set(scheme.id, flowScopes(scheme.flows));
}

/** The scope names an oauth2 scheme's flows declare, all flows together. */
export function flowScopes(flows: OAuthFlows): Set<string> {
  return new Set(Object.values(flows).flatMap((flow) => Object.keys(flow.scopes)));
}

function checkUrl(report: Reporter, url: string, place: Place): void {
  const problem = linkProblem(url);
  if (problem !== undefined) report.error(place, `URL "${url}" ${problem}`, "write an absolute http or https URL, e.g. https://auth.example.com/oauth/token");
}

/**
 * A map's keys: schemes of the requirement; a list: one map per alternative, each key a scheme of
 * its alternative. Each oauth2 scope one its scheme's flows declare (when it declares flows).
 */
function checkScopes(report: Reporter, scopes: RawSecurityScopes, security: readonly (readonly string[])[], known: KnownSchemes, place: (...rest: (string | number)[]) => Place): void {
  if (!Array.isArray(scopes)) {
    checkScopeMap(report, scopes, [...new Set(security.flat())], known, place);
    return;
  }
  if (scopes.length !== security.length) {
    report.error(place(), `securityScopes lists ${scopes.length} ${scopes.length === 1 ? "map" : "maps"}, but its security has ${security.length} ${security.length === 1 ? "alternative" : "alternatives"}`, "give one map per alternative ({} for one without scopes), or one map for them all");
  }
  scopes.forEach((map, i) => {
    if (i < security.length) checkScopeMap(report, map, [...security[i]!], known, (...rest) => place(i, ...rest));
  });
}

function checkScopeMap(report: Reporter, scopes: Record<string, string[]>, named: readonly string[], known: KnownSchemes, place: (...rest: (string | number)[]) => Place): void {
  for (const [id, names] of Object.entries(scopes)) {
    if (!named.includes(id)) {
      const near = closest(id, named);
      report.error(place(id), `securityScopes names "${id}", which ${known.ids.has(id) ? "this security does not use" : "is not a security scheme"}`, near ? `did you mean "${near}"?` : named.length > 0 ? `use one of: ${named.join(", ")}` : "remove it: this security names no scheme");
      continue;
    }
    const declared = known.declaredScopes.get(id);
    if (declared === undefined) continue;
    names.forEach((name, i) => {
      if (declared.has(name)) return;
      const near = closest(name, [...declared]);
      report.error(place(id, i), `scope "${name}" is not one the flows of scheme "${id}" declare`, near ? `did you mean "${near}"?` : `declare it under the scopes of a flow of "${id}"${declared.size > 0 ? `, or use one of: ${[...declared].join(", ")}` : ""}`);
    });
  }
}

export function checkSecurity(report: Reporter, security: string[][], ids: ReadonlySet<string>, place: (...rest: (string | number)[]) => Place): void {
  if (ids.size === 0 && security.some((alternative) => alternative.length > 0)) {
    report.error(place(), "security names schemes, but api.auth declares none", "declare them under api.auth.schemes, or remove security");
    return;
  }
  security.forEach((alternative, i) =>
    alternative.forEach((id, j) => {
      if (!ids.has(id)) report.error(place(i, j), `unknown security scheme "${id}"`, `declare it under api.auth.schemes or use one of: ${[...ids].join(", ")}`);
      else if (alternative.indexOf(id) !== j) report.error(place(i, j), `security scheme "${id}" is listed twice in one requirement`);
    }),
  );
}

export function checkOperationSecurity(report: Reporter, operation: RawOperation, known: KnownSchemes, place: (...rest: (string | number)[]) => Place): void {
  if (operation.security) checkSecurity(report, operation.security, known.ids, (...rest) => place("security", ...rest));
  if (operation.securityScopes === undefined) return;
  const security = operation.security ?? known.apiSecurity;
  if (security === undefined) report.error(place("securityScopes"), "securityScopes needs the security it is for", "add the operation's security, or api.auth.security");
  else checkScopes(report, operation.securityScopes, security, known, (...rest) => place("securityScopes", ...rest));
}
