// Escaping by construction, proven by structure: one catalogue, generated twice, once with benign
// text and once with hostile text in every field that reaches output (descriptions at every level,
// summaries, titles, enum values, examples, property and query parameter names, paths, server URLs
// and descriptions, token kind and limit group descriptions, combination groups, error responses,
// the catalogue folder's name; ids and header names are restricted by the validator). Every
// generated TypeScript file must parse to the same syntax tree (comments and literal contents set
// aside), every Markdown page to the same tree (text set aside), every JSON file to the same shape.
// Hostile text that closed a comment, a string, a template or a cell would change the tree.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../src/pipeline.js";
import { TARGETS } from "../../src/emit/types.js";
import type { AnyTarget } from "../../src/emit/define.js";
import { compareOutputs, tsStructure } from "../helpers/escape-check.js";
import { freshDir, repoRoot } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";
import { hostileCatalogue, PAYLOAD } from "../helpers/hostile-catalogue.js";

/** Hostile: the catalogue folder's name closes a comment, starts a line and closes an HTML comment. */
const HOSTILE_FOLDER = "cat */ alert(1) /*\nalert(2) // --> <!-- \u2028 `${x}`";

async function generateVariant(base: string, hostile: boolean): Promise<string> {
  const dir = join(base, hostile ? HOSTILE_FOLDER : "catalogue", "catalogue");
  await mkdir(dir, { recursive: true });
  // YAML is a superset of JSON: each file is its object as JSON.
  for (const [name, content] of Object.entries(hostileCatalogue(hostile ? PAYLOAD : undefined))) await writeFile(join(dir, name), JSON.stringify(content, null, 2));
  const out = join(base, hostile ? "out-hostile" : "out-benign");
  // Every target, the ones generate leaves out by default (tanstack-query, zod, mcp, msw) too, and the
  // example plugin (examples/plugin-route-list/): its pages go through the sinks as well.
  const plugin = (await import(pathToFileURL(join(repoRoot, "examples/plugin-route-list/route-list.mjs")).href)) as { default: AnyTarget };
  await generate({ catalogue: dir, out, targets: [...TARGETS, "route-list"], plugins: [plugin.default] }).catch((error: { report?: () => string }) => {
    throw new Error(error.report?.() ?? String(error));
  });
  return out;
}

describe("hostile text in every field, against the same catalogue with benign text", () => {
  let benign: string;
  let hostile: string;
  beforeAll(async () => {
    const base = await freshDir("escape");
    benign = await generateVariant(base, false);
    hostile = await generateVariant(base, true);
  }, 60_000);

  it("the checker sees an escape: a doc comment closed early adds code", () => {
    const clean = tsStructure("a.ts", "/** a */\nexport type A = string;\n");
    const broken = tsStructure("a.ts", "/** a */ alert(1); /* */\nexport type A = string;\n");
    expect(broken).not.toEqual(clean);
    expect(tsStructure("a.ts", 'const a = "x */ y";\n')).toEqual(tsStructure("a.ts", 'const a = "z";\n'));
  });

  it("every TypeScript file, Markdown page and JSON file keeps its structure", async () => {
    const { escapes, compared } = await compareOutputs(benign, hostile);
    expect(escapes).toEqual([]);
    expect(compared.ts).toBeGreaterThan(20);
    expect(compared.md).toBeGreaterThan(1);
    expect(compared.json).toBeGreaterThan(0);
  });

  it("the hostile client and server compile under the strict flags", async () => {
    const { readdir } = await import("node:fs/promises");
    const entries = await readdir(hostile, { recursive: true, withFileTypes: true });
    const all = entries.filter((e) => e.isFile() && e.name.endsWith(".ts")).map((e) => join(e.parentPath, e.name));
    const isMcp = (path: string) => path.startsWith(join(hostile, "mcp"));
    const result = await typecheck(all.filter((path) => !isMcp(path)), { version: "5.9", resolution: "nodenext", types: ["node"] });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
    // The MCP server with the client; skipLibCheck because the SDK's own validation/ajv declarations fail without it (TS2709).
    const mcp = await typecheck(all.filter((path) => isMcp(path) || path.startsWith(join(hostile, "client"))), { version: "7.0", resolution: "nodenext", types: ["node"], compilerOptions: { skipLibCheck: true } });
    expect(mcp.output).toBe("");
    expect(mcp.ok).toBe(true);
  }, 120_000);
});
