// No stack trace from catalogue input: what validates also generates. A chain of 8,000 named-type
// references passed validation and then overflowed generate's stack; a 300-character tag gave
// ENAMETOOLONG while the importer wrote its module file. Now the chain is refused at its first
// type (the limit is MAX_REFERENCE_DEPTH, and a chain at the limit generates), a too-long module
// id is refused with its position, and the importer shortens a long tag's id deterministically.
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importOpenApi } from "../../src/import/index.js";
import { MAX_REFERENCE_DEPTH } from "../../src/load/limits.js";
import { generate, loadModel } from "../../src/pipeline.js";
import type { CatalogueError } from "../../src/shared/diagnostic.js";
import { MAX_MODULE_ID_LENGTH, MODULE_ID } from "../../src/shared/names.js";
import { freshDir } from "../helpers/generate.js";
import { importAndGenerate } from "../import/helpers.js";

const API = "api:\n  title: T\n  auth:\n    header: Authorization\n    tokenKinds: [{ id: personal, description: d }]\n";

/** A catalogue whose type T0 refers to T1, ..., to T<length>, a string; one operation returns T0. */
async function chain(length: number, link: (next: string) => string): Promise<string> {
  const dir = join(await freshDir("chain"), "catalogue");
  await mkdir(dir, { recursive: true });
  const types = Array.from({ length }, (_, i) => `  T${i}: ${link(`T${i + 1}`)}\n`).join("");
  const operation =
    '  - id: getT\n    method: GET\n    path: /t\n    summary: s\n    responses: { "200": { description: ok, content: { application/json: { schema: { ref: T0 } } } }, "404": { description: no, content: { application/json: { schema: { ref: T0 } } } } }\n';
  await writeFile(join(dir, "api.yaml"), API);
  await writeFile(join(dir, "shop.yaml"), `module: { id: shop, title: Shop, area: a }\ntypes:\n${types}  T${length}: { type: string }\noperations:\n${operation}`);
  return dir;
}

const direct = (next: string): string => `{ ref: ${next} }`;
const property = (next: string): string => `{ type: object, properties: { a: { ref: ${next} } } }`;

describe("a long chain of named-type references", () => {
  it.each([
    [8_000, "references", direct],
    [1_500, "properties", property],
  ])("of %i through %s is refused at its first type, with no stack trace", async (length, _, link) => {
    const error = (await loadModel(await chain(length, link)).catch((e: unknown) => e)) as CatalogueError;
    expect(error.diagnostics?.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([
      expect.stringMatching(new RegExp(`^3:3 type "T0" nests \\d+ levels deep through its references \\(the limit is ${MAX_REFERENCE_DEPTH}\\)$`)),
    ]);
    expect(error.diagnostics[0]!.hint).toMatch(/shorten the chain/);
  }, 60_000);

  it("at the limit validates and generates every target", async () => {
    const dir = await chain(MAX_REFERENCE_DEPTH - 1, direct); // T0 .. T2499: 2,500 levels
    const out = join(dir, "..", "out");
    await expect(generate({ catalogue: dir, out })).resolves.toBeDefined();
    expect(await readdir(join(out, "docs"))).toContain("shop.md");
    const over = await chain(MAX_REFERENCE_DEPTH, direct);
    await expect(loadModel(over)).rejects.toThrow(/catalogue has 1 error/);
  }, 60_000);
});

describe("long module ids", () => {
  it("a catalogue's module id over the limit is refused with its position", async () => {
    const id = "m".repeat(200);
    const dir = join(await freshDir("long-id"), "catalogue");
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, "api.yaml"), API);
    await writeFile(join(dir, `${id}.yaml`), `module: { id: ${id}, title: M, area: a }\noperations: []\n`);
    const error = (await loadModel(dir).catch((e: unknown) => e)) as CatalogueError;
    expect(error.diagnostics?.map((d) => `${d.file.split("/").at(-1)}:${d.line}:${d.column} ${d.message}`)).toEqual([
      `${id}.yaml:1:15 module id "${"m".repeat(20)}..." is 200 characters long (the limit is ${MAX_MODULE_ID_LENGTH})`,
    ]);
  });

  it("import shortens a 300-character tag's module id deterministically, reports it, and generates", async () => {
    const tag = `${"long tag ".repeat(33)}end`;
    const document = {
      openapi: "3.1.0",
      info: { title: "Long", version: "1" },
      paths: { "/a": { get: { operationId: "getA", tags: [tag], responses: { "200": { description: "ok" } } } } },
    };
    const file = join(await freshDir("long-tag"), "openapi.json");
    await writeFile(file, JSON.stringify(document));
    const first = importOpenApi(file).catalogue.modules.map((module) => module.module.id);
    const { model, reportText, out } = await importAndGenerate(file);
    const id = model.modules[0]!.id;
    expect(first).toEqual([id]);
    expect(id.length).toBeLessThanOrEqual(MAX_MODULE_ID_LENGTH);
    expect(id).toMatch(MODULE_ID);
    expect(id).toMatch(/^long_tag_long_tag_.*_[0-9a-f]{8}$/);
    expect(reportText).toContain(id);
    expect(await readdir(join(out, "docs"))).toContain(`${id}.md`);
  }, 60_000);
});
