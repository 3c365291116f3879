// Round trip: this repository's catalogue exported to OpenAPI (src/emit/openapi) and imported
// again gives an equivalent catalogue: the same model, operation by operation and type by type.
import { join } from "node:path";
import { expect, test } from "vitest";
import { importOpenApi, writeCatalogue } from "../../src/import/index.js";
import type { ApiModel } from "../../src/model/types.js";
import { generate, loadModel } from "../../src/pipeline.js";
import { fixtureCatalogue, freshDir, repoCatalogue } from "../helpers/generate.js";

/**
 * What the comparison leaves out: where each operation is declared (file, line) and the files'
 * names. Text is compared with runs of white space as one space: OpenAPI descriptions are
 * CommonMark, and the exporter writes a paragraph's line breaks as spaces. Operations are compared
 * by id within their module: OpenAPI groups them by path, so a module's order is not kept.
 */
function comparable(model: ApiModel): unknown {
  const sorted = { ...model, modules: model.modules.map((module) => ({ ...module, operations: [...module.operations].sort((a, b) => (a.id < b.id ? -1 : 1)) })) };
  return JSON.parse(
    JSON.stringify(sorted, (key, value: unknown) => {
      if (key === "source" || key === "sources") return undefined;
      return typeof value === "string" ? value.replace(/\s+/g, " ").trim() : value;
    }),
  );
}

test("catalogue -> OpenAPI -> catalogue gives the same model", { timeout: 300_000 }, async () => {
  const dir = await freshDir("roundtrip");
  await generate({ catalogue: repoCatalogue, out: join(dir, "generated"), targets: ["openapi"] });
  const { catalogue, report } = importOpenApi(join(dir, "generated/openapi.json"), {
    tokenKindsExtension: "x-token-kinds",
    limitsExtension: "x-rate-limits",
  });
  await writeCatalogue(catalogue, join(dir, "catalogue"));
  const original = await loadModel(repoCatalogue);
  const imported = await loadModel(join(dir, "catalogue"));
  expect(imported.modules.map((module) => module.id)).toEqual(original.modules.map((module) => module.id));
  for (const module of original.modules) {
    const twin = imported.modules.find((candidate) => candidate.id === module.id)!;
    for (const operation of module.operations) {
      const imported = twin.operations.find((candidate) => candidate.id === operation.id);
      expect(comparable({ modules: [], operation: imported } as never), operation.id).toEqual(comparable({ modules: [], operation } as never));
    }
  }
  expect(comparable(imported)).toEqual(comparable(original));
  // Nothing of the catalogue itself is lost; what the report lists is the export's own scaffolding.
  expect(report.renames).toEqual([]);
});

test("error responses: per operation, API-wide (components/responses), media types with parameters; derived 401/403/429 stay derived", async () => {
  const source = fixtureCatalogue("error-responses");
  const dir = await freshDir("roundtrip-errors");
  await generate({ catalogue: source, out: join(dir, "generated"), targets: ["openapi"] });
  const { catalogue } = importOpenApi(join(dir, "generated/openapi.json"));
  await writeCatalogue(catalogue, join(dir, "catalogue"));
  const original = await loadModel(source);
  const imported = await loadModel(join(dir, "catalogue"));
  expect(imported.responses?.map((response) => response.status)).toEqual(["5XX", "default"]);
  const deleteOffer = imported.modules[0]!.operations.find((operation) => operation.id === "deleteOffer")!;
  expect(deleteOffer.responses?.map((response) => response.status)).toEqual(["204", "4XX"]);
  expect(comparable(imported)).toEqual(comparable(original));
});

test("the composed types (allOf, discriminator mappings, const, number and boolean enums, both nullables) make the round trip", { timeout: 120_000 }, async () => {
  const dir = await freshDir("roundtrip-composition");
  const source = fixtureCatalogue("composition");
  await generate({ catalogue: source, out: join(dir, "generated"), targets: ["openapi"] });
  const { catalogue, report } = importOpenApi(join(dir, "generated/openapi.json"), { tokenKindsExtension: "x-token-kinds" });
  await writeCatalogue(catalogue, join(dir, "catalogue"));
  const original = await loadModel(source);
  const imported = await loadModel(join(dir, "catalogue"));
  for (const named of original.types) {
    expect(imported.types.find((candidate) => candidate.name === named.name)?.type, named.name).toEqual(named.type);
  }
  expect(comparable(imported)).toEqual(comparable(original));
  expect(report.losses.filter((loss) => /allOf|discriminator|const|enum|null|unevaluated/.test(loss.what + loss.pointer))).toEqual([]);
});

test("a catalogue with limit groups and per-kind limits survives the round trip", { timeout: 120_000 }, async () => {
  const dir = await freshDir("roundtrip-limits");
  const source = fixtureCatalogue("limit-groups");
  await generate({ catalogue: source, out: join(dir, "generated"), targets: ["openapi"] });
  const { catalogue, report } = importOpenApi(join(dir, "generated/openapi.json"));
  await writeCatalogue(catalogue, join(dir, "catalogue"));
  const original = await loadModel(source);
  const imported = await loadModel(join(dir, "catalogue"));
  expect(imported.limitGroups).toBeDefined();
  expect(comparable(imported)).toEqual(comparable(original));
  expect(report.renames).toEqual([]);
  // The operations name their group, as the catalogue did: the groups are not copied into them.
  expect(catalogue.modules[0]!.operations.map((operation) => operation.limits)).toContainEqual([
    { group: "content" },
    { scope: "seller", period: "1 minute", limit: 60, interval: "1 second", burst: 10 },
  ]);
});

test("servers: the API's in order, each module's own and each operation's resolved servers; nothing about them reported lost", async () => {
  const dir = await freshDir("roundtrip-servers");
  const catalogue = fixtureCatalogue("servers");
  await generate({ catalogue, out: join(dir, "generated"), targets: ["openapi"] });
  const imported = importOpenApi(join(dir, "generated/openapi.json"));
  const { model } = await writeCatalogue(imported.catalogue, join(dir, "catalogue"));
  const original = await loadModel(catalogue);
  expect(model.servers).toEqual(original.servers);
  expect(model.modules.map((module) => [module.id, module.servers])).toEqual([
    ["reports", ["reports-live"]],
    ["things", undefined],
  ]);
  expect(comparable(model)).toEqual(comparable(original));
  expect(imported.report.losses.filter((loss) => /server/i.test(loss.pointer + loss.what))).toEqual([]);
});

test("annotations, constraints, read/write-only, deprecation, external docs, named examples and response headers make the round trip, nothing reported lost", { timeout: 120_000 }, async () => {
  const dir = await freshDir("roundtrip-annotations");
  const source = fixtureCatalogue("annotations");
  await generate({ catalogue: source, out: join(dir, "generated"), targets: ["openapi"] });
  const { catalogue, report } = importOpenApi(join(dir, "generated/openapi.json"));
  await writeCatalogue(catalogue, join(dir, "catalogue"));
  const original = await loadModel(source);
  const imported = await loadModel(join(dir, "catalogue"));
  // One construct at a time, so a failure names it.
  for (const named of original.types) {
    expect(imported.types.find((candidate) => candidate.name === named.name), named.name).toEqual(named);
  }
  const operations = original.modules[0]!.operations;
  for (const operation of operations) {
    const twin = imported.modules[0]!.operations.find((candidate) => candidate.id === operation.id)!;
    for (const key of ["deprecated", "externalDocs", "query", "headers", "request", "responses"] as const) {
      expect(comparable({ modules: [], value: twin[key] } as never), `${operation.id}.${key}`).toEqual(comparable({ modules: [], value: operation[key] } as never));
    }
  }
  expect(comparable(imported)).toEqual(comparable(original));
  expect(report.losses.filter((loss) => !/x-not-documented|security|x-displayName/.test(loss.pointer + loss.what))).toEqual([]);
  expect(report.refused).toEqual([]);
});
