// Issue 13, item 10 (paths): a path that is not what the command needs is one `catalogen: ...`
// line and a non-zero exit, never a stack trace. The real CLI in a child process (runs dist/).
import { mkdir, readdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureCatalogue, freshDir } from "../helpers/generate.js";
import { oneLineDiagnostic, runCli } from "./cli-process.js";

const catalogue = fixtureCatalogue("server-features");

describe("paths that are not what the command needs", () => {
  it("generate --out naming a file", async () => {
    const dir = await freshDir("cli-paths");
    await writeFile(join(dir, "out.txt"), "a file\n");
    const result = await runCli(["generate", "--catalogue", catalogue, "--out", "out.txt", "--target", "openapi"], dir);
    expect(result.code).toBe(1);
    expect(oneLineDiagnostic(result)).toBe(`catalogen: the output folder ${join(dir, "out.txt")} is a file, not a folder`);
  });

  it("generate --out inside a file, and --check of a file", async () => {
    const dir = await freshDir("cli-paths");
    await writeFile(join(dir, "out.txt"), "a file\n");
    const inside = await runCli(["generate", "--catalogue", catalogue, "--out", "out.txt/sub", "--target", "openapi"], dir);
    expect(inside.code).toBe(1);
    expect(oneLineDiagnostic(inside)).toContain("a part of its path is a file");
    const checked = await runCli(["generate", "--check", "--catalogue", catalogue, "--out", "out.txt", "--target", "openapi"], dir);
    expect(checked.code).toBe(1);
    expect(oneLineDiagnostic(checked)).toContain("is a file, not a folder");
  });

  it('a config with "out": 5', async () => {
    const dir = await freshDir("cli-paths");
    await writeFile(join(dir, "catalogen.config.json"), JSON.stringify({ catalogue, out: 5 }));
    const result = await runCli(["generate"], dir);
    expect(result.code).toBe(2); // a config error, like an unknown target in the config
    expect(oneLineDiagnostic(result)).toBe(`catalogen: ${join(dir, "catalogen.config.json")}: "out" must be a folder path (a string), not 5`);
  });

  it("scaffold --out naming a file", async () => {
    const dir = await freshDir("cli-paths");
    await writeFile(join(dir, "handlers.ts"), "export {};\n");
    const result = await runCli(["scaffold", "--catalogue", catalogue, "--out", "handlers.ts"], dir);
    expect(result.code).toBe(1);
    expect(oneLineDiagnostic(result)).toContain(`the scaffold folder ${join(dir, "handlers.ts")} is a file`);
  });

  it("scaffold with a folder named like a handler file", async () => {
    const dir = await freshDir("cli-paths");
    await mkdir(join(dir, "handlers/shop.ts"), { recursive: true });
    const result = await runCli(["scaffold", "--catalogue", catalogue, "--out", "handlers"], dir);
    expect(result.code).toBe(1);
    expect(oneLineDiagnostic(result)).toBe(`catalogen: ${join(dir, "handlers/shop.ts")} is a folder where scaffold writes a handler file; move it away`);
    expect(await readdir(join(dir, "handlers"))).toEqual(["shop.ts"]); // nothing written
  });

  it("scaffold with a dangling symbolic link in the folder, with and without --force", async () => {
    const dir = await freshDir("cli-paths");
    await mkdir(join(dir, "handlers"));
    await symlink(join(dir, "elsewhere/shop.ts"), join(dir, "handlers/shop.ts"));
    for (const extra of [[], ["--force"]]) {
      const result = await runCli(["scaffold", "--catalogue", catalogue, "--out", "handlers", ...extra], dir);
      expect(result.code).toBe(1);
      expect(oneLineDiagnostic(result)).toContain(`${join(dir, "handlers/shop.ts")} is a symbolic link to nothing (-> ${join(dir, "elsewhere/shop.ts")})`);
      expect(await readdir(dir)).toEqual(["handlers"]); // no file created where the link points
      expect(await readdir(join(dir, "handlers"))).toEqual(["shop.ts"]);
    }
  });
});
