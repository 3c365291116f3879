// Named types may refer to themselves through an object property, array items or map values
// (a tree, a linked list): such a value is finite and TypeScript names it. A cycle of references
// that passes through none of these (`A = B`, `B = A | string`) describes no value at all; it is
// refused here, where it is declared, so no later stage loops over it.
import type { RawType } from "../load/raw.js";
import { rawKind } from "../model/raw-kind.js";
import type { Place, Reporter } from "./reporter.js";

/** The named types `type` is made of directly: through refs, union variants and allOf parts only. */
function directRefs(type: RawType): string[] {
  const found: string[] = [];
  const stack: RawType[] = [type];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (typeof current.ref === "string") found.push(current.ref);
    else if (rawKind(current) === "union" && Array.isArray(current.oneOf)) stack.push(...current.oneOf);
    else if (Array.isArray(current.allOf)) stack.push(...current.allOf);
  }
  return found;
}

export function checkTypeCycles(report: Reporter, types: ReadonlyMap<string, { raw: RawType; place: Place }>): void {
  const edges = new Map<string, string[]>();
  for (const [name, { raw }] of types) edges.set(name, directRefs(raw).filter((target) => types.has(target)));
  // Depth-first with an explicit stack: 0 unseen, 1 on the current path, 2 done.
  const state = new Map<string, 1 | 2>();
  const reported = new Set<string>();
  for (const start of types.keys()) {
    if (state.has(start)) continue;
    const path: string[] = [start];
    const next: number[] = [0];
    state.set(start, 1);
    while (path.length > 0) {
      const name = path[path.length - 1]!;
      const targets = edges.get(name)!;
      const index = next[next.length - 1]!;
      if (index >= targets.length) {
        state.set(name, 2);
        path.pop();
        next.pop();
        continue;
      }
      next[next.length - 1] = index + 1;
      const target = targets[index]!;
      if (state.get(target) === 1) {
        const cycle = [...path.slice(path.indexOf(target)), target];
        for (const member of new Set(cycle)) {
          if (reported.has(member)) continue;
          reported.add(member);
          const shown = cycle.slice(cycle.indexOf(member)).concat(cycle.slice(1, cycle.indexOf(member) + 1));
          report.error(
            types.get(member)!.place,
            `type "${member}" is only itself: ${shown.join(" -> ")} never reaches a value`,
            "a type may refer to itself only inside an object property, array items or map values",
            { key: true },
          );
        }
      } else if (!state.has(target)) {
        state.set(target, 1);
        path.push(target);
        next.push(0);
      }
    }
  }
}
