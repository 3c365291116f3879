// Parameter styles, cookie parameters and body encodings survive catalogue -> OpenAPI -> catalogue
// (the export writes style, explode and encoding; the import reads them back), and an OpenAPI
// document's styles the location does not allow are reported lost, not kept.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "vitest";
import { importOpenApi, writeCatalogue } from "../../src/import/index.js";
import { generate, loadModel } from "../../src/pipeline.js";
import { fixtureCatalogue, freshDir } from "../helpers/generate.js";

test("style, explode, cookies and encoding make the round trip; nothing about them is reported lost", { timeout: 120_000 }, async () => {
  const dir = await freshDir("roundtrip-styles");
  const source = fixtureCatalogue("styles");
  await generate({ catalogue: source, out: join(dir, "generated"), targets: ["openapi"] });
  const document = JSON.parse(await import("node:fs/promises").then((fs) => fs.readFile(join(dir, "generated/openapi.json"), "utf8"))) as {
    paths: Record<string, Record<string, { parameters?: { name: string; in: string; style?: string; explode?: boolean }[]; requestBody?: { content: Record<string, { encoding?: unknown }> } }>>;
  };
  const list = document.paths["/charges/{ids}/{color}/{label}"]!.get!;
  expect(list.parameters!.find((p) => p.name === "created")).toMatchObject({ in: "query", style: "deepObject", explode: true });
  expect(list.parameters!.find((p) => p.name === "session")).toMatchObject({ in: "cookie" });
  expect(document.paths["/uploads"]!.post!.requestBody!.content["multipart/form-data"]!.encoding).toEqual({ file: { contentType: "image/png" } });

  const { catalogue, report } = importOpenApi(join(dir, "generated/openapi.json"), { tokenKindsExtension: "x-token-kinds" });
  await writeCatalogue(catalogue, join(dir, "catalogue"));
  const original = await loadModel(source);
  const imported = await loadModel(join(dir, "catalogue"));
  const operations = (model: typeof original) => model.modules.flatMap((module) => module.operations);
  for (const operation of operations(original)) {
    const twin = operations(imported).find((candidate) => candidate.id === operation.id)!;
    expect(twin.pathParams.map((p) => [p.name, p.style, p.explode]), operation.id).toEqual(operation.pathParams.map((p) => [p.name, p.style, p.explode]));
    expect(twin.query?.map((p) => [p.name, p.style, p.explode])).toEqual(operation.query?.map((p) => [p.name, p.style, p.explode]));
    expect(twin.cookies).toEqual(operation.cookies);
    expect(twin.headers).toEqual(operation.headers);
    expect(twin.request?.content.map((media) => media.encoding)).toEqual(operation.request?.content.map((media) => media.encoding));
  }
  expect(report.losses.filter((loss) => /style|explode|cookie|encoding/.test(loss.what + loss.pointer))).toEqual([]);
});

test("a style the location does not allow, allowReserved and part headers are reported lost", async () => {
  const dir = await freshDir("import-styles");
  const file = join(dir, "openapi.json");
  await writeFile(
    file,
    JSON.stringify({
      openapi: "3.1.0",
      info: { title: "T", version: "1" },
      paths: {
        "/a/{id}": {
          post: {
            operationId: "postA",
            parameters: [
              { name: "id", in: "path", required: true, style: "deepObject", schema: { type: "string" } },
              { name: "q", in: "query", style: "pipeDelimited", allowReserved: true, schema: { type: "array", items: { type: "string" } } },
              { name: "c", in: "cookie", schema: { type: "string" } },
              { name: "api_key", in: "header", schema: { type: "string" } },
              { name: "X_Custom", in: "header", required: true, schema: { type: "integer" } },
            ],
            requestBody: {
              content: {
                "multipart/form-data": {
                  schema: { type: "object", properties: { f: { type: "string", format: "binary" } } },
                  encoding: { f: { contentType: "image/png", headers: { "X-A": { schema: { type: "string" } } } } },
                },
              },
            },
            responses: { "204": { description: "ok" } },
          },
        },
      },
    }),
  );
  const { catalogue, report } = importOpenApi(file);
  const { model } = await writeCatalogue(catalogue, join(dir, "catalogue"));
  const operation = model.modules[0]!.operations[0]!;
  expect(operation.pathParams[0]!.style).toBeUndefined();
  expect(operation.query![0]).toMatchObject({ name: "q", style: "pipeDelimited" });
  expect(operation.cookies).toEqual([{ name: "c", in: "cookie", required: false, schema: { kind: "string" } }]);
  expect(operation.headers!.map((header) => [header.name, header.required])).toEqual([["api_key", false], ["X_Custom", true]]);
  expect(operation.request!.content[0]!.encoding).toEqual({ f: { contentType: "image/png" } });
  const lost = report.losses.map((loss) => loss.pointer);
  expect(lost.filter((pointer) => /parameters\/[34]/.test(pointer))).toEqual([]);
  expect(lost).toEqual(expect.arrayContaining(["#/paths/~1a~1{id}/post/parameters/0/style", "#/paths/~1a~1{id}/post/parameters/1/allowReserved", "#/paths/~1a~1{id}/post/requestBody/content/multipart~1form-data/encoding/f/headers"]));
});
