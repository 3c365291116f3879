// What a run loads. TypeScript (through ts-morph) costs about half a second to load and prettier
// most of a cold generate, so neither may be reachable from a generate, validate or list; prettier
// only through the dynamic import that `format: "prettier"` takes, the ajv compiler only where the
// build's standalone validator is absent, handlebars' compiler only where the build's precompiled
// docs templates are absent. Read from the source's own import statements.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/generate.js";

interface Imports {
  /** Loaded with the module: `import x from`, `export ... from` (type-only ones are erased). */
  eager: string[];
  /** `import("...")`: loaded when that code runs. */
  lazy: string[];
}

function importsOf(file: string): Imports {
  const text = readFileSync(file, "utf8");
  const eager = [...text.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^;]*?\sfrom\s+)?"([^"]+)"/gm)].map((m) => m[1]!);
  const lazy = [...text.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1]!);
  return { eager, lazy };
}

/** Every package reachable from `entry`, with the chain that reaches it; `followLazy` follows import(). */
function packagesReachable(entry: string, followLazy: boolean): Map<string, string> {
  const found = new Map<string, string>();
  const seen = new Set<string>();
  const walk = (file: string, chain: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const { eager, lazy } = importsOf(file);
    for (const specifier of followLazy ? [...eager, ...lazy] : eager) {
      if (specifier.startsWith(".")) {
        const target = join(dirname(file), specifier).replace(/\.js$/, ".ts");
        // Import statements inside the generated code's text name files that do not exist here.
        if (target.endsWith(".ts") && existsSync(target)) walk(target, `${chain} -> ${relative(repoRoot, target)}`);
      } else if (!specifier.startsWith("node:")) {
        const name = specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!;
        if (!found.has(name)) found.set(name, chain);
      }
    }
  };
  walk(join(repoRoot, entry), entry);
  return found;
}

describe("what a run loads", () => {
  it("starting the CLI loads neither TypeScript, prettier, ajv, handlebars nor an emitter", () => {
    const eager = packagesReachable("src/cli/main.ts", false);
    for (const heavy of ["ts-morph", "typescript", "prettier", "ajv", "handlebars"]) expect(eager.get(heavy), heavy).toBeUndefined();
  });

  it("no emitter and nothing a generate, validate or list runs reaches TypeScript", () => {
    for (const [entry, followLazy] of [["src/pipeline.ts", true], ["src/emit/registry.ts", true], ["src/cli/commands.ts", false]] as const) {
      const all = packagesReachable(entry, followLazy);
      expect(all.get("ts-morph"), entry).toBeUndefined();
      expect(all.get("typescript"), entry).toBeUndefined();
    }
  });

  it("the OpenAPI emitter loads no package, the docs emitter only handlebars' runtime", () => {
    expect([...packagesReachable("src/emit/openapi/index.ts", true).keys()]).toEqual([]);
    const docs = packagesReachable("src/emit/docs/index.ts", true);
    expect([...docs.keys()]).toEqual(["handlebars"]);
    expect(docs.get("handlebars")).toMatch(/src\/emit\/docs\/templates\.ts$/);
    // The compiler only where the build's precompiled templates are absent: test/docs/templates.test.ts
    // runs the built layout and checks that it is never loaded.
    const { eager, lazy } = importsOf(join(repoRoot, "src/emit/docs/templates.ts"));
    expect([...eager, ...lazy].filter((specifier) => specifier.startsWith("handlebars"))).toEqual(["handlebars/runtime.js"]);
  });

  it("prettier is reached only through format.ts's dynamic import", () => {
    expect(packagesReachable("src/pipeline.ts", false).get("prettier")).toBeUndefined();
    expect(importsOf(join(repoRoot, "src/write/format.ts")).lazy).toContain("prettier");
  });
});
