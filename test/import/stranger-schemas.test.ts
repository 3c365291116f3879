// Issue 44, point 9: two schema spellings of real documents. An allOf of a string schema and parts
// that only constrain it (Cloudflare's `[{ $ref: identifier }, { maxLength: 32 }]`) is that string,
// constrained, not unknown; Swagger 2.0's `x-nullable` is read wherever 2.0 writes it, also where
// swagger2openapi drops it (beside a $ref, on a parameter or a response header).
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "vitest";
import { importDocument as importAny, writeCatalogue } from "../../src/import/index.js";
import { generate } from "../../src/pipeline.js";
import { freshDir } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";
import { importDocument } from "./helpers.js";

const json = { "application/json": { schema: { $ref: "#/components/schemas/zone" } } };

const cloudflareStyle = {
  openapi: "3.0.3",
  info: { title: "Zones", version: "1" },
  servers: [{ url: "https://api.example.com" }],
  paths: {
    "/zones/{id}": {
      get: {
        operationId: "getZone",
        parameters: [{ name: "id", in: "path", required: true, schema: { $ref: "#/components/schemas/identifier" } }],
        responses: { "200": { description: "ok", content: json } },
      },
    },
  },
  components: {
    schemas: {
      common_identifier: { type: "string", maxLength: 32, description: "Identifier", example: "023e105f4ecef8ad9ca31a8372d0c353" },
      identifier: { allOf: [{ $ref: "#/components/schemas/common_identifier" }, { minLength: 1, readOnly: true }] },
      name: { allOf: [{ type: "string" }, { maxLength: 253, pattern: "^[a-z.]+$", description: "The domain name" }] },
      ttl: { allOf: [{ type: "number" }, { minimum: 1, maximum: 86400 }] },
      zone: { type: "object", properties: { id: { $ref: "#/components/schemas/identifier" }, name: { $ref: "#/components/schemas/name" }, ttl: { $ref: "#/components/schemas/ttl" } } },
    },
  },
};

test("an allOf of a string schema and constraints is that string, constrained, and the client compiles strict", async () => {
  const imported = await importDocument("value-allof", cloudflareStyle, ["client"]);
  expect(imported.reportText).toMatch(/^Lost \(0\)/);
  const types = Object.fromEntries(imported.model.types.map((type) => [type.name, type.type]));
  expect(JSON.stringify(types.Identifier)).toContain('"minLength":1');
  expect(JSON.stringify(types.Name)).toContain('"maxLength":253');
  expect(JSON.stringify(types.Ttl)).toContain('"maximum":86400');
  await expectCompiles(join(imported.out, "use.ts"), [
    'import type { Zone } from "./client/types.js";',
    'const zone: Zone = { id: "023e", name: "example.com", ttl: 300 };',
    "// @ts-expect-error: a name is a string",
    "const wrong: Zone = { name: 1 };",
    "export { zone, wrong };",
  ]);
}, 120_000);

// Two more spellings of Cloudflare's real document (cloudflare/api-schemas, openapi.json of August
// 2024), each of which stopped its import or its client's strict compile, reduced to a few lines:
// a string part beside a $ref to a schema that is itself an allOf of strings (`operation_id`), and a
// response envelope that requires `result: unknown` composed with an inline part that types it.
const cloudflareEnvelope = {
  openapi: "3.0.3",
  info: { title: "Operations", version: "1" },
  servers: [{ url: "https://api.example.com" }],
  paths: {
    "/operations": {
      get: {
        operationId: "listOperations",
        responses: {
          "200": {
            description: "ok",
            content: {
              "application/json": {
                schema: { allOf: [{ $ref: "#/components/schemas/envelope" }, { properties: { result: { type: "array", items: { $ref: "#/components/schemas/operation" } } } }] },
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      envelope: { type: "object", required: ["success", "result"], properties: { success: { type: "boolean" }, result: { description: "A result." } } },
      uuid: { type: "string", maxLength: 36, description: "UUID" },
      "schemas-uuid": { allOf: [{ type: "string", minLength: 36 }, { $ref: "#/components/schemas/uuid" }] },
      operation: { type: "object", required: ["operation_id"], properties: { operation_id: { allOf: [{ type: "string", description: "The ID of the operation" }, { $ref: "#/components/schemas/schemas-uuid" }] } } },
    },
  },
};

test("Cloudflare's operation_id (a string and a $ref to an allOf of strings) and result envelope import, and the client compiles strict", async () => {
  const imported = await importDocument("cloudflare-envelope", cloudflareEnvelope, ["client"]);
  expect(imported.reportText).toMatch(/^Lost \(0\)/);
  await expectCompiles(join(imported.out, "use.ts"), [
    'import { listOperations } from "./client/operations/operations.js";',
    'import type { OperationType } from "./client/types.js";',
    'const operation: OperationType = { operation_id: "f174e90a-fafe-4643-bbbc-4a0ed4fc8415" };',
    "// @ts-expect-error: an operation id is a string",
    "const wrong: OperationType = { operation_id: 1 };",
    "export { listOperations, operation, wrong };",
  ]);
}, 120_000);

const swagger = {
  swagger: "2.0",
  info: { title: "Pets", version: "1" },
  host: "api.example.com",
  schemes: ["https"],
  paths: {
    "/pets": {
      get: {
        operationId: "listPets",
        parameters: [{ name: "tag", in: "query", type: "string", "x-nullable": true }],
        responses: { "200": { description: "ok", schema: { $ref: "#/definitions/Pet" }, headers: { "X-Next": { type: "string", "x-nullable": true } } } },
      },
    },
  },
  definitions: {
    Pet: {
      type: "object",
      required: ["name", "owner"],
      properties: { name: { type: "string", "x-nullable": true }, owner: { $ref: "#/definitions/Owner", "x-nullable": true }, age: { type: "integer", "x-nullable": false } },
    },
    Owner: { type: "object", properties: { id: { type: "string" } } },
  },
};

test("Swagger 2.0's x-nullable: nullable in the model and the client's types, nothing reported lost", async () => {
  const dir = await freshDir("x-nullable");
  const file = join(dir, "swagger.json");
  await writeFile(file, JSON.stringify(swagger));
  const { catalogue, report } = await importAny(file);
  expect(report.losses).toEqual([]);
  const { model } = await writeCatalogue(catalogue, join(dir, "catalogue"));
  const pet = model.types.find((type) => type.name === "Pet")!.type;
  const nullable = (name: string): boolean | undefined => (pet.kind === "object" ? pet.properties.find((property) => property.name === name)?.type.nullable : false);
  expect([nullable("name"), nullable("owner"), nullable("age")]).toEqual([true, true, undefined]);
  const operation = model.modules[0]!.operations[0]!;
  expect(operation.query?.find((parameter) => parameter.name === "tag")?.schema?.nullable).toBe(true);
  await generate({ catalogue: join(dir, "catalogue"), out: join(dir, "generated"), targets: ["client"] });
  await expectCompiles(join(dir, "generated", "use.ts"), [
    'import type { Pet } from "./client/types.js";',
    "const pet: Pet = { name: null, owner: null, age: 3 };",
    "// @ts-expect-error: age is not nullable (x-nullable: false)",
    "const wrong: Pet = { name: null, owner: null, age: null };",
    "export { pet, wrong };",
  ]);
}, 120_000);

/** `lines` written to `file` beside the generated client compile under the strict flags. */
async function expectCompiles(file: string, lines: string[]): Promise<void> {
  await writeFile(file, `${lines.join("\n")}\n`);
  const result = await typecheck([file], { version: "5.9", resolution: "nodenext" });
  expect(result.output).toBe("");
}
