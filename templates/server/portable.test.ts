// The server runtime compiles in a consumer's strictest setup (issue 10, item 6): erasable syntax
// only (Node's type stripping, `erasableSyntaxOnly`), isolated declarations, no property access
// from index signatures, and `lib: ["ES2022"]` with @types/node instead of the DOM library.
import { execFile } from "node:child_process";
import { mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import { STRICT_OPTIONS, TYPESCRIPT_VERSIONS, type TypeScriptVersion } from "../../test/helpers/tsc.js";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
const here = fileURLToPath(new URL(".", import.meta.url));

async function compile(version: TypeScriptVersion): Promise<string> {
  const files = (await readdir(here)).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts")).map((name) => join(here, name));
  const dir = await mkdtemp(join(tmpdir(), "catalogen-portable-"));
  const tsconfig = join(dir, "tsconfig.json");
  const compilerOptions = {
    ...STRICT_OPTIONS,
    lib: ["ES2022"],
    types: ["node"],
    typeRoots: [join(root, "node_modules/@types")],
    module: "NodeNext",
    moduleResolution: "NodeNext",
    erasableSyntaxOnly: true,
    isolatedDeclarations: true,
    declaration: true,
    noPropertyAccessFromIndexSignature: true,
    skipLibCheck: true,
  };
  await writeFile(tsconfig, JSON.stringify({ compilerOptions, files }));
  try {
    await run(process.execPath, [TYPESCRIPT_VERSIONS[version], "-p", tsconfig], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
    return "";
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    return (e.stdout ?? "") + (e.stderr ?? "") || e.message;
  }
}

describe("templates/server in a consumer's strictest setup", () => {
  for (const version of Object.keys(TYPESCRIPT_VERSIONS) as TypeScriptVersion[]) {
    test(`TypeScript ${version}: erasable syntax only, isolated declarations, lib ES2022 + @types/node without DOM`, async () => {
      expect(await compile(version)).toBe("");
    }, 120_000);
  }
});
