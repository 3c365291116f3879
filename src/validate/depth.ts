// How deep a walk that follows references can go. The emitters, the docs and the mock walk a
// type and the named types it refers to recursively; a chain of thousands of references
// (`T0 -> T1 -> ... -> T8000`) would overflow their stack after validation said yes. So the
// validator bounds it: everything that validates also generates.
//
// The depth of a named type: its own inline nesting, plus the deepest of the types it refers to.
// Types that refer to each other in a cycle (allowed through properties, items and values) count
// together, since a walk may pass through each of them once before it sees one again.
import { MAX_REFERENCE_DEPTH } from "../load/limits.js";
import type { RawType } from "../load/raw.js";
import type { Place, Reporter } from "./reporter.js";

/** A type's own inline nesting (1 for a flat type) and the named types it refers to anywhere inside. */
function shape(type: RawType): { nesting: number; refs: string[] } {
  let nesting = 0;
  const refs: string[] = [];
  const stack: [RawType, number][] = [[type, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== "object") continue;
    nesting = Math.max(nesting, depth);
    if (typeof current.ref === "string") refs.push(current.ref);
    const push = (child: unknown): void => {
      if (child !== null && typeof child === "object") stack.push([child as RawType, depth + 1]);
    };
    push(current.items);
    push(current.values);
    push(current.additionalProperties);
    if (current.properties !== null && typeof current.properties === "object") for (const key in current.properties) push(current.properties[key]);
    if (Array.isArray(current.oneOf)) current.oneOf.forEach(push);
    if (Array.isArray(current.allOf)) current.allOf.forEach(push);
  }
  return { nesting, refs };
}

export function checkTypeDepth(report: Reporter, types: ReadonlyMap<string, { raw: RawType; place: Place }>): void {
  const names = [...types.keys()];
  const index = new Map(names.map((name, i) => [name, i]));
  const shapes = names.map((name) => shape(types.get(name)!.raw));
  const edges = shapes.map((s) => [...new Set(s.refs)].flatMap((ref) => (index.has(ref) ? [index.get(ref)!] : [])));

  // Strongly connected components (Tarjan, with an explicit stack), found in reverse topological
  // order: every component a component refers to is finished before it.
  const order = new Array<number>(names.length).fill(-1);
  const low = new Array<number>(names.length).fill(0);
  const onStack = new Array<boolean>(names.length).fill(false);
  const component = new Array<number>(names.length).fill(-1);
  const componentDepth: number[] = [];
  const members: number[] = [];
  let counter = 0;
  for (let root = 0; root < names.length; root++) {
    if (order[root] !== -1) continue;
    const path: [number, number][] = [[root, 0]];
    order[root] = low[root] = counter++;
    members.push(root);
    onStack[root] = true;
    while (path.length > 0) {
      const frame = path[path.length - 1]!;
      const [node, next] = frame;
      if (next < edges[node]!.length) {
        frame[1] += 1;
        const target = edges[node]![next]!;
        if (order[target] === -1) {
          order[target] = low[target] = counter++;
          members.push(target);
          onStack[target] = true;
          path.push([target, 0]);
        } else if (onStack[target]) low[node] = Math.min(low[node]!, order[target]!);
        continue;
      }
      path.pop();
      if (path.length > 0) {
        const parent = path[path.length - 1]![0];
        low[parent] = Math.min(low[parent]!, low[node]!);
      }
      if (low[node] !== order[node]) continue;
      // `node` roots a component: its members are on top of the stack.
      const id = componentDepth.length;
      const own: number[] = [];
      for (;;) {
        const member = members.pop()!;
        onStack[member] = false;
        component[member] = id;
        own.push(member);
        if (member === node) break;
      }
      let below = 0;
      for (const member of own) for (const target of edges[member]!) if (component[target] !== id) below = Math.max(below, componentDepth[component[target]!]!);
      componentDepth.push(own.reduce((sum, member) => sum + shapes[member]!.nesting, 0) + below);
    }
  }

  // Report where a too-deep chain starts: a type over the limit that no type over the limit refers to.
  const over = names.map((_, i) => componentDepth[component[i]!]! > MAX_REFERENCE_DEPTH);
  const referred = new Array<boolean>(names.length).fill(false);
  edges.forEach((targets, i) => {
    if (over[i]) for (const target of targets) if (component[target] !== component[i]) referred[target] = true;
  });
  const reported = new Set<number>();
  for (let i = 0; i < names.length && reported.size < 10; i++) {
    if (!over[i] || referred[i] || reported.has(component[i]!)) continue;
    reported.add(component[i]!);
    report.error(
      types.get(names[i]!)!.place,
      `type "${names[i]}" nests ${componentDepth[component[i]!]} levels deep through its references (the limit is ${MAX_REFERENCE_DEPTH})`,
      "shorten the chain of references: refer to the innermost type directly where the types between add nothing",
      { key: true },
    );
  }
}
