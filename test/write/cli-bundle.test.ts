// The CLI runs from its bundle (dist/bundle/, scripts/build-bundle.mjs) when that was built after
// dist/: the templates, the schema and the workers are still found from each module's own file in
// dist/, and a plugin, which imports `catalogen/plugin` from dist/, shares the bundle's target door
// (one TargetError: its mistakes are a config error, exit 2, not an internal one).
// Runs the built CLI (`npm run build` first).
import { existsSync, statSync } from "node:fs";
import { cp, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { freshDir, repoCatalogue, repoRoot } from "../helpers/generate.js";
import { runCli } from "./cli-process.js";

describe("the CLI's bundle", () => {
  it("is built after dist/ by npm run build, and keeps the modules a plugin imports in dist/", async () => {
    const bundle = join(repoRoot, "dist/bundle/start.js");
    expect(existsSync(bundle)).toBe(true);
    expect(statSync(bundle).mtimeMs).toBeGreaterThanOrEqual(statSync(join(repoRoot, "dist/cli/start.js")).mtimeMs);
    // The door a plugin imports is loaded from dist/ by the bundle too, never bundled again.
    const names = await readdir(join(repoRoot, "dist/bundle"));
    const chunks = (await Promise.all(names.map((name) => readFile(join(repoRoot, "dist/bundle", name), "utf8")))).join("\n");
    expect(chunks).toMatch(/from "\.\.\/emit\/define\.js"/);
    expect(chunks).not.toMatch(/class TargetError/);
  });

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
