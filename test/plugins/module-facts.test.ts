// Issue 45: a target says what its per-module facts are (context.moduleFacts: a name and a plain
// function of a module) and the door that runs targets (src/emit/targets.ts planTarget) keeps them
// by module key; no emitter asks the reuse layer itself. A plugin uses the same facility: after an
// edit only the changed module's facts are worked out, a kept module's operations are not read, and
// the output is a cold run's; facts kept for other plugin code are not taken.
import { cp, readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../src/pipeline.js";
import { defineTarget, TargetError, type AnyTarget } from "../../src/emit/define.js";
import { markdownText } from "../../src/shared/sinks.js";
import { freshDir, repoCatalogue, repoRoot } from "../helpers/generate.js";
import { filesOf, restoreCacheDirAfterEach } from "../helpers/output-tree.js";

restoreCacheDirAfterEach();

/** A joining file made from each module's number of operations, a fact kept by module key. */
const routeCount = defineTarget({
  name: "route-count",
  plan: (model, _options, context) => {
    const counts = context.moduleFacts("route-count", (module) => module.operations.length);
    return [{ path: "route-count.md", content: () => model.modules.map((module) => `- ${markdownText(module.title)}: ${counts.of(module)}\n`).join("") }];
  },
});

/** The same target and facts name, other code (its plan's text is what a generate hashes of a target given in code). */
const doubledCount = defineTarget({
  name: "route-count",
  plan: (model, _options, context) => {
    const counts = context.moduleFacts("route-count", (module) => module.operations.length * 2);
    return [{ path: "route-count.md", content: () => model.modules.map((module) => `- ${markdownText(module.title)}: ${counts.of(module)}\n`).join("") }];
  },
});

describe("a plugin's module facts", () => {
  let base: string;
  let catalogue: string;
  let cache: string;
  const options = (target: AnyTarget, out = join(base, "out")) => ({ catalogue, out, targets: ["client", "route-count"], plugins: [target] });

  /** `target`'s output from a cold run (no cache) of the same catalogue. */
  async function cold(target: AnyTarget, what: string): Promise<Map<string, string>> {
    process.env.CATALOGEN_CACHE_DIR = "off";
    const out = join(base, `cold-${what}`);
    await generate(options(target, out));
    process.env.CATALOGEN_CACHE_DIR = cache;
    return filesOf(out);
  }

  beforeAll(async () => {
    base = await freshDir("plugin-facts");
    catalogue = join(base, "catalogue");
    cache = join(base, "cache");
    await cp(repoCatalogue, catalogue, { recursive: true });
    process.env.CATALOGEN_CACHE_DIR = cache;
    const first = await generate(options(routeCount));
    expect(first.report.freshFacts["route-count"]).toHaveLength(10);
  });

  it("are worked out afresh only for the module an edit changed, without reading the others' operations", async () => {
    process.env.CATALOGEN_CACHE_DIR = cache;
    const file = join(catalogue, "items.yaml");
    await writeFile(file, (await readFile(file, "utf8")).replace(/^(\s*summary: .*)$/m, "$1 (edited)"));
    const run = await generate(options(routeCount));
    expect(run.report.freshFacts["route-count"]).toEqual(["items"]);
    expect(run.report.parsedLazily).toEqual([]);
    expect(await filesOf(join(base, "out"))).toEqual(await cold(routeCount, "edit"));
  });

  it("are not taken from a run of other plugin code: its facts may differ", async () => {
    process.env.CATALOGEN_CACHE_DIR = cache;
    const run = await generate(options(doubledCount));
    expect(run.report.freshFacts["route-count"]).toHaveLength(10);
    const out = await filesOf(join(base, "out"));
    expect(out).toEqual(await cold(doubledCount, "other-code"));
    // Below the header, a line per module: its count doubled.
    const counts = out.get("route-count.md")!.split("\n").filter((line) => line.startsWith("- ")).map((line) => Number(line.slice(line.lastIndexOf(" ") + 1)));
    expect(counts).toHaveLength(10);
    expect(counts.every((count) => count % 2 === 0) && counts.some((count) => count > 0), String(counts)).toBe(true);
  });

  it("are named by their target: another target's name is refused, writing nothing", async () => {
    process.env.CATALOGEN_CACHE_DIR = cache;
    const before = await filesOf(join(base, "out"));
    const borrower = defineTarget({ name: "route-count", plan: (model, _options, context) => [{ path: "route-count.md", content: () => `${context.moduleFacts("client", () => 1).of(model.modules[0]!)}\n` }] });
    const failed = generate(options(borrower));
    await expect(failed).rejects.toThrow(TargetError);
    await expect(failed).rejects.toThrow(`target "route-count": module facts named "client"; name them "route-count" or "route-count-" and a variant`);
    expect(await filesOf(join(base, "out"))).toEqual(before);
  });
});

it("no module of src/emit/ but the door that runs targets imports the reuse layer", async () => {
  const emit = join(repoRoot, "src/emit");
  const importers: string[] = [];
  for (const name of await readdir(emit, { recursive: true })) {
    if (!name.endsWith(".ts")) continue;
    const text = await readFile(join(emit, name), "utf8");
    if (/(?:from|import)\s*\(?\s*["'](?:\.\.?\/)+reuse\//.test(text)) importers.push(relative(repoRoot, join(emit, name)));
  }
  expect(importers).toEqual(["src/emit/targets.ts"]);
});
