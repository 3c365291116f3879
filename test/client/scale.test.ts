// No generated client file grows with the whole API: at 40 modules every file stays within a bound
// set by one module's files (index files hold one line per module or per type). The client of a
// catalogue whose modules' types refer to each other in a cycle compiles, loads and checks.
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, expect, test } from "vitest";
import { stringify } from "yaml";
import { freshDir, generateForTest } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";

const MODULES = 40;
const OPERATIONS = 10;

const pad = (n: number): string => String(n).padStart(2, "0");
const typeName = (m: number, what: string): string => `M${pad(m)}${what}`;

/** Module m: an Item that may hold the next module's Item (the last one's the first's: a cycle), an Input, a Page. */
function moduleYaml(m: number): string {
  const next = (m + 1) % MODULES;
  const operations = Array.from({ length: OPERATIONS }, (_, o) => ({
    id: `op${pad(m)}x${pad(o)}`,
    method: "POST",
    path: `/m${pad(m)}/things/${o}/{thingId}`,
    summary: `Operation ${o} of module ${m}`,
    parameters: [{ name: "thingId", in: "path", schema: { type: "integer" } }],
    request: { required: true, content: { "application/json": { schema: { ref: typeName(m, "Input") } } } },
    responses: { "200": { description: "A page.", content: { "application/json": { schema: { ref: typeName(m, "Page") } } } } },
  }));
  return stringify({
    module: { id: `mod_${pad(m)}`, title: `Module ${m}`, area: `Things of module ${m}` },
    types: {
      [typeName(m, "Item")]: {
        type: "object",
        properties: {
          id: { type: "integer", required: true },
          status: { type: "string", enum: ["active", "archived"], required: true },
          related: { ref: typeName(next, "Item") },
        },
      },
      [typeName(m, "Input")]: { type: "object", properties: { name: { type: "string", required: true }, tags: { type: "array", items: { type: "string" } } } },
      [typeName(m, "Page")]: {
        type: "object",
        properties: { items: { type: "array", items: { ref: typeName(m, "Item") }, required: true }, next: { type: "string", nullable: true } },
      },
    },
    operations,
  });
}

const API_YAML = stringify({
  api: { title: "Scale test API", auth: { header: "Authorization", tokenKinds: [{ id: "personal", description: "Personal token" }] } },
});

let client = "";
let files: { path: string; size: number }[] = [];

beforeAll(async () => {
  const catalogue = await freshDir("scale-catalogue");
  await mkdir(catalogue, { recursive: true });
  await writeFile(join(catalogue, "api.yaml"), API_YAML);
  for (let m = 0; m < MODULES; m++) await writeFile(join(catalogue, `mod_${pad(m)}.yaml`), moduleYaml(m));
  client = join(await generateForTest({ catalogue, targets: ["client"] }), "client");
  const names = (await readdir(client, { recursive: true })).filter((name) => name.endsWith(".ts")).sort();
  files = await Promise.all(names.map(async (path) => ({ path, size: (await stat(join(client, path))).size })));
});

test(`with ${MODULES} modules no file is larger than twice the largest per-module file`, () => {
  const perModule = files.filter((file) => /^(operations|modules|validate|types)\//.test(file.path));
  expect(perModule).toHaveLength(4 * MODULES);
  const bound = 2 * Math.max(...perModule.map((file) => file.size));
  // runtime/ and shared/ are templates copied as they are: their size does not depend on the catalogue.
  const made = files.filter((file) => !/^(runtime|shared)\//.test(file.path));
  const tooLarge = made.filter((file) => file.size > bound).map((file) => `${file.path}: ${file.size} B`);
  expect(tooLarge, `bound ${bound} B`).toEqual([]);
  // A whole-API file would be about MODULES times a module's: the bound above would catch it by far.
  const total = perModule.reduce((sum, file) => sum + file.size, 0);
  expect(bound).toBeLessThan(total / 10);
});

test("client.ts holds one import, one Client property and one createClient line per module", async () => {
  const text = await readFile(join(client, "client.ts"), "utf8");
  expect(text.match(/from "\.\/modules\/mod_\d\d\.js"/g)).toHaveLength(MODULES);
  expect(text.match(/: bindMod\d\dOperations\(transport\)/g)).toHaveLength(MODULES);
  // No operation, but the one createClient's doc example calls.
  expect(text.match(/op\d\dx\d\d/g)).toEqual(["op00x00"]);
});

test("the client compiles (tsc 5.9, strict, NodeNext)", async () => {
  const result = await typecheck(
    files.map((file) => join(client, file.path)),
    { version: "5.9", resolution: "nodenext" },
  );
  expect(result.output).toBe("");
  expect(result.ok).toBe(true);
});

test("it loads despite the import cycle between modules, and a guard follows it into another module", async () => {
  const index = (await import(join(client, "index.ts"))) as { createClient: (options: unknown) => Record<string, Record<string, unknown>> };
  const api = index.createClient({ baseUrl: "http://127.0.0.1:1", token: "t" });
  expect(Object.keys(api)).toHaveLength(MODULES);
  expect(typeof api.mod39?.op39x09).toBe("function");
  const validate = (await import(join(client, "validate.ts"))) as Record<string, (value: unknown) => unknown>;
  const last = typeName(MODULES - 1, "Item");
  // M39Item.related is an M00Item (declared in mod_00), whose related is an M01Item (mod_01).
  const value = { id: 1, status: "active", related: { id: 2, status: "active", related: { id: 3, status: "gone" } } };
  expect(validate[`check${last}`]!(value)).toEqual({ path: "$.related.related.status", value: "gone", expected: '"active" | "archived"' });
  expect(validate[`check${last}`]!({ ...value, related: { id: 2, status: "archived" } })).toBeUndefined();
});
