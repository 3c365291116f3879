// The client copies auth.ts only when the API has security schemes (client.ts imports it then) and
// styles.ts only when a parameter is written by a style other than its default (a descriptor's
// `styled(...)`) or a typed form body is written: their types live in the types-only
// descriptors.ts. Either way the client compiles under the strict flags, compact too.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "vitest";
import { writeCatalogue } from "../catalogue/support.js";
import { generate } from "../../src/pipeline.js";
import { freshDir, generateForTest } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";

const PLAIN = `module: { id: things, title: Things, area: One thing }
operations:
  - id: getThing
    method: GET
    path: /things/{id}
    summary: One thing
    tokens: [personal]
    parameters:
      - { name: id, in: path, required: true, schema: { type: string } }
      - { name: tags, in: query, schema: { type: array, items: { type: string } } }
    request: none
    responses:
      "200":
        content:
          application/json:
            schema: { type: object, properties: { id: { type: string } } }
`;

const STYLED = PLAIN.replace("{ name: tags, in: query, schema: { type: array, items: { type: string } } }", "{ name: tags, in: query, style: pipeDelimited, explode: false, schema: { type: array, items: { type: string } } }");

const WITH_SCHEMES = `api:
  title: Test API
  auth:
    header: Authorization
    tokenKinds:
      - { id: personal, description: Personal token }
    schemes:
      - { id: key, type: apiKey, in: header, name: X-Key }
`;

async function clientFiles(out: string): Promise<string[]> {
  return (await readdir(join(out, "client"), { recursive: true })).map((name) => `client/${String(name).split("\\").join("/")}`);
}

async function compiles(out: string, all: string[]): Promise<void> {
  const result = await typecheck(
    all.filter((name) => name.endsWith(".ts")).map((name) => join(out, name)),
    { version: "5.9", resolution: "nodenext" },
  );
  expect(result.output).toBe("");
  expect(result.ok).toBe(true);
}

test("no schemes and default styles: neither auth.ts nor styles.ts, and it compiles (compact too)", { timeout: 120_000 }, async () => {
  for (const compact of [false, true]) {
    const out = await freshDir();
    await generate({ catalogue: await writeCatalogue({ "things.yaml": PLAIN }), out, targets: [{ name: "client", compact }] });
    const all = await clientFiles(out);
    expect(all).not.toContain("client/runtime/auth.ts");
    expect(all).not.toContain("client/runtime/styles.ts");
    expect(all).not.toContain("client/runtime/token-access.ts");
    expect(all).toContain("client/runtime/descriptors.ts");
    await compiles(out, all);
  }
});

test("security schemes bring auth.ts, a styled parameter styles.ts, and it compiles", { timeout: 120_000 }, async () => {
  const out = await generateForTest({ catalogue: await writeCatalogue({ "things.yaml": STYLED }, WITH_SCHEMES), targets: ["client"] });
  const all = await clientFiles(out);
  expect(all).toContain("client/runtime/auth.ts");
  expect(all).toContain("client/runtime/styles.ts");
  expect(await readFile(join(out, "client/modules/things.ts"), "utf8")).toContain('styles: styled({ "query:tags": ["pipeDelimited", false] })');
  await compiles(out, all);
});

test("an operation that names token categories or read-only tokens brings token-access.ts, which createClient passes in, and it compiles", { timeout: 120_000 }, async () => {
  for (const rule of ["categories: [content]", "readOnlyTokens: false"]) {
    const catalogue = await writeCatalogue({ "things.yaml": PLAIN.replace("    tokens: [personal]\n", `    tokens: [personal]\n    ${rule}\n`) });
    const out = await generateForTest({ catalogue, targets: ["client"] });
    const all = await clientFiles(out);
    expect(all).toContain("client/runtime/token-access.ts");
    expect(await readFile(join(out, "client/client.ts"), "utf8")).toContain("clientFeatures(options, tokenAccess)");
    await compiles(out, all);
  }
});
