// Issue 20: import renames or reports, never refuses, what the catalogue can hold otherwise; no
// module file is ever written over api.yaml; errors point at the document, never at the staging
// folder.
import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { ImportError, writeCatalogue } from "../../src/import/index.js";
import type { ImportedCatalogue } from "../../src/import/ir.js";
import { NameRegistry, moduleId, moduleIdentifiers } from "../../src/import/names.js";
import { freshDir } from "../helpers/generate.js";
import { generatedTypeScript, importAndGenerate } from "./helpers.js";
import { typecheck } from "../helpers/tsc.js";

const ok = { "200": { description: "ok" } };

async function importDocument(paths: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const dir = await freshDir("import-renames");
  const file = join(dir, "openapi.json");
  await writeFile(file, JSON.stringify({ openapi: "3.1.0", info: { title: "Renames" }, paths, ...extra }));
  let out = "";
  let err = "";
  const code = await main(["import", "openapi.json", "--out", "catalogue"], { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`), cwd: dir });
  return { code, out, err, dir, file };
}

describe("import renames or reports", () => {
  it("a tag named api becomes module api_2: api.yaml keeps the api section", async () => {
    const run = await importDocument({ "/things": { get: { tags: ["api"], operationId: "listThings", responses: ok } } }, { tags: [{ name: "api", description: "The API" }] });
    expect(run.err).toBe("");
    expect(run.code).toBe(0);
    expect(run.out).toContain('#/tags/0: module "api" -> "api_2"');
    expect((await readdir(join(run.dir, "catalogue"))).sort()).toEqual(["api.yaml", "api_2.yaml"]);
    const registry = new NameRegistry();
    expect(registry.claim(moduleId("api"), moduleIdentifiers, "_")).not.toBe("api");
  });

  it("{a-b} beside {a_b} in one path: the renamed one gets a free name", async () => {
    const run = await importDocument({ "/x/{a-b}/{a_b}": { get: { operationId: "getX", responses: ok } } });
    expect(run.err).toBe("");
    expect(run.code).toBe(0);
    expect(run.out).toContain('parameter "a-b" -> "a_b_2"');
    const imported = await importAndGenerate(run.file);
    expect(imported.model.modules[0]!.operations[0]!.path).toBe("/x/{a_b_2}/{a_b}");
  });

  it("a __proto__ path parameter is renamed; a __proto__ query parameter is reported as lost (the fuzzer compiles such output)", async () => {
    const parameters = [
      { name: "__proto__", in: "path", required: true, schema: { type: "string" } },
      { name: "__proto__", in: "query", schema: { type: "string" } },
      { name: "limit", in: "query", schema: { type: "integer" } },
    ];
    const run = await importDocument({ "/items/{__proto__}": { get: { operationId: "getItem", parameters, responses: ok } } });
    expect(run.err).toBe("");
    expect(run.code).toBe(0);
    expect(run.out).toContain('parameter "__proto__" -> "proto"');
    expect(run.out).toContain('#/paths/~1items~1{__proto__}/get/parameters/1: query parameter "__proto__" (a JavaScript object cannot hold it');
    const imported = await importAndGenerate(run.file);
    const operation = imported.model.modules[0]!.operations[0]!;
    expect(operation.path).toBe("/items/{proto}");
    expect(operation.query?.map((parameter) => parameter.name)).toEqual(["limit"]);
  });

  it("an operation whose path has a . or .. segment is reported as lost; the rest imports", async () => {
    const run = await importDocument({
      "/files/../etc": { get: { operationId: "up", responses: ok } },
      "/files/./here": { get: { operationId: "here", responses: ok } },
      "/files": { get: { operationId: "listFiles", responses: ok } },
    });
    expect(run.err).toBe("");
    expect(run.code).toBe(0);
    expect(run.out).toContain('#/paths/~1files~1..~1etc/get: the whole operation: path /files/../etc has a segment ".."');
    expect(run.out).toContain('#/paths/~1files~1.~1here/get: the whole operation: path /files/./here has a segment "."');
    expect(run.out).toContain("imported 1 operations");
  });

  it("a 300-character tag becomes a module id of at most 64 characters, the same on every run (it names files)", async () => {
    const tag = "t".repeat(300);
    const run = await importDocument({ "/things": { get: { tags: [tag], operationId: "listThings", responses: ok } } });
    expect(run.err).toBe("");
    expect(run.code).toBe(0);
    const files = await readdir(join(run.dir, "catalogue"));
    const module = files.find((name) => name !== "api.yaml")!;
    expect(module).toMatch(/^t{55}_[0-9a-f]{8}\.yaml$/);
    expect(run.out).toContain(`module "${tag}" -> "${module.replace(/\.yaml$/, "")}"`);
    const again = await importDocument({ "/things": { get: { tags: [tag], operationId: "listThings", responses: ok } } });
    expect(await readdir(join(again.dir, "catalogue"))).toEqual(files);
  });

  it("schemas that are only themselves (through $ref or oneOf) are typed unknown and reported, not refused", async () => {
    const schemas = { Loop: { $ref: "#/components/schemas/Loop" }, Ping: { oneOf: [{ $ref: "#/components/schemas/Pong" }, { type: "string" }] }, Pong: { $ref: "#/components/schemas/Ping" } };
    const content = { "application/json": { schema: { $ref: "#/components/schemas/Loop" } } };
    const run = await importDocument({ "/loop": { get: { operationId: "getLoop", responses: { "200": { description: "ok", content } } } } }, { components: { schemas } });
    expect(run.err).toBe("");
    expect(run.code).toBe(0);
    for (const name of ["Loop", "Ping", "Pong"]) {
      expect(run.out).toContain(`#/components/schemas/${name}: ${name}: a schema that is only itself through $ref, oneOf or allOf (typed unknown)`);
    }
  });

  it("a document whose every operation is lost imports to a catalogue without modules whose client compiles", async () => {
    const run = await importDocument({ "/files/../etc": { get: { operationId: "up", responses: ok } } });
    expect(run.err).toBe("");
    expect(run.code).toBe(0);
    const imported = await importAndGenerate(run.file);
    expect(imported.model.modules).toEqual([]);
    const result = await typecheck(await generatedTypeScript(imported.out), { version: "5.9", resolution: "nodenext", types: ["node"] });
    expect(result.output).toBe("");
  }, 120_000);

  it("a catalogue that does not validate (an importer bug) is reported at the document's places, not the staging folder's", async () => {
    const dir = await freshDir("import-renames");
    const catalogue: ImportedCatalogue = {
      api: { title: "Broken", auth: { header: "Authorization", tokenKinds: [] } },
      modules: [
        {
          module: { id: "things", title: "Things", area: "Things" },
          types: [],
          operations: [
            { id: "fine", method: "GET", path: "/fine", summary: "Fine" },
            { id: "broken", method: "GET", path: "/x/{__proto__}", summary: "Broken", parameters: [{ name: "__proto__", in: "path", required: true }] },
          ],
        },
      ],
      source: (part) => `openapi.yaml:${10 + (part.operation ?? 0)}:5`,
    };
    const error = await writeCatalogue(catalogue, join(dir, "catalogue")).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImportError);
    const message = (error as Error).message;
    expect(message).toMatch(/^openapi\.yaml:11:5: error: the catalogue written from here does not validate: path parameter "\{__proto__\}"/);
    expect(message).toContain("hint: this is a bug in catalogen import");
    expect(message).not.toContain("catalogen-import");
    expect(await readdir(dir)).toEqual([]);
  });

  it("says how many more problems there are past the first 20", async () => {
    const dir = await freshDir("import-renames");
    const broken = Array.from({ length: 23 }, (_, i) => ({ id: `broken${i}`, method: "GET" as const, path: `/x${i}/{__proto__}`, summary: "Broken", parameters: [{ name: "__proto__", in: "path" as const, required: true }] }));
    const catalogue: ImportedCatalogue = {
      api: { title: "Broken", auth: { header: "Authorization", tokenKinds: [] } },
      modules: [{ module: { id: "things", title: "Things", area: "Things" }, types: [], operations: broken }],
      source: (part) => `openapi.yaml:${10 + (part.operation ?? 0)}:5`,
    };
    const message = ((await writeCatalogue(catalogue, join(dir, "catalogue")).catch((caught: unknown) => caught)) as Error).message;
    const lines = message.split("\n");
    expect(lines.filter((line) => line.includes("does not validate"))).toHaveLength(20);
    expect(lines).toContain("... and 3 more (the first 20 are shown)");
    expect(lines.at(-1)).toContain("hint: this is a bug in catalogen import");
  });
});
