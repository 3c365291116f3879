// Guards generated from TypeNodes: compiled by the real tsc under the strict flags, then run.
import { copyFile, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import type { NamedType, TypeNode } from "../../src/model/types.js";
import { validatorModule } from "../../src/emit/shared/validators.js";
import { propertyKey } from "../../src/emit/shared/ts-types.js";
import { freshDir } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";

const str: TypeNode = { kind: "string" };
const int: TypeNode = { kind: "integer" };

const TYPES: NamedType[] = [
  {
    name: "Cat",
    module: "m",
    type: { kind: "object", additionalProperties: false, properties: [
      { name: "kind", type: { kind: "string", enum: ["cat"] }, required: true },
      { name: "lives", type: int, required: true },
    ] },
  },
  {
    name: "Dog",
    module: "m",
    type: { kind: "object", additionalProperties: false, properties: [
      { name: "kind", type: { kind: "string", enum: ["dog"] }, required: true },
      { name: "good-boy", type: { kind: "boolean" }, required: false },
    ] },
  },
  { name: "Pet", module: "m", type: { kind: "union", discriminator: "kind", variants: [{ kind: "ref", name: "Cat" }, { kind: "ref", name: "Dog" }] } },
  {
    name: "Owner",
    module: "m",
    type: { kind: "object", additionalProperties: true, properties: [
      { name: "name", type: str, required: true },
      { name: "nick", type: { kind: "string", nullable: true }, required: false },
      { name: "level", type: { kind: "integer", enum: [1, 2, 3] }, required: false },
      { name: "pets", type: { kind: "array", items: { kind: "ref", name: "Pet" } }, required: false },
      { name: "scores", type: { kind: "map", values: { kind: "number" } }, required: false },
      { name: "grid", type: { kind: "array", items: { kind: "array", items: int } }, required: false },
      { name: "id", type: { kind: "union", variants: [str, int] }, required: false },
      { name: "extra", type: { kind: "unknown" }, required: false },
      { name: "avatar", type: { kind: "binary", nullable: true }, required: false },
    ] },
  },
  { name: "Labels", module: "m", type: { kind: "object", additionalProperties: str, properties: [] } },
  { name: "Anything", module: "m", type: { kind: "unknown" } },
  { name: "ClosedEmpty", module: "m", type: { kind: "object", additionalProperties: false, properties: [] } },
];

type Guard = (value: unknown, path?: string) => { path: string; value: unknown; expected: string } | undefined;
let guards: Record<string, Guard> = {};
let file = "";
/** Guards of one string enum whose values name the helpers: only `problem` is called. */
let fewHelpers = "";
const guardTemplate = new URL("../../templates/shared/guard.ts", import.meta.url);
const word: NamedType = { name: "Word", module: "m", type: { kind: "string", enum: ["isRecord(x)", "deepest(", "*/ isRecord(y) /*"] } };

beforeAll(async () => {
  const dir = await freshDir("validators");
  file = join(dir, "validate.ts");
  const roots = [
    { name: "checkMaybePet", alternatives: [{ kind: "ref", name: "Pet" } as TypeNode], allowUndefined: true },
    { name: "checkNothing", alternatives: [], allowUndefined: true },
    { name: "checkBytesOrOwner", alternatives: [{ kind: "binary" } as TypeNode, { kind: "ref", name: "Owner" } as TypeNode] },
  ];
  await copyFile(guardTemplate, join(dir, "guard.ts"));
  await writeFile(file, validatorModule({ types: TYPES, roots, helpersModule: "./guard.js" }));
  guards = (await import(file)) as Record<string, Guard>;
  fewHelpers = join(dir, "few-helpers.ts");
  await writeFile(fewHelpers, validatorModule({ types: [word], roots: [{ name: "checkRoot", alternatives: [{ kind: "ref", name: "Word" }], description: "Calls isRecord( and deepest(" }], helpersModule: "./guard.js" }));
});

test("the modules compile under the strict flags (no unused import)", async () => {
  const result = await typecheck([file, fewHelpers], { version: "5.9", resolution: "nodenext" });
  expect(result.output).toBe("");
});

test("helpers are imported from helpersModule, only those the guards call", async () => {
  expect(await readFile(file, "utf8")).toMatch(/^import \{ deepest, isRecord, problem, type Problem \} from "\.\/guard\.js";\n/);
  const few = await readFile(fewHelpers, "utf8");
  expect(few).toMatch(/^import \{ problem, type Problem \} from "\.\/guard\.js";\n/);
  const { checkWord } = (await import(fewHelpers)) as Record<string, Guard>;
  expect(checkWord!("deepest(")).toBeUndefined();
  expect(checkWord!("x")?.path).toBe("$");
});

describe("guards", () => {
  const owner = { name: "Ann", nick: null, level: 2, pets: [{ kind: "cat", lives: 9 }, { kind: "dog", "good-boy": true }], scores: { a: 1.5 }, grid: [[1, 2], [3]], id: 7, extra: { any: [1] }, avatar: null, more: "open" };

  test("accept values that fit", () => {
    expect(guards.checkOwner!(owner)).toBeUndefined();
    expect(guards.checkLabels!({ a: "x" })).toBeUndefined();
    expect(guards.checkAnything!(Symbol.iterator)).toBeUndefined();
    expect(guards.checkMaybePet!(undefined)).toBeUndefined();
    expect(guards.checkNothing!(undefined)).toBeUndefined();
    expect(guards.checkBytesOrOwner!(new Uint8Array(1))).toBeUndefined();
    expect(guards.checkBytesOrOwner!(owner)).toBeUndefined();
  });

  test.each([
    [{ ...owner, name: undefined }, "$.name", undefined],
    [{ ...owner, name: null }, "$.name", null],
    [{ ...owner, nick: 3 }, "$.nick", 3],
    [{ ...owner, level: 4 }, "$.level", 4],
    [{ ...owner, pets: [{ kind: "cat", lives: 9 }, { kind: "cat", lives: "nine" }] }, "$.pets[1].lives", "nine"],
    [{ ...owner, pets: [{ kind: "dog", "good-boy": "yes" }] }, '$.pets[0]["good-boy"]', "yes"],
    [{ ...owner, pets: [{ kind: "cow" }] }, "$.pets[0].kind", "cow"],
    [{ ...owner, scores: { "a b": "x" } }, '$.scores["a b"]', "x"],
    [{ ...owner, grid: [[1], [2, 2.5]] }, "$.grid[1][1]", 2.5],
    [{ ...owner, id: true }, "$.id", true],
    [{ ...owner, avatar: "bytes" }, "$.avatar", "bytes"],
    [[owner], "$", [owner]],
  ])("report the first bad value: %#", (value, path, bad) => {
    const found = guards.checkOwner!(value);
    expect(found?.path).toBe(path);
    expect(found?.value).toEqual(bad);
  });

  test("a closed object (additionalProperties false) refuses the first field it does not declare; an open one takes any", () => {
    expect(guards.checkCat!({ kind: "cat", lives: 9 })).toBeUndefined();
    expect(guards.checkCat!({ kind: "cat", lives: 9, wings: 2 })).toEqual({ path: '$["wings"]', value: 2, expected: "no such field (the object is closed)" });
    expect(guards.checkOwner!({ ...owner, pets: [{ kind: "dog", bark: "loud" }] })).toEqual({ path: '$.pets[0]["bark"]', value: "loud", expected: "no such field (the object is closed)" });
    // Owner is open: `more` is not declared and passes (see `owner`).
    expect(guards.checkOwner!({ ...owner, another: { deep: [1] } })).toBeUndefined();
    expect(guards.checkClosedEmpty!({})).toBeUndefined();
    // JSON.parse makes "__proto__" an own field like any other.
    expect(guards.checkClosedEmpty!(JSON.parse('{"__proto__":1}'))).toEqual({ path: '$["__proto__"]', value: 1, expected: "no such field (the object is closed)" });
  });

  test("maps with typed values, roots with undefined, unions of roots", () => {
    expect(guards.checkLabels!({ a: 1 })?.path).toBe('$["a"]');
    expect(guards.checkNothing!(null)?.expected).toBe("no content");
    expect(guards.checkMaybePet!({ kind: "cat" })?.path).toBe("$.lives");
    // The discriminator picks the variant: the problem is reported inside it.
    expect(guards.checkMaybePet!({ kind: "dog", "good-boy": 1 })?.path).toBe('$["good-boy"]');
    expect(guards.checkMaybePet!({ kind: "cow" })).toEqual({ path: "$.kind", value: "cow", expected: '"cat" | "dog"' });
    expect(guards.checkMaybePet!([])?.path).toBe("$");
    expect(guards.checkBytesOrOwner!("x")?.path).toBe("$");
  });
});

test("a nested field's path is one string literal, however deep, and reads back exactly (quotes, line separators)", async () => {
  const odd = 'q"\u2028';
  const deep: NamedType = {
    name: "Deep",
    module: "m",
    type: {
      kind: "object",
      additionalProperties: true,
      properties: [
        { name: "a", required: true, type: { kind: "object", additionalProperties: true, properties: [{ name: odd, required: true, type: { kind: "object", additionalProperties: true, properties: [{ name: "c", required: true, type: { kind: "string" } }] } }] } },
      ],
    },
  };
  const text = validatorModule({ types: [deep], roots: [], helpersModule: "./guard.js" });
  expect(text).toContain('problem(path + ".a[\\"q');
  expect(text).not.toMatch(/" \+ "/);
  const dir = await freshDir("validators-deep");
  await copyFile(guardTemplate, join(dir, "guard.ts"));
  await writeFile(join(dir, "deep.ts"), text);
  const { checkDeep } = (await import(join(dir, "deep.ts"))) as Record<string, Guard>;
  expect(checkDeep!({ a: { [odd]: { c: 1 } } })?.path).toBe(`$.a[${propertyKey(odd)}].c`);
});
