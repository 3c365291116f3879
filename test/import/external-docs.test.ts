// The document's own External Documentation Object (`externalDocs` beside `info`; about one in
// eight of APIs.guru's documents has one): imported into `api.externalDocs`, shown on the docs'
// index page, exported again, and read back the same through catalogen's own export.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importOpenApi, writeCatalogue } from "../../src/import/index.js";
import { generate, loadModel } from "../../src/pipeline.js";
import { freshDir } from "../helpers/generate.js";

const ok = { "200": { description: "OK", content: { "application/json": { schema: { type: "object" } } } } };

async function importDocument(externalDocs: unknown) {
  const dir = await freshDir("import-external-docs");
  const file = join(dir, "openapi.json");
  await writeFile(file, JSON.stringify({ openapi: "3.1.0", info: { title: "Linked", version: "1" }, externalDocs, paths: { "/a": { get: { operationId: "getA", responses: ok } } } }));
  const { catalogue, report } = importOpenApi(file);
  const { model } = await writeCatalogue(catalogue, join(dir, "catalogue"));
  return { dir, model, report: report.toText() };
}

describe("the document's externalDocs", () => {
  it("comes in as api.externalDocs, and goes out to the docs' index page and the OpenAPI export", async () => {
    const { dir, model, report } = await importDocument({ url: "https://docs.example.com/guide", description: "The *guide* | all of it", "x-vendor": 1 });
    expect(model.externalDocs).toEqual({ url: "https://docs.example.com/guide", description: "The *guide* | all of it" });
    expect(report).toContain("x-vendor of externalDocs (not held by the catalogue)");
    expect(report).not.toContain("externalDocs: {");
    const out = join(dir, "generated");
    await generate({ catalogue: join(dir, "catalogue"), out, targets: ["docs", "openapi"] });
    const readme = await readFile(join(out, "docs/README.md"), "utf8");
    expect(readme).toContain("More: [The \\*guide\\* \\| all of it](https://docs.example.com/guide)");
    const exported = JSON.parse(await readFile(join(out, "openapi.json"), "utf8")) as { externalDocs: unknown };
    expect(exported.externalDocs).toEqual({ description: "The \\*guide\\* \\| all of it", url: "https://docs.example.com/guide" });
    // catalogen's own export reads back to the same catalogue.
    const again = importOpenApi(join(out, "openapi.json"));
    await writeCatalogue(again.catalogue, join(dir, "again"));
    expect((await loadModel(join(dir, "again"))).externalDocs).toEqual(model.externalDocs);
  });

  it("without a url it is reported as lost, and the rest comes in", async () => {
    const { model, report } = await importDocument({ description: "Somewhere" });
    expect(model.externalDocs).toBeUndefined();
    expect(report).toContain('externalDocs: {"description":"Somewhere"} (no url)');
  });
});

describe("a tag's externalDocs", () => {
  it("comes in as its module's externalDocs, goes out to the module's page and the export's tag, and reads back the same", async () => {
    const dir = await freshDir("import-tag-docs");
    const file = join(dir, "openapi.json");
    const tags = [{ name: "pets", description: "Pets", externalDocs: { url: "https://docs.example.com/pets", description: "All | about pets" } }];
    await writeFile(file, JSON.stringify({ openapi: "3.1.0", info: { title: "Linked", version: "1" }, tags, paths: { "/a": { get: { operationId: "getA", tags: ["pets"], responses: ok } } } }));
    const { catalogue, report } = importOpenApi(file);
    const { model } = await writeCatalogue(catalogue, join(dir, "catalogue"));
    expect(model.modules[0]!.externalDocs).toEqual({ url: "https://docs.example.com/pets", description: "All | about pets" });
    expect(report.toText()).not.toContain("externalDocs of tag");
    const out = join(dir, "generated");
    await generate({ catalogue: join(dir, "catalogue"), out, targets: ["docs", "openapi"] });
    const page = await readFile(join(out, `docs/${model.modules[0]!.id}.md`), "utf8");
    expect(page).toContain("More: [All \\| about pets](https://docs.example.com/pets)");
    const exported = JSON.parse(await readFile(join(out, "openapi.json"), "utf8")) as { tags: { externalDocs?: unknown }[] };
    expect(exported.tags[0]!.externalDocs).toEqual({ description: "All \\| about pets", url: "https://docs.example.com/pets" });
    const again = importOpenApi(join(out, "openapi.json"));
    await writeCatalogue(again.catalogue, join(dir, "again"));
    expect((await loadModel(join(dir, "again"))).modules[0]!.externalDocs).toEqual(model.modules[0]!.externalDocs);
  });
});
