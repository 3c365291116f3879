// The source generate asks for the model and for what it reads (src/sources/source.ts), chosen at
// run time: the catalogue's YAML reads nothing beyond its own files; a living source names the
// OpenAPI document and the files its $refs name, each with the hash of its bytes, learnt by reading
// the model once (kept for the run) or from what the last run recorded.
import { createHash } from "node:crypto";
import { mkdir, readFile, realpath, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { generate, loadModel } from "../../src/pipeline.js";
import { CatalogueSource } from "../../src/sources/catalogue.js";
import { LivingSource } from "../../src/sources/living-source.js";
import { chooseSource } from "../../src/sources/choose.js";
import type { Conversions } from "../../src/sources/document.js";
import { fixtureCatalogue, freshDir } from "../helpers/generate.js";
import { restoreCacheDirAfterEach } from "../helpers/output-tree.js";

const DOCUMENT = `openapi: 3.1.0
info: { title: Pets, version: "1" }
components:
  securitySchemes:
    bearer: { type: http, scheme: bearer }
security: [{ bearer: [] }]
paths:
  /pets/{petId}:
    get:
      operationId: getPet
      tags: [pets]
      parameters:
        - { name: petId, in: path, required: true, schema: { type: integer } }
      responses:
        "200":
          description: The pet
          content:
            application/json:
              schema: { $ref: "./pet.yaml" }
`;

const PET = `type: object
required: [id]
properties:
  id: { type: integer }
`;

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A project folder: openapi.yaml (DOCUMENT), the pet.yaml its $ref names, and catalogue/api.yaml naming the document. */
async function livingProject(name: string): Promise<string> {
  const project = await freshDir(name);
  await mkdir(join(project, "catalogue"));
  await writeFile(join(project, "openapi.yaml"), DOCUMENT);
  await writeFile(join(project, "pet.yaml"), PET);
  await writeFile(join(project, "catalogue", "api.yaml"), "source:\n  openapi: ../openapi.yaml\n");
  return project;
}

restoreCacheDirAfterEach();
beforeEach(async () => {
  process.env.CATALOGEN_CACHE_DIR = await freshDir("source-cache");
});

describe("the source of a generate", () => {
  it("is the catalogue's YAML for a catalogue that names no document: nothing read beyond its files", async () => {
    const dir = fixtureCatalogue("styles");
    const source = chooseSource(dir);
    expect(source).toBeInstanceOf(CatalogueSource);
    expect(source.catalogue?.living).toBe(false);
    expect(source.catalogue?.files.map(([name]) => name)).toContain("api.yaml");
    expect(await source.inputs()).toEqual([]);
    expect(await source.read()).toEqual(await loadModel(dir));
  });

  it("is the living source for a catalogue that names one: the document and its $refs' files, hashed, the model read once", async () => {
    const project = await livingProject("source-living");
    const dir = join(project, "catalogue");
    const files = await Promise.all(["openapi.yaml", "pet.yaml"].map(async (name) => [await realpath(join(project, name)), sha256(await readFile(join(project, name)))]));

    const first = chooseSource(dir);
    expect(first).toBeInstanceOf(LivingSource);
    expect(first.catalogue?.living).toBe(true);
    expect((await first.inputs())?.sort()).toEqual(files.sort());
    // The model read to learn the inputs is the one the run goes on with.
    expect(await first.read()).toBe(await first.read());
    expect((await first.read()).modules.flatMap((module) => module.operations.map((operation) => operation.id))).toEqual(["getPet"]);

    // A later run knows them from the record; a changed $ref'd file changes its hash.
    await writeFile(join(project, "pet.yaml"), `${PET}  name: { type: string }\n`);
    const again = await chooseSource(dir).inputs();
    expect(again?.find(([path]) => path.endsWith("pet.yaml"))?.[1]).toBe(sha256(await readFile(join(project, "pet.yaml"))));
  });

  it("a run's report names the files the living source read; without a store a second run is up to date all the same", async () => {
    process.env.CATALOGEN_CACHE_DIR = "off";
    const project = await livingProject("source-report");
    const options = { catalogue: join(project, "catalogue"), out: join(project, "generated"), targets: ["openapi" as const] };
    const read = (await Promise.all(["openapi.yaml", "pet.yaml"].map((name) => realpath(join(project, name))))).sort();

    const first = await generate(options);
    expect(first.upToDate).toBe(false);
    expect([...first.report.sourceInputs].sort()).toEqual(read);
    // Nothing recorded and nothing kept in this process: the model is read again to learn them.
    const second = await generate(options);
    expect(second.upToDate).toBe(true);
    expect([...second.report.sourceInputs].sort()).toEqual(read);
    await writeFile(join(project, "pet.yaml"), `${PET}  name: { type: string }\n`);
    expect((await generate(options)).upToDate).toBe(false);
    // A catalogue of YAML alone reads nothing beyond its files.
    expect((await generate({ ...options, catalogue: fixtureCatalogue("styles"), out: join(project, "styles") })).report.sourceInputs).toEqual([]);
  });

  it("a long-lived caller's conversions keep an unchanged document converted across its generates, without a store", async () => {
    process.env.CATALOGEN_CACHE_DIR = "off";
    const project = await livingProject("source-conversions");
    const api = join(project, "catalogue", "api.yaml");
    const conversions: Conversions = new Map();
    const options = { catalogue: join(project, "catalogue"), out: join(project, "generated"), targets: ["openapi" as const], conversions };
    await generate(options);
    expect(conversions.size).toBe(1);
    const [converted] = conversions.values();
    // The catalogue's own file changed, the document did not: the same conversion serves.
    await writeFile(api, "source:\n  openapi: ../openapi.yaml\napi:\n  title: Pets again\n");
    expect((await generate(options)).upToDate).toBe(false);
    expect([...conversions.values()][0]).toBe(converted);
    // A file its $refs name changed: converted again.
    await writeFile(join(project, "pet.yaml"), `${PET}  name: { type: string }\n`);
    await generate(options);
    expect(conversions.size).toBe(1);
    expect([...conversions.values()][0]).not.toBe(converted);
  });

  it("reads nothing of a catalogue folder it cannot list: its read() says why", async () => {
    const dir = join(await freshDir("source-missing"), "catalogue");
    const source = chooseSource(dir);
    expect(source.catalogue).toBeUndefined();
    await expect(source.read()).rejects.toThrow(/catalogue/);
  });
});
