// Issue 42, point 3: plugins load only from where docs/plugins.md says: a local file inside the
// config's folder, or a file inside an installed package, links followed. A plugin that would load
// from anywhere else never runs: one line naming its key, exit 2. The real CLI (`npm run build` first).
import { existsSync } from "node:fs";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { freshDir, repoCatalogue } from "../helpers/generate.js";
import { oneLineDiagnostic, runCli } from "../write/cli-process.js";

/** A project whose config names `plugins`, a package `handlebars` without `exports` in its node_modules, and outside/evil.mjs beside it, which leaves a mark when it runs. */
async function project(name: string, plugins: string[], manifest: Record<string, unknown> = { name: "handlebars", main: "index.js" }) {
  const root = await freshDir(name);
  const dir = join(root, "project");
  const pkg = join(dir, "node_modules/handlebars");
  await mkdir(pkg, { recursive: true });
  await writeFile(join(pkg, "package.json"), JSON.stringify(manifest));
  await writeFile(join(pkg, "index.js"), "export default {};\n");
  await mkdir(join(root, "outside"));
  const mark = join(root, "ran.txt");
  await writeFile(join(root, "outside/evil.mjs"), `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(mark)}, "ran");\nexport default {};\n`);
  await writeFile(join(dir, "catalogen.config.json"), JSON.stringify({ catalogue: repoCatalogue, out: "out", plugins }));
  return { root, dir, pkg, mark, config: join(dir, "catalogen.config.json") };
}

async function refused(dir: string, mark: string): Promise<string> {
  const run = await runCli(["validate"], dir);
  expect(existsSync(mark)).toBe(false);
  expect(run.code).toBe(2);
  expect(run.stderr).not.toMatch(/internal error|This is a bug/);
  return oneLineDiagnostic(run);
}

describe("plugins load only from the config's folder or inside a package", () => {
  it('refuses "." and ".." segments in a package subpath (a package without exports): the file outside never runs', async () => {
    const { dir, mark, config } = await project("plugin-dotdot", ["handlebars/../../../outside/evil.mjs"]);
    expect(await refused(dir, mark)).toBe(
      `catalogen: ${config}: "plugins[0]": handlebars/../../../outside/evil.mjs is no package name: a package and its subpath take no empty, "." or ".." parts; name a file inside the package, or a local file as "./path"`,
    );
    const { dir: other, mark: otherMark } = await project("plugin-dot", ["handlebars/./index.js"]);
    expect(await refused(other, otherMark)).toContain('is no package name: a package and its subpath take no empty, "." or ".." parts');
  });

  it("refuses a package whose main (or exports) leads out of the package", async () => {
    for (const manifest of [{ main: "../../../outside/evil.mjs" }, { exports: { ".": { import: "../../../outside/evil.mjs" } } }]) {
      const { dir, mark, config } = await project("plugin-main", ["handlebars"], { name: "handlebars", ...manifest });
      expect(await refused(dir, mark)).toBe(`catalogen: ${config}: "plugins[0]": package handlebars names ../../../outside/evil.mjs, which lies outside the package; catalogen loads only files inside it`);
    }
  });

  it("refuses a package entry that is a symbolic link leading out of the package", async () => {
    const { root, dir, pkg, mark, config } = await project("plugin-entry-link", ["handlebars/evil.mjs"]);
    await symlink(join(root, "outside/evil.mjs"), join(pkg, "evil.mjs"));
    expect(await refused(dir, mark)).toBe(`catalogen: ${config}: "plugins[0]": package handlebars names ./evil.mjs, which lies outside the package through a symbolic link; catalogen loads only files inside it`);
  });

  it("follows a linked package (npm link) to its real folder and loads its entry", async () => {
    const { root, dir, config } = await project("plugin-linked", ["linked-plugin"]);
    const real = join(root, "linked-plugin");
    await mkdir(real);
    await writeFile(join(real, "package.json"), JSON.stringify({ name: "linked-plugin", exports: "./plugin.mjs" }));
    await writeFile(join(real, "plugin.mjs"), 'export default { name: "linked", plan: () => [] };\n');
    await symlink(real, join(dir, "node_modules/linked-plugin"));
    const run = await runCli(["validate"], dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(config).toContain("catalogen.config.json");
  });

  it("refuses a local plugin that is a link out of the config's folder", async () => {
    const { root, dir, mark, config } = await project("plugin-local-link", ["./evil.mjs"]);
    await symlink(join(root, "outside/evil.mjs"), join(dir, "evil.mjs"));
    expect(await refused(dir, mark)).toBe(`catalogen: ${config}: "plugins[0]": ./evil.mjs is outside the config's folder ${dir} (through a symbolic link); a local plugin lives beside the config (or install it as a package)`);
  });

  it("says a plugin file name past 255 bytes is too long, as one line with exit 2", async () => {
    const long = `./${"é".repeat(130)}.mjs`;
    const { dir, mark, config } = await project("plugin-long", [long]);
    expect(await refused(dir, mark)).toBe(`catalogen: ${config}: "plugins[0]": ${long}: cannot read the file: a name in the path is longer than the file system allows (255 bytes)`);
    const { dir: inPackage, mark: packageMark } = await project("plugin-long-package", [`handlebars/${"a".repeat(300)}.mjs`]);
    expect(await refused(inPackage, packageMark)).toMatch(/"plugins\[0\]": package handlebars names \.\/a+\.mjs: cannot read the file: a name in the path is longer than the file system allows \(255 bytes\)$/);
  });
});
