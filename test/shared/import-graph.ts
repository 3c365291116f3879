// The import graph of a folder of TypeScript modules, read from their text (static and dynamic
// relative imports, type-only ones included): for the no-circles test.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["'](\.{1,2}\/[^"']+)["']/gm;

/** Module path (relative to `root`) -> the modules it imports. */
export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.ts$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) {
        const text = readFileSync(path, "utf8");
        const targets = [...text.matchAll(IMPORT)].map((match) => relative(root, resolve(dirname(path), (match[1] ?? "").replace(/\.js$/, ".ts"))));
        graph.set(relative(root, path), [...new Set(targets)].sort());
      }
    }
  };
  walk(root);
  return graph;
}

/** Every cycle found by a depth-first walk, each as the modules on it (first repeated at the end). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (module: string): void => {
    state.set(module, "open");
    stack.push(module);
    for (const next of graph.get(module) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(module, "done");
  };
  for (const module of [...graph.keys()].sort()) if (!state.has(module)) visit(module);
  return cycles;
}
