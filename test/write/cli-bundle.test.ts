// The CLI runs from its bundle (dist/bundle/cli.cjs, scripts/build-bundle.mjs) when that was built after
// dist/: the templates, the schema and the workers are still found from each module's own file in
// dist/, and a plugin, which imports `catalogen/plugin` from dist/, shares the bundle's target door
// (one TargetError: its mistakes are a config error, exit 2, not an internal one).
// Runs the built CLI (`npm run build` first).
import { spawn } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { cp, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { freshDir, repoCatalogue, repoRoot } from "../helpers/generate.js";
import { runCli } from "./cli-process.js";

describe("the CLI's bundle", () => {
  it("is built after dist/ by npm run build, and keeps the modules a plugin imports in dist/", async () => {
    const bundle = join(repoRoot, "dist/bundle/cli.cjs");
    expect(existsSync(bundle)).toBe(true);
    expect(statSync(bundle).mtimeMs).toBeGreaterThanOrEqual(statSync(join(repoRoot, "dist/cli/start.js")).mtimeMs);
    expect(await readdir(join(repoRoot, "dist/bundle"))).toEqual(["cli.cjs"]);
    // The door a plugin imports is loaded from dist/ for the bundle too (listed on its first line
    // for the loader to import), never bundled again.
    const text = await readFile(bundle, "utf8");
    expect(text.slice(0, text.indexOf("\n"))).toMatch(/^\/\/ catalogen-shared \[.*"\.\.\/emit\/define\.js".*\]$/);
    expect(text).toMatch(/require\("\.\.\/emit\/define\.js"\)/);
    expect(text).not.toMatch(/class TargetError/);
    // Strict, as the modules it is made of are.
    expect(text.split("\n")[1]).toBe('"use strict";');
    // The prebuilt CommonJS files (the catalogue's validator, the docs templates) are in it too.
    expect(text).toMatch(/"validate\/catalogue-validator\.cjs": \(\) => require_catalogue_validator\(\)/);
  });

  it("says of a catalogue with an error what dist/ says, with the validator it holds", async () => {
    const dir = await freshDir("cli-bundle-bad");
    await cp(repoCatalogue, join(dir, "catalogue"), { recursive: true });
    const file = join(dir, "catalogue/supplies.yaml");
    await writeFile(file, (await readFile(file, "utf8")).replace("method: GET", "method: FETCH"));
    const bundled = await runCli(["generate", "--out", "out"], dir);
    const unbundled = await new Promise<{ code: number | null; stderr: string }>((done) => {
      const child = spawn(process.execPath, ["--input-type=module", "-e", `const { main } = await import(${JSON.stringify(join(repoRoot, "dist/cli/main.js"))}); process.exitCode = await main(["generate", "--out", "out"]);`], { cwd: dir, env: { ...process.env, CATALOGEN_CACHE_DIR: "off" } });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      child.on("close", (code) => done({ code, stderr }));
    });
    expect(bundled.code).toBe(1);
    expect(bundled.stderr).toMatch(/^catalogue\/supplies\.yaml:\d+:\d+: error: "FETCH" is not allowed for "method"/);
    expect(unbundled.code).toBe(1);
    expect(bundled.stderr).toBe(unbundled.stderr);
  }, 30_000);

  it("generates what the library writes, and reports a plugin's mistake as a config error (exit 2)", async () => {
    const dir = await freshDir("cli-bundle");
    await cp(repoCatalogue, join(dir, "catalogue"), { recursive: true });
    const run = await runCli(["generate", "--out", "out"], dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    for (const path of ["client/runtime/transport.ts", "docs/README.md", "openapi.json", "server/routes.ts"]) expect(existsSync(join(dir, "out", path)), path).toBe(true);
    expect(await readFile(join(dir, "out/client/runtime/transport.ts"), "utf8")).toBe(await readFile(join(repoRoot, "generated/client/runtime/transport.ts"), "utf8"));
    // A plugin (inside the repository: "catalogen/plugin" resolves to this package) with a bad name.
    await writeFile(join(dir, "bad.mjs"), `import { defineTarget } from "catalogen/plugin";\nexport default defineTarget({ name: "Bad Name", plan: () => [] });\n`);
    await writeFile(join(dir, "catalogen.config.json"), JSON.stringify({ plugins: ["./bad.mjs"] }));
    const bad = await runCli(["generate", "--out", "out"], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/cannot load \.\/bad\.mjs: defineTarget: the name "Bad Name"/);
    expect(bad.stderr).not.toMatch(/internal error/);
  }, 60_000);
});
