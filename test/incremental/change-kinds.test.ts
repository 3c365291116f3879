// A change run at scale takes what it can from the run before (issue 26: one changed operation at
// 10,000 operations): the module keys of the files that did not change (src/reuse/module-keys.ts, kept
// by src/reuse/kept-model.ts) and the bytes of openapi.json's path items and named types that
// did not change (src/emit/openapi/pieces.ts' layout, copied by the writer's putSpliced). Each
// must give byte for byte what a cold generate writes, across the kinds of change a catalogue
// sees: a summary, a renamed, an added and a removed operation, a named type several modules use.
// Each also proves the shortcut was taken: the keys made again are those of the changed modules
// only, only the changed modules' openapi pieces are made, and only their client facts
// (src/reuse/module-facts.ts) are worked out.
import { cp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generate, loadModel } from "../../src/pipeline.js";
import { ModuleKeys } from "../../src/reuse/module-keys.js";
import type { ApiModel } from "../../src/model/types.js";
import { freshDir, repoCatalogue } from "../helpers/generate.js";
import { filesOf, restoreCacheDirAfterEach } from "../helpers/output-tree.js";

restoreCacheDirAfterEach();

const TARGETS = ["client", "server", "docs", "openapi"];

/** Every module's key for every target, from a model made without anything kept. */
function freshKeys(model: ApiModel): string[] {
  const keys = new ModuleKeys(structuredClone(model));
  return model.modules.flatMap((module) => TARGETS.map((target) => keys.of(target, module.id)));
}

/** A named type in supplies.yaml that tariffs.yaml's first operation answers with. */
const SHARED_TYPE = `  TariffNote:
    type: object
    description: A note on a tariff.
    properties:
      text:
        type: string
        required: true
`;
const TARIFF_RESPONSE = `    summary: Commission by product category
    responses:
      "200":
        description: A note.
        content:
          application/json:
            schema: { ref: TariffNote }
`;

interface Edit {
  what: string;
  /** The modules whose files (and so keys and openapi pieces) the edit changes. */
  changed: string[];
  /**
   * Whose kept operations the change run parses (src/model/lazy-operations.ts): the changed
   * modules' (their keys are made again), every module's where a named type changed (every key is
   * made again, in the new context); the others' never.
   */
  parses: "changed" | "all";
  apply(dir: string): Promise<void>;
}

async function edit(dir: string, file: string, change: (text: string) => string): Promise<void> {
  const text = await readFile(join(dir, file), "utf8");
  const changed = change(text);
  expect(changed, file).not.toBe(text);
  await writeFile(join(dir, file), changed);
}

const EDITS: Edit[] = [
  { what: "a summary", changed: ["items"], parses: "changed", apply: (dir) => edit(dir, "items.yaml", (text) => text.replace(/^(\s*summary: .*)$/m, "$1 (edited)")) },
  { what: "a renamed operation", changed: ["communications"], parses: "changed", apply: (dir) => edit(dir, "communications.yaml", (text) => text.replace(/^(\s*- id: )(\w+)$/m, "$1$2Renamed")) },
  {
    what: "an added operation",
    changed: ["finances"],
    parses: "changed",
    apply: (dir) => edit(dir, "finances.yaml", (text) => text.replace(/^operations:\n/m, "operations:\n  - id: getAddedReport\n    method: GET\n    path: /api/v1/added/report\n    summary: An added report\n\n")),
  },
  { what: "a removed operation", changed: ["tariffs"], parses: "changed", apply: (dir) => edit(dir, "tariffs.yaml", (text) => text.replace(/^ {2}- id: getBoxTariffs\n(?: {4}.*\n)*\n/m, "")) },
  {
    what: "a named type one more module uses",
    changed: ["supplies", "tariffs"],
    parses: "all",
    apply: async (dir) => {
      await edit(dir, "supplies.yaml", (text) => text.replace(/^types:\n/m, `types:\n${SHARED_TYPE}`));
      await edit(dir, "tariffs.yaml", (text) => text.replace(/^ {4}summary: Commission by product category\n/m, TARIFF_RESPONSE));
    },
  },
  { what: "that shared type's description", changed: ["supplies", "tariffs"], parses: "all", apply: (dir) => edit(dir, "supplies.yaml", (text) => text.replace("A note on a tariff.", "A note on a tariff, edited.")) },
];

describe("a change run that keeps module keys and openapi.json's bytes", () => {
  let base: string;
  let catalogue: string;
  let out: string;
  let cache: string;
  beforeAll(async () => {
    base = await freshDir("change-kinds");
    catalogue = join(base, "catalogue");
    out = join(base, "out");
    cache = join(base, "cache");
    await cp(repoCatalogue, catalogue, { recursive: true });
    process.env.CATALOGEN_CACHE_DIR = cache;
    await generate({ catalogue, out });
  });

  it.each(EDITS.map((one, n) => [one.what, n] as const))("writes what a cold generate writes after %s", async (_what, n) => {
    // The edits build on each other: run them in order, whichever one is asked for.
    for (const one of EDITS.slice(0, n + 1)) {
      if ((await readFile(join(catalogue, ".edits"), "utf8").catch(() => "")).split("\n").includes(one.what)) continue;
      await one.apply(catalogue);
      await writeFile(join(catalogue, ".edits"), `${(await readFile(join(catalogue, ".edits"), "utf8").catch(() => ""))}${one.what}\n`);
      process.env.CATALOGEN_CACHE_DIR = cache;

      // The keys: those of the unchanged modules are the kept ones, and equal to keys made afresh.
      const model = await loadModel(catalogue);
      const keys = ModuleKeys.for(model);
      expect(model.modules.flatMap((module) => TARGETS.map((target) => keys.of(target, module.id))), one.what).toEqual(freshKeys(model));
      // A change in a named type changes the context every kept key was made in: all are made again.
      const typesChanged = one.what.includes("type");
      expect(keys.madeModules, one.what).toEqual(typesChanged ? model.modules.map((module) => module.id).sort() : one.changed);

      // openapi.json: only the changed modules' pieces are made again (none is kept as a file of its
      // own: the layout places them in the file on disk); the rest is copied from that file.
      const pieces = join(cache, "openapi-pieces");
      expect(await readdir(pieces), one.what).toEqual(["layout.json"]);
      const run = await generate({ catalogue, out });
      expect(run.upToDate).toBe(false);
      // The operations of the modules that did not change are never parsed: their files are kept and
      // the files joining the modules are made from kept facts.
      expect([...new Set(run.report.parsedLazily)].sort(), one.what).toEqual(one.parses === "changed" ? one.changed : model.modules.map((module) => module.id).sort());
      expect(run.report.piecesMade, one.what).toBe(one.changed.length);
      expect(await readdir(pieces), one.what).toEqual(["layout.json"]);
      // The client's, server's and docs' files joining the modules: only the changed modules' facts worked out
      // (src/reuse/module-facts.ts), even after a named type changed: the other modules' keys,
      // made again, are the ones they had.
      expect(run.report.freshFacts.client, one.what).toEqual(one.changed);
      expect(run.report.freshFacts.server, one.what).toEqual(one.changed);
      expect(run.report.freshFacts.docs, one.what).toEqual(one.changed);

      const cold = join(base, "cold");
      await rm(cold, { recursive: true, force: true });
      process.env.CATALOGEN_CACHE_DIR = "off";
      await generate({ catalogue, out: cold });
      expect(await filesOf(out), one.what).toEqual(await filesOf(cold));
    }
  });

  it("does not copy from an openapi.json edited by hand: writes it whole, as a cold run does", async () => {
    process.env.CATALOGEN_CACHE_DIR = cache;
    await generate({ catalogue, out });
    const path = join(out, "openapi.json");
    await writeFile(path, (await readFile(path, "utf8")).replace('"title": ', '"title": "hand-edited", "was": '));
    await edit(catalogue, "general.yaml", (yaml) => yaml.replace(/^(\s*summary: .*)$/m, "$1 (again)"));
    const run = await generate({ catalogue, out });
    expect(run.upToDate).toBe(false);
    // Every module's piece made again: nothing was taken from the edited file.
    expect(run.report.piecesMade).toBe((await loadModel(catalogue)).modules.length);
    const cold = join(base, "cold2");
    process.env.CATALOGEN_CACHE_DIR = "off";
    await generate({ catalogue, out: cold });
    expect(await filesOf(out)).toEqual(await filesOf(cold));
  });
});
