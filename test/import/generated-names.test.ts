// Schema names that would take a name the generated code derives or exports itself
// (`ServerEnvironment`, `<Operation>Errors`, `<Operation>Args`, the server's `Identity`) are
// renamed on import and listed, so the catalogue validates and every target generates.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "vitest";
import { freshDir } from "../helpers/generate.js";
import { importAndGenerate } from "./helpers.js";

const DOCUMENT = {
  openapi: "3.1.0",
  info: { title: "Names", version: "1" },
  servers: [
    { url: "https://api.example.com", description: "Production" },
    { url: "https://sandbox.example.com", description: "Sandbox" },
  ],
  paths: {
    "/thing": {
      get: {
        operationId: "getThing",
        responses: {
          "200": { description: "OK", content: { "application/json": { schema: { $ref: "#/components/schemas/GetThingArgs" } } } },
          "404": { description: "Missing", content: { "application/json": { schema: { $ref: "#/components/schemas/GetThingErrors" } } } },
          "409": { description: "Clash", content: { "application/json": { schema: { $ref: "#/components/schemas/ServerEnvironment" } } } },
          "410": { description: "Gone", content: { "application/json": { schema: { $ref: "#/components/schemas/Identity" } } } },
          "411": { description: "Writable", content: { "application/json": { schema: { $ref: "#/components/schemas/ThingWritable" } } } },
          "412": { description: "Directional", content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      GetThingArgs: { type: "object", properties: { id: { type: "integer" } } },
      GetThingErrors: { type: "object", properties: { message: { type: "string" } } },
      ServerEnvironment: { type: "string", enum: ["production", "sandbox"] },
      Identity: { type: "object", properties: { name: { type: "string" } } },
      ThingWritable: { type: "object", properties: { note: { type: "string" } } },
      Thing: { type: "object", properties: { id: { type: "string", readOnly: true }, name: { type: "string" } } },
    },
  },
};

test("generated names are renamed on import, listed, and the result generates", async () => {
  const file = join(await freshDir("import-names"), "names.json");
  await writeFile(file, JSON.stringify(DOCUMENT));
  const imported = await importAndGenerate(file);
  const types = imported.model.types.map((named) => named.name).sort();
  // Thing has a read-only property: its request shape would be ThingWritable, a schema of the document's own.
  expect(types).toEqual(["GetThingArgs2", "GetThingErrors2", "IdentityType", "ServerEnvironmentType", "Thing2", "ThingWritable"]);
  expect(imported.reportText).toContain('#/components/schemas/Thing: type "Thing" -> "Thing2"');
  expect(imported.reportText).toContain('#/components/schemas/GetThingArgs: type "GetThingArgs" -> "GetThingArgs2"');
  expect(imported.reportText).toContain('#/components/schemas/GetThingErrors: type "GetThingErrors" -> "GetThingErrors2"');
  expect(imported.reportText).toContain('#/components/schemas/ServerEnvironment: type "ServerEnvironment" -> "ServerEnvironmentType"');
  expect(imported.reportText).toContain('#/components/schemas/Identity: type "Identity" -> "IdentityType"');
});
