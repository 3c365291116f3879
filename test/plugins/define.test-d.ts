// Issue 24, item 1: defineTarget's options are typed from their kinds, and a `targets` entry is a
// name or { name, ...options }.
import { expectTypeOf, test } from "vitest";
import { defineTarget, type GenerateOptions, type PlannedFile, type TargetEntry } from "../../src/index.js";
import { defineConfig, type CatalogenConfig, type ProjectConfig } from "../../src/cli/config.js";

test("plan receives the options its kinds say, each optional", () => {
  defineTarget({
    name: "zod",
    options: { mini: "boolean", mode: ["strict", "loose"], prefix: "string", depth: "number", skip: "strings" },
    plan(model, options) {
      expectTypeOf(options).toEqualTypeOf<{ mini?: boolean; mode?: "strict" | "loose"; prefix?: string; depth?: number; skip?: string[] }>();
      // @ts-expect-error: no such option
      void options.mnii;
      return model.modules.map((module): PlannedFile => ({ path: `zod/${module.id}.ts`, module: module.id, content: () => "" }));
    },
  });
  defineTarget({
    name: "bare",
    plan(_model, options) {
      expectTypeOf(options).toEqualTypeOf<{}>();
      return [];
    },
  });
});

test("a plan returns files, now or later; requires is a list of names", () => {
  defineTarget({ name: "later", requires: ["client"], plan: async () => [{ path: "a.ts", content: () => "" }] });
  // @ts-expect-error: a file needs its content function
  defineTarget({ name: "wrong", plan: () => [{ path: "a.ts", content: "" }] });
  // @ts-expect-error: an option kind is one of the known words
  defineTarget({ name: "wrong", options: { mini: "bool" }, plan: () => [] });
});

test("targets entries: a name or { name, ...options }, in the config and in generate()", () => {
  const targets: TargetEntry[] = ["client", { name: "zod", mini: true }];
  expectTypeOf(targets).toMatchTypeOf<NonNullable<GenerateOptions["targets"]>>();
  expectTypeOf(targets).toMatchTypeOf<NonNullable<CatalogenConfig["targets"]>>();
  // @ts-expect-error: an object entry names its target
  const nameless: TargetEntry[] = [{ mini: true }];
  void nameless;
});

test("defineConfig takes one config or a list of projects", () => {
  expectTypeOf(defineConfig([{ catalogue: "a", out: "gen/a" }, { catalogue: "b", out: "gen/b", targets: ["client", { name: "zod", mini: true }], plugins: ["./zod.mjs"] }])).toEqualTypeOf<ProjectConfig[]>();
  expectTypeOf(defineConfig({ projects: [{ catalogue: "a" }] })).toEqualTypeOf<CatalogenConfig>();
  // @ts-expect-error: a project holds no projects
  defineConfig({ projects: [{ projects: [] }] });
  // @ts-expect-error: plugins are paths or package names
  defineConfig({ plugins: [3] });
});
