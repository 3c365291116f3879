// Security schemes -> the catalogue's one auth header and its token kinds; security requirements
// (or a vendor extension) -> each operation's accepted token kinds.
import { NameRegistry, tokenKindId } from "./names.js";
import { at, isObject, type DocumentSet, type Place } from "./read.js";
import type { ImportReport } from "./report.js";
import { shortValue } from "./schemas.js";
import type { RawSecurityScheme, RawSecurityScopes } from "../load/raw.js";
import { HEADER_NAME } from "../shared/names.js";
import { allRequirements, catalogueScheme, declaredScopes, needsSchemes, requirementsOf, type HeldRequirement } from "./security-schemes.js";

export interface Auth {
  header: string;
  /** Set when the document needs them (several headers, query or cookie keys, http, AND or optional requirements). */
  schemes?: RawSecurityScheme[];
  /** The document's own requirement, with schemes. */
  security?: string[][];
  /** Its scopes, by catalogue scheme id. */
  securityScopes?: RawSecurityScopes;
  /** The scope names each oauth2 scheme's flows declare, by catalogue scheme id. */
  declaredScopes?: Map<string, Set<string>>;
  /** Catalogue scheme id of each security scheme held, with schemes. */
  schemeIdOf: Map<string, string>;
  tokenKinds: { id: string; description: string }[];
  /** Token kind of each security scheme sent in the auth header. */
  kindOfScheme: Map<string, string>;
  /** Token kind of each value of the token-kinds extension. */
  kindOfValue: Map<string, string>;
}

interface Carrier {
  header?: string;
  /** Why the scheme cannot be carried, or what is lost when it is. */
  note?: string;
}

function carrierOf(scheme: Record<string, unknown>): Carrier {
  const type = scheme.type;
  if (type === "apiKey") {
    if (scheme.in === "header" && typeof scheme.name === "string" && /^[A-Za-z0-9-]+$/.test(scheme.name)) return { header: scheme.name };
    return { note: `an API key in ${String(scheme.in)} ${shortValue(scheme.name)} (the catalogue holds only a token in one header)` };
  }
  if (type === "http") {
    const prefix = typeof scheme.scheme === "string" ? scheme.scheme.charAt(0).toUpperCase() + scheme.scheme.slice(1).toLowerCase() : "";
    return { header: "Authorization", note: `the "${prefix}" prefix of the Authorization header (the catalogue has no header prefix: give the token with its prefix, e.g. "${prefix} <token>")` };
  }
  if (type === "oauth2" || type === "openIdConnect") {
    return { header: "Authorization", note: `the ${String(type)} flows and the "Bearer" prefix (the catalogue holds only the header; give the token as "Bearer <token>")` };
  }
  return { note: `a ${shortValue(type)} scheme (the catalogue holds only a token in one header)` };
}

export function readAuth(
  docs: DocumentSet,
  report: ImportReport,
  options: { tokenKindsExtension?: string; describeScheme?: (scheme: Record<string, unknown>) => Map<string, string> | undefined },
): Auth {
  const root = docs.get(docs.root) as Record<string, unknown>;
  const schemesPlace = at(docs.root, "components", "securitySchemes");
  const declared = docs.get(schemesPlace);
  const schemes = new Map<string, { scheme: Record<string, unknown>; place: Place; carrier: Carrier }>();
  if (isObject(declared)) {
    for (const name of Object.keys(declared)) {
      const { value, place } = docs.deref(at(schemesPlace, name));
      if (!isObject(value)) docs.fail(at(schemesPlace, name), "a security scheme must be an object");
      schemes.set(name, { scheme: value, place, carrier: carrierOf(value) });
    }
  }
  const firstRequired = Array.isArray(root.security) && isObject(root.security[0]) ? Object.keys(root.security[0])[0] : undefined;
  const chosen = (firstRequired && schemes.get(firstRequired)?.carrier.header) ?? [...schemes.values()].find((entry) => entry.carrier.header)?.carrier.header;
  const extensionGiven = options.tokenKindsExtension;
  const schemeMode = needsSchemes(docs, new Map([...schemes].map(([name, entry]) => [name, entry.scheme])), allRequirements(docs, root, METHODS));
  const header = chosen !== undefined && HEADER_NAME.test(chosen) ? chosen : "Authorization";
  if (schemeMode) {
    const auth = schemeAuth(docs, report, root, header, schemes);
    // The token kinds an extension names (catalogen's own export: x-token-kinds) replace one kind per scheme.
    if (extensionGiven !== undefined) Object.assign(auth, extensionKinds(docs, report, root, schemes, new NameRegistry(), extensionGiven, options.describeScheme));
    return auth;
  }
  if (extensionGiven === undefined && schemes.size === 0 && allRequirements(docs, root, METHODS).length === 0) {
    // The document asks for no credentials anywhere: every operation is called without.
    report.derive(docs.pointer(docs.root), "security: [] (the document declares no security schemes and no requirements: no credentials are sent or checked)");
    return { header, tokenKinds: [], kindOfScheme: new Map(), kindOfValue: new Map(), schemes: [], security: [], schemeIdOf: new Map() };
  }
  if (chosen === undefined) {
    report.derive(docs.pointer(schemesPlace), "no security scheme sends a token in a header; the catalogue requires one auth header, so api.auth.header is Authorization");
  }
  const registry = new NameRegistry();
  const tokenKinds: Auth["tokenKinds"] = [];
  const kindOfScheme = new Map<string, string>();
  const kindOfValue = new Map<string, string>();
  const extension = options.tokenKindsExtension;
  for (const [name, { scheme, place, carrier }] of schemes) {
    const pointer = docs.pointer(place);
    if (carrier.header !== header) {
      report.lost(pointer, `security scheme "${name}": ${carrier.header ? `a token in the ${carrier.header} header (the catalogue holds one auth header, ${header})` : carrier.note}`);
      continue;
    }
    if (carrier.note) report.lost(pointer, `security scheme "${name}": ${carrier.note}`);
    if (extension !== undefined) continue; // kinds come from the extension
    const id = registry.claim(tokenKindId(name), tokenKindNames, "-");
    report.renamed("token kind", name, id, pointer);
    const description = typeof scheme.description === "string" && scheme.description.trim() !== "" ? scheme.description : `Security scheme ${name} (${String(scheme.type)})`;
    tokenKinds.push({ id, description });
    kindOfScheme.set(name, id);
  }
  if (extension !== undefined) {
    const kinds = extensionKinds(docs, report, root, schemes, registry, extension, options.describeScheme);
    tokenKinds.push(...kinds.tokenKinds);
    for (const [value, id] of kinds.kindOfValue) kindOfValue.set(value, id);
  }
  return { header, tokenKinds, kindOfScheme, kindOfValue, schemeIdOf: new Map() };
}

/** The token kinds a vendor extension names, on the root (with descriptions) and on operations. */
function extensionKinds(
  docs: DocumentSet,
  report: ImportReport,
  root: Record<string, unknown>,
  schemes: ReadonlyMap<string, { scheme: Record<string, unknown> }>,
  registry: NameRegistry,
  extension: string,
  describeScheme: ((scheme: Record<string, unknown>) => Map<string, string> | undefined) | undefined,
): Pick<Auth, "tokenKinds" | "kindOfValue"> {
  const tokenKinds: Auth["tokenKinds"] = [];
  const kindOfValue = new Map<string, string>();
  const described = new Map<string, string>();
  for (const { scheme } of schemes.values()) for (const [id, text] of describeScheme?.(scheme) ?? []) described.set(id, text);
  const rootValue = root[extension];
  if (Array.isArray(rootValue)) {
    for (const item of rootValue) if (isObject(item) && typeof item.id === "string" && typeof item.description === "string") described.set(item.id, item.description);
  } else if (isObject(rootValue)) {
    for (const [id, text] of Object.entries(rootValue)) if (typeof text === "string") described.set(id, text);
  }
  const values = new Set<string>(described.keys());
  forEachOperation(docs, (operation) => {
    for (const value of extensionValues(operation[extension])) values.add(value);
  });
  for (const value of values) {
    const id = registry.claim(tokenKindId(value), tokenKindNames, "-");
    if (id !== value) report.renamed("token kind", value, id, docs.pointer(docs.root));
    tokenKinds.push({ id, description: described.get(value) ?? `Token kind ${value} (from ${extension})` });
    kindOfValue.set(value, id);
  }
  return { tokenKinds, kindOfValue };
}

/** Every scheme the catalogue can hold, a token kind for each (what the server's identity says). */
function schemeAuth(
  docs: DocumentSet,
  report: ImportReport,
  root: Record<string, unknown>,
  header: string,
  schemes: Map<string, { scheme: Record<string, unknown>; place: Place }>,
): Auth {
  const registry = new NameRegistry();
  const kinds = new NameRegistry();
  const auth: Auth = { header, tokenKinds: [], kindOfScheme: new Map(), kindOfValue: new Map(), schemes: [], schemeIdOf: new Map() };
  for (const [name, { scheme, place }] of schemes) {
    const held = catalogueScheme(docs, report, registry, name, scheme, place);
    if (!held) continue;
    auth.schemes!.push(held);
    auth.schemeIdOf.set(name, held.id);
    const kind = kinds.claim(tokenKindId(name), tokenKindNames, "-");
    report.renamed("token kind", name, kind, docs.pointer(place));
    auth.tokenKinds.push({ id: kind, description: held.description ?? `Security scheme ${name} (${String(scheme.type)})` });
    auth.kindOfScheme.set(name, kind);
  }
  auth.declaredScopes = declaredScopes(auth.schemes!);
  if (Array.isArray(root.security)) {
    const held = requirementsOf(docs, report, auth.schemeIdOf, auth.declaredScopes, root.security, at(docs.root, "security"));
    auth.security = held.security;
    if (held.scopes) auth.securityScopes = held.scopes;
  }
  return auth;
}

/** An operation's own requirement as scheme alternatives, with its scopes (schemes only); undefined: the API's holds. */
export function operationSecurity(docs: DocumentSet, report: ImportReport, auth: Auth, operation: Record<string, unknown>, place: Place): HeldRequirement | undefined {
  if (!auth.schemes || !("security" in operation)) return undefined;
  if (!Array.isArray(operation.security)) docs.fail(at(place, "security"), "security must be a list of requirements");
  return requirementsOf(docs, report, auth.schemeIdOf, auth.declaredScopes ?? new Map(), operation.security, at(place, "security"));
}

/** Token kinds are strings in the generated code, never identifiers: a namespace of their own (`api` stays `api`). */
function tokenKindNames(candidate: string): string[] {
  return [`token-kind:${candidate}`];
}

export function extensionValues(value: unknown): string[] {
  if (typeof value === "string") return value.split(",").map((item) => item.trim()).filter((item) => item !== "");
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return [];
}

function forEachOperation(docs: DocumentSet, visit: (operation: Record<string, unknown>) => void): void {
  const paths = docs.get(at(docs.root, "paths"));
  if (!isObject(paths)) return;
  for (const path of Object.keys(paths)) {
    const item = docs.deref(at(docs.root, "paths", path)).value;
    if (!isObject(item)) continue;
    for (const method of METHODS) if (isObject(item[method])) visit(item[method]);
  }
}

export const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

/** The token kinds of one operation, from its security requirements (or the document's). */
export function operationTokens(
  docs: DocumentSet,
  report: ImportReport,
  auth: Auth,
  operation: Record<string, unknown>,
  place: Place,
  extension: string | undefined,
): string[] | undefined {
  if (extension !== undefined) {
    if (!(extension in operation)) return undefined;
    const kinds = extensionValues(operation[extension]).map((value) => auth.kindOfValue.get(value)!);
    return kinds.length > 0 ? [...new Set(kinds)] : undefined;
  }
  const own = "security" in operation;
  if (auth.schemes) return schemeTokens(auth, own ? operation.security : (docs.get(docs.root) as Record<string, unknown>).security);
  const requirements = own ? operation.security : (docs.get(docs.root) as Record<string, unknown>).security;
  const where = own ? at(place, "security") : at(docs.root, "security");
  if (requirements === undefined) return undefined;
  if (!Array.isArray(requirements)) docs.fail(where, "security must be a list of requirements");
  if (requirements.length === 0) {
    if (own) report.lost(docs.pointer(where), "security: [] (no authentication; the catalogue language cannot say an operation needs no token, so token kinds are left not documented)");
    return undefined;
  }
  const kinds: string[] = [];
  requirements.forEach((requirement, i) => {
    if (!isObject(requirement)) docs.fail(at(where, i), "a security requirement must be an object");
    const names = Object.keys(requirement);
    if (names.length === 0 && own) report.lost(docs.pointer(at(where, i)), "{} (authentication is optional; the catalogue cannot say so)");
    if (names.length > 1 && own) report.lost(docs.pointer(at(where, i)), `${names.join(" + ")} required together (the catalogue holds one token per request)`);
    for (const name of names) {
      const scopes = requirement[name];
      if (Array.isArray(scopes) && scopes.length > 0 && own) report.lost(docs.pointer(at(where, i, name)), `scopes ${shortValue(scopes)} (the catalogue has no scopes)`);
      const kind = auth.kindOfScheme.get(name);
      if (kind !== undefined && !kinds.includes(kind)) kinds.push(kind);
    }
  });
  return kinds.length > 0 ? kinds : undefined;
}

/** With schemes: the token kinds of every scheme the requirement names (its losses are reported by operationSecurity). */
function schemeTokens(auth: Auth, requirements: unknown): string[] | undefined {
  if (!Array.isArray(requirements)) return undefined;
  const kinds = new Set<string>();
  for (const requirement of requirements) if (isObject(requirement)) for (const name of Object.keys(requirement)) {
    const kind = auth.kindOfScheme.get(name);
    if (kind !== undefined) kinds.add(kind);
  }
  return kinds.size > 0 ? [...kinds] : undefined;
}
