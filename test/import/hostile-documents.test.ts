// Issue 20: no OpenAPI document makes `catalogen import` print a stack trace. Alias bombs and
// nesting past the documented limits are positioned errors (exit 1, nothing written); schemas
// nested deeper than the catalogue can hold inline, and long allOf chains, are imported with the
// inner parts typed unknown and reported, and the catalogue generates.
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { MAX_DOCUMENT_NESTING, MAX_SCHEMA_NESTING } from "../../src/import/bounds.js";
import { freshDir } from "../helpers/generate.js";
import { importAndGenerate } from "./helpers.js";

function documentWith(schema: unknown, schemas: Record<string, unknown> = {}): string {
  const content = { "application/json": { schema } };
  return JSON.stringify({ openapi: "3.1.0", info: { title: "Deep" }, paths: { "/a": { get: { operationId: "getA", responses: { 200: { description: "ok", content } } } } }, components: { schemas } });
}

function nested(levels: number, wrap: (inner: unknown) => unknown): unknown {
  let schema: unknown = { type: "string" };
  for (let i = 0; i < levels; i++) schema = wrap(schema);
  return schema;
}

const property = (inner: unknown) => ({ type: "object", properties: { p: inner } });

async function runImport(name: string, text: string) {
  const dir = await freshDir("hostile-import");
  await writeFile(join(dir, name), text);
  let out = "";
  let err = "";
  const code = await main(["import", name, "--out", "catalogue"], { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`), cwd: dir });
  return { code, out, err, dir, file: join(dir, name), written: existsSync(join(dir, "catalogue")) };
}

function expectPositionedRefusal(run: Awaited<ReturnType<typeof runImport>>, at: RegExp, message: string): void {
  expect(run.err).toMatch(at);
  expect(run.err).toContain(message);
  expect(run.err).toMatch(/\n {2}hint: /);
  expect(run.err).not.toMatch(/\n\s+at |RangeError|ReferenceError/);
  expect(run.code).toBe(1);
  expect(run.written).toBe(false);
}

describe("hostile OpenAPI documents", () => {
  it("a YAML alias bomb is refused at the alias that crosses the limit", async () => {
    const lines = ["openapi: 3.1.0", "info: { title: Bomb }", "paths: {}", 'x-a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (const [name, inner] of [["b", "a"], ["c", "b"], ["d", "c"], ["e", "d"], ["f", "e"], ["g", "f"]]) lines.push(`x-${name}: &${name} [${Array(9).fill(`*${inner}`).join(",")}]`);
    const run = await runImport("bomb.yaml", `${lines.join("\n")}\n`);
    expectPositionedRefusal(run, /^catalogen import: bomb\.yaml:9:\d+: error: /, "aliases in this file expand to more than 100,000 values");
  });

  it(`1,500 levels of properties, items or allOf in JSON are refused past ${MAX_DOCUMENT_NESTING} levels, with the place`, async () => {
    for (const wrap of [property, (inner: unknown) => ({ type: "array", items: inner }), (inner: unknown) => ({ allOf: [inner] })]) {
      const run = await runImport("deep.json", documentWith(nested(1_500, wrap)));
      expectPositionedRefusal(run, /^catalogen import: deep\.json:1:\d+: error: /, `nests objects and arrays more than ${MAX_DOCUMENT_NESTING} levels deep`);
    }
  });

  it("deep block YAML is refused with its place, not a parser stack overflow", async () => {
    let text = "openapi: 3.1.0\ninfo: { title: Deep }\npaths: {}\nx-deep:\n";
    for (let i = 1; i < 1_200; i++) text += `${" ".repeat(i)}p:\n`;
    const run = await runImport("deep.yaml", text);
    expectPositionedRefusal(run, /^catalogen import: deep\.yaml:\d+:\d+: error: /, "the document nests objects and arrays more than");
  });

  it(`schemas nested deeper than ${MAX_SCHEMA_NESTING} levels are typed unknown there, reported, and the catalogue generates`, async () => {
    for (const [levels, wrap] of [
      [150, property],
      [400, (inner: unknown) => ({ type: "array", items: inner })],
      [120, (inner: unknown) => ({ type: ["array", "null"], items: inner })],
    ] as const) {
      const run = await runImport("deep.json", documentWith(nested(levels, wrap)));
      expect(run.err).toBe("");
      expect(run.code).toBe(0);
      expect(run.out).toContain(`(the catalogue has no schemas nested more than ${MAX_SCHEMA_NESTING} levels deep; name the inner schema under components/schemas)`);
      const imported = await importAndGenerate(run.file);
      expect(imported.operations).toBe(1);
    }
  });

  it("a chain of 1,000 allOf compositions through $refs imports (the long chain typed unknown, reported) and generates", async () => {
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 1_000; i++) {
      const own = { type: "object", properties: { [`f${i}`]: { type: "string" } } };
      schemas[`S${i}`] = i === 999 ? own : { allOf: [{ $ref: `#/components/schemas/S${i + 1}` }, own] };
    }
    const dir = await freshDir("hostile-import");
    const file = join(dir, "chain.json");
    await writeFile(file, documentWith({ $ref: "#/components/schemas/S0" }, schemas));
    const imported = await importAndGenerate(file);
    expect(imported.model.types.length).toBe(1_000);
    expect(imported.reportText).toContain("#/components/schemas/S0/allOf: allOf: 2 parts (the catalogue has no composition of parts that are not all objects (typed as unknown))");
    // The end of the chain is within the limit: kept as a composition.
    expect(imported.reportText).not.toContain("#/components/schemas/S990/allOf");
  }, 60_000);
});
