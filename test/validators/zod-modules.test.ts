// The zod target across modules: a reference to another module's type, a cycle of types through
// two modules, a type used before its module has made it; the files compile (TypeScript 7.0,
// strict) and parse as the guards do. And the names: a clash is an error naming both.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, expect, test } from "vitest";
import { generate, loadModel } from "../../src/pipeline.js";
import { planZod } from "../../src/emit/zod/index.js";
import { EmitError } from "../../src/emit/types.js";
import { freshDir } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";
import type { Guard, ZodLike } from "./support.js";

const API = `api:
  title: Modules
  auth: { header: Authorization, tokenKinds: [{ id: personal, description: Personal }] }
`;
const A = `module: { id: a, title: A, area: Trees }
types:
  Tree:
    type: object
    properties:
      leaves: { type: array, items: { ref: Leaf }, required: true }
  Forest: { type: array, items: { ref: Leaf } }
operations:
  - id: getTree
    method: GET
    path: /trees/{id}
    summary: A tree
    tokens: [personal]
    responses:
      "200": { content: { application/json: { schema: { ref: Forest } } } }
`;
const B = `module: { id: b, title: B, area: Leaves }
types:
  Leaf:
    type: object
    properties:
      colour: { type: string, enum: [green, red], required: true }
      tree: { ref: Tree }
  Trees: { type: array, items: { ref: Tree }, maxItems: 2 }
`;

let dir = "";
let catalogue = "";
beforeAll(async () => {
  dir = await freshDir("zod-modules");
  catalogue = join(dir, "catalogue");
  await mkdir(catalogue, { recursive: true });
  await writeFile(join(catalogue, "api.yaml"), API);
  await writeFile(join(catalogue, "a.yaml"), A);
  await writeFile(join(catalogue, "b.yaml"), B);
  await generate({ catalogue, out: join(dir, "out"), targets: ["client", "zod"] });
}, 60_000);

test("references across modules and cycles through them compile and parse as the guards do", async () => {
  const result = await typecheck([join(dir, "out/zod/index.ts")], { version: "7.0", resolution: "nodenext" });
  expect(result.output).toBe("");
  const zod = (await import(join(dir, "out/zod/index.ts"))) as Record<string, ZodLike>;
  const guards = (await import(join(dir, "out/client/validate.ts"))) as Record<string, Guard>;
  const leaf = { colour: "red", tree: { leaves: [{ colour: "green" }] } };
  const cases: [string, unknown, boolean][] = [
    ["Tree", { leaves: [leaf] }, true],
    ["Tree", { leaves: [{ colour: "blue" }] }, false],
    ["Leaf", { colour: "green", tree: { leaves: [{ colour: "red", tree: { leaves: [] } }] } }, true],
    ["Leaf", { colour: "green", tree: { leaves: [{ colour: "red", tree: {} }] } }, false],
    ["Forest", [leaf, leaf], true],
    ["Forest", [{}], false],
    ["Trees", [{ leaves: [] }, { leaves: [leaf] }], true],
    ["Trees", [{ leaves: [] }, { leaves: [] }, { leaves: [] }], false],
  ];
  for (const [name, value, fits] of cases) {
    expect({ name, value, guard: guards[`check${name}`]!(value) === undefined, zod: zod[`z${name}`]!.safeParse(value).success }).toEqual({ name, value, guard: fits, zod: fits });
  }
  expect(zod.zGetTreeResponse!.safeParse([leaf]).success).toBe(true);
}, 120_000);

test("two schemas of one name are an error naming both", async () => {
  const model = await loadModel(catalogue);
  const clash = { ...model, types: [...model.types, { name: "GetTreeResponse", module: "a", type: { kind: "string" as const } }] };
  expect(() => [...planZod(clash)]).toThrow(new EmitError("zod: the response of getTree and the schema of type GetTreeResponse would both be named zGetTreeResponse; rename one in the catalogue"));
});
