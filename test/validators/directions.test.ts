// Request and response schemas of the zod target, on a type with a read-only `id`, a write-only
// `password` and a plain `name` (test/fixtures/catalogues/read-write-only), parsed by zod and
// zod/mini from node_modules: the request shape leaves `id` out (a closed object refuses it, as
// any undeclared field), the response shape leaves `password` out and requires `id`; a type
// without either kind of field has one schema. The output compiles under the strict flags.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { generate } from "../../src/pipeline.js";
import { fixtureCatalogue, freshDir } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";
import type { ZodLike } from "./support.js";

const CATALOGUE = fixtureCatalogue("read-write-only");
type Schemas = Record<string, ZodLike & { parse(value: unknown): unknown }>;

let dir: string;
const flavours: Record<string, Schemas> = {};
beforeAll(async () => {
  dir = await freshDir("directions");
  await generate({ catalogue: CATALOGUE, out: dir, targets: ["client", "zod"] });
  await generate({ catalogue: CATALOGUE, out: join(dir, "mini"), targets: [{ name: "zod", mini: true }] });
  flavours.zod = (await import(join(dir, "zod/index.ts"))) as Schemas;
  flavours.mini = (await import(join(dir, "mini/zod/index.ts"))) as Schemas;
}, 60_000);

const ok = (schemas: Schemas, name: string, value: unknown): boolean => {
  const schema = schemas[name];
  if (schema === undefined) throw new Error(`no schema ${name}`);
  return schema.safeParse(value).success;
};

describe.each(["zod", "mini"])("%s", (flavour) => {
  test("the request shape takes { name, password } and { name }, and refuses a read-only id", () => {
    const schemas = flavours[flavour]!;
    for (const name of ["zAccountWritable", "zCreateAccountBody"]) {
      expect(ok(schemas, name, { name: "Ann", password: "12345678" }), name).toBe(true);
      expect(ok(schemas, name, { name: "Ann" }), name).toBe(true);
      expect(ok(schemas, name, { id: "a-1", name: "Ann" }), name).toBe(false);
      expect(ok(schemas, name, { name: "Ann", password: "short" }), name).toBe(false);
    }
  });

  test("the response shape takes { id, name }, requires the read-only id, refuses a write-only password", () => {
    const schemas = flavours[flavour]!;
    for (const name of ["zAccount", "zCreateAccountResponse"]) {
      expect(ok(schemas, name, { id: "a-1", name: "Ann" }), name).toBe(true);
      expect(ok(schemas, name, { name: "Ann" }), name).toBe(false);
      expect(ok(schemas, name, { id: "a-1", name: "Ann", password: "12345678" }), name).toBe(false);
    }
    // A required write-only field is required in a request, a required read-only one in a response.
    expect(ok(schemas, "zSignUpBody", { email: "a@example.com" })).toBe(false);
    expect(ok(schemas, "zSignUpBody", { email: "a@example.com", password: "p" })).toBe(true);
    expect(ok(schemas, "zSignUpResponse", { id: "s-1", email: "a@example.com" })).toBe(true);
    expect(ok(schemas, "zSignUpResponse", { email: "a@example.com" })).toBe(false);
    // Through a reference: a team's owner is an account as a response holds it.
    expect(ok(schemas, "zGetTeamResponse", { title: "T", owner: { id: "a-1", name: "Ann" }, labels: [{ text: "x" }] })).toBe(true);
    expect(ok(schemas, "zGetTeamResponse", { title: "T", owner: { id: "a-1", name: "Ann", password: "12345678" } })).toBe(false);
    expect(ok(schemas, "zTeamWritable", { title: "T", owner: { name: "Ann", password: "12345678" } })).toBe(true);
    expect(ok(schemas, "zTeamWritable", { title: "T", owner: { id: "a-1", name: "Ann" } })).toBe(false);
  });
});

test("a type with the same shape both ways has one schema; the others two, named as the client names their types", async () => {
  const names = Object.keys(flavours.zod!).sort();
  expect(names).toEqual(["zAccount", "zAccountWritable", "zCreateAccountBody", "zCreateAccountResponse", "zGetTeamParams", "zGetTeamResponse", "zLabel", "zListAccountsParams", "zListAccountsResponse", "zSignUpBody", "zSignUpResponse", "zSignup", "zSignupWritable", "zTeam", "zTeamWritable"]);
  const types = await readFile(join(dir, "client/index.ts"), "utf8");
  expect(types).toMatch(/\bAccountWritable\b/);
  expect(types).toMatch(/\bTeamWritable\b/);
  expect(types).not.toMatch(/\bLabelWritable\b/);
});

test("the zod and zod/mini output compiles under the strict flags, each schema inferring the client's type of its way", async () => {
  const consumer = join(dir, "consumer.ts");
  const { writeFile } = await import("node:fs/promises");
  await writeFile(
    consumer,
    `import type * as z from "zod";
import type { Account, AccountWritable } from "./client/index.js";
import { zAccount, zAccountWritable } from "./zod/index.js";
export const response = (value: Account): z.infer<typeof zAccount> => value;
export const request = (value: AccountWritable): z.infer<typeof zAccountWritable> => value;
// @ts-expect-error a response holds no password
export const leaked: z.infer<typeof zAccount> = { id: "a-1", name: "Ann", password: "12345678" };
// @ts-expect-error a request sends no id
export const sent: z.infer<typeof zAccountWritable> = { id: "a-1", name: "Ann" };
`,
  );
  await writeFile(join(dir, "package.json"), '{ "type": "module" }\n');
  const result = await typecheck([join(dir, "zod/index.ts"), join(dir, "mini/zod/index.ts"), consumer], { version: "7.0", resolution: "nodenext" });
  expect(result.output).toBe("");
}, 120_000);
