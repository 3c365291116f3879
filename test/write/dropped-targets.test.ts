// Issue 44, point 5: a target taken out of the config's `targets` takes its files with it (they are
// in the manifest), with a line saying so; files the user put in the output folder stay, and
// `--check` reports the dropped target's files until a generate removes them.
import { cp, readdir, readFile, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { fixtureCatalogue, freshDir } from "../helpers/generate.js";

async function run(args: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(args, { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`), cwd });
  return { code, out, err };
}

async function configure(root: string, targets?: string[]): Promise<void> {
  const catalogen = { catalogue: "catalogue", out: "generated", ...(targets && { targets }) };
  await writeFile(join(root, "package.json"), `${JSON.stringify({ name: "app", private: true, catalogen }, null, 2)}\n`);
}

describe("targets dropped from the config", () => {
  it("removes their files with a line saying so, keeps the user's, and --check reports them first", async () => {
    const root = await freshDir("dropped-targets");
    await cp(fixtureCatalogue("paths-auth"), join(root, "catalogue"), { recursive: true });
    await configure(root);
    expect((await run(["generate"], root)).code).toBe(0);
    expect(existsSync(join(root, "generated/openapi.json"))).toBe(true);
    const serverFiles = await readdir(join(root, "generated/server"), { recursive: true });
    expect(serverFiles.length).toBeGreaterThan(0);
    await writeFile(join(root, "generated/server/mine.ts"), "export const mine = 1;\n");
    await writeFile(join(root, "generated/docs/notes.md"), "my notes\n");

    await configure(root, ["client"]);
    const checked = await run(["generate", "--check"], root);
    expect(checked.code).toBe(1);
    expect(checked.err).toMatch(/extra: +generated\/openapi\.json/);
    expect(checked.err).toMatch(/extra: +generated\/docs\//);
    expect(checked.err).not.toContain("mine.ts");
    expect(checked.err).not.toContain("notes.md");

    const result = await run(["generate"], root);
    expect(result.code).toBe(0);
    expect(result.out).toContain("removed the files of targets docs, openapi, server, no longer in targets");
    expect(existsSync(join(root, "generated/openapi.json"))).toBe(false);
    expect(await readdir(join(root, "generated/server"), { recursive: true })).toEqual(["mine.ts"]);
    expect(await readdir(join(root, "generated/docs"), { recursive: true })).toEqual(["notes.md"]);
    expect(await readFile(join(root, "generated/server/mine.ts"), "utf8")).toBe("export const mine = 1;\n");
    expect(existsSync(join(root, "generated/client/index.ts"))).toBe(true);
    const manifest = JSON.parse(await readFile(join(root, "generated/.catalogen-manifest.json"), "utf8")) as { files: Record<string, { target: string }> };
    expect(new Set(Object.values(manifest.files).map((entry) => entry.target))).toEqual(new Set(["client"]));

    expect((await run(["generate", "--check"], root)).code).toBe(0);
    const again = await run(["generate"], root);
    expect(again.out).toContain("is up to date");
  });

  it("keeps them when --target makes only some targets, and then removes them when the config's run comes", async () => {
    const root = await freshDir("dropped-targets");
    await cp(fixtureCatalogue("paths-auth"), join(root, "catalogue"), { recursive: true });
    await configure(root);
    expect((await run(["generate"], root)).code).toBe(0);
    await configure(root, ["client"]);
    // The same targets as the config, from --target: the other targets' files stay, and the run is a no-op.
    const partial = await run(["generate", "--target", "client"], root);
    expect(partial.code).toBe(0);
    expect(existsSync(join(root, "generated/openapi.json"))).toBe(true);
    expect((await run(["generate", "--check", "--target", "client"], root)).code).toBe(0);
    // The config's own run after it, with the same input hash, still finds the dropped targets' files.
    const whole = await run(["generate"], root);
    expect(whole.out).toContain("removed the files of targets docs, openapi, server");
    expect(existsSync(join(root, "generated/openapi.json"))).toBe(false);
  });
});
