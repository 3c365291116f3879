// Issue 22: the living source's file has an editor schema, as catalogue files have: `init --from`
// writes its modeline, the schema names every key the file may hold (src/sources/shape.ts), refers to
// the catalogue's own definitions for the rest, accepts docs/living-source.md's example and refuses
// what the file cannot hold.
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { Ajv } from "ajv";
import { parse } from "yaml";
import { expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { API_KEYS, DEFAULT_KEYS, SOURCE_KEYS, TOP_KEYS } from "../../src/sources/shape.js";
import { AJV_OPTIONS } from "../../src/validate/schema.js";
import catalogueSchema from "../../src/schema/catalogue.schema.json" with { type: "json" };
import livingSchema from "../../src/schema/living-source.schema.json" with { type: "json" };
import { freshDir, repoRoot } from "../helpers/generate.js";

const ajv = new Ajv(AJV_OPTIONS);
// The living schema has no $id: its $refs name catalogue.schema.json relative to where it lies (as an editor reads them).
const folder = "https://catalogen.invalid/schema/";
ajv.addSchema({ ...catalogueSchema, $id: `${folder}catalogue.schema.json` });
const check = ajv.compile({ ...livingSchema, $id: `${folder}living-source.schema.json` });

it("init --from writes the modeline of the living source's schema, beside the catalogue's", async () => {
  const dir = await freshDir("living-schema");
  await writeFile(
    join(dir, "openapi.yaml"),
    "openapi: 3.1.0\ninfo: { title: T, version: '1' }\npaths:\n  /pets:\n    get: { operationId: listPets, responses: { '200': { description: OK } } }\n",
  );
  let err = "";
  expect(await main(["init", "--from", "openapi.yaml"], { out: () => {}, err: (text) => (err += text), cwd: dir })).toBe(0);
  expect(err).toBe("");
  const text = await readFile(join(dir, "catalogue/api.yaml"), "utf8");
  const modeline = /^# yaml-language-server: \$schema=(\S+)\n/.exec(text);
  expect(modeline?.[1]).toMatch(/living-source\.schema\.json$/);
  expect(existsSync(resolve(dir, "catalogue", modeline![1]!))).toBe(true);
  expect(check(parse(text))).toBe(true);
});

it("names every key the file may hold", () => {
  const properties = livingSchema.properties as Record<string, { properties?: Record<string, unknown> }>;
  expect(Object.keys(properties).sort()).toEqual([...TOP_KEYS].sort());
  expect(Object.keys(properties.source!.properties!).sort()).toEqual([...SOURCE_KEYS].sort());
  expect(Object.keys(properties.api!.properties!).sort()).toEqual([...API_KEYS].sort());
  expect(Object.keys(properties.defaults!.properties!).sort()).toEqual([...DEFAULT_KEYS].sort());
});

it("accepts docs/living-source.md's example and refuses a misspelt key, a route in an addition and a wrong limit", async () => {
  const page = await readFile(join(repoRoot, "docs/living-source.md"), "utf8");
  const example = parse(/```yaml\n(source:[\s\S]*?)```/.exec(page)![1]!) as Record<string, unknown>;
  expect(check(example), JSON.stringify(check.errors)).toBe(true);
  const refused = (data: unknown) => (check(data) ? [] : check.errors!.map((error) => `${error.instancePath} ${error.message}`));
  expect(refused({ ...example, operatons: {} })).toContain(" must NOT have additional properties");
  expect(refused({ source: { openapi: "a.yaml" }, operations: { listPets: { method: "GET" } } })).toContain("/operations/listPets must NOT have additional properties");
  expect(refused({ source: { openapi: "a.yaml" }, operations: { listPets: { limits: [{ group: 7 }] } } }).length).toBeGreaterThan(0);
  expect(refused({ source: {} })).toContain("/source must have required property 'openapi'");
});
