// Path matching on a segment trie built once. A request goes to the most specific route that
// accepts its method: at each segment a static match is tried before a parameter, and a parameter
// is tried when the static branch leads nowhere (so `/offers/author` is its own route while
// `/offers/123` still reaches `/offers/{offer_id}`).
import type { HttpMethod, RouteDefinition } from "./types.js";

interface TrieNode {
  statics: Map<string, TrieNode>;
  param: TrieNode | undefined;
  routes: Map<string, RouteDefinition>;
}

export type MatchResult =
  | { kind: "found"; route: RouteDefinition; params: Record<string, string> }
  | { kind: "not-found" }
  | { kind: "method-not-allowed"; allow: string[] }
  /** The route matched but a parameter is not valid percent-encoding. */
  | { kind: "malformed-parameter"; route: RouteDefinition; name: string };

export interface Router {
  match(method: string, pathname: string): MatchResult;
}

function newNode(): TrieNode {
  return { statics: new Map(), param: undefined, routes: new Map() };
}

export function createRouter(routes: readonly RouteDefinition[]): Router {
  const root = newNode();
  for (const route of routes) {
    let node = root;
    for (const segment of route.segments) {
      if (typeof segment === "string") {
        let next = node.statics.get(segment);
        if (!next) node.statics.set(segment, (next = newNode()));
        node = next;
      } else {
        node = node.param ??= newNode();
      }
    }
    const existing = node.routes.get(route.method);
    if (existing) throw new Error(`Routes ${existing.id} and ${route.id} both answer ${route.method} ${route.path}`);
    node.routes.set(route.method, route);
  }
  return { match: (method, pathname) => match(root, method, pathname) };
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

interface Candidate {
  node: TrieNode;
  /** Indexes of the request segments taken by parameters, in order. */
  captured: number[];
}

function match(root: TrieNode, method: string, pathname: string): MatchResult {
  const raw = pathname === "/" ? [] : pathname.slice(1).split("/");
  const decoded = raw.map(safeDecode);
  const candidates: Candidate[] = [];
  collect(root, 0, [], raw, decoded, candidates);

  for (const { node, captured } of candidates) {
    const route = node.routes.get(method as HttpMethod);
    if (!route) continue;
    const params: Record<string, string> = {};
    const names = route.segments.flatMap((segment) => (typeof segment === "string" ? [] : [segment.param]));
    for (const [position, name] of names.entries()) {
      const value = decoded[captured[position] ?? -1];
      if (value === undefined) return { kind: "malformed-parameter", route, name };
      Object.defineProperty(params, name, { value, enumerable: true, writable: true, configurable: true });
    }
    return { kind: "found", route, params };
  }
  if (candidates.length === 0) return { kind: "not-found" };
  const allow = new Set<string>();
  for (const { node } of candidates) for (const routeMethod of node.routes.keys()) allow.add(routeMethod);
  return { kind: "method-not-allowed", allow: [...allow].sort() };
}

/** Depth-first, static before parameter: candidates come out most specific first. */
function collect(
  node: TrieNode,
  index: number,
  captured: number[],
  raw: readonly string[],
  decoded: readonly (string | undefined)[],
  out: Candidate[],
): void {
  if (index === raw.length) {
    if (node.routes.size > 0) out.push({ node, captured: [...captured] });
    return;
  }
  const segment = decoded[index];
  const staticChild = segment === undefined ? undefined : node.statics.get(segment);
  if (staticChild) collect(staticChild, index + 1, captured, raw, decoded, out);
  if (node.param && raw[index] !== "") {
    captured.push(index);
    collect(node.param, index + 1, captured, raw, decoded, out);
    captured.pop();
  }
}
