// No module of src/ or templates/ imports itself through others (issue 27: a house the next
// engineer can read). Type-only and dynamic imports count: they tie the modules just the same.
import { join } from "node:path";
import { expect, test } from "vitest";
import { repoRoot } from "../helpers/generate.js";
import { importCycles, importGraph } from "./import-graph.js";

test.each(["src", "templates"])("no import circle in %s/", (folder) => {
  const cycles = importCycles(importGraph(join(repoRoot, folder))).map((cycle) => cycle.join(" -> "));
  expect(cycles).toEqual([]);
});

test("the walk finds a circle where there is one", () => {
  const graph = new Map([["a.ts", ["b.ts"]], ["b.ts", ["c.ts"]], ["c.ts", ["a.ts"]], ["d.ts", ["a.ts"]]]);
  expect(importCycles(graph)).toEqual([["a.ts", "b.ts", "c.ts", "a.ts"]]);
});
