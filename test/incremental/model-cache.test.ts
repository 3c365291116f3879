// The checked model kept per catalogue file (src/reuse/kept-model.ts, src/reuse/records.ts's
// ModelCache): a regenerate checks and models again only the files that changed. It must give
// what a full check gives: the same model and output byte for byte, and every diagnostic, with
// the same file:line:col, also for rules that span files, after a cached run.
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { importOpenApi, writeCatalogue as writeImported } from "../../src/import/index.js";
import { generate, loadModel } from "../../src/pipeline.js";
import { CatalogueError } from "../../src/shared/diagnostic.js";
import { freshDir, repoRoot } from "../helpers/generate.js";
import { filesOf, restoreCacheDirAfterEach } from "../helpers/output-tree.js";

restoreCacheDirAfterEach();

const MODULES = 5;
type Data = Record<string, unknown> & { operations: Record<string, unknown>[]; types: Record<string, unknown> };

function moduleData(m: number): Data {
  const other = (m + 1) % MODULES;
  return {
    module: { id: `part_${m}`, title: `Part ${m}`, area: `Things of part ${m}` },
    types: {
      [`Part${m}Item`]: { type: "object", properties: { id: { type: "integer", required: true }, next: { ref: `Part${other}Item` } } },
      [`Part${m}State`]: { type: "string", enum: ["open", "shut"] },
    },
    operations: [0, 1, 2].map((n) => operation(m, n)),
  };
}

function operation(m: number, n: number, id = `part${m}Op${n}`): Record<string, unknown> {
  return {
    id,
    method: n % 2 === 0 ? "GET" : "POST",
    path: `/part${m}/things/${n}/{code}`,
    summary: `Operation ${n} of part ${m}`,
    tokens: ["personal"],
    parameters: [
      { name: "code", in: "path", required: true, schema: { ref: `Part${(m + 2) % MODULES}State` } },
      { name: "page", in: "query", schema: { type: "integer" } },
    ],
    request: n % 2 === 0 ? "none" : { content: { "application/json": { schema: { ref: `Part${m}Item` } } } },
    responses: { "200": { description: "The thing", content: { "application/json": { schema: { ref: `Part${(m + 1) % MODULES}Item` } } } } },
  };
}

const api = { api: { title: "Kept model API", auth: { header: "Authorization", tokenKinds: [{ id: "personal", description: "Personal token" }] } } };

async function writeCatalogue(dir: string, modules: Data[]): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "api.yaml"), stringify(api));
  for (const data of modules) await writeFile(join(dir, `${(data.module as { id: string }).id}.yaml`), stringify(data, { lineWidth: 0 }));
}

/** What loading gives: the model, or the diagnostics and message of the refusal. */
async function outcome(dir: string): Promise<unknown> {
  try {
    return { model: JSON.stringify(await loadModel(dir)) };
  } catch (error) {
    if (error instanceof CatalogueError) return { message: error.message, diagnostics: error.diagnostics };
    throw error;
  }
}

/** The kept parts (file name -> modification time). */
async function parts(cache: string): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const entry of await readdir(cache, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && path.includes(`${join("model", "")}`) && path.includes(join("parts", ""))) found.set(path, (await stat(path)).mtimeMs);
  }
  return found;
}

describe("the checked model kept per file", () => {
  let base: string;
  beforeAll(async () => {
    base = await freshDir("model-cache");
  });

  it("writes byte for byte what a cold generate writes, after each of several edits", async () => {
    const catalogue = join(base, "edits");
    const out = join(base, "edits-out");
    const cache = join(base, "edits-cache");
    const modules = Array.from({ length: MODULES }, (_, m) => moduleData(m));
    const edits: [string, () => void][] = [
      ["a summary", () => (modules[1]!.operations[0]!.summary = "Edited")],
      ["an added operation", () => modules[2]!.operations.push(operation(2, 7))],
      ["a removed operation", () => modules[3]!.operations.splice(1, 1)],
      ["a type's field", () => ((modules[0]!.types.Part0Item as { properties: Record<string, unknown> }).properties.label = { type: "string" })],
      ["a retargeted reference", () => ((modules[4]!.operations[2]!.responses as Record<string, unknown>)["200"] = { description: "Now a state", content: { "application/json": { schema: { ref: "Part1State" } } } })],
      ["two files at once", () => ((modules[0]!.operations[1]!.summary = "Again"), (modules[4]!.operations[0]!.description = "More words"))],
      ["a module file added", () => modules.push({ ...moduleData(0), module: { id: "part_extra", title: "Extra", area: "More" }, types: {}, operations: [operation(9, 0, "extraOp")] })],
      ["a module file removed", () => modules.splice(5, 1)],
    ];
    await writeCatalogue(catalogue, modules);
    process.env.CATALOGEN_CACHE_DIR = cache;
    await generate({ catalogue, out });
    for (const [what, change] of edits) {
      change();
      await writeCatalogue(catalogue, modules);
      process.env.CATALOGEN_CACHE_DIR = cache;
      await generate({ catalogue, out });
      const cold = join(base, "edits-cold");
      await rm(cold, { recursive: true, force: true });
      process.env.CATALOGEN_CACHE_DIR = "off";
      await generate({ catalogue, out: cold });
      const [got, want] = [await filesOf(out), await filesOf(cold)];
      expect([...got.keys()].sort(), what).toEqual([...want.keys()].sort());
      for (const [path, text] of want) expect(got.get(path), `${path} after ${what}`).toBe(text);
    }
    // One part per catalogue file: the removed file's is gone.
    expect((await parts(cache)).size).toBe(modules.length + 1);
  }, 60_000);

  it("checks and models again only the changed file", async () => {
    const catalogue = join(base, "one");
    const cache = join(base, "one-cache");
    const modules = Array.from({ length: MODULES }, (_, m) => moduleData(m));
    await writeCatalogue(catalogue, modules);
    process.env.CATALOGEN_CACHE_DIR = cache;
    const first = await outcome(catalogue);
    const kept = await parts(cache);
    expect(kept.size).toBe(MODULES + 1); // the api file's too
    modules[2]!.operations[0]!.summary = "Only this";
    await writeFile(join(catalogue, "part_2.yaml"), stringify(modules[2], { lineWidth: 0 }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await outcome(catalogue);
    const after = await parts(cache);
    const rewritten = [...after].filter(([path, time]) => kept.get(path) !== time);
    expect(rewritten).toHaveLength(1);
    expect(second).not.toEqual(first);
    process.env.CATALOGEN_CACHE_DIR = "off";
    expect(second).toEqual(await outcome(catalogue));
  });

  it("a new build of catalogen does not read what an older one kept", async () => {
    const catalogue = join(base, "build");
    const cache = join(base, "build-cache");
    await writeCatalogue(catalogue, Array.from({ length: MODULES }, (_, m) => moduleData(m)));
    process.env.CATALOGEN_CACHE_DIR = cache;
    await outcome(catalogue);
    const [index] = (await readdir(join(cache, "model"), { recursive: true })).filter((name) => name.endsWith("index.json"));
    const path = join(cache, "model", index!);
    const text = await readFile(path, "utf8");
    await writeFile(path, text.replace(/"code":"[0-9a-f]+"/, `"code":"${"0".repeat(64)}"`));
    const kept = await parts(cache);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await outcome(catalogue);
    const after = await parts(cache);
    expect([...after].filter(([file, time]) => kept.get(file) !== time)).toHaveLength(MODULES + 1);
    expect(await readFile(path, "utf8")).toBe(text);
  });

  it("a generate right after import takes the model the import checked", async () => {
    const catalogue = join(base, "imported");
    const cache = join(base, "imported-cache");
    process.env.CATALOGEN_CACHE_DIR = cache;
    const { catalogue: imported } = importOpenApi(join(repoRoot, "test/import/fixtures/shop.yaml"));
    const { files } = await writeImported(imported, catalogue);
    const kept = await parts(cache);
    expect(kept.size).toBe(files.length);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const cached = await outcome(catalogue);
    const after = await parts(cache);
    expect([...after].filter(([file, time]) => kept.get(file) !== time)).toEqual([]);
    process.env.CATALOGEN_CACHE_DIR = "off";
    expect(cached).toEqual(await outcome(catalogue));
  });

  // Each edit breaks a rule that spans files in a file that changed, or makes an unchanged file wrong.
  const broken: [string, (modules: Data[]) => void, RegExp][] = [
    ["an operation id used in another module", (modules) => modules[3]!.operations.push(operation(3, 5, "part0Op1")), /part_3\.yaml:\d+:\d+: operation id "part0Op1" is already used at .*part_0\.yaml:\d+:\d+/],
    ["a route another module declares", (modules) => modules[4]!.operations.push({ ...operation(0, 1, "sameRoute") }), /route POST \/part0\/things\/1\/\{code\}/],
    ["a path template another module writes otherwise", (modules) => modules[1]!.operations.push({ ...operation(0, 1, "otherName"), method: "PUT", path: "/part0/things/1/{key}", parameters: [{ name: "key", in: "path", required: true }] }), /names its parameters differently/],
    ["a generated name of another module's type", (modules) => modules[2]!.operations.push(operation(2, 9, "checkPart0Item")), /checkPart0Item/],
    ["a generated name of its own module's type", (modules) => modules[2]!.operations.push(operation(2, 9, "checkPart2State")), /checkPart2State/],
    ["a reference to a type another file no longer declares", (modules) => delete modules[1]!.types.Part1State, /unknown type "Part1State"/],
    // Claims nothing new (the named types are not checked again): the changed operations are.
    ["a changed operation's reference to a type no file declares", (modules) => ((modules[2]!.operations[0]!.parameters as { schema: unknown }[])[0]!.schema = { ref: "Nowhere" }), /part_2\.yaml:\d+:\d+: .*unknown type "Nowhere"/],
    ["a changed operation's example that does not fit a kept file's type", (modules) => ((modules[2]!.operations[0]!.parameters as Record<string, unknown>[])[0]!.example = "ajar"), /part_2\.yaml:\d+:\d+: .*ajar/],
    ["a module id that clashes in camelCase", (modules) => modules.push({ ...moduleData(0), module: { id: "part0", title: "Clash", area: "Clash" }, types: {}, operations: [] }), /part_0\.yaml:2:7: module "part_0" clashes with the module declared at .*part0\.yaml:2:7/],
  ];
  for (const [what, change, expected] of broken) {
    it(`reports ${what} after a cached run, as a full check does`, async () => {
      const catalogue = join(base, what.replaceAll(" ", "-"));
      const cache = join(base, `${what.replaceAll(" ", "-")}-cache`);
      const modules = Array.from({ length: MODULES }, (_, m) => moduleData(m));
      await writeCatalogue(catalogue, modules);
      process.env.CATALOGEN_CACHE_DIR = cache;
      await outcome(catalogue); // keeps every file's part
      change(modules);
      await writeCatalogue(catalogue, modules);
      const cached = await outcome(catalogue);
      process.env.CATALOGEN_CACHE_DIR = "off";
      const full = await outcome(catalogue);
      expect(cached).toEqual(full);
      expect((full as { message?: string }).message).toMatch(expected);
    });
  }
});
