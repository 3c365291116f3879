// The client's files joining the modules (client.ts, index.ts, the runtime files copied in) and its
// name check, the server's (routes.ts, mock.ts, validate.ts, index.ts) and the docs' page anchors
// (README.md and every page link by them) are made from facts kept per module by the module's key
// (src/reuse/module-facts.ts, src/emit/*/plan-facts.ts): after an edit only the changed modules'
// facts are worked out, the rest read from the cache folder. Each case proves the facts were kept
// (only the changed modules' were worked out afresh) and that the output is byte for byte a cold
// run's; a name clash between a changed module and a kept one is still refused, though only the
// kept names' hashes can show it.
import { cp, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { generate, loadModel } from "../../src/pipeline.js";
import { reuseOf } from "../../src/reuse/report.js";
import { ModuleKeys } from "../../src/reuse/module-keys.js";
import { builtinTarget, planTarget } from "../../src/emit/targets.js";
import { hashDigits, moduleNames, nameHash } from "../../src/emit/client/plan-facts.js";
import { defineTarget } from "../../src/emit/define.js";
import type { ApiModel } from "../../src/model/types.js";
import { freshDir, repoCatalogue } from "../helpers/generate.js";
import { filesOf, restoreCacheDirAfterEach } from "../helpers/output-tree.js";

restoreCacheDirAfterEach();

async function edit(dir: string, file: string, change: (text: string) => string): Promise<void> {
  const text = await readFile(join(dir, file), "utf8");
  const changed = change(text);
  expect(changed, file).not.toBe(text);
  await writeFile(join(dir, file), changed);
}

/** A model whose module keys the run knows (as a kept model's are), none of them kept. */
function known(model: ApiModel): ApiModel {
  ModuleKeys.know(model, { known: new Map(), keep() {} });
  return model;
}

/** `model` with module `id`'s first operation renamed to `to`. */
function renamed(model: ApiModel, id: string, to: string): ApiModel {
  const copy = structuredClone(model);
  const module = copy.modules.find((candidate) => candidate.id === id)!;
  module.operations[0] = { ...module.operations[0]!, id: to };
  return known(copy);
}

/** The client's files of `model`, planned through the door that runs targets (it keeps their facts once all are planned). */
async function planClient(model: ApiModel): Promise<string[]> {
  return [...(await planTarget(builtinTarget("client"), model, {}))].map((file) => file.path);
}

describe("the kept names' hash digits", () => {
  it("are each name's nameHash in 11 base-36 digits, zero-padded, one after the other", () => {
    const names = ["a", "", "getDiscrepancies", "checkGetDiscrepanciesResponse", "Ω", ...Array.from({ length: 500 }, (_, i) => `op${i * 7919}`)];
    const expected = names.map((name) => nameHash(name).toString(36).padStart(11, "0")).join("");
    expect(hashDigits(names)).toBe(expected);
    expect(hashDigits([])).toBe("");
    // Small hashes are padded: a hash below 36^10 has a leading zero.
    const small = names.find((name) => nameHash(name) < 36 ** 10);
    if (small !== undefined) expect(hashDigits([small])[0]).toBe("0");
  });
});

describe("the client's name check against kept per-module names", () => {
  let model: ApiModel;
  let cache: string;
  beforeEach(() => {
    process.env.CATALOGEN_CACHE_DIR = cache;
  });
  beforeAll(async () => {
    cache = join(await freshDir("module-facts-names"), "cache");
    process.env.CATALOGEN_CACHE_DIR = cache;
    model = known(await loadModel(repoCatalogue));
    await planClient(model);
    expect(reuseOf(model).freshFacts.client).toEqual(model.modules.map((module) => module.id).sort());
  });

  it("works out only the changed module's facts", async () => {
    const next = renamed(model, "finances", "getRenamedReport");
    await planClient(next);
    expect(reuseOf(next).freshFacts.client).toEqual(["finances"]);
  });

  it("refuses a changed module's name that a kept module takes", async () => {
    await planClient(model);
    // supplies is kept (its key did not change); its first operation's names are now also finances'.
    const taken = model.modules.find((module) => module.id === "supplies")!.operations[0]!.id;
    const next = renamed(model, "finances", taken);
    // Among the names claimed afresh (the API's and the changed module's) nothing collides: only the kept names show it.
    const fresh: string[] = [];
    moduleNames(next.modules.find((module) => module.id === "finances")!, (name) => fresh.push(name));
    expect(new Set(fresh).size).toBe(fresh.length);
    await expect(planClient(next)).rejects.toThrow(`client: operation ${taken} and operation ${taken} would both be named ${taken}; rename one in the catalogue`);
  });

  it("refuses a changed module's operation named as a kept module's descriptor", async () => {
    await planClient(model);
    const taken = `${model.modules.find((module) => module.id === "supplies")!.operations[0]!.id}Operation`;
    await expect(planClient(renamed(model, "finances", taken))).rejects.toThrow(`client: the description of ${taken.replace(/Operation$/, "")} and operation ${taken} would both be named ${taken}; rename one in the catalogue`);
  });
});

describe("a change run with kept client facts", () => {
  let base: string;
  let catalogue: string;
  let out: string;
  let cache: string;
  const made: string[] = [];
  // A plugin with a file per module and one joining them: the per-module files of the unchanged
  // modules are kept without being made.
  const routes = defineTarget({
    name: "route-count",
    plan: (model: ApiModel) => [
      ...model.modules.map((module) => ({
        path: `route-count/${module.id}.txt`,
        module: module.id,
        content: () => {
          made.push(module.id);
          return `${module.operations.map((operation) => `${operation.method} ${operation.path}`).join("\n")}\n`;
        },
      })),
      // Module ids and titles only: a joining file that reads every module's operations would have
      // every kept module's operations parsed (correct, and slower).
      { path: "route-count/all.txt", content: () => `${model.modules.map((module) => `${module.id} ${module.title}`).join("\n")}\n` },
    ],
  });
  const options = () => ({ catalogue, out, targets: ["client", "server", "docs", "openapi", "route-count"], plugins: [routes] });

  beforeAll(async () => {
    base = await freshDir("module-facts-runs");
    catalogue = join(base, "catalogue");
    out = join(base, "out");
    cache = join(base, "cache");
    await cp(repoCatalogue, catalogue, { recursive: true });
    process.env.CATALOGEN_CACHE_DIR = cache;
    await generate(options());
  });

  async function sameAsCold(what: string): Promise<void> {
    const cold = join(base, `cold-${what.replaceAll(" ", "-")}`);
    process.env.CATALOGEN_CACHE_DIR = "off";
    await generate({ ...options(), out: cold });
    process.env.CATALOGEN_CACHE_DIR = cache;
    expect(await filesOf(out), what).toEqual(await filesOf(cold));
  }

  // No kept module's operations are parsed (src/model/lazy-operations.ts), not even where the edit
  // claims a new name (an operation id, a route): the kept parts' claims come from the heads kept
  // beside their operations.
  it.each([
    ["a summary", "items", "items.yaml", (text: string) => text.replace(/^(\s*summary: .*)$/m, "$1 (edited)")],
    ["an added operation", "general", "general.yaml", (text: string) => text.replace(/^operations:\n/m, "operations:\n  - id: getAddedThing\n    method: GET\n    path: /api/v1/added/thing\n    summary: An added thing\n\n")],
    ["a renamed operation", "communications", "communications.yaml", (text: string) => text.replace(/^(\s*- id: )(\w+)$/m, "$1$2Renamed")],
  ])("after %s, works out only that module's facts and makes only its plugin file", async (what, module, file, change) => {
    await edit(catalogue, file, change);
    process.env.CATALOGEN_CACHE_DIR = cache;
    made.length = 0;
    const run = await generate(options());
    expect(run.report.parsedLazily, what).toEqual([]);
    expect(run.upToDate).toBe(false);
    expect(run.report.freshFacts.client, what).toEqual([module]);
    expect(run.report.freshFacts.server, what).toEqual([module]);
    expect(run.report.freshFacts.docs, what).toEqual([module]);
    // openapi.json's paths are asked for while the file is written, after the plan gave it: still kept by the door.
    expect(run.report.freshFacts.openapi, what).toEqual([module]);
    expect(made, what).toEqual([module]);
    await sameAsCold(what);
  });

  it("refuses an operation id another module has, writing nothing", async () => {
    const before = await filesOf(out);
    await edit(catalogue, "finances.yaml", (text) => text.replace(/^operations:\n/m, "operations:\n  - id: getDiscrepancies\n    method: GET\n    path: /api/v1/another/discrepancies\n    summary: Taken\n\n"));
    process.env.CATALOGEN_CACHE_DIR = cache;
    // The catalogue check's message (the kept parts' claims compared with the new ones, then the
    // full check), not the client's name check that would otherwise be the last to see it.
    await expect(generate(options())).rejects.toThrow(/supplies\.yaml:\d+:\d+: operation id "getDiscrepancies" is already used at .*finances\.yaml/);
    expect(await filesOf(out)).toEqual(before);
  });
});

describe("a kept module's operations read when first asked for", () => {
  // Servers and a read-only property: assembling the model fills in each operation's servers and
  // marks the references to a type whose request shape differs; on a kept module's operations both
  // happen when they are first read (src/model/lazy-operations.ts). The servers make every
  // module's operations read (the client's server table, openapi.json's server places).
  it("gives them the servers and directions the model assembled whole gives", async () => {
    const base = await freshDir("module-facts-lazy");
    const catalogue = join(base, "catalogue");
    const out = join(base, "out");
    const cache = join(base, "cache");
    await cp(repoCatalogue, catalogue, { recursive: true });
    const api = await readFile(join(catalogue, "api.yaml"), "utf8");
    await writeFile(
      join(catalogue, "api.yaml"),
      `${api.trimEnd()}\n  servers:\n    - id: live\n      url: https://api.example.com\n      environment: production\n    - id: sandbox\n      url: https://sandbox.example.com\n      environment: sandbox\n`,
    );
    await writeFile(
      join(catalogue, "things.yaml"),
      `module:\n  id: things\n  title: Things\n  area: Things with a read-only id\n  servers: [sandbox]\ntypes:\n  Thing:\n    type: object\n    description: A thing.\n    properties:\n      id:\n        type: string\n        readOnly: true\n        required: true\n      name:\n        type: string\n        required: true\noperations:\n  - id: createThing\n    method: POST\n    path: /things\n    summary: Create a thing\n    request:\n      content:\n        application/json:\n          schema: { ref: Thing }\n    responses:\n      "201":\n        description: The thing.\n        content:\n          application/json:\n            schema: { ref: Thing }\n`,
    );
    process.env.CATALOGEN_CACHE_DIR = cache;
    await generate({ catalogue, out });
    await edit(catalogue, "items.yaml", (text) => text.replace(/^(\s*summary: .*)$/m, "$1 (edited)"));
    const run = await generate({ catalogue, out });
    expect(run.report.parsedLazily).toContain("things");
    process.env.CATALOGEN_CACHE_DIR = "off";
    const cold = join(base, "cold");
    await generate({ catalogue, out: cold });
    expect(await filesOf(out)).toEqual(await filesOf(cold));
  });
});

describe("a kept part cut short", () => {
  it("is not taken: its file is checked and modelled again, and the output is a cold run's", async () => {
    const base = await freshDir("module-facts-cut");
    const catalogue = join(base, "catalogue");
    const out = join(base, "out");
    const cache = join(base, "cache");
    await cp(repoCatalogue, catalogue, { recursive: true });
    process.env.CATALOGEN_CACHE_DIR = cache;
    await generate({ catalogue, out });
    // Every kept part loses its last byte (the end of its operations' JSON).
    const [folder] = await readdir(join(cache, "model"));
    const parts = join(cache, "model", folder!, "parts");
    for (const name of await readdir(parts)) {
      const text = await readFile(join(parts, name));
      await writeFile(join(parts, name), text.subarray(0, text.length - 1));
    }
    await edit(catalogue, "items.yaml", (text) => text.replace(/^(\s*summary: .*)$/m, "$1 (edited)"));
    const run = await generate({ catalogue, out });
    expect(run.report.parsedLazily).toEqual([]);
    process.env.CATALOGEN_CACHE_DIR = "off";
    const cold = join(base, "cold");
    await generate({ catalogue, out: cold });
    expect(await filesOf(out)).toEqual(await filesOf(cold));
  });
});
