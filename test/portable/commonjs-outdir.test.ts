// Issue 27, item 4: a CommonJS project (package.json without "type") that compiles the generated
// client and server with tsc and `outDir`, then runs the compiled JavaScript under node. tsc does
// not copy the targets' package.json into outDir, so with the default (`"type": "module"`) the
// compiled ES modules land in a CommonJS folder: the negative case below shows Node failing on
// them. `moduleFormat: "commonjs"` makes tsc compile them to CommonJS under Node16 and NodeNext;
// the consumer's own main.ts serves the generated server's handler on 127.0.0.1 and calls it with
// the generated client. Node runs with module-syntax detection and require(esm) off, so what runs
// is CommonJS and nothing else.
import { execFile } from "node:child_process";
import { copyFile, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import type { ModuleFormat } from "../../src/emit/shared/module-format.js";
import { generate } from "../../src/pipeline.js";
import { repoCatalogue, repoRoot } from "../helpers/generate.js";
import { STRICT_OPTIONS, TYPESCRIPT_VERSIONS, type TypeScriptVersion } from "../helpers/tsc.js";
import { tempDir } from "../helpers/temp.js";

const run = promisify(execFile);
const mainFixture = join(repoRoot, "test/portable/fixtures/commonjs-main.ts.txt");
// What runs must be CommonJS: no reparsing an ES module found in a CommonJS folder, no require(esm).
// (Where a Node version no longer has a flag, it runs without it.)
const STRICT_NODE = ["--no-experimental-detect-module", "--no-experimental-require-module"].filter((flag) => process.allowedNodeEnvironmentFlags.has(flag));

/** A consumer package without "type", the repository's catalogue generated into generated/. */
async function consumer(moduleFormat: ModuleFormat): Promise<string> {
  const dir = await tempDir("catalogen-cjs-outdir");
  await writeFile(join(dir, "package.json"), `${JSON.stringify({ name: "consumer", private: true })}\n`);
  await generate({ catalogue: repoCatalogue, out: join(dir, "generated"), targets: ["client", "server"], moduleFormat });
  await copyFile(mainFixture, join(dir, "main.ts"));
  return dir;
}

/** tsc -p <dir>/tsconfig.<name>.json (module and resolution `module`, emitting into dist-<name>/), then node on main.js. */
async function buildAndRun(dir: string, module: "Node16" | "NodeNext" | "CommonJS", version: TypeScriptVersion): Promise<{ stdout: string; stderr: string }> {
  const name = `${module.toLowerCase()}-${version}`;
  const { noEmit: _noEmit, verbatimModuleSyntax: _verbatim, lib: _lib, ...strict } = STRICT_OPTIONS;
  const tsconfig = join(dir, `tsconfig.${name}.json`);
  await writeFile(
    tsconfig,
    JSON.stringify({
      compilerOptions: {
        ...strict,
        module,
        moduleResolution: module === "CommonJS" ? "Node10" : module,
        lib: ["ES2022"],
        types: ["node"],
        typeRoots: [join(repoRoot, "node_modules/@types")],
        outDir: `dist-${name}`,
        rootDir: ".",
        skipLibCheck: true, // @types/node is not what this test is about (and checking it is slow)
        ...(module === "CommonJS" && { ignoreDeprecations: "6.0" }),
      },
      include: ["main.ts", "generated"],
    }),
  );
  await run(process.execPath, [TYPESCRIPT_VERSIONS[version], "-p", tsconfig], { cwd: dir, maxBuffer: 16 * 1024 * 1024 }).catch((error: { stdout?: string }) => {
    throw new Error(`tsc ${version} (${module}) failed:\n${error.stdout ?? ""}`);
  });
  return run(process.execPath, [...STRICT_NODE, join(dir, `dist-${name}`, "main.js")], { cwd: dir, timeout: 20_000 });
}

const served = { counted: { count: 3, runtime: "commonjs" }, refused: "unauthorized 401", format: "commonjs" };

describe('moduleFormat "commonjs": a CommonJS consumer compiles with outDir and runs', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await consumer("commonjs");
  }, 30_000);

  test("the targets' package.json say commonjs", async () => {
    for (const target of ["client", "server"]) {
      expect(JSON.parse(await readFile(join(dir, "generated", target, "package.json"), "utf8"))).toEqual({ type: "commonjs", sideEffects: false });
    }
  });

  // TypeScript 5.9 and 7.0 (the native compiler, a fraction of the time), one setup each.
  for (const [module, version] of [["NodeNext", "5.9"], ["Node16", "7.0"]] as const) {
    test(`module ${module}, tsc ${version}: the compiled client calls the compiled server's handler on 127.0.0.1`, async () => {
      const { stdout, stderr } = await buildAndRun(dir, module, version);
      expect(JSON.parse(stdout)).toEqual(served);
      expect(stderr).toBe("");
    }, 60_000);
  }
});

describe("the default (esm) in the same consumer", () => {
  test("module NodeNext with outDir: the compiled ES modules are not CommonJS, and Node refuses them", async () => {
    const dir = await consumer("esm");
    const said = await buildAndRun(dir, "NodeNext", "7.0").then(
      ({ stderr }) => stderr, // a Node that cannot turn detection off reparses them, with a warning
      (error: { stderr?: string }) => error.stderr ?? "",
    );
    expect(said).toMatch(/SyntaxError: Unexpected token 'export'|ERR_REQUIRE_ESM|MODULE_TYPELESS_PACKAGE_JSON/);
  }, 60_000);
});

describe("the option on the command line and in the config", () => {
  async function cli(args: string[], cwd: string): Promise<{ code: number; err: string }> {
    let err = "";
    const code = await main(args, { out: () => {}, err: (text) => (err += `${text}\n`), cwd });
    return { code, err };
  }
  const packageType = async (dir: string) => (JSON.parse(await readFile(join(dir, "generated/client/package.json"), "utf8")) as { type: string }).type;

  test("--module-format commonjs, and the config's moduleFormat when the flag is absent", async () => {
    const dir = await tempDir("catalogen-module-format");
    const base = ["generate", "--catalogue", repoCatalogue, "--target", "client", "--quiet"];
    expect(await cli([...base, "--module-format", "commonjs"], dir)).toEqual({ code: 0, err: "" });
    expect(await packageType(dir)).toBe("commonjs");
    expect(await cli(base, dir)).toEqual({ code: 0, err: "" });
    expect(await packageType(dir)).toBe("module");
    await writeFile(join(dir, "catalogen.config.json"), JSON.stringify({ moduleFormat: "commonjs" }));
    expect(await cli(base, dir)).toEqual({ code: 0, err: "" });
    expect(await packageType(dir)).toBe("commonjs");
  }, 30_000);

  test("an unknown format is a usage error naming the two", async () => {
    const dir = await tempDir("catalogen-module-format");
    const result = await cli(["generate", "--catalogue", repoCatalogue, "--module-format", "cjs"], dir);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/unknown module format "cjs"; use esm or commonjs/);
    await writeFile(join(dir, "catalogen.config.json"), JSON.stringify({ moduleFormat: "cjs" }));
    const fromConfig = await cli(["generate", "--catalogue", repoCatalogue], dir);
    expect(fromConfig.code).not.toBe(0);
    expect(fromConfig.err).toMatch(/"moduleFormat"/);
  });
});
