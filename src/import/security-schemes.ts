// Security schemes the catalogue holds as api.auth.schemes (apiKey in a header, query or cookie,
// http bearer/basic/..., oauth2 and openIdConnect as a bearer token), and security requirements as
// alternatives of schemes needed together. Used when one token in one header cannot say what the
// document says (see `needsSchemes`).
import type { RawSecurityScheme, RawSecurityScopes } from "../load/raw.js";
import type { OAuthFlow, OAuthFlows, SecurityScopes } from "../model/types.js";
import type { NameRegistry } from "./names.js";
import { at, isObject, type DocumentSet, type Place } from "./read.js";
import type { ImportReport } from "./report.js";
import { FLOW_URLS, flowScopes } from "../validate/security.js";
import { linkProblem } from "../validate/servers.js";
import { shortValue } from "./schemas.js";

/** RFC 9110 token: a header or cookie name. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const QUERY_NAME = /^[A-Za-z0-9._~!$'()*+,;:@/?-]+$/;
const HEADER_NAME = /^[A-Za-z0-9-]+$/;

/** True when the one-header token model would lose something the document says. */
export function needsSchemes(docs: DocumentSet, schemes: ReadonlyMap<string, Record<string, unknown>>, requirements: unknown[]): boolean {
  const headers = new Set<string>();
  for (const scheme of schemes.values()) {
    if (scheme.type !== "apiKey" || scheme.in !== "header" || typeof scheme.name !== "string" || !HEADER_NAME.test(scheme.name)) return true;
    headers.add(scheme.name.toLowerCase());
  }
  if (headers.size > 1) return true;
  return requirements.some((security) => Array.isArray(security) && (security.length === 0 || security.some((requirement) => isObject(requirement) && Object.keys(requirement).length !== 1)));
}

/** Every `security` list of the document (the root's, then each operation's). */
export function allRequirements(docs: DocumentSet, root: Record<string, unknown>, methods: readonly string[]): unknown[] {
  const lists: unknown[] = [];
  if ("security" in root) lists.push(root.security);
  const paths = docs.get(at(docs.root, "paths"));
  if (!isObject(paths)) return lists;
  for (const path of Object.keys(paths)) {
    const item = docs.deref(at(docs.root, "paths", path)).value;
    if (!isObject(item)) continue;
    for (const method of methods) if (isObject(item[method]) && "security" in item[method]) lists.push(item[method].security);
  }
  return lists;
}

/** A scheme as the catalogue holds it, or undefined (reported) when it cannot be. */
export function catalogueScheme(
  docs: DocumentSet,
  report: ImportReport,
  registry: NameRegistry,
  name: string,
  scheme: Record<string, unknown>,
  place: Place,
): RawSecurityScheme | undefined {
  const pointer = docs.pointer(place);
  const lose = (why: string) => report.lost(pointer, `security scheme "${name}": ${why}`);
  let safe = name.replace(/[^A-Za-z0-9_]/g, "_");
  if (!/^[A-Za-z_]/.test(safe)) safe = `_${safe}`;
  const id = registry.claim(safe, (candidate) => [`scheme:${candidate}`], "_");
  const description = typeof scheme.description === "string" && scheme.description.trim() !== "" ? { description: scheme.description } : {};
  let result: RawSecurityScheme | undefined;
  if (scheme.type === "apiKey") {
    const where = scheme.in;
    if ((where === "header" || where === "cookie" || where === "query") && typeof scheme.name === "string" && (where === "query" ? QUERY_NAME : TOKEN).test(scheme.name)) {
      result = { id, type: "apiKey", in: where, name: scheme.name, ...description };
    } else lose(`an API key in ${shortValue(where)} ${shortValue(scheme.name)} (not a place and name a request can carry as written)`);
  } else if (scheme.type === "http") {
    if (typeof scheme.scheme === "string" && TOKEN.test(scheme.scheme)) result = { id, type: "http", scheme: scheme.scheme.toLowerCase(), ...description };
    else lose(`http scheme ${shortValue(scheme.scheme)} (not an Authorization scheme name)`);
  } else if (scheme.type === "oauth2") {
    const flows = "flows" in scheme ? oauthFlows(docs, report, name, scheme.flows, at(place, "flows")) : undefined;
    result = { id, type: "oauth2", ...(flows !== undefined && { flows }), ...description };
  } else if (scheme.type === "openIdConnect") {
    const url = scheme.openIdConnectUrl;
    const problem = typeof url === "string" ? linkLost(url) : "not a string";
    const held = typeof url === "string" && problem === undefined;
    if ("openIdConnectUrl" in scheme && !held) report.lost(docs.pointer(at(place, "openIdConnectUrl")), `openIdConnectUrl ${shortValue(url)} of security scheme "${name}" (${problem})`);
    result = { id, type: "openIdConnect", ...(held && { openIdConnectUrl: url }), ...description };
  } else lose(`a ${shortValue(scheme.type)} scheme (the catalogue holds API keys, http and bearer tokens)`);
  if (result && id !== name) report.renamed("security scheme", name, id, pointer);
  return result;
}

const SCOPE_NAME_MAX = 1000;
const SCOPE_TEXT_MAX = 100_000;

/** Why an OAuth or OpenID Connect URL cannot be kept, as the report says it; undefined when it can. */
function linkLost(url: string): string | undefined {
  const problem = linkProblem(url);
  return problem === undefined ? undefined : `the URL ${problem}`;
}

/** The flows the catalogue can hold: each with its required URLs, every URL absolute; what is not held is reported. */
function oauthFlows(docs: DocumentSet, report: ImportReport, name: string, value: unknown, place: Place): OAuthFlows | undefined {
  if (!isObject(value)) {
    report.lost(docs.pointer(place), `flows of security scheme "${name}" (not an object)`);
    return undefined;
  }
  const flows: OAuthFlows = {};
  for (const [kind, entry] of Object.entries(value)) {
    const where = at(place, kind);
    const urls = Object.hasOwn(FLOW_URLS, kind) ? FLOW_URLS[kind] : undefined;
    if (urls === undefined || !isObject(entry)) {
      report.lost(docs.pointer(where), `${shortValue(kind)} of the flows of security scheme "${name}" (${urls === undefined ? "not an OAuth flow OpenAPI names" : "not an object"})`);
      continue;
    }
    const flow: OAuthFlow = { scopes: {} };
    let whole = true;
    for (const url of ["authorizationUrl", "tokenUrl", "refreshUrl"] as const) {
      const text = entry[url];
      if (text === undefined) continue;
      const problem = typeof text !== "string" ? "not a string" : !urls.allowed.includes(url) ? `a ${kind} flow has no ${url}` : linkLost(text);
      if (problem === undefined) flow[url] = text as string;
      else report.lost(docs.pointer(at(where, url)), `${url} ${shortValue(text)} of security scheme "${name}" (${problem})`);
    }
    for (const url of urls.required) if (flow[url as "tokenUrl"] === undefined) whole = false;
    if (!whole) {
      report.lost(docs.pointer(where), `the ${kind} flow of security scheme "${name}" (it lacks ${urls.required.join(" and ")} the catalogue can hold)`);
      continue;
    }
    const scopes = entry.scopes;
    if (isObject(scopes)) {
      for (const [scope, text] of Object.entries(scopes)) {
        if (scope === "" || scope.length > SCOPE_NAME_MAX) report.lost(docs.pointer(at(where, "scopes", scope)), `a scope of security scheme "${name}" whose name is ${scope === "" ? "empty" : "longer than 1,000 characters"}`);
        else Object.defineProperty(flow.scopes, scope, { value: typeof text === "string" && text.length <= SCOPE_TEXT_MAX ? text : "", enumerable: true, writable: true, configurable: true });
      }
    } else if (scopes !== undefined) report.lost(docs.pointer(at(where, "scopes")), `scopes of the ${kind} flow of security scheme "${name}" (not an object)`);
    const { scopes: held, ...urlsHeld } = flow;
    flows[kind as keyof OAuthFlows] = { ...urlsHeld, scopes: held };
  }
  return Object.keys(flows).length > 0 ? flows : undefined;
}

/** The scope names each held oauth2 scheme's flows declare, by catalogue scheme id (schemes without flows: any scope). */
export function declaredScopes(schemes: readonly RawSecurityScheme[]): Map<string, Set<string>> {
  const declared = new Map<string, Set<string>>();
  for (const scheme of schemes) if (scheme.flows) declared.set(scheme.id, flowScopes(scheme.flows));
  return declared;
}

export interface HeldRequirement {
  security: string[][];
  /** The scopes each scheme's token needs: one map for every alternative, or one map per alternative where they differ; absent: none named. */
  scopes?: RawSecurityScopes;
}

/**
 * `[{ a: [read], b: [] }, {}]` -> `[[a, b], []]` with scopes `{ a: [read] }`; alternatives naming a
 * scheme the catalogue does not hold are dropped (reported), as is a scope the scheme's flows do not
 * declare. Where alternatives give one scheme different scopes, the scopes are one map per alternative.
 */
export function requirementsOf(
  docs: DocumentSet,
  report: ImportReport,
  idOf: ReadonlyMap<string, string>,
  declared: ReadonlyMap<string, ReadonlySet<string>>,
  requirements: unknown[],
  where: Place,
): HeldRequirement {
  const security: string[][] = [];
  const perAlternative: Map<string, string[]>[] = [];
  requirements.forEach((requirement, i) => {
    if (!isObject(requirement)) docs.fail(at(where, i), "a security requirement must be an object");
    const names = Object.keys(requirement);
    const missing = names.filter((name) => !idOf.has(name));
    if (missing.length > 0) {
      report.lost(docs.pointer(at(where, i)), `the requirement ${names.join(" + ") || "{}"}: it names ${missing.join(", ")}, which the catalogue does not hold`);
      return;
    }
    const scopes = new Map<string, string[]>();
    for (const name of names) {
      const id = idOf.get(name)!;
      const pointer = docs.pointer(at(where, i, name));
      const listed = requirement[name];
      const known = declared.get(id);
      const held: string[] = [];
      for (const scope of Array.isArray(listed) ? listed : []) {
        if (typeof scope !== "string" || scope === "" || scope.length > SCOPE_NAME_MAX) report.lost(pointer, `scope ${shortValue(scope)} (not a scope name)`);
        else if (known !== undefined && !known.has(scope)) report.lost(pointer, `scope ${shortValue(scope)} (the flows of security scheme "${name}" do not declare it)`);
        else if (!held.includes(scope)) held.push(scope);
      }
      scopes.set(id, held);
    }
    security.push(names.map((name) => idOf.get(name)!));
    perAlternative.push(scopes);
  });
  return { security, ...heldScopes(perAlternative) };
}

/** One map when every alternative naming a scheme gives it the same scopes, else one map per alternative; nothing when none has scopes. */
function heldScopes(perAlternative: readonly Map<string, string[]>[]): { scopes?: RawSecurityScopes } {
  if (!perAlternative.some((scopes) => [...scopes.values()].some((names) => names.length > 0))) return {};
  const asMap = (entries: Iterable<[string, string[]]>): SecurityScopes => {
    const map: SecurityScopes = {};
    for (const [id, names] of entries) if (names.length > 0) Object.defineProperty(map, id, { value: names, enumerable: true, writable: true, configurable: true });
    return map;
  };
  const one = new Map<string, string[]>();
  let same = true;
  for (const scopes of perAlternative) {
    for (const [id, names] of scopes) {
      const earlier = one.get(id);
      if (earlier === undefined) one.set(id, names);
      else if (earlier.join(" ") !== names.join(" ")) same = false;
    }
  }
  return { scopes: same ? asMap(one) : perAlternative.map((scopes) => asMap(scopes)) };
}
