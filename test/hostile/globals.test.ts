// Names the generated code needs are never shadowed: a catalogue type named Promise, Record,
// Error, Response, URL, ReturnType (a client method's result), Awaited (tanstack-query's and paging's result types)... (a global the generated code uses)
// or an operation named fetch would hide the global from the generated code and break it. The
// validator refuses such names with a position and a hint; the importer renames them, and what it
// writes generates code that compiles.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadModel } from "../../src/pipeline.js";
import { GLOBAL_NAMES } from "../../src/shared/names.js";
import type { CatalogueError } from "../../src/shared/diagnostic.js";
import { freshDir } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";
import { generatedTypeScript, importAndGenerate } from "../import/helpers.js";

const SHADOWING_TYPES = ["Promise", "Record", "Array", "Error", "Response", "URL", "Uint8Array", "Headers", "Map", "ReturnType", "Awaited"];
const SHADOWING_OPERATIONS = ["fetch", "setTimeout"];

describe("globals the generated code uses", () => {
  it("are all in the reserved list", () => {
    for (const name of [...SHADOWING_TYPES, ...SHADOWING_OPERATIONS]) expect(GLOBAL_NAMES.has(name), name).toBe(true);
  });

  it("the validator refuses a type or operation of such a name, with its position and a hint", async () => {
    const dir = join(await freshDir("globals"), "catalogue");
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, "api.yaml"), "api:\n  title: T\n  auth:\n    header: Authorization\n    tokenKinds: [{ id: personal, description: d }]\n");
    const types = SHADOWING_TYPES.map((name) => `  ${name}:\n    type: object\n    properties: { a: { type: string } }\n`).join("");
    const operations = SHADOWING_OPERATIONS.map(
      (id, index) => `  - id: ${id}\n    method: GET\n    path: /p${index}\n    summary: s\n    responses: { "200": { description: ok, content: { application/json: { schema: { ref: Promise } } } } }\n`,
    ).join("");
    await writeFile(join(dir, "shop.yaml"), `module: { id: shop, title: Shop, area: a }\ntypes:\n${types}operations:\n${operations}`);
    const error = (await loadModel(dir).catch((e: unknown) => e)) as CatalogueError;
    const messages = error.diagnostics.map((d) => `${d.line}:${d.column} ${d.message} | ${d.hint}`);
    SHADOWING_TYPES.forEach((name, index) => {
      expect(messages).toContain(`${3 + index * 3}:3 type name "${name}" would hide the global ${name} the generated code uses | rename the type, e.g. ${name}Body or a name with its module's prefix`);
    });
    const first = 3 + SHADOWING_TYPES.length * 3 + 1;
    SHADOWING_OPERATIONS.forEach((id, index) => {
      expect(messages).toContain(`${first + index * 5}:9 operation id "${id}" would hide the global ${id} the generated code uses | rename the operation, e.g. ${id}Items`);
    });
    expect(error.diagnostics).toHaveLength(SHADOWING_TYPES.length + SHADOWING_OPERATIONS.length);
  });

  it("import renames them, and the output compiles under the strict flags", async () => {
    const schemas = Object.fromEntries(
      SHADOWING_TYPES.map((name, index) => [
        name,
        { type: "object", properties: { id: { type: "string" }, next: { $ref: `#/components/schemas/${SHADOWING_TYPES[(index + 1) % SHADOWING_TYPES.length]}` } } },
      ]),
    );
    const document = {
      openapi: "3.1.0",
      info: { title: "Globals", version: "1" },
      paths: Object.fromEntries(
        SHADOWING_OPERATIONS.map((id, index) => [
          `/p${index}`,
          {
            post: {
              operationId: id,
              tags: ["shop"],
              requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/Record" } } } },
              responses: {
                "200": { description: "ok", content: { "application/json": { schema: { $ref: "#/components/schemas/Promise" } } } },
                "404": { description: "missing", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
              },
            },
          },
        ]),
      ),
      components: { schemas },
    };
    const file = join(await freshDir("globals-doc"), "openapi.json");
    await writeFile(file, JSON.stringify(document));
    const { out, model } = await importAndGenerate(file);
    const names = model.types.map((type) => type.name);
    for (const name of names) expect(GLOBAL_NAMES.has(name), name).toBe(false);
    expect(names).toEqual(expect.arrayContaining(["PromiseType", "RecordType", "ErrorType"]));
    for (const operation of model.modules.flatMap((module) => module.operations)) expect(GLOBAL_NAMES.has(operation.id)).toBe(false);
    const result = await typecheck(await generatedTypeScript(out), { version: "5.9", resolution: "nodenext", types: ["node"] });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  }, 120_000);
});
