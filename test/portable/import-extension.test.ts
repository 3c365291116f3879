// importExtension (issue 10, item 6): the one mapping of relative specifiers, the option through
// the pipeline, config and CLI, and the package.json each target folder carries.
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { dirname, join, posix } from "node:path";
import { describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { loadConfig } from "../../src/cli/config.js";
import { withImportExtension } from "../../src/emit/shared/ts-print.js";
import { generate } from "../../src/pipeline.js";
import { freshDir, repoCatalogue } from "../helpers/generate.js";
import { generatePortable, typeScriptFiles } from "./consumer.js";

describe("withImportExtension", () => {
  const source = [
    `import { a, type B } from "./a.js";`,
    `import type { C } from "../shared/c.js";`,
    `import "./side-effect.js";`,
    `export * from "./operations/x.js";`,
    `export type * from "./types.js";`,
    `import {`,
    `  longName,`,
    `} from "./runtime/transport.js";`,
    `import { createServer } from "node:http";`,
    `import { thing } from "some-package/sub.js";`,
    `/** See "./a.js"; or} from "./b.js"; in text. */`,
    ` * } from "./doc.js";`,
    `const path = "./not-an-import.js";`,
    `export const link = { href: "./c.js" };`,
    `declare module "../runtime/operation-errors.js" {`,
    `declare module "some-package/sub.js" {`,
  ].join("\n");

  test('"ts": every relative specifier of an import or export declaration ends in .ts, nothing else changes', () => {
    expect(withImportExtension(source, "ts")).toBe(
      [
        `import { a, type B } from "./a.ts";`,
        `import type { C } from "../shared/c.ts";`,
        `import "./side-effect.ts";`,
        `export * from "./operations/x.ts";`,
        `export type * from "./types.ts";`,
        `import {`,
        `  longName,`,
        `} from "./runtime/transport.ts";`,
        `import { createServer } from "node:http";`,
        `import { thing } from "some-package/sub.js";`,
        `/** See "./a.js"; or} from "./b.js"; in text. */`,
        ` * } from "./doc.js";`,
        `const path = "./not-an-import.js";`,
        `export const link = { href: "./c.js" };`,
        `declare module "../runtime/operation-errors.ts" {`,
        `declare module "some-package/sub.js" {`,
      ].join("\n"),
    );
  });

  test('"js": the text as it is', () => {
    expect(withImportExtension(source, "js")).toBe(source);
  });
});

describe("generate with importExtension", () => {
  test('"ts": no relative .js specifier is left in client/ and server/, and every .ts one names a file', async () => {
    const out = await generatePortable(["client", "server"], "ts");
    let specifiers = 0;
    for (const file of await typeScriptFiles(out)) {
      const text = await readFile(file, "utf8");
      expect(text, file).not.toMatch(/^(import|export|\}).*"\.{1,2}\/[^"]*\.js";$/m);
      for (const [, specifier] of text.matchAll(/(?:from|import)\s+"(\.{1,2}\/[^"]+)"/g)) {
        specifiers += 1;
        expect(specifier, file).toMatch(/\.ts$/);
        expect(existsSync(join(dirname(file), specifier!)), `${file} imports ${specifier}`).toBe(true);
      }
    }
    expect(specifiers).toBeGreaterThan(100);
  });

  test("switching the option regenerates (it is part of the input hash); the same option again is a no-op", async () => {
    const out = await freshDir("portable");
    const options = { catalogue: repoCatalogue, out, targets: ["client" as const] };
    await generate(options);
    const switched = await generate({ ...options, importExtension: "ts" });
    expect(switched.upToDate).toBe(false);
    expect(await readFile(join(out, "client/index.ts"), "utf8")).toContain(`from "./client.ts";`);
    expect((await generate({ ...options, importExtension: "ts" })).upToDate).toBe(true);
    expect((await generate(options)).upToDate).toBe(false);
    expect(await readFile(join(out, "client/index.ts"), "utf8")).toContain(`from "./client.js";`);
  });

  test("client/ and server/ each carry a package.json: ES modules, no side effects", async () => {
    const out = await generatePortable(["client", "server", "docs"], "js");
    for (const target of ["client", "server"]) {
      expect(JSON.parse(await readFile(join(out, target, "package.json"), "utf8"))).toEqual({ type: "module", sideEffects: false });
    }
    expect(existsSync(join(out, "docs/package.json"))).toBe(false);
  });
});

describe("config key and flag", () => {
  async function cli(args: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
    let out = "";
    let err = "";
    const code = await main(args, { out: (text) => (out += `${text}\n`), err: (text) => (err += `${text}\n`), cwd });
    return { code, out, err };
  }

  test("--import-extension ts writes .ts specifiers; a config importExtension is the default the flag overrides", async () => {
    const dir = await freshDir("portable-cli");
    await writeFile(join(dir, "package.json"), JSON.stringify({ catalogen: { catalogue: repoCatalogue, out: "gen", targets: ["client"], importExtension: "ts" } }));
    expect((await cli(["generate"], dir)).code).toBe(0);
    expect(await readFile(join(dir, "gen/client/index.ts"), "utf8")).toContain(`from "./client.ts";`);
    expect((await cli(["generate", "--import-extension", "js"], dir)).code).toBe(0);
    expect(await readFile(join(dir, "gen/client/index.ts"), "utf8")).toContain(`from "./client.js";`);
  });

  test("an unknown value: a first line naming the choices, the usage exit code (2) like every bad flag, nothing written", async () => {
    const dir = await freshDir("portable-cli");
    const result = await cli(["generate", "--catalogue", repoCatalogue, "--out", "gen", "--import-extension", "mjs"], dir);
    expect(result.code).toBe(2);
    expect(result.err.split("\n")[0]).toMatch(/unknown import extension "mjs"; use js or ts$/);
    expect(existsSync(join(dir, "gen"))).toBe(false);
  });

  test("an unknown config value is a config error naming the file", async () => {
    const dir = await freshDir("portable-config");
    await writeFile(join(dir, "catalogen.config.json"), JSON.stringify({ importExtension: "mts" }));
    await expect(loadConfig(dir)).rejects.toThrow(`${posix.join(dir.split("\\").join("/"), "catalogen.config.json")}: "importExtension" must be "js" or "ts", not "mts"`);
  });
});
