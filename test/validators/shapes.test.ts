// An inline object a module's named types repeat is checked by one local function of the module's
// guard file (src/emit/shared/guard-shapes.ts), called where the shape occurs: in a field, an
// array's items, a map's values, a union's variant, nested in another shape, nullable. The file
// compiles under the strict flags (no unused function, nothing exported beyond the guards) and
// each guard reports the same first bad value, at the same path, as the shapes written out.
import { copyFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, expect, test } from "vitest";
import type { NamedType, ObjectShape, TypeNode } from "../../src/model/types.js";
import { validatorFiles, validatorModule } from "../../src/emit/shared/validators.js";
import { freshDir } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";

type Guard = (value: unknown, path?: string) => { path: string; value: unknown; expected: string } | undefined;

const object = (properties: ObjectShape["properties"], more: Partial<ObjectShape> = {}): TypeNode => ({ kind: "object", additionalProperties: true, properties, ...more });
const user = (): TypeNode =>
  object([
    { name: "login", type: { kind: "string" }, required: true },
    { name: "id", type: { kind: "integer" }, required: true },
  ]);
// A shape holding another shape twice.
const pair = (): TypeNode =>
  object([
    { name: "from", type: user(), required: true },
    { name: "to", type: user(), required: true },
  ]);
const closed = (): TypeNode =>
  object(
    [
      { name: "a", type: { kind: "string" }, required: true },
      { name: "b", type: { kind: "number" }, required: false },
    ],
    { additionalProperties: false },
  );

const TYPES: NamedType[] = [
  { name: "Issue", module: "m", type: object([{ name: "author", type: user(), required: true }, { name: "move", type: pair(), required: false }]) },
  { name: "Review", module: "m", type: object([{ name: "reviewers", type: { kind: "array", items: user() }, required: true }, { name: "move", type: pair(), required: false }]) },
  { name: "Teams", module: "m", type: { kind: "map", values: { ...user(), nullable: true } } },
  { name: "Either", module: "m", type: { kind: "union", variants: [closed(), { kind: "string" }] } },
  { name: "Closed", module: "m", type: object([{ name: "x", type: closed(), required: true }]) },
  // In another module: its own copy of the shape, so its file depends on its own types only.
  { name: "Other", module: "n", type: object([{ name: "u", type: user(), required: true }, { name: "v", type: user(), required: true }]) },
];

let guards: Record<string, Guard> = {};
let texts: Record<string, string> = {};

beforeAll(async () => {
  const dir = await freshDir("guard-shapes");
  await copyFile(new URL("../../templates/shared/guard.ts", import.meta.url), join(dir, "guard.ts"));
  const files = validatorFiles({ types: TYPES, roots: new Map(), dir: "v", helpersModule: "../guard.js" });
  texts = Object.fromEntries(files.map((file) => [file.path, file.content]));
  for (const file of files) {
    await writeFile(join(dir, file.path.replace(/^v\//, "v-")), file.content.replaceAll('"../guard.js"', '"./guard.js"').replaceAll('"./n.js"', '"./v-n.js"').replaceAll('"./m.js"', '"./v-m.js"'));
  }
  guards = { ...((await import(join(dir, "v-m.ts"))) as Record<string, Guard>), ...((await import(join(dir, "v-n.ts"))) as Record<string, Guard>) };
  const result = await typecheck([join(dir, "v-m.ts"), join(dir, "v-n.ts")], { version: "5.9", resolution: "nodenext" });
  expect(result.output).toBe("");
});

test("each repeated shape is one local function, not exported, and the guards call it", () => {
  const m = texts["v/m.ts"]!;
  // user, pair, closed: numbered by first occurrence.
  expect(m.match(/^function shape\d+\(/gm)).toEqual(["function shape1(", "function shape2(", "function shape3("]);
  expect(m).not.toMatch(/export function shape/);
  expect(m.match(/shape1\(/g)!.length).toBeGreaterThan(3);
  // The other module declares its own.
  expect(texts["v/n.ts"]!.match(/^function shape\d+\(/gm)).toEqual(["function shape1("]);
  // The same module's text whatever else is asked: the validatorModule of one module says the same functions.
  expect(validatorModule({ types: TYPES.filter((named) => named.module === "m"), roots: [], helpersModule: "../guard.js" })).toContain(m.slice(m.indexOf("function shape1(")));
});

test.each([
  ["Issue", { author: { login: "a", id: 1 } }, undefined],
  ["Issue", { author: { login: "a", id: "1" } }, "$.author.id"],
  ["Issue", { author: { login: "a", id: 1 }, move: { from: { login: "b", id: 2 }, to: { login: 3, id: 4 } } }, "$.move.to.login"],
  ["Review", { reviewers: [{ login: "a", id: 1 }, { id: 2 }] }, "$.reviewers[1].login"],
  ["Teams", { core: null, web: { login: "w", id: 1.5 } }, '$["web"].id'],
  ["Either", { a: "x", c: 1 }, '$["c"]'],
  ["Either", "text", undefined],
  ["Closed", { x: { a: "x", c: 1 } }, '$.x["c"]'],
  ["Other", { u: { login: "a", id: 1 }, v: { login: "b" } }, "$.v.id"],
])("%s: %j -> %s", (name, value, path) => {
  expect(guards[`check${name}`]!(value)?.path).toBe(path);
});
