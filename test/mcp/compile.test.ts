// The generated MCP server (with the client it requires) compiles under the strictest flags with
// TypeScript 5.9, 6.0 and 7.0 (NodeNext), and with Bundler resolution; with 7.0 also for a catalogue with
// security schemes (credentials per scheme) in module mode, one with servers and environments, and
// one with streamed and paged operations.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { generate } from "../../src/pipeline.js";
import { fixtureCatalogue, freshDir, repoCatalogue } from "../helpers/generate.js";
import { TYPESCRIPT_VERSIONS, typecheck, type TypeScriptVersion } from "../helpers/tsc.js";

let files: string[] = [];
let variants: string[] = [];

/**
 * The SDK's own declarations are not ours to check: its validation/ajv-provider.d.ts fails
 * `skipLibCheck: false` (TS2709, on 5.9 and 7.0), whatever code imports it. Every generated file is checked.
 */
const SDK_DECLARATIONS = { skipLibCheck: true };

async function typeScriptFiles(out: string): Promise<string[]> {
  const entries = await readdir(out, { recursive: true });
  return entries.filter((name) => name.endsWith(".ts")).map((name) => join(out, name)).sort();
}

beforeAll(async () => {
  // mcp alone: the client comes along (the mcp target requires it).
  const real = await freshDir("mcp-compile");
  await generate({ catalogue: repoCatalogue, out: real, targets: ["mcp"] });
  // Security schemes, module mode and another prefix: the target's options in a targets entry.
  const schemes = await freshDir("mcp-compile-schemes");
  await generate({ catalogue: fixtureCatalogue("paths-auth"), out: schemes, targets: [{ name: "mcp", tools: "module", envPrefix: "SELLER_API" }] });
  const server = await readFile(join(schemes, "mcp/server.ts"), "utf8");
  expect(server).toContain('tools: options.tools ?? "module"');
  expect(server).toContain('"prefix": "SELLER_API"');
  const more: string[] = [];
  for (const name of ["servers", "streams-pages"]) {
    const out = await freshDir(`mcp-compile-${name}`);
    await generate({ catalogue: fixtureCatalogue(name), out, targets: ["mcp"] });
    more.push(...(await typeScriptFiles(out)));
  }
  files = await typeScriptFiles(real);
  variants = [...(await typeScriptFiles(schemes)), ...more];
}, 60_000);

describe.each(Object.keys(TYPESCRIPT_VERSIONS) as TypeScriptVersion[])("TypeScript %s", (version) => {
  test("NodeNext, strict flags: no errors", async () => {
    const result = await typecheck(files, { version, resolution: "nodenext", types: ["node"], compilerOptions: SDK_DECLARATIONS });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  }, 120_000);
});

test("the variants (schemes in module mode, servers, streams and pages), NodeNext and Bundler (TypeScript 7.0): no errors", async () => {
  for (const resolution of ["nodenext", "bundler"] as const) {
    const result = await typecheck(variants, { version: "7.0", resolution, types: ["node"], compilerOptions: SDK_DECLARATIONS });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  }
}, 120_000);

test("Bundler resolution (TypeScript 7.0): no errors", async () => {
  const result = await typecheck(files, { version: "7.0", resolution: "bundler", types: ["node"], compilerOptions: SDK_DECLARATIONS });
  expect(result.output).toBe("");
  expect(result.ok).toBe(true);
}, 120_000);
