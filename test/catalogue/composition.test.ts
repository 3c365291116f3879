// The composed types end to end (test/fixtures/catalogues/composition): allOf, unions with a
// discriminator mapping, const, number and boolean enums, and both spellings of nullable, from
// the catalogue to the model, the validator, TypeScript, the guards, the server, docs, OpenAPI and mock values.
import { copyFile, readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { loadModel } from "../../src/pipeline.js";
import { startMock } from "../../src/mock/index.js";
import { sampleValue, seededRandom } from "../../templates/mock/values.js";
import type { TypeNode } from "../../src/model/types.js";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";
import { swaggerParserValidate } from "../openapi/validators.js";
import { demoAuthenticate, importServer, type ServerModule } from "../server/helpers.js";
import { generateInto, runCli, tsFiles, writeCatalogue } from "./support.js";

const catalogue = fixtureCatalogue("composition");
const model = await loadModel(catalogue);
const named = new Map(model.types.map((type) => [type.name, type]));
const type = (name: string): TypeNode => named.get(name)!.type;
const property = (typeName: string, name: string): TypeNode => {
  const node = type(typeName);
  if (node.kind !== "object") throw new Error(`${typeName} is not an object`);
  return node.properties.find((p) => p.name === name)!.type;
};

type Guard = (value: unknown, path?: string) => { path: string; value: unknown; expected: string } | undefined;

describe("the composed types in the model", () => {
  it.each([
    ["allOf", type("Cat"), { kind: "allOf", parts: [{ kind: "ref", name: "Pet" }, expect.objectContaining({ kind: "object" })] }],
    [
      "union with a mapping",
      type("Animal"),
      {
        kind: "union",
        discriminator: "kind",
        mapping: [
          { value: "cat", type: "Cat" },
          { value: "kitty", type: "Cat" },
          { value: "dog", type: "Dog" },
        ],
        variants: [
          { kind: "ref", name: "Cat" },
          { kind: "ref", name: "Dog" },
        ],
      },
    ],
    ["string const", property("Settings", "mode"), { kind: "const", value: "fast" }],
    ["integer const", property("Settings", "answer"), { kind: "const", value: 42 }],
    ["boolean const", property("Settings", "off"), { kind: "const", value: false }],
    ["null const", property("Settings", "nothing"), { kind: "const", value: null }],
    ["number enum", property("Settings", "ratio"), { kind: "number", enum: [0.5, 1.5] }],
    ["boolean enum", property("Settings", "flag"), { kind: "boolean", enum: [true] }],
    ['[string, "null"]', property("Settings", "note"), { kind: "string", nullable: true }],
    ["nullable: true", property("Settings", "oldNote"), { kind: "string", nullable: true }],
    ['["null", integer]', property("Settings", "count"), { kind: "integer", nullable: true }],
    ["an allOf of one part is that part", property("Settings", "owner"), { kind: "ref", name: "Pet", nullable: true }],
  ])("%s", (_, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it("both spellings of nullable give the same model", () => {
    expect(property("Settings", "note")).toEqual(property("Settings", "oldNote"));
  });
});

const MODULE = (types: string) => `module: { id: zoo, title: Zoo, area: Animals }
types:
  Pet: { type: object, properties: { id: { type: string, required: true } } }
  Cat: { type: object, properties: { kind: { type: string, required: true } } }
  Dog: { type: object, properties: { kind: { type: string, enum: [dog], required: true } } }
${types}
`;

describe("the validator", () => {
  it.each([
    ["an allOf part that is not an object", `  Bad: { allOf: [{ ref: Pet }, { type: string }] }`, ["zoo.yaml:6:32", "part 2 of allOf is of type string, not an object"]],
    ["a part that refers to a non-object beside an object part", `  Word: { type: string }\n  Bad: { allOf: [{ ref: Word }, { type: object }] }`, ["zoo.yaml:7:18", "part 1 of allOf is of type string, not an object"]],
    ["a nullable part", `  Bad: { allOf: [{ ref: Pet, nullable: true }] }`, ["zoo.yaml:6:18", "part 1 of allOf may be null"]],
    ["type beside allOf", `  Bad: { type: object, allOf: [{ ref: Pet }] }`, ["zoo.yaml:6:10", '"type" does not apply to an allOf']],
    ["an allOf that is only itself", `  Bad: { allOf: [{ ref: Bad }, { type: object }] }`, ["zoo.yaml:6:3", 'type "Bad" is only itself: Bad -> Bad never reaches a value']],
    ["a const with other keys", `  Bad: { const: 1, enum: [1] }`, ["zoo.yaml:6:20", '"enum" does not apply to a const']],
    ["a list type without null", `  Bad: { type: [string, integer] }`, ["zoo.yaml:6:10", 'a list type is [<type>, "null"], got ["string","integer"]']],
    ["a list type with a misspelt null", `  Bad: { type: [string, "nul"] }`, ["zoo.yaml:6:25", '"nul" is not allowed for "type"']],
    ["a list type of one", `  Bad: { type: [string] }`, ["zoo.yaml:6:16", '"type" must NOT have fewer than 2 items']],
    ["a const that is a list", `  Bad: { const: [1] }`, ["zoo.yaml:6:17", '"const" must be a string, number, boolean or null, not a list']],
    ["a number enum value that is text", `  Bad: { type: number, enum: [1.5, "x"] }`, ["zoo.yaml:6:36", 'enum value "x" is not a finite number']],
    ["a boolean enum value that is a number", `  Bad: { type: boolean, enum: [1] }`, ["zoo.yaml:6:32", "enum value 1 is not true or false"]],
    [
      "a mapping to a type that is no variant",
      `  Bad: { type: union, discriminator: { property: kind, mapping: { cat: Cat, pet: Pet } }, oneOf: [{ ref: Cat }] }`,
      ["zoo.yaml:6:82", '"Pet" is not a { ref } variant of this union'],
    ],
    [
      "a variant the mapping does not name",
      `  Bad: { type: union, discriminator: { property: kind, mapping: { cat: Cat } }, oneOf: [{ ref: Cat }, { ref: Dog }] }`,
      ["zoo.yaml:6:103", "variant 2 (Dog) has no value in the discriminator mapping"],
    ],
    [
      "a mapped value the variant's enum does not allow",
      `  Bad: { type: union, discriminator: { property: kind, mapping: { cat: Cat, hound: Dog } }, oneOf: [{ ref: Cat }, { ref: Dog }] }`,
      ["zoo.yaml:6:84", '"hound" is not a value Dog.kind allows ("dog")'],
    ],
    [
      "a variant without the property",
      `  Bad: { type: union, discriminator: { property: kind, mapping: { a: Cat, b: Pet } }, oneOf: [{ ref: Cat }, { ref: Pet }] }`,
      ["zoo.yaml:6:109", 'variant 2 (Pet) has no required string property "kind"'],
    ],
    [
      "the object form without a mapping, as the plain form, over variants without single values",
      `  Bad: { type: union, discriminator: { property: kind }, oneOf: [{ ref: Cat }] }`,
      ["zoo.yaml:6:66", 'variant 1 has no required property "kind" with a single enum value'],
    ],
    [
      "an inline variant beside a mapping",
      `  Bad: { type: union, discriminator: { property: kind, mapping: { cat: Cat } }, oneOf: [{ ref: Cat }, { type: object }] }`,
      ["zoo.yaml:6:103", "with a discriminator mapping, variant 2 must be a { ref } to a named type (not nullable)"],
    ],
  ])("refuses %s with its position", async (_, types, [at, message]) => {
    const dir = await writeCatalogue({ "zoo.yaml": MODULE(types) });
    const run = await runCli(["validate", "--catalogue", dir], dir);
    expect(run.code).toBe(1);
    expect(run.errors).toContainEqual([at, message]);
  });

  it("refuses an example that does not fit a composed type", async () => {
    const dir = await writeCatalogue({
      "zoo.yaml": `module: { id: zoo, title: Zoo, area: Animals }
types:
  Pet: { type: object, properties: { id: { type: string, required: true } } }
  Cat: { allOf: [{ ref: Pet }, { type: object, properties: { lives: { type: integer, required: true } } }] }
  Mode: { const: fast }
operations:
  - id: getCat
    method: GET
    path: /cat
    summary: A cat
    responses:
      "200": { content: { application/json: { schema: { ref: Cat }, example: { id: c, lives: 9, colour: black } } } }
  - id: getMode
    method: GET
    path: /mode
    summary: A mode
    responses:
      "200": { content: { application/json: { schema: { ref: Mode }, example: slow } } }
`,
    });
    const run = await runCli(["validate", "--catalogue", dir], dir);
    expect(run.errors.map(([, message]) => message)).toEqual([
      expect.stringContaining('field "colour" is not declared'),
      expect.stringContaining('expected "fast", got "slow"'),
    ]);
  });

  it("accepts this fixture, whose examples fit", async () => {
    const run = await runCli(["validate", "--catalogue", catalogue], catalogue);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
  });
});

describe("generated code", () => {
  let out: string;
  let guards: Record<string, Guard>;
  let server: ServerModule;
  beforeAll(async () => {
    out = await generateForTest({ catalogue });
    guards = (await import(pathToFileURL(join(out, "client/validate/zoo.ts")).href)) as Record<string, Guard>;
    server = await importServer(out);
  });

  it("compiles under the strict flags, narrowing by the discriminator and typing consts as literals", async () => {
    await copyFile(new URL("fixtures/composition-usage.ts", import.meta.url), join(out, "usage.ts"));
    const files = [...(await tsFiles(join(out, "client"))), ...(await tsFiles(join(out, "server"))), join(out, "usage.ts")];
    const result = await typecheck(files, { version: "5.9", resolution: "nodenext", types: ["node"] });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  });

  it("prints intersections, narrowed variants and literal types", async () => {
    const types = await readFile(join(out, "client/types/zoo.ts"), "utf8");
    expect(types).toContain('export type Animal = (Cat & { kind: "cat" }) | (Cat & { kind: "kitty" }) | (Dog & { kind: "dog" });');
    expect(types).toContain("export type Cat = Pet & {");
    expect(types).toContain('  mode: "fast";\n  answer?: 42;\n  off?: false;\n  nothing?: null;\n  ratio?: 0.5 | 1.5;\n  flag?: true;');
  });

  it.each<[string, unknown, string | undefined]>([
    ["checkAnimal", { kind: "kitty", id: "c", lives: 9 }, undefined],
    ["checkAnimal", { kind: "dog", id: "d" }, undefined],
    ["checkAnimal", { kind: "dog", id: "d", lives: 9 }, '$["lives"]: no such field (the object is closed)'],
    ["checkAnimal", { kind: "cow", id: "x" }, '$.kind: "cat" | "kitty" | "dog"'],
    ["checkAnimal", { kind: "cat", lives: 9 }, "$.id: a value (required)"],
    ["checkCat", { kind: "cat", id: "c", lives: 9, name: "Tom" }, undefined],
    ["checkCat", { kind: "cat", id: "c", lives: 1.5 }, "$.lives: an integer"],
    ["checkCat", { kind: "cat", id: "c", lives: 1, colour: "black" }, '$["colour"]: no such field (the object is closed)'],
    ["checkCat", [], "$: an object"],
    ["checkTagged", { id: "t", tags: ["a"], anything: 1 }, undefined],
    ["checkTagged", { id: "t", tags: [1] }, "$.tags[0]: string"],
    ["checkTagged", { tags: [] }, "$.id: a value (required)"],
    ["checkSettings", { mode: "fast", answer: 42, off: false, nothing: null, ratio: 0.5, flag: true, note: null, count: 2, owner: null }, undefined],
    ["checkSettings", { mode: "slow" }, '$.mode: "fast"'],
    ["checkSettings", { mode: "fast", answer: 41 }, "$.answer: 42"],
    ["checkSettings", { mode: "fast", off: true }, "$.off: false"],
    ["checkSettings", { mode: "fast", nothing: 0 }, "$.nothing: null"],
    ["checkSettings", { mode: "fast", ratio: 1 }, "$.ratio: 0.5 | 1.5"],
    ["checkSettings", { mode: "fast", flag: false }, "$.flag: true"],
    ["checkSettings", { mode: "fast", note: 1 }, "$.note: string"],
    ["checkSettings", { mode: "fast", count: 1.5 }, "$.count: an integer"],
    ["checkSettings", { mode: "fast", owner: { id: "p", extra: 1 } }, '$.owner["extra"]: no such field (the object is closed)'],
    ["checkSettings", { mode: "fast", owner: { name: "p" } }, "$.owner.id: a value (required)"],
  ])("%s(%j) -> %s", (guard, value, problem) => {
    const found = guards[guard]!(value);
    expect(found && `${found.path}: ${found.expected}`).toBe(problem);
  });

  it("the server validates request bodies by the new constructs", async () => {
    const handle = server.createRequestHandler(
      { zoo: { addAnimal: ({ body }: { body: unknown }) => body, putSettings: ({ body }: { body: unknown }) => body } },
      { authenticate: demoAuthenticate },
    );
    const send = (path: string, method: string, body: unknown) =>
      handle(new Request(`http://zoo.test${path}`, { method, body: JSON.stringify(body), headers: { "content-type": "application/json", Authorization: "tok-personal-s1" } }));
    const ok = await send("/animals", "POST", { kind: "kitty", id: "c", lives: 9 });
    expect([ok.status, await ok.json()]).toEqual([200, { kind: "kitty", id: "c", lives: 9 }]);
    const wrongVariant = await send("/animals", "POST", { kind: "dog", id: "d", lives: 9 });
    expect(wrongVariant.status).toBe(400);
    expect(JSON.stringify(await wrongVariant.json())).toContain("lives");
    const unmapped = await send("/animals", "POST", { kind: "cow", id: "x" });
    expect(unmapped.status).toBe(400);
    expect((await send("/settings", "PUT", { mode: "fast", ratio: 1.5, note: null })).status).toBe(200);
    expect((await send("/settings", "PUT", { mode: "slow" })).status).toBe(400);
    expect((await send("/settings", "PUT", { mode: "fast", flag: false })).status).toBe(400);
  });

  it("mock values pass the guards, for many seeds", () => {
    for (const name of ["Animal", "Cat", "Dog", "Tagged", "Settings"]) {
      for (let seed = 0; seed < 50; seed++) {
        const value = sampleValue({ kind: "ref", name }, named, seededRandom(seed));
        expect(guards[`check${name}`]!(value), `${name} seed ${seed}: ${JSON.stringify(value)}`).toBeUndefined();
      }
    }
  });

  it("the mock server's made-up answers pass the generated client's response checks", async () => {
    const client = (await import(pathToFileURL(join(out, "client/index.ts")).href)) as {
      createClient(options: object): { zoo: Record<string, (args: object) => Promise<unknown>> };
    };
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const mock = await startMock({ catalogue, tokens: { "tok-1": { accountId: "s1", tokenKind: "personal" } }, seed });
      try {
        const api = client.createClient({ baseUrl: mock.url, token: "tok-1", retry: false, rateLimit: "off" }).zoo;
        const animal = await api.addAnimal!({ body: { kind: "dog", id: "d1" } });
        expect(guards.checkAnimal!(animal)).toBeUndefined();
        expect(guards.checkSettings!(await api.putSettings!({ body: { mode: "fast" } }))).toBeUndefined();
        expect(await api.tag!({ body: { id: "t1" } })).toBeUndefined();
      } finally {
        await mock.close();
      }
    }
  });
});

describe("catalogue strings in the new places", () => {
  it("a const and mapping values that look like code, comments or Markdown stay strings, and compile (TypeScript 7.0, portable flags)", async () => {
    // YAML double-quoted: an escaped quote, a newline, U+2028, a template hole, comment and Markdown text.
    const evil = '"*/ \\" | } ]; <b>|</b> \\n\\u2028 ' + "${x}" + '"';
    const dir = await writeCatalogue({
      "zoo.yaml": `module: { id: zoo, title: Zoo, area: Animals }
types:
  Evil: { const: ${evil} }
  A: { type: object, properties: { tag: { type: string, required: true } } }
  B: { type: object, properties: { tag: { type: string, required: true } } }
  Chosen:
    type: union
    discriminator: { property: tag, mapping: { ${evil}: A, "__proto__": B } }
    oneOf: [{ ref: A }, { ref: B }]
operations:
  - id: pick
    method: POST
    path: /pick
    summary: Pick
    request: { content: { application/json: { schema: { type: object, properties: { evil: { ref: Evil }, pick: { ref: Chosen } } } } } }
    responses:
      "200": { content: { application/json: { schema: { ref: Chosen } } } }
`,
    });
    const run = await generateInto(dir);
    expect(run.stderr).toBe("");
    const result = await typecheck([...(await tsFiles(join(run.out, "client"))), ...(await tsFiles(join(run.out, "server")))], {
      version: "7.0",
      resolution: "nodenext",
      portable: true,
      types: ["node"],
    });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
    const guards = (await import(pathToFileURL(join(run.out, "client/validate/zoo.ts")).href)) as Record<string, Guard>;
    const value = JSON.parse(evil) as string;
    expect(guards.checkEvil!(value)).toBeUndefined();
    expect(guards.checkEvil!(`${value} `)?.path).toBe("$");
    expect(guards.checkChosen!({ tag: value })).toBeUndefined();
    expect(guards.checkChosen!(JSON.parse('{ "tag": "__proto__" }'))).toBeUndefined();
    expect(guards.checkChosen!({ tag: "other" })?.path).toBe("$.tag");
    const page = await readFile(join(run.out, "docs/zoo.md"), "utf8");
    expect(page).not.toContain("<b>");
  });
});

describe("docs and OpenAPI", () => {
  let out: string;
  beforeAll(async () => {
    out = await generateForTest({ catalogue, targets: ["docs", "openapi"] });
  });

  it("the docs say all of, exactly and which value selects which type", async () => {
    const page = await readFile(join(out, "docs/zoo.md"), "utf8");
    expect(page).toContain("Type: all of: [Pet](#pet); object (part 2, fields below).");
    expect(page).toContain('told apart by field "kind": "cat" is [Cat](#cat), "kitty" is [Cat](#cat), "dog" is [Dog](#dog)');
    expect(page).toContain('| mode | exactly "fast" | yes |');
    expect(page).toContain("| ratio | number, one of 0\\.5, 1\\.5 | no |");
  });

  it("OpenAPI has allOf, const, the discriminator mapping and the 3.1 spelling of nullable", async () => {
    const document = JSON.parse(await readFile(join(out, "openapi.json"), "utf8"));
    const schemas = document.components.schemas;
    expect(schemas.Animal.discriminator).toEqual({
      propertyName: "kind",
      mapping: { cat: "#/components/schemas/Cat", kitty: "#/components/schemas/Cat", dog: "#/components/schemas/Dog" },
    });
    expect(schemas.Cat.allOf[0]).toEqual({ $ref: "#/components/schemas/Pet" });
    expect(schemas.Cat.unevaluatedProperties).toBe(false);
    expect(schemas.Tagged.unevaluatedProperties).toBeUndefined();
    expect(schemas.Settings.properties.mode).toEqual({ const: "fast" });
    expect(schemas.Settings.properties.nothing).toEqual({ const: null });
    expect(schemas.Settings.properties.note).toEqual({ type: ["string", "null"] });
    expect(schemas.Settings.properties.oldNote).toEqual({ type: ["string", "null"] });
    expect(schemas.Settings.properties.ratio).toEqual({ type: "number", enum: [0.5, 1.5] });
    await expect(swaggerParserValidate(document)).resolves.toBeUndefined();
  });
});
