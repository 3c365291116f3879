// OpenAPI servers -> catalogue servers: root, path item and operation lists; variables kept with
// the URL template (the model's URL their defaults); environments from x-environment or the description; what cannot be held
// (a relative URL, a second server of one environment, unknown keys) listed in the report.
import { join } from "node:path";
import { beforeAll, expect, test } from "vitest";
import { importAndGenerate, catalogueTexts, type Imported } from "./helpers.js";

let imported: Imported;
beforeAll(async () => {
  imported = await importAndGenerate(join(import.meta.dirname, "fixtures/servers.yaml"));
});

test("api.servers: the root's usable servers first, then the others in document order", () => {
  expect(imported.model.servers).toEqual([
    {
      id: "production",
      url: "https://eu.api.example.com/v1",
      template: "https://{region}.api.example.com/v1",
      variables: { region: { default: "eu", enum: ["eu", "us"] } },
      description: "Production API",
      environment: "production",
    },
    { id: "sandbox", url: "https://sandbox.example.com/v1", description: "Sandbox for tests", environment: "sandbox" },
    { id: "production-2", url: "https://uploads.example.com", environment: "production" },
    { id: "stores-example-com", url: "https://stores.example.com" },
  ]);
});

test("each operation's servers: a module's when all its operations share them, the operation's where it differs", () => {
  const servers = Object.fromEntries(imported.model.modules.map((module) => [module.id, [module.servers, module.operations.map((o) => [o.id, o.servers])]]));
  expect(servers).toEqual({
    pets: [undefined, [["listPets", ["production", "sandbox"]], ["uploadPhoto", ["production-2"]]]],
    stores: [["stores-example-com"], [["listStores", ["stores-example-com"]], ["addStore", ["stores-example-com"]]]],
  });
});

test("the report lists what the catalogue cannot hold and what was derived", () => {
  const text = imported.reportText;
  expect(text).not.toContain("#/servers/0/variables");
  expect(text).toContain("#/servers/2: server https://mirror.example.com/v1: a second server of environment production in this list");
  expect(text).toContain("#/servers/3: server /relative: the URL is not an absolute URL");
  expect(text).toContain("#/paths/~1pets~1{id}~1photo/servers/0/x-note: x-note of a server");
  expect(text).toContain('#/servers/1: environment "sandbox" of server "https://sandbox.example.com/v1" from its description');
  expect(text).not.toMatch(/#\/paths\/[^:]*\/servers: /);
});

test("the catalogue says it in YAML", async () => {
  const texts = await catalogueTexts(imported.catalogue);
  expect(texts["api.yaml"]).toContain("  servers:\n    - id: production\n      url: https://{region}.api.example.com/v1\n      variables: { region: { default: eu, enum: [ eu, us ] } }\n");
  expect(texts["stores.yaml"]).toMatch(/servers: \[ stores-example-com \]/);
});

test("without root servers, an operation that has none gets the catalogue's defaults, listed as derived", async () => {
  const { model, reportText } = await importAndGenerate(join(import.meta.dirname, "fixtures/servers-no-root.yaml"));
  expect(model.servers).toEqual([{ id: "b-example-com", url: "https://b.example.com" }]);
  expect(reportText).toContain("#/paths/~1a/get: servers: the catalogue's defaults (the document gives this operation no absolute server URL");
});
