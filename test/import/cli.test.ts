// `catalogen import` on small documents written for these tests: the mapping, the report, names,
// limits and token kinds, refusing to overwrite, refusing invalid documents.
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { durationText, countOf } from "../../src/import/limits.js";
import { loadModel } from "../../src/pipeline.js";
import { freshDir } from "../helpers/generate.js";
import { catalogueTexts } from "./helpers.js";

const fixtures = fileURLToPath(new URL("fixtures/", import.meta.url));

async function run(args: string[], cwd = fixtures) {
  let out = "";
  let err = "";
  const code = await main(args, { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`), cwd });
  return { code, out, err };
}

async function importShop(extra: string[] = []) {
  const dir = await freshDir("import-cli");
  const out = join(dir, "catalogue");
  const report = join(dir, "report.txt");
  const result = await run(["import", "shop.yaml", "--out", out, "--report", report, "--token-kinds-extension", "x-token-kinds", "--limits-extension", "x-rate-limits", ...extra]);
  return { ...result, dir, out, report: existsSync(report) ? await readFile(report, "utf8") : "" };
}

describe("catalogen import", () => {
  it("writes api.yaml and one module per tag, each with the schema modeline, and a catalogue that validates", async () => {
    const { code, out, err } = await importShop();
    expect(err).toBe("");
    expect(code).toBe(0);
    const texts = await catalogueTexts(out);
    // The untagged operation goes to the module of its first path segment.
    expect(Object.keys(texts)).toEqual(["api.yaml", "pet_store.yaml", "pet_store_2.yaml", "pets.yaml"]);
    for (const text of Object.values(texts)) expect(text).toMatch(/^# yaml-language-server: \$schema=\S+catalogue\.schema\.json\n/);
    const model = await loadModel(out);
    expect(model.auth.header).toBe("Authorization");
    expect(model.auth.tokenKinds.map((kind) => kind.id)).toEqual(["personal", "service"]);
    const operations = model.modules.flatMap((module) => module.operations);
    expect(operations.map((operation) => operation.id).sort()).toEqual(["createPet", "getPets", "getPetsByPetId"]);
  });

  it("keeps limits (durations and counts as written by people), token kinds, summaries, formats and examples", async () => {
    const { out } = await importShop();
    const model = await loadModel(out);
    const list = model.modules.flatMap((module) => module.operations).find((operation) => operation.path === "/pets" && operation.method === "GET")!;
    expect(list.summary).toBe("List pets");
    expect(list.tokens).toEqual(["personal"]);
    expect(list.limits).toEqual([{ scope: "account", period: { milliseconds: 60_000, text: "1 minute" }, limit: 100, interval: { milliseconds: 600, text: "600 milliseconds" }, burst: 5 }]);
    expect(list.query).toEqual([{ name: "limit", in: "query", required: false, schema: { kind: "integer", format: "int32", minimum: 1 } }]);
    expect(list.responses![0]!.content).toEqual([{ contentType: "application/json; charset=utf-8", schema: { kind: "array", items: { kind: "ref", name: "PetItem" } }, example: [{ id: 1, name: "Rex" }] }]);
    const one = model.modules.flatMap((module) => module.operations).find((operation) => operation.path === "/pets/{pet_id}")!;
    expect(one.summary).toBe("Fetches one pet.");
    expect(one.description).toBe("Fetches one pet.\nSecond line.");
    expect(one.pathParams).toEqual([{ name: "pet_id", in: "path", required: true, schema: { kind: "string", format: "uuid" } }]);
  });

  it("follows a relative-file $ref, resolves name clashes deterministically and lists them", async () => {
    const { out, report } = await importShop();
    const model = await loadModel(out);
    const names = model.types.map((type) => type.name);
    // pet-item is an alias of the schema in common/pet.yaml, named after its file.
    expect(names).toEqual(["Animal", "Cat", "Dog", "Pet", "PetItem", "PetItem2"]);
    expect(model.types.find((type) => type.name === "PetItem")!.type).toEqual({ kind: "ref", name: "Pet" });
    const fromFile = model.types.find((type) => type.name === "Pet")!.type;
    expect(fromFile).toMatchObject({ kind: "object", properties: [{ name: "id", required: true }, { name: "name", required: true, description: "The pet's name" }] });
    expect(model.types.find((type) => type.name === "PetItem2")!.type).toMatchObject({ properties: [{ name: "nickname", type: { kind: "string", nullable: true } }] });
    expect(model.types.find((type) => type.name === "Animal")!.type).toMatchObject({ kind: "union", discriminator: "kind" });
    expect(report).toContain('#/components/schemas/pet-item: type "pet-item" -> "PetItem"');
    expect(report).toContain('#/components/schemas/PetItem: type "PetItem" -> "PetItem2"');
    expect(report).toContain('#/tags/1: module "pet-store" -> "pet_store_2"');
    expect(report).toContain('#/paths/~1pets~1{pet-id}/get: parameter "pet-id" -> "pet_id"');
  });

  it("reports every loss with its JSON pointer", async () => {
    const { out, report } = await importShop();
    expect(out).toBeTruthy();
    expect(report).not.toContain("#/info/version"); // kept as api.version
    // The http bearer scheme is held as a scheme, with the token kinds the extension names, not lost as a "Bearer" prefix.
    expect(report).not.toContain("securitySchemes/bearer");
    const model = await loadModel(out);
    expect(model.auth.schemes).toEqual([{ id: "bearer", type: "http", scheme: "bearer", description: "A personal access token" }]);
    expect(model.auth.security).toEqual([["bearer"]]);
    expect(report).toContain("#/paths/~1pets~1{pet-id}/get: operation id getPetsByPetId from method and path (no operationId)");
    // Cookie parameters are kept (issue 21).
    expect(report).not.toContain('cookie parameter "session"');
    // Kept since issue 22, so no longer reported: deprecation, constraints, schema examples.
    for (const kept of ["~1pets/post/deprecated", "parameters/0/schema/minimum", "nickname/example"]) expect(report).not.toContain(kept);
  });

  it("is deterministic: the same document gives byte-identical files", async () => {
    const first = await importShop();
    const second = await importShop();
    expect(await catalogueTexts(second.out)).toEqual(await catalogueTexts(first.out));
    expect(second.report).toBe(first.report);
  });

  it("reads OpenAPI 3.1: null in type lists and anyOf, const, several examples", async () => {
    const dir = await freshDir("import-cli");
    const { code, out } = await run(["import", "shop31.yaml", "--out", join(dir, "c")]);
    expect(code).toBe(0);
    expect(out).toContain("imported 1 operations in 1 modules");
    const model = await loadModel(join(dir, "c"));
    const schema = model.modules[0]!.operations[0]!.responses![0]!.content[0]!;
    expect(schema.schema).toMatchObject({
      kind: "object",
      properties: [
        { name: "name", type: { kind: "string", nullable: true } },
        { name: "kind", type: { kind: "const", value: "thing" } },
        { name: "size", type: { kind: "union", variants: [{ kind: "integer" }, { kind: "string" }] } },
        { name: "note", type: { kind: "string", nullable: true } },
      ],
    });
    expect(schema.examples).toEqual([
      { name: "first", value: { name: null, kind: "thing", size: 1 } },
      { name: "second", value: { name: "a", kind: "thing", size: "2" } },
    ]);
  });

  it("--module-by path groups by the first path segment", async () => {
    const { code, out } = await importShop(["--module-by", "path"]);
    expect(code).toBe(0);
    expect(Object.keys(await catalogueTexts(out))).toEqual(["api.yaml", "pets.yaml"]);
  });

  it("never overwrites a catalogue without --force, and replaces it with --force", async () => {
    const dir = await freshDir("import-cli");
    const out = join(dir, "catalogue");
    await mkdir(out);
    await writeFile(join(out, "api.yaml"), "mine\n");
    const refused = await run(["import", "shop.yaml", "--out", out]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/already holds a catalogue \(api\.yaml\); pass --force/);
    expect(await readFile(join(out, "api.yaml"), "utf8")).toBe("mine\n");
    const forced = await run(["import", "shop.yaml", "--out", out, "--force"]);
    expect(forced.code).toBe(0);
    expect(await readFile(join(out, "api.yaml"), "utf8")).toContain("title: Pet shop");
  });

  it("refuses an invalid document with the position of the problem, writing nothing", async () => {
    const dir = await freshDir("import-cli");
    const result = await run(["import", "bad-ref.yaml", "--out", join(dir, "c")]);
    expect(result.code).toBe(1);
    expect(result.err).toBe('catalogen import: bad-ref.yaml:11:31: error: $ref "#/components/schemas/Missing" points at nothing\n');
    expect(existsSync(join(dir, "c"))).toBe(false);
    const swaggerText = '{ "swagger": "2.0", "info": { "title": "t" }, "paths": { "/a": { "get": { "responses": { "200": { "description": "ok", "schema": { "$ref": "#/definitions/Nope" } } } } } } }';
    await writeFile(join(dir, "swagger.json"), swaggerText);
    const swagger = await run(["import", join(dir, "swagger.json"), "--out", join(dir, "c")]);
    // Swagger 2.0 is converted (swagger2openapi), and a problem still points into the user's text.
    expect(swagger.code).toBe(1);
    expect(swagger.err).toContain(`swagger.json:1:${swaggerText.indexOf('"#/definitions/Nope"') + 1}: error: $ref "#/components/schemas/Nope" points at nothing`);
    await writeFile(join(dir, "swagger1.json"), '{ "swagger": "1.2", "info": {} }');
    expect((await run(["import", join(dir, "swagger1.json"), "--out", join(dir, "c")])).err).toMatch(/swagger1\.json:1:14: error: Swagger "1\.2" is not read; only Swagger 2\.0/);
    await writeFile(join(dir, "broken.yaml"), "openapi: 3.0.0\ninfo: [unclosed\n");
    const broken = await run(["import", join(dir, "broken.yaml"), "--out", join(dir, "c")]);
    expect(broken.code).toBe(1);
    expect(broken.err).toMatch(/broken\.yaml:\d+:\d+: error: not valid JSON or YAML/);
  });

  it.each([
    [["import", "--out", "x"], /give exactly one OpenAPI document/],
    [["import", "shop.yaml"], /--out DIR/],
    [["import", "shop.yaml", "--out", "x", "--module-by", "size"], /--module-by takes tag or path/],
    [["import", "shop.yaml", "--out", "x", "--limits-extension", "limits"], /names a vendor extension/],
  ])("exits 2 on a usage error: %j", async (args, message) => {
    const result = await run(args);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(message);
  });
});

describe("durations and counts in the limits extension", () => {
  it.each([
    ["1 min", "1 minute", 60_000],
    ["600 ms", "600 milliseconds", 600],
    ["2 hours", "2 hours", 7_200_000],
    ["30s", "30 seconds", 30_000],
    [1500, "1.5 seconds", 1500],
    [360_000, "6 minutes", 360_000],
    [1234, "1234 milliseconds", 1234],
  ])("%j -> %s", (input, text, milliseconds) => {
    expect(durationText(input)).toEqual({ text, milliseconds });
  });

  it("reads counts and refuses what is not one", () => {
    expect(countOf("100 requests")).toBe(100);
    expect(countOf(5)).toBe(5);
    expect(countOf("a lot")).toBeUndefined();
    expect(countOf(0)).toBeUndefined();
    expect(durationText("soon")).toBeUndefined();
  });
});

describe("token kind names", () => {
  it("are strings in the generated code, not identifiers: a scheme named api or problem keeps its name", async () => {
    const dir = await freshDir("import-kinds");
    const document = {
      openapi: "3.1.0",
      info: { title: "Kinds", version: "1" },
      components: { securitySchemes: { api: { type: "http", scheme: "bearer" }, problem: { type: "http", scheme: "bearer" } } },
      paths: { "/things": { get: { operationId: "listThings", security: [{ api: [] }, { problem: [] }], responses: { "200": { description: "OK" } } } } },
    };
    await writeFile(join(dir, "kinds.json"), JSON.stringify(document));
    const { code, err } = await run(["import", "kinds.json", "--out", join(dir, "catalogue")], dir);
    expect(err).toBe("");
    expect(code).toBe(0);
    const model = await loadModel(join(dir, "catalogue"));
    expect(model.auth.tokenKinds.map((kind) => kind.id)).toEqual(["api", "problem"]);
    expect(model.modules[0]!.operations[0]!.tokens).toEqual(["api", "problem"]);
  });
});
