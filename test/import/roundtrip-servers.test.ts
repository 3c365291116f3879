// Round trip of a catalogue with servers (test/fixtures/catalogues/servers): exported to OpenAPI
// and imported again, it gives the same model: the API's servers in order, each module's own
// and each operation's resolved servers. Nothing about the servers is reported lost.
import { join } from "node:path";
import { expect, test } from "vitest";
import { importOpenApi, writeCatalogue } from "../../src/import/index.js";
import type { ApiModel } from "../../src/model/types.js";
import { generate, loadModel } from "../../src/pipeline.js";
import { fixtureCatalogue, freshDir } from "../helpers/generate.js";

/** As in roundtrip.test.ts: without source places, white space runs as one, operations by id. */
function comparable(model: ApiModel): unknown {
  const sorted = { ...model, modules: model.modules.map((module) => ({ ...module, operations: [...module.operations].sort((a, b) => (a.id < b.id ? -1 : 1)) })) };
  return JSON.parse(
    JSON.stringify(sorted, (key, value: unknown) => {
      if (key === "source" || key === "sources") return undefined;
      return typeof value === "string" ? value.replace(/\s+/g, " ").trim() : value;
    }),
  );
}

test("catalogue with servers -> OpenAPI -> catalogue gives the same model", async () => {
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
