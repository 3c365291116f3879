// Streams and paging through OpenAPI (issue 23): the fixture catalogue streams-pages exported (3.1
// with catalogen's extensions, and 3.2 with `itemSchema`) and imported again gives the same model;
// Speakeasy's and Fern's paging extensions are read; list operations that look paged but declare
// nothing are reported.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "vitest";
import { importOpenApi, writeCatalogue } from "../../src/import/index.js";
import { openApiDocument } from "../../src/emit/openapi/index.js";
import type { ApiModel } from "../../src/model/types.js";
import { loadModel } from "../../src/pipeline.js";
import { fixtureCatalogue, freshDir } from "../helpers/generate.js";
import { expectThreeValidatorsPass } from "../openapi/validators.js";

const source = fixtureCatalogue("streams-pages");

function comparable(model: ApiModel): unknown {
  const sorted = { ...model, modules: model.modules.map((module) => ({ ...module, operations: [...module.operations].sort((a, b) => (a.id < b.id ? -1 : 1)) })) };
  return JSON.parse(JSON.stringify(sorted, (key, value: unknown) => (key === "source" || key === "sources" ? undefined : typeof value === "string" ? value.replace(/\s+/g, " ").trim() : value)));
}

async function roundTrip(document: object, name: string): Promise<{ model: ApiModel; report: ReturnType<typeof importOpenApi>["report"] }> {
  const dir = await freshDir(name);
  await writeFile(join(dir, "openapi.json"), JSON.stringify(document));
  const { catalogue, report } = importOpenApi(join(dir, "openapi.json"), { tokenKindsExtension: "x-token-kinds", limitsExtension: "x-rate-limits" });
  await writeCatalogue(catalogue, join(dir, "catalogue"));
  return { model: await loadModel(join(dir, "catalogue")), report };
}

test.each(["3.1", "3.2"] as const)("OpenAPI %s: export and import give the same streams and paging", async (version) => {
  const original = await loadModel(source);
  const document = openApiDocument(original, { version }) as Record<string, any>;
  const events = document.paths["/completions/{completionId}/events"].get.responses["200"].content["text/event-stream"];
  if (version === "3.1") {
    expect(document.openapi).toBe("3.1.0");
    expect(events["x-sse-events"]).toEqual({ delta: { $ref: "#/components/schemas/Delta" }, done: { $ref: "#/components/schemas/Done" } });
    expect(document.paths["/products"].get["x-pagination"]).toEqual({ use: "cursor" });
    expect(document["x-pagination"][0]).toMatchObject({ id: "cursor", style: "cursor", items: "data", next: "meta.next_cursor" });
  } else {
    expect(document.openapi).toBe("3.2.0");
    expect(events["x-sse-events"]).toBeUndefined();
    expect(events.itemSchema.oneOf[0]).toEqual({
      required: ["event"],
      properties: { event: { const: "delta" }, data: { type: "string", contentMediaType: "application/json", contentSchema: { $ref: "#/components/schemas/Delta" } } },
    });
    expect(document.paths["/export"].get.responses["200"].content["application/jsonl"].itemSchema).toEqual({ $ref: "#/components/schemas/ExportRow" });
  }
  const { model, report } = await roundTrip(document, `streams-pages-${version}`);
  expect(comparable(model)).toEqual(comparable(original));
  expect(report.losses.filter((loss) => /item|sse|pagination/i.test(loss.what))).toEqual([]);
});

test("x-speakeasy-pagination and x-fern-pagination are read; a list that looks paged but declares nothing is reported", async () => {
  const page = { type: "object", properties: { data: { type: "array", items: { type: "string" } }, next: { type: "string" } } };
  const ok = { "200": { description: "A page", content: { "application/json": { schema: page } } } };
  const query = (...names: string[]) => names.map((name) => ({ name, in: "query", schema: { type: name === "limit" || name === "page" ? "integer" : "string" } }));
  const document = {
    openapi: "3.1.0",
    info: { title: "Paged", version: "1" },
    paths: {
      "/a": {
        get: {
          operationId: "listA",
          parameters: query("cursor", "limit"),
          responses: ok,
          "x-speakeasy-pagination": {
            type: "cursor",
            inputs: [{ name: "cursor", in: "parameters", type: "cursor" }, { name: "limit", in: "parameters", type: "limit" }],
            outputs: { results: "$.data", nextCursor: "$.next" },
          },
        },
      },
      "/b": { get: { operationId: "listB", parameters: query("page"), responses: ok, "x-speakeasy-pagination": { type: "offsetLimit", inputs: [{ name: "page", in: "parameters", type: "page" }], outputs: { results: "$.data" } } } },
      "/c": { get: { operationId: "listC", parameters: query("after"), responses: ok, "x-fern-pagination": { cursor: "$request.after", next_cursor: "$response.next", results: "$response.data" } } },
      "/d": { get: { operationId: "listD", parameters: query("page_token"), responses: ok } },
    },
  };
  const { model, report } = await roundTrip(document, "paging-extensions");
  const paging = Object.fromEntries(model.modules.flatMap((m) => m.operations).map((op) => [op.id, op.pagination]));
  expect(paging.listA).toEqual({ style: "cursor", items: ["data"], next: ["next"], cursor: { in: "query", name: "cursor" }, limit: { in: "query", name: "limit" } });
  expect(paging.listB).toEqual({ style: "page", items: ["data"], page: { in: "query", name: "page" } });
  expect(paging.listC).toEqual({ style: "cursor", items: ["data"], next: ["next"], cursor: { in: "query", name: "after" } });
  expect(paging.listD).toBeUndefined();
  // Advice, not a value the importer derived (issue 44, point 6).
  const [, derived = "", advice = ""] = /\nDerived \(\d+\)[^\n]*\n([\s\S]*)\nAdvice \(1\): [^\n]*\n([\s\S]*)\nUnread/.exec(report.toText()) ?? [];
  expect(advice).toContain("/paths/~1d/get: looks paged (query parameter page_token) but declares no pagination");
  expect(derived).not.toContain("looks paged");
  expect(report.toText()).toContain("pagination (cursor) from x-speakeasy-pagination");
});

test("the 3.1 export with stream and paging extensions passes swagger-parser, Redocly and Spectral", { timeout: 120_000 }, async () => {
  const dir = await freshDir("streams-pages-validate");
  const document = openApiDocument(await loadModel(source));
  const file = join(dir, "openapi.json");
  await writeFile(file, JSON.stringify(document, null, 2));
  await expectThreeValidatorsPass(file, document);
});

test("catalogen generate --openapi-version 3.2 (or the config's openapiVersion) writes OpenAPI 3.2 with itemSchema", async () => {
  const { runCli } = await import("../catalogue/support.js");
  const dir = await freshDir("openapi-32");
  const flag = await runCli(["generate", "--catalogue", source, "--out", join(dir, "a"), "--target", "openapi", "--openapi-version", "3.2"], dir);
  expect(flag.code).toBe(0);
  const written = JSON.parse(await readFile(join(dir, "a/openapi.json"), "utf8")) as Record<string, any>;
  expect(written.openapi).toBe("3.2.0");
  expect(written.paths["/feed"].get.responses["200"].content["application/json-seq"]).toEqual({ itemSchema: { $ref: "#/components/schemas/ExportRow" } });
  await writeFile(join(dir, "catalogen.config.json"), JSON.stringify({ catalogue: source, out: "b", targets: ["openapi"], openapiVersion: "3.2" }));
  expect((await runCli(["generate"], dir)).code).toBe(0);
  expect(await readFile(join(dir, "b/openapi.json"), "utf8")).toBe(await readFile(join(dir, "a/openapi.json"), "utf8"));
  const wrong = await runCli(["generate", "--catalogue", source, "--out", join(dir, "c"), "--openapi-version", "4"], dir);
  expect(wrong.code).toBe(2);
  expect(wrong.stderr).toContain('unknown OpenAPI version "4"; use 3.1 or 3.2');
});
