// Issue 22: discriminators on an allOf base (the base declares the property, its variants are
// allOf [base, ...]), with and without a mapping. The variants narrow in TypeScript (type test),
// in the guards and in the mock's values; the export writes the discriminator on the base and
// the import reads it back; a base the catalogue cannot mean is refused with its position.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { importOpenApi, writeCatalogue as writeImported } from "../../src/import/index.js";
import { sampleValue, seededRandom } from "../../src/mock/values.js";
import { loadModel } from "../../src/pipeline.js";
import { fixtureCatalogue, freshDir, generateForTest } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";
import { generateInto, tsFiles, writeCatalogue } from "./support.js";

type Guard = (value: unknown) => { expected: string } | undefined;
const catalogue = fixtureCatalogue("base-discriminators");

describe("generated code", () => {
  let out: string;
  beforeAll(async () => {
    out = await generateForTest({ catalogue, targets: ["client", "server", "openapi"] });
  }, 60_000);

  it("narrows a union of the variants by the base's property (type test, strict)", async () => {
    await writeFile(
      join(out, "usage.ts"),
      `import { createClient, type Cat, type Circle, type Dog, type Square } from "./client/index.js";

export function describe(pet: Cat | Dog): string {
  if (pet.kind === "Cat") {
    const lives: number | undefined = pet.lives;
    return String(lives);
  }
  const bark: string | undefined = pet.bark;
  return bark ?? "";
}
export function area(shape: Circle | Square): number {
  switch (shape.form) {
    case "round":
    case "circle":
      return shape.radius * shape.radius * Math.PI;
    case "square":
      return shape.side * shape.side;
  }
}
const api = createClient({ baseUrl: "http://127.0.0.1", token: "t" });
export async function first(): Promise<string> {
  const pet = await api.zoo.getPet({ id: "1" });
  return pet.kind === "Dog" ? (pet.bark ?? "") : String(pet.lives);
}
export const cat: Cat = { kind: "Cat", lives: 9 };
// @ts-expect-error a Cat's kind is "Cat" (its own name: Pet has no mapping)
export const wrong: Cat = { kind: "Dog" };
// @ts-expect-error a Square's form is "square" (the mapping's value)
export const notSquare: Square = { form: "Square", side: 1 };
`,
    );
    const files = [...(await tsFiles(join(out, "client"))), ...(await tsFiles(join(out, "server"))), join(out, "usage.ts")];
    const result = await typecheck(files, { version: "7.0", resolution: "nodenext", types: ["node"] });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  }, 60_000);

  it("the guards check each variant's value", async () => {
    const guards = (await import(pathToFileURL(join(out, "client/validate/zoo.ts")).href)) as Record<string, Guard>;
    expect(guards.checkCat!({ kind: "Cat", lives: 9 })).toBeUndefined();
    expect(guards.checkCat!({ kind: "Dog", lives: 9 })?.expected).toBe('"Cat"');
    expect(guards.checkCircle!({ form: "round", radius: 1 })).toBeUndefined();
    expect(guards.checkCircle!({ form: "circle", radius: 1 })).toBeUndefined();
    expect(guards.checkCircle!({ form: "square", radius: 1 })?.expected).toBe('"round" | "circle"');
    expect(guards.checkPet!({ kind: "Anything" })).toBeUndefined();
  });

  it("the export says it on the base, the variants' allOf as written; the import reads it back", async () => {
    const document = JSON.parse(await readFile(join(out, "openapi.json"), "utf8")) as { components: { schemas: Record<string, { discriminator?: unknown; allOf?: unknown[] }> } };
    const schemas = document.components.schemas;
    expect(schemas.Pet!.discriminator).toEqual({ propertyName: "kind" });
    expect(schemas.Shape!.discriminator).toEqual({ propertyName: "form", mapping: { round: "#/components/schemas/Circle", circle: "#/components/schemas/Circle", square: "#/components/schemas/Square" } });
    expect(schemas.Cat!.allOf).toHaveLength(2);
    const dir = await freshDir("base-discriminators-roundtrip");
    const { catalogue: imported, report } = importOpenApi(join(out, "openapi.json"), { tokenKindsExtension: "x-token-kinds" });
    await writeImported(imported, join(dir, "catalogue"));
    const [before, after] = await Promise.all([loadModel(catalogue), loadModel(join(dir, "catalogue"))]);
    const byName = (model: typeof before) => Object.fromEntries(model.types.map((named) => [named.name, named.type]));
    for (const name of ["Pet", "Shape", "Cat", "Circle", "Square"]) expect(byName(after)[name], name).toEqual(byName(before)[name]);
    expect(report.losses.filter((loss) => loss.pointer.includes("discriminator"))).toEqual([]);
  }, 60_000);
});

it("the mock's values keep each variant's value", async () => {
  const model = await loadModel(catalogue);
  const types = new Map(model.types.map((named) => [named.name, named]));
  for (let seed = 1; seed <= 20; seed++) {
    const value = sampleValue({ kind: "ref", name: "Square" }, types, seededRandom(seed)) as { form: string };
    expect(value.form).toBe("square");
    expect(["round", "circle"]).toContain((sampleValue({ kind: "ref", name: "Circle" }, types, seededRandom(seed)) as { form: string }).form);
    expect((sampleValue({ kind: "ref", name: "Dog" }, types, seededRandom(seed)) as { kind: string }).kind).toBe("Dog");
  }
});

it("a base the catalogue cannot mean is refused with its position", async () => {
  const dir = await writeCatalogue({
    "zoo.yaml": `module: { id: zoo, title: Zoo, area: Bases }
types:
  Pet:
    type: object
    discriminator: { property: kind, mapping: { cat: Cat, fish: Fish, dog: Dog } }
    properties:
      kind: { type: string }
  Cat:
    allOf: [{ ref: Pet }]
  Dog:
    allOf: [{ ref: Pet }, { type: object, properties: { bark: { type: string } } }]
  Fish:
    type: object
  Holder:
    type: object
    properties:
      inner: { type: object, discriminator: kind, properties: { kind: { type: string, required: true } } }
  Twins:
    type: object
    discriminator: { property: kind, mapping: { Twin: Twin2 } }
    properties:
      kind: { type: string, required: true }
  Twin:
    allOf: [{ ref: Twins }, { type: object }]
  Twin2:
    allOf: [{ ref: Twins }, { type: object }]
`,
  });
  const run = await generateInto(dir);
  expect(run.code).toBe(1);
  expect(run.written).toBe(false);
  expect(run.errors).toEqual([
    ["zoo.yaml:5:20", 'the discriminator "kind" must be a required string property of Pet'],
    ["zoo.yaml:5:65", '"Fish" is not composed from Pet'],
    ["zoo.yaml:17:30", "a discriminator on an object belongs to a named type: the base its variants compose with allOf"],
    ["zoo.yaml:20:20", 'variants Twin and Twin2 both take the value "Twin"'],
  ]);
});
