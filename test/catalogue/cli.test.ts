// The command line: usage errors, help for every command, defaults from a config file.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { COMMANDS } from "../../src/cli/commands.js";
import { freshDir, repoCatalogue, repoRoot } from "../helpers/generate.js";

async function run(args: string[], cwd = repoRoot) {
  let out = "";
  let err = "";
  const code = await main(args, { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`), cwd });
  return { code, out, err };
}

describe("catalogen CLI", () => {
  it.each([
    [["frobnicate"], /unknown command "frobnicate"/],
    [["generate", "--bogus"], /Unknown option '--bogus'/],
    [["generate", "--target", "client,pdf"], /unknown target "pdf"/],
    [["generate", "--format", "pretty"], /unknown format "pretty"/],
    [["list", "stray"], /Unexpected argument 'stray'/],
    [[], /Usage: catalogen <command>/],
  ])("exits 2 on a usage error: %j", async (args, message) => {
    const result = await run(args);
    expect(result.code).toBe(2);
    expect(result.out + result.err).toMatch(message);
  });

  it.each(COMMANDS.map((command) => command.name))("prints help for %s", async (name) => {
    const result = await run([name, "--help"]);
    expect(result.code).toBe(0);
    expect(result.out).toContain(`Usage: catalogen ${name} [options]`);
    for (const flag of Object.keys(COMMANDS.find((c) => c.name === name)!.options)) expect(result.out).toContain(`--${flag}`);
  });

  it("validate reports a valid catalogue", async () => {
    const result = await run(["validate"]);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/catalogue is valid: 184 operations in 10 modules/);
  });

  it("takes defaults from catalogen.config.json, relative to the config file, and flags override them", async () => {
    const dir = await freshDir("config");
    await mkdir(join(dir, "nested"));
    await writeFile(join(dir, "catalogen.config.json"), JSON.stringify({ catalogue: repoCatalogue, out: "nested/out", targets: ["openapi"] }));
    const result = await run(["generate"], dir);
    expect(result.code).toBe(0);
    expect(result.out).toContain("wrote   nested/out/openapi.json");
    expect(result.out).not.toContain("docs/");
    const flagged = await run(["generate", "--out", "other", "--target", "docs"], dir);
    expect(flagged.out).toContain("wrote   other/docs/README.md");
  });

  it("formats with the output folder's prettier config when the config or --format asks for prettier", async () => {
    const dir = await freshDir("config-format");
    await writeFile(join(dir, ".prettierrc.json"), JSON.stringify({ useTabs: true }));
    await writeFile(join(dir, "catalogen.config.json"), JSON.stringify({ catalogue: repoCatalogue, targets: ["openapi"], format: "prettier" }));
    expect((await run(["generate"], dir)).code).toBe(0);
    expect(await readFile(join(dir, "generated", "openapi.json"), "utf8")).toMatch(/^\t"openapi": /m);
    await writeFile(join(dir, "catalogen.config.json"), JSON.stringify({ catalogue: repoCatalogue, targets: ["openapi"] }));
    expect((await run(["generate"], dir)).code).toBe(0);
    expect(await readFile(join(dir, "generated", "openapi.json"), "utf8")).toMatch(/^ {2}"openapi": /m); // the default: catalogen's own layout
    expect((await run(["generate", "--format", "prettier"], dir)).code).toBe(0);
    expect(await readFile(join(dir, "generated", "openapi.json"), "utf8")).toMatch(/^\t"openapi": /m);
  });

  it("refuses an unknown format in the config", async () => {
    const dir = await freshDir("config-format-bad");
    await writeFile(join(dir, "catalogen.config.json"), JSON.stringify({ catalogue: repoCatalogue, format: "tidy" }));
    const result = await run(["generate"], dir);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/unknown format "tidy"/);
  });

  it("reads a JavaScript config file with defineConfig", async () => {
    const dir = await freshDir("config-js");
    await writeFile(
      join(dir, "catalogen.config.mjs"),
      `import { defineConfig } from "catalogen";\n` +
        `export default defineConfig({ catalogue: ${JSON.stringify(repoCatalogue)}, out: "js-out", targets: ["openapi"] });\n`,
    );
    const result = await run(["generate"], dir);
    expect(result.code).toBe(0);
    expect(result.out).toContain("wrote   js-out/openapi.json");
  });

  it("scaffold writes handlers once, keeps edits on a second run, and --force replaces them", async () => {
    const dir = await freshDir("scaffold-cli");
    const args = ["scaffold", "--out", "handlers", "--server", "generated/server", "--catalogue", repoCatalogue];
    const first = await run(args, dir);
    expect(first.code).toBe(0);
    expect(first.out).toContain("wrote   handlers/supplies.ts");
    const supplies = join(dir, "handlers/supplies.ts");
    const { readFile } = await import("node:fs/promises");
    await writeFile(supplies, (await readFile(supplies, "utf8")) + "\n// my edit\n");
    const second = await run(args, dir);
    expect(second.out).toContain("kept    handlers/supplies.ts");
    expect(await readFile(supplies, "utf8")).toContain("// my edit");
    const forced = await run([...args, "--force"], dir);
    expect(forced.out).toContain("wrote   handlers/supplies.ts");
    expect(await readFile(supplies, "utf8")).not.toContain("// my edit");
  });

  it("scaffold without a destination is a usage error", async () => {
    const dir = await freshDir("scaffold-usage");
    const result = await run(["scaffold", "--catalogue", repoCatalogue], dir);
    expect(result.code).toBe(2);
    expect(result.err).toContain("--out DIR");
  });

  it("works as `npx catalogen` through the package bin", async () => {
    const { stdout } = await promisify(execFile)("npx", ["--no-install", "catalogen", "list", "--json"], { cwd: repoRoot });
    const rows = JSON.parse(stdout) as unknown[];
    expect(rows).toHaveLength(184);
  });
});
