// Issue 21's "a discriminator the importer writes and its own validator rejects", and the shapes
// around it: each document is imported, its catalogue written and validated by the catalogue's own
// validator (writeCatalogue refuses what does not validate), and the discriminator is kept, not lost.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { importOpenApi, writeCatalogue } from "../../src/import/index.js";
import type { RawType } from "../../src/load/raw.js";
import { freshDir } from "../helpers/generate.js";

async function importSchemas(schemas: Record<string, unknown>) {
  const dir = await freshDir("import-discriminators");
  const file = join(dir, "openapi.json");
  const document = {
    openapi: "3.1.0",
    info: { title: "Schemas", version: "1" },
    paths: { "/root": { get: { operationId: "getRoot", responses: { "200": { description: "OK", content: { "application/json": { schema: { $ref: "#/components/schemas/Root" } } } } } } } },
    components: { schemas },
  };
  await writeFile(file, JSON.stringify(document));
  const { catalogue, report } = importOpenApi(file);
  await writeCatalogue(catalogue, join(dir, "catalogue"));
  const types = Object.fromEntries(catalogue.modules.flatMap((module) => module.types)) as Record<string, RawType>;
  return { types, lost: report.losses.filter((loss) => loss.pointer.includes("discriminator")).map((loss) => loss.pointer), derived: report.derived.map((entry) => entry.what) };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const tagged = { type: "object", properties: { kind: { type: "string" } }, required: ["kind"] };
const base = { type: "object", properties: { kind: { type: "string" }, id: { type: "string" } }, required: ["kind", "id"] };

it("a nullable oneOf (3.1's { type: null } variant) keeps its settled discriminator: it was written unsettled and refused", async () => {
  const { types, lost } = await importSchemas({ Cat: tagged, Dog: tagged, Root: { oneOf: [ref("Cat"), ref("Dog"), { type: "null" }], discriminator: { propertyName: "kind" } } });
  expect(types.Root).toEqual({ type: "union", oneOf: [{ ref: "Cat" }, { ref: "Dog" }], discriminator: { property: "kind", mapping: { Cat: "Cat", Dog: "Dog" } }, nullable: true });
  expect(lost).toEqual([]);
});

it("a mapping onto allOf compositions of a base that requires the property", async () => {
  const { types, lost } = await importSchemas({
    Base: base,
    Cat: { allOf: [ref("Base"), { type: "object", properties: { lives: { type: "integer" } } }] },
    Dog: { allOf: [ref("Base"), { type: "object", properties: { bark: { type: "string" } } }] },
    Root: { oneOf: [ref("Cat"), ref("Dog")], discriminator: { propertyName: "kind", mapping: { cat: ref("Cat").$ref, dog: ref("Dog").$ref } } },
  });
  expect(types.Root!.discriminator).toEqual({ property: "kind", mapping: { cat: "Cat", dog: "Dog" } });
  expect(lost).toEqual([]);
});

it("variants whose own part narrows the base's required property to one value: the plain form", async () => {
  const narrowed = (value: string) => ({ allOf: [ref("Base"), { type: "object", properties: { kind: { type: "string", enum: [value] } } }] });
  const { types, lost } = await importSchemas({
    Base: base,
    Cat: narrowed("cat"),
    Dog: narrowed("dog"),
    Root: { oneOf: [ref("Cat"), ref("Dog")], discriminator: { propertyName: "kind", mapping: { cat: ref("Cat").$ref, dog: ref("Dog").$ref } } },
  });
  expect(types.Root!.discriminator).toBe("kind");
  expect(lost).toEqual([]);
});

it("mapping values that are not the variants' names, bare names, and several values for one variant", async () => {
  const { types, lost } = await importSchemas({ Cat: tagged, Dog: tagged, Root: { oneOf: [ref("Cat"), ref("Dog")], discriminator: { propertyName: "kind", mapping: { "a-cat": "Cat", "a dog": ref("Dog").$ref, Cat2: "Cat" } } } });
  expect(types.Root!.discriminator).toEqual({ property: "kind", mapping: { "a-cat": "Cat", "a dog": "Dog", Cat2: "Cat" } });
  expect(lost).toEqual([]);
});

it("an unmapped variant whose property allows one value is selected by that value, not by its schema name", async () => {
  const { types, lost, derived } = await importSchemas({
    Cat: { type: "object", properties: { kind: { type: "string", enum: ["cat", "kitty"] } }, required: ["kind"] },
    Dog: { type: "object", properties: { kind: { type: "string", enum: ["dog"] } }, required: ["kind"] },
    Root: { anyOf: [ref("Cat"), ref("Dog")], discriminator: { propertyName: "kind", mapping: { cat: "Cat", kitty: "Cat" } } },
  });
  expect(types.Root!.discriminator).toEqual({ property: "kind", mapping: { cat: "Cat", kitty: "Cat", dog: "Dog" } });
  expect(derived).toContain('discriminator value "dog" selects Dog (the one value its property allows)');
  expect(lost).toEqual([]);
});

it("a mapping value the variant's property does not allow is still reported lost (the document contradicts itself)", async () => {
  const { types, lost } = await importSchemas({
    Cat: { type: "object", properties: { kind: { type: "string", enum: ["cat"] } }, required: ["kind"] },
    Dog: { type: "object", properties: { kind: { type: "string", enum: ["dog"] } }, required: ["kind"] },
    Root: { oneOf: [ref("Cat"), ref("Dog")], discriminator: { propertyName: "kind", mapping: { kitty: "Cat" } } },
  });
  expect(types.Root!.discriminator).toBeUndefined();
  expect(lost).toEqual(["#/components/schemas/Root/discriminator"]);
});

it("a discriminator on an allOf base, with and without a mapping, is kept on the base", async () => {
  const pet = { type: "object", properties: { kind: { type: "string" }, name: { type: "string" } }, required: ["kind"] };
  const { types, lost } = await importSchemas({
    Pet: { ...pet, discriminator: { propertyName: "kind" } },
    Cat: { allOf: [ref("Pet"), { type: "object", properties: { lives: { type: "integer" } } }] },
    Dog: { allOf: [ref("Pet"), { type: "object", properties: { bark: { type: "string" } } }] },
    Shape: { type: "object", properties: { form: { type: "string" } }, required: ["form"], discriminator: { propertyName: "form", mapping: { round: ref("Circle").$ref, gone: ref("Pet").$ref } } },
    Circle: { allOf: [ref("Shape"), { type: "object", properties: { radius: { type: "number" } } }] },
    Root: { type: "object", properties: { pet: ref("Pet"), cat: ref("Cat"), shape: ref("Shape") } },
  });
  expect(types.Pet!.discriminator).toBe("kind");
  expect(types.Shape!.discriminator).toEqual({ property: "form", mapping: { round: "Circle" } });
  expect(lost).toEqual(["#/components/schemas/Shape/discriminator/mapping/gone"]);
});
