// Security schemes the catalogue holds as api.auth.schemes (apiKey in a header, query or cookie,
// http bearer/basic/..., oauth2 and openIdConnect as a bearer token), and security requirements as
// alternatives of schemes needed together. Used when one token in one header cannot say what the
// document says (see `needsSchemes`).
import type { RawSecurityScheme } from "../load/raw.js";
import type { NameRegistry } from "./names.js";
import { at, isObject, type DocumentSet, type Place } from "./read.js";
import type { ImportReport } from "./report.js";
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
  } else if (scheme.type === "oauth2" || scheme.type === "openIdConnect") {
    result = { id, type: scheme.type, ...description };
    const detail = scheme.type === "oauth2" ? "flows" : "openIdConnectUrl";
    if (detail in scheme) report.lost(docs.pointer(at(place, detail)), `${detail} of security scheme "${name}" (the catalogue keeps that a bearer token is sent, not how it is obtained)`);
  } else lose(`a ${shortValue(scheme.type)} scheme (the catalogue holds API keys, http and bearer tokens)`);
  if (result && id !== name) report.renamed("security scheme", name, id, pointer);
  return result;
}

/** `[{ a: [], b: [] }, {}]` -> `[[a, b], []]`; alternatives naming a scheme the catalogue does not hold are dropped (reported). */
export function requirementsOf(
  docs: DocumentSet,
  report: ImportReport,
  idOf: ReadonlyMap<string, string>,
  requirements: unknown[],
  where: Place,
): string[][] {
  const result: string[][] = [];
  requirements.forEach((requirement, i) => {
    if (!isObject(requirement)) docs.fail(at(where, i), "a security requirement must be an object");
    const names = Object.keys(requirement);
    const missing = names.filter((name) => !idOf.has(name));
    if (missing.length > 0) {
      report.lost(docs.pointer(at(where, i)), `the requirement ${names.join(" + ") || "{}"}: it names ${missing.join(", ")}, which the catalogue does not hold`);
      return;
    }
    for (const name of names) {
      const scopes = requirement[name];
      if (Array.isArray(scopes) && scopes.length > 0) report.lost(docs.pointer(at(where, i, name)), `scopes ${shortValue(scopes)} (the catalogue has no scopes)`);
    }
    result.push(names.map((name) => idOf.get(name)!));
  });
  return result;
}
