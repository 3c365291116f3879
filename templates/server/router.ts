// Path matching on a segment trie built once. A request goes to the most specific route that
// accepts its method: at each segment a static match is tried before a parameter, and a parameter
// is tried when the static branch leads nowhere (so `/offers/author` is its own route while
// `/offers/123` still reaches `/offers/{offer_id}`). A segment with literal text around
// parameters (`{Sid}.json`, `{base}...{head}`) is tried after the static match and before a
// whole-segment parameter. Routes of one path and method that differ by a fixed query
// (`/items?beta=true`) are told apart by the request's query, the one asking most first; so are
// those a `#name=value` fragment tells apart by a query parameter or header (`/#Action=X`).
import type { RouteDefinition, RouteSegment } from "./types.js";

interface TrieNode {
  statics: Map<string, TrieNode>;
  patterns: Pattern[];
  param: TrieNode | undefined;
  /** Per method, most fixed-query and fragment pairs first. */
  routes: Map<string, Endpoint[]>;
}

/** A segment of literal text and parameters, matched as a whole. */
interface Pattern {
  key: string;
  regex: RegExp;
  node: TrieNode;
}

/** A route and the names of its parameters, in path order. */
interface Endpoint {
  route: RouteDefinition;
  names: readonly string[];
}

export type MatchResult =
  /** `params` decoded; `raw` as sent (a styled parameter is split into items before decoding). */
  | { kind: "found"; route: RouteDefinition; params: Record<string, string>; raw: Record<string, string> }
  | { kind: "not-found" }
  | { kind: "method-not-allowed"; allow: string[] }
  /** The route matched but a parameter is not valid percent-encoding. */
  | { kind: "malformed-parameter"; route: RouteDefinition; name: string };

/** A request header's value (several joined by ", "), or null; `name` is lower-case. */
export type HeaderReader = (name: string) => string | null | undefined;

export interface Router {
  /**
   * `search` (the query string, with or without `?`) picks among routes with a fixed query;
   * `search` and `header` among routes a fragment tells apart.
   */
  match(method: string, pathname: string, search?: string, header?: HeaderReader): MatchResult;
}

function newNode(): TrieNode {
  return { statics: new Map(), patterns: [], param: undefined, routes: new Map() };
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A whole segment: each parameter takes at least one character, as few as lets the rest match. */
function patternOf(segment: Extract<RouteSegment, { parts: unknown }>, node: TrieNode, names: string[]): TrieNode {
  const key = segment.parts.map((part) => (typeof part === "string" ? `s${part}` : "p")).join("\u0000");
  let pattern = node.patterns.find((candidate) => candidate.key === key);
  if (!pattern) {
    const source = segment.parts.map((part) => (typeof part === "string" ? escapeRegex(part) : "(.+?)")).join("");
    pattern = { key, regex: new RegExp(`^${source}$`, "d"), node: newNode() };
    node.patterns.push(pattern);
  }
  for (const part of segment.parts) if (typeof part !== "string") names.push(part.param);
  return pattern.node;
}

function requestMatches(route: RouteDefinition, search: URLSearchParams | undefined, header: HeaderReader | undefined): boolean {
  const inQuery = (name: string, value: string) => search !== undefined && search.getAll(name).includes(value);
  if (route.fixedQuery !== undefined && !route.fixedQuery.every(([name, value]) => inQuery(name, value))) return false;
  if (route.fragmentMatch === undefined) return true;
  return route.fragmentMatch.every(([where, name, value]) => (where === "query" ? inQuery(name, value) : header?.(name) === value));
}

/** How many pairs a route asks of a request. */
function asked(route: RouteDefinition): number {
  return (route.fixedQuery?.length ?? 0) + (route.fragmentMatch?.length ?? 0);
}

function sameAsk(a: RouteDefinition, b: RouteDefinition): boolean {
  const text = (route: RouteDefinition) =>
    [...(route.fixedQuery ?? []).map(([name, value]) => `query ${name}=${value}`), ...(route.fragmentMatch ?? []).map(([where, name, value]) => `${where} ${name}=${value}`)].sort().join("&");
  return text(a) === text(b);
}

export function createRouter(routes: readonly RouteDefinition[]): Router {
  const root = newNode();
  for (const route of routes) {
    let node = root;
    const names: string[] = [];
    for (const segment of route.segments) {
      if (typeof segment === "string") {
        let next = node.statics.get(segment);
        if (!next) node.statics.set(segment, (next = newNode()));
        node = next;
      } else if ("parts" in segment) {
        node = patternOf(segment, node, names);
      } else {
        names.push(segment.param);
        node = node.param ??= newNode();
      }
    }
    const endpoints = node.routes.get(route.method) ?? [];
    const existing = endpoints.find((endpoint) => sameAsk(endpoint.route, route));
    // Operations that differ only by a `#fragment` that names nothing they receive share the wire: the first declared answers.
    if (existing && !route.path.includes("#")) throw new Error(`Routes ${existing.route.id} and ${route.id} both answer ${route.method} ${route.path}`);
    if (!existing) endpoints.push({ route, names });
    endpoints.sort((a, b) => asked(b.route) - asked(a.route));
    node.routes.set(route.method, endpoints);
  }
  // Start and end offsets of the segments taken by parameters; matching is synchronous, so one array serves every call.
  const captured: number[] = [];
  return {
    match(method, pathname, search, header) {
      captured.length = 0;
      // Segments are the text between slashes: "/" has none, "/a/" has "a" and "".
      const first = pathname === "/" ? NO_SEGMENT : 1;
      const query = search === undefined || search === "" ? undefined : new URLSearchParams(search);
      const endpoint = find(root, method, pathname, first, captured, query, header);
      if (endpoint) return found(endpoint, pathname, captured);
      const allow = new Set<string>();
      collectMethods(root, pathname, first, allow);
      // The method is there, but only for a query or header this request does not carry.
      if (allow.size === 0 || allow.has(method)) return { kind: "not-found" };
      return { kind: "method-not-allowed", allow: [...allow].sort() };
    },
  };
}

/** Offset of a path with no segment left. */
const NO_SEGMENT = -1;

function safeDecode(segment: string): string | undefined {
  if (!segment.includes("%")) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The end of the segment that starts at `start`, and where the next one starts. */
function segmentEnd(pathname: string, start: number): number {
  const slash = pathname.indexOf("/", start);
  return slash === -1 ? pathname.length : slash;
}

/** Depth-first, static before parameter: the most specific route that has the method. */
function find(
  node: TrieNode,
  method: string,
  pathname: string,
  start: number,
  captured: number[],
  query: URLSearchParams | undefined,
  header: HeaderReader | undefined,
): Endpoint | undefined {
  if (start === NO_SEGMENT) return node.routes.get(method)?.find((endpoint) => requestMatches(endpoint.route, query, header));
  const end = segmentEnd(pathname, start);
  const next = end === pathname.length ? NO_SEGMENT : end + 1;
  const raw = pathname.slice(start, end);
  const decoded = safeDecode(raw);
  const staticChild = decoded === undefined ? undefined : node.statics.get(decoded);
  if (staticChild) {
    const endpoint = find(staticChild, method, pathname, next, captured, query, header);
    if (endpoint) return endpoint;
  }
  for (const pattern of node.patterns) {
    const match = pattern.regex.exec(raw);
    if (!match?.indices) continue;
    const depth = captured.length;
    for (let group = 1; group < match.indices.length; group++) {
      const [from, to] = match.indices[group]!;
      captured.push(start + from, start + to);
    }
    const endpoint = find(pattern.node, method, pathname, next, captured, query, header);
    if (endpoint) return endpoint;
    captured.length = depth;
  }
  if (node.param && raw !== "") {
    captured.push(start, end);
    const endpoint = find(node.param, method, pathname, next, captured, query, header);
    if (endpoint) return endpoint;
    captured.length -= 2;
  }
  return undefined;
}

/** Every method of every route whose shape fits the path (for 405's Allow). */
function collectMethods(node: TrieNode, pathname: string, start: number, allow: Set<string>): void {
  if (start === NO_SEGMENT) {
    for (const method of node.routes.keys()) allow.add(method);
    return;
  }
  const end = segmentEnd(pathname, start);
  const next = end === pathname.length ? NO_SEGMENT : end + 1;
  const raw = pathname.slice(start, end);
  const decoded = safeDecode(raw);
  const staticChild = decoded === undefined ? undefined : node.statics.get(decoded);
  if (staticChild) collectMethods(staticChild, pathname, next, allow);
  for (const pattern of node.patterns) if (pattern.regex.test(raw)) collectMethods(pattern.node, pathname, next, allow);
  if (node.param && raw !== "") collectMethods(node.param, pathname, next, allow);
}

function found(endpoint: Endpoint, pathname: string, captured: readonly number[]): MatchResult {
  const params: Record<string, string> = {};
  const raw: Record<string, string> = {};
  for (let index = 0; index < endpoint.names.length; index++) {
    const name = endpoint.names[index]!;
    const text = pathname.slice(captured[2 * index], captured[2 * index + 1]);
    const value = safeDecode(text);
    if (value === undefined) return { kind: "malformed-parameter", route: endpoint.route, name };
    // A parameter called `__proto__` must stay a plain property.
    for (const [target, item] of [[params, value], [raw, text]] as const) {
      if (name === "__proto__") Object.defineProperty(target, name, { value: item, enumerable: true, writable: true, configurable: true });
      else target[name] = item;
    }
  }
  return { kind: "found", route: endpoint.route, params, raw };
}
