// The compact option (docs/compact.md): one-line operation docs, no Standard Schema objects nor
// the guards only they use, route entries and handlers with one-line docs; the same types and
// response checks, so the client and server still compile under the strict flags (TypeScript 5.9
// and 7.0 here). `--compact` and `compact: true` in the config set it for both targets; a target
// entry's own `compact` wins.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "vitest";
import { runCli } from "../catalogue/support.js";
import { generate } from "../../src/pipeline.js";
import { freshDir, repoCatalogue } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";

async function files(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).map((name) => String(name).split("\\").join("/"));
}

function sizeOf(all: { path: string; bytes: number }[], prefix: string): number {
  return all.filter((file) => file.path.startsWith(prefix)).reduce((sum, file) => sum + file.bytes, 0);
}

async function sizes(dir: string): Promise<{ path: string; bytes: number }[]> {
  const names = await files(dir);
  const out: { path: string; bytes: number }[] = [];
  for (const name of names.filter((n) => n.endsWith(".ts"))) out.push({ path: name, bytes: (await readFile(join(dir, name))).length });
  return out;
}

test("compact output: smaller, the same types and checks, and it compiles strict", { timeout: 180_000 }, async () => {
  const full = await freshDir();
  const compact = await freshDir();
  await generate({ catalogue: repoCatalogue, out: full, targets: ["client", "server"] });
  await generate({ catalogue: repoCatalogue, out: compact, targets: [{ name: "client", compact: true }, { name: "server", compact: true }] });
  const all = await files(compact);
  expect(all.filter((name) => name.startsWith("client/schemas") || name.endsWith("standard-schema.ts"))).toEqual([]);

  const operations = await readFile(join(compact, "client/operations/supplies.ts"), "utf8");
  expect(operations).toContain("/** Supply discrepancies. `GET /api/supplies/v1/discrepancies/{supplyId}` */\nexport function getDiscrepancies(");
  expect(operations).toContain("// Rate limits: `rateLimits()`");
  // The types are those of the full output.
  const fullOperations = await readFile(join(full, "client/operations/supplies.ts"), "utf8");
  const declarations = (text: string) => text.replace(/\/\*\*[\s\S]*?\*\/\n/g, "").match(/^export (type|function) .*$/gm);
  expect(declarations(operations)).toEqual(declarations(fullOperations));
  // The response check stays; the parameter guards that only the Standard Schema objects used go.
  const validate = await readFile(join(compact, "client/validate/supplies.ts"), "utf8");
  expect(validate).toContain("export function checkGetDiscrepanciesResponse(");
  expect(validate).not.toMatch(/Params\(/);
  const handlers = await readFile(join(compact, "server/handlers/supplies.ts"), "utf8");
  expect(handlers).toContain("/** GET /api/supplies/v1/discrepancies/{supplyId}: Supply discrepancies */");

  const before = await sizes(full);
  const after = await sizes(compact);
  expect(sizeOf(after, "client/")).toBeLessThan(sizeOf(before, "client/") * 0.85);
  expect(sizeOf(after, "server/")).toBeLessThan(sizeOf(before, "server/"));

  const typescript = all.filter((name) => name.endsWith(".ts")).map((name) => join(compact, name));
  for (const version of ["5.9", "7.0"] as const) {
    const result = await typecheck(typescript, { version, resolution: "nodenext" });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  }
});

test("--compact and the config's compact set both targets; a target entry's own option wins", async () => {
  const dir = await freshDir("compact-cli");
  const run = async (args: string[]) => (await runCli(args, dir)).code;
  const out = join(dir, "out");
  expect(await run(["generate", "--catalogue", repoCatalogue, "--out", out, "--target", "client,server", "--compact", "--quiet"])).toBe(0);
  expect((await files(out)).some((name) => name.startsWith("client/schemas"))).toBe(false);

  await writeFile(join(dir, "catalogen.config.json"), JSON.stringify({ catalogue: repoCatalogue, out: "out2", compact: true, targets: [{ name: "client", compact: false }, "server"] }));
  expect(await run(["generate", "--quiet"])).toBe(0);
  expect((await files(join(dir, "out2"))).some((name) => name.startsWith("client/schemas"))).toBe(true);
  expect(await readFile(join(dir, "out2/server/handlers/supplies.ts"), "utf8")).toContain("/** GET /api/supplies/v1/discrepancies/{supplyId}: Supply discrepancies */");

  await writeFile(join(dir, "catalogen.config.json"), JSON.stringify({ catalogue: repoCatalogue, compact: "yes" }));
  expect(await run(["generate", "--quiet"])).not.toBe(0);
});
