// How untagged operations are grouped into modules: by their first path segment without its
// `?query` or `#fragment`, so AWS's `/#Action=X` operations share one module (they made one module
// per action); a module of more than 500 operations (AWS's EC2 has 1,188) is split into parts, each
// a catalogue file the loader takes.
import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importOpenApi, writeCatalogue } from "../../src/import/index.js";
import { freshDir } from "../helpers/generate.js";

const ok = { "200": { description: "OK", content: { "application/json": { schema: { type: "object", properties: { id: { type: "string" } } } } } } };
const action = (name: string) => ({
  get: {
    operationId: name,
    parameters: [{ name: "Action", in: "query", required: true, schema: { type: "string", enum: [name] } }],
    responses: ok,
  },
});

async function importPaths(paths: Record<string, unknown>) {
  const dir = await freshDir("import-module-grouping");
  const file = join(dir, "openapi.json");
  await writeFile(file, JSON.stringify({ openapi: "3.0.0", info: { title: "Grouped", version: "1" }, paths }));
  const { catalogue, report } = importOpenApi(file);
  const { model } = await writeCatalogue(catalogue, join(dir, "catalogue"));
  return { model, report: report.toText() };
}

describe("modules of untagged operations", () => {
  it("a path's query and fragment do not name its module", async () => {
    const { model, report } = await importPaths({
      "/#Action=DescribeThings": action("DescribeThings"),
      "/#Action=DeleteThings": action("DeleteThings"),
      "/items?beta=true": { get: { operationId: "listBetaItems", responses: ok } },
      "/items": { post: { operationId: "createItem", responses: ok } },
    });
    const modules = model.modules.map((module) => `${module.id}: ${module.area}: ${module.operations.map((operation) => operation.id).join(", ")}`);
    expect(modules).toEqual(["items: Operations under /items: listBetaItems, createItem", "root: Operations under /: describeThings, deleteThings"]);
    expect(report).toContain('#/paths/~1#Action=DeleteThings/get: module "root" (no tag, and the path has no segment of plain text)');
    expect(report).toContain('#/paths/~1items?beta=true/get: module from the first path segment "items" (no tag)');
  });

  it("more than 500 operations in one module are split into parts of at most 500, in order", async () => {
    const names = Array.from({ length: 1001 }, (_, index) => `Action${String(index).padStart(4, "0")}`);
    const { model, report } = await importPaths(Object.fromEntries(names.map((name) => [`/#Action=${name}`, action(name)])));
    expect(model.modules.map((module) => [module.id, module.title, module.operations.length])).toEqual([
      ["root", "root (1 of 3)", 334],
      ["root_2", "root (2 of 3)", 334],
      ["root_3", "root (3 of 3)", 333],
    ]);
    expect(model.modules.flatMap((module) => module.operations.map((operation) => operation.id))).toEqual(names.map((name) => name[0]!.toLowerCase() + name.slice(1)));
    expect(report).toContain("module root_3: part 3 of 3 of the 1001 operations grouped as root (a module holds at most 500 operations and about 2 MB of their text)");
  }, 60_000);

  it("a module whose operations' text is over about 2 MB is split by text too, each part a file the loader takes", async () => {
    // Azure's LUIS authoring: 172 operations of one tag, 4.1 MiB of YAML. Here 30 operations of about 130 KB each.
    const properties = Object.fromEntries(Array.from({ length: 2500 }, (_, index) => [`property${index}`, { type: "string", description: `Property ${index}` }]));
    const wide = (index: number) => ({
      get: { operationId: `getWide${index}`, tags: ["wide"], responses: { "200": { description: "OK", content: { "application/json": { schema: { type: "object", properties } } } } } },
    });
    const { model, report } = await importPaths(Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`/wide/${index}`, wide(index)])));
    expect(model.modules.map((module) => [module.id, module.operations.length])).toEqual([
      ["wide", 10],
      ["wide_2", 10],
      ["wide_3", 10],
    ]);
    expect(report).toContain("module wide_2: part 2 of 3 of the 30 operations grouped as wide");
  }, 60_000);

  it("a catalogue over the 32 MiB the loader takes is refused before anything is written, saying so", async () => {
    // Microsoft Graph's beta: 44 MB of JSON give 40 MB of catalogue. Here 400 operations whose descriptions are made long in memory.
    const dir = await freshDir("import-module-grouping");
    const file = join(dir, "openapi.json");
    const paths = Object.fromEntries(Array.from({ length: 400 }, (_, index) => [`/big/${index}`, { get: { operationId: `getBig${index}`, tags: ["big"], responses: ok } }]));
    await writeFile(file, JSON.stringify({ openapi: "3.0.0", info: { title: "Big", version: "1" }, paths }));
    const { catalogue } = importOpenApi(file);
    for (const module of catalogue.modules) for (const operation of module.operations) operation.description = "x".repeat(90_000);
    const out = join(dir, "catalogue");
    await expect(writeCatalogue(catalogue, out)).rejects.toThrow(
      /^.*openapi\.json:1:1: error: the catalogue of this document would be 34\.\d MiB in \d+ files, more than the 32\.0 MiB a catalogue may hold\n  hint: a catalogue describes an API, not its data/,
    );
    await expect(readdir(dir)).resolves.toEqual(["openapi.json"]);
  }, 60_000);
});
