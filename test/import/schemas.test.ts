// How the importer maps OpenAPI's composed schemas to the catalogue's type language: allOf,
// discriminators with and without mappings, const of every JSON type, number and boolean enums,
// and both spellings of null. Each case imports a small document and reads the catalogue written.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importOpenApi, writeCatalogue } from "../../src/import/index.js";
import type { RawType } from "../../src/load/raw.js";
import { freshDir } from "../helpers/generate.js";

/** Imports a 3.1 document whose one operation answers `Root`, with `schemas` as its components; returns the named types and the report. */
async function importSchemas(schemas: Record<string, unknown>, version = "3.1.0") {
  const dir = await freshDir("import-schemas");
  const file = join(dir, "openapi.json");
  const document = {
    openapi: version,
    info: { title: "Schemas", version: "1" },
    paths: {
      "/root": {
        get: {
          operationId: "getRoot",
          responses: { "200": { description: "OK", content: { "application/json": { schema: { $ref: "#/components/schemas/Root" } } } } },
        },
      },
    },
    components: { schemas },
  };
  await writeFile(file, JSON.stringify(document));
  const { catalogue, report } = importOpenApi(file);
  // The catalogue's own validator must accept what was written.
  await writeCatalogue(catalogue, join(dir, "catalogue"));
  const types = Object.fromEntries(catalogue.modules.flatMap((module) => module.types)) as Record<string, RawType>;
  const lines = (list: { pointer: string; what: string }[]) => list.map((loss) => `${loss.pointer} ${loss.what}`);
  return { types, lost: lines(report.losses), refused: lines(report.refused), derived: report.derived.map((entry) => entry.what) };
}

const pet = { type: "object", properties: { id: { type: "string" }, kind: { type: "string" } }, required: ["id", "kind"] };

describe("the importer maps composed schemas to the type language", () => {
  it("allOf of a $ref and an inline object is a composition; own properties beside it are one more part", async () => {
    const { types, lost } = await importSchemas({
      Pet: pet,
      Root: { allOf: [{ $ref: "#/components/schemas/Pet" }, { type: "object", properties: { lives: { type: "integer" } } }], required: ["lives"] },
    });
    expect(types.Root).toEqual({
      allOf: [
        { ref: "Pet" },
        { type: "object", properties: { lives: { type: "integer" } }, additionalProperties: true },
        { type: "object", properties: { lives: { type: "unknown", required: true } }, additionalProperties: true },
      ],
    });
    expect(lost.filter((line) => line.includes("allOf"))).toEqual([]);
  });

  it("unevaluatedProperties: false beside allOf closes its inline parts", async () => {
    const closedPet = { ...pet, additionalProperties: false };
    const { types, lost } = await importSchemas({
      Pet: closedPet,
      Root: { allOf: [{ $ref: "#/components/schemas/Pet" }, { type: "object", properties: { lives: { type: "integer" } } }], unevaluatedProperties: false },
    });
    expect(types.Root!.allOf![1]).toMatchObject({ additionalProperties: false });
    expect(lost.filter((line) => line.includes("unevaluated"))).toEqual([]);
  });

  it("allOf with a nullable part is merged into one object, and that is reported", async () => {
    const { types, lost } = await importSchemas({
      Pet: { ...pet, nullable: true },
      Root: { allOf: [{ $ref: "#/components/schemas/Pet" }, { type: "object", properties: { lives: { type: "integer" } } }] },
    }, "3.0.3");
    expect(types.Root).toMatchObject({ type: "object", properties: { id: { type: "string", required: true }, lives: { type: "integer" } } });
    expect(lost).toContainEqual(expect.stringContaining("#/components/schemas/Root/allOf allOf: 2 parts merged into one object"));
  });

  // OpenAPI 3.0 ignores keywords beside $ref, so documents annotate a reference with an allOf of
  // the reference and a part that only describes it (AWS's documents do so 6,605 times in EC2's).
  const status = { type: "string", enum: ["on", "off"] };
  it.each([
    ["a string enum", status, { ref: "Status", description: "The switch." }],
    ["an object", pet, { ref: "Status", description: "The switch." }],
  ])("allOf of a reference to %s and a part that only annotates it is that reference, described", async (_what, target, expected) => {
    const { types, lost } = await importSchemas({
      Status: target,
      Root: {
        type: "object",
        properties: {
          state: { allOf: [{ $ref: "#/components/schemas/Status" }, { xml: { name: "state" }, description: "The switch.", "x-note": 1 }] },
          plain: { allOf: [{}, { $ref: "#/components/schemas/Status" }] },
          kept: { allOf: [{ $ref: "#/components/schemas/Status" }, { description: "Not this one." }], description: "The outer one." },
        },
      },
    }, "3.0.3");
    expect(types.Root!.properties!.state).toEqual(expected);
    expect(types.Root!.properties!.plain).toEqual({ ref: "Status" });
    expect(types.Root!.properties!.kept).toEqual({ ref: "Status", description: "The outer one." });
    expect(lost.filter((line) => line.includes("typed as unknown") || line.includes("without a shape"))).toEqual([]);
    expect(lost).toContainEqual(expect.stringContaining("#/components/schemas/Root/properties/state/allOf/1/xml xml:"));
    expect(lost).toContainEqual(expect.stringContaining("#/components/schemas/Root/properties/state/allOf/1/x-note"));
  });

  it("the annotating part's default and example are kept where they fit the reference, dropped (reported) where not", async () => {
    const { types, refused } = await importSchemas({
      Status: status,
      Root: {
        type: "object",
        properties: {
          good: { allOf: [{ $ref: "#/components/schemas/Status" }, { default: "on", example: "off", deprecated: true }] },
          bad: { allOf: [{ $ref: "#/components/schemas/Status" }, { default: "maybe" }] },
          limited: { allOf: [{ $ref: "#/components/schemas/Status" }, { maxLength: 2 }] },
        },
      },
    }, "3.0.3");
    expect(types.Root!.properties!.good).toEqual({ ref: "Status", default: "on", examples: ["off"], deprecated: true });
    expect(types.Root!.properties!.bad).toEqual({ ref: "Status" });
    expect(refused).toEqual([expect.stringContaining("#/components/schemas/Root/properties/bad/allOf/1/default schema default \"maybe\" dropped")]);
    // A part that constrains is not an annotation: that allOf takes the composition's path, as before.
    expect(types.Root!.properties!.limited).not.toEqual({ ref: "Status" });
  });

  it("a discriminator mapping that agrees with single-value enums is the plain form", async () => {
    const { types } = await importSchemas({
      Cat: { type: "object", properties: { kind: { type: "string", enum: ["cat"] } }, required: ["kind"] },
      Dog: { type: "object", properties: { kind: { const: "dog" } }, required: ["kind"] },
      Root: {
        oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }],
        discriminator: { propertyName: "kind", mapping: { cat: "#/components/schemas/Cat", dog: "Dog" } },
      },
    });
    expect(types.Root!.discriminator).toBe("kind");
    expect(types.Dog!.properties!.kind).toEqual({ const: "dog", required: true });
  });

  it("a mapping onto variants whose property is any string is kept, with OpenAPI's implicit values for unmapped variants", async () => {
    const { types, derived } = await importSchemas({
      Pet: pet,
      Cat: { allOf: [{ $ref: "#/components/schemas/Pet" }, { type: "object", properties: { lives: { type: "integer" } } }] },
      Dog: { allOf: [{ $ref: "#/components/schemas/Pet" }] },
      Root: {
        oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }],
        discriminator: { propertyName: "kind", mapping: { cat: "#/components/schemas/Cat", kitty: "#/components/schemas/Cat" } },
      },
    });
    expect(types.Root!.discriminator).toEqual({ property: "kind", mapping: { cat: "Cat", kitty: "Cat", Dog: "Dog" } });
    expect(derived).toContainEqual('discriminator value "Dog" selects Dog (OpenAPI\'s implicit mapping by schema name)');
  });

  it("a discriminator whose variant lacks the property is dropped and reported", async () => {
    const { types, lost } = await importSchemas({
      Cat: { type: "object", properties: { lives: { type: "integer" } } },
      Dog: pet,
      Root: { oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }], discriminator: { propertyName: "kind" } },
    });
    expect(types.Root!.discriminator).toBeUndefined();
    expect(lost).toContainEqual(expect.stringContaining("#/components/schemas/Root/discriminator discriminator: propertyName \"kind\""));
  });

  it.each<[string, unknown, RawType]>([
    ["string const", { const: "on" }, { const: "on" }],
    ["integer const", { type: "integer", const: 3 }, { const: 3 }],
    ["number const", { const: 0.25 }, { const: 0.25 }],
    ["boolean const", { type: "boolean", const: false }, { const: false }],
    ["null const", { const: null }, { const: null }],
    ["type null", { type: "null" }, { const: null }],
    ["nullable const (3.1)", { type: ["string", "null"], const: "on" }, { const: "on", nullable: true }],
    ["number enum", { type: "number", enum: [0.5, 1] }, { type: "number", enum: [0.5, 1] }],
    ["boolean enum", { type: "boolean", enum: [true] }, { type: "boolean", enum: [true] }],
    ['3.1 [T, "null"] keeps its spelling', { type: ["integer", "null"] }, { type: ["integer", "null"] }],
    ["3.1 [\"null\", T] with an enum", { type: ["null", "string"], enum: ["a", null] }, { type: ["string", "null"], enum: ["a"] }],
  ])("%s", async (_, schema, expected) => {
    const { types } = await importSchemas({ Root: { type: "object", properties: { value: schema }, additionalProperties: false } });
    expect(types.Root!.properties!.value).toEqual(expected);
  });

  it("3.0 nullable stays nullable: true", async () => {
    const { types } = await importSchemas({ Root: { type: "object", properties: { value: { type: "string", nullable: true } } } }, "3.0.3");
    expect(types.Root!.properties!.value).toEqual({ type: "string", nullable: true });
  });

  it("an object const is reported as lost", async () => {
    const { lost } = await importSchemas({ Root: { type: "object", properties: { value: { const: { a: 1 } } } } });
    expect(lost).toContainEqual(expect.stringContaining("#/components/schemas/Root/properties/value/const const: {\"a\":1} (the catalogue has no object or array consts)"));
  });

  it("a type that is not a type name (an object, a typo) is typed unknown and reported; the rest comes in", async () => {
    // codat.io's accounting document: `"itemType": { "type": { "type": "string", "enum": [...] } }`.
    const { types, lost } = await importSchemas({
      Root: {
        type: "object",
        properties: { itemType: { type: { type: "string", enum: ["A"] } }, typo: { type: "strng" }, either: { type: ["strng", "integer"] }, name: { type: "string" } },
      },
    });
    expect(types.Root!.properties!.itemType).toEqual({ type: "unknown" });
    expect(types.Root!.properties!.typo).toEqual({ type: "unknown" });
    expect(types.Root!.properties!.either).toEqual({ type: "integer" });
    expect(types.Root!.properties!.name).toEqual({ type: "string" });
    const why = "(the catalogue has no type names but string, number, integer, boolean, array, object and null)";
    expect(lost).toContainEqual(`#/components/schemas/Root/properties/itemType/type type: {"type":"string","enum":["A"]}, not a type name ${why}`);
    expect(lost).toContainEqual(`#/components/schemas/Root/properties/typo/type type: "strng", not a type name ${why}`);
    expect(lost).toContainEqual(`#/components/schemas/Root/properties/either/type type: "strng", not a type name ${why}`);
  });
});
