// A staging write that fails in the middle of a run (src/write/plan.ts `stage`) stops it: a
// one-line message naming the file, exit 1, no staging file left, and the output folder as it was
// (or not there at all when the run was to make it).
// Runs the built CLI (dist/: `npm run build` first).
import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { freshDir } from "../helpers/generate.js";
import { isLeftover, oneLineDiagnostic, runCli, tree, wideCatalogue } from "./cli-process.js";

// A real write failure: a file size limit (SIGXFSZ ignored, so writes fail with EFBIG) that the
// modules' small files fit under and the client's runtime files, staged among them, do not.
const LIMIT = "trap '' XFSZ; ulimit -f 8";
const args = (root: string) => ["generate", "--catalogue", join(root, "catalogue"), "--out", join(root, "out"), "--target", "client,docs"];

describe("a staging write that fails", () => {
  it("a failed write in a fresh output folder leaves no folder behind", async () => {
    const root = await freshDir("background-staging");
    await wideCatalogue(join(root, "catalogue"), 40, "one");
    const result = await runCli(args(root), root, { shell: LIMIT });
    expect(result.code).toBe(1);
    expect(oneLineDiagnostic(result)).toMatch(/cannot write .*\.ts: .*file too large.*nothing in .* was changed/);
    await expect(stat(join(root, "out"))).rejects.toThrow(/ENOENT/);
  });

  it("a failed write over an earlier output changes nothing in it, writes under way included", async () => {
    const root = await freshDir("background-staging");
    const client = ["generate", "--catalogue", join(root, "catalogue"), "--out", join(root, "out"), "--target", "client"];
    await wideCatalogue(join(root, "catalogue"), 120, "one");
    expect((await runCli(client, root)).code).toBe(0);
    const before = await tree(join(root, "out"));
    // Every module's files change (staged into folders that are there), then client.ts, which lists
    // the modules and is over the limit, fails while those writes are still under way.
    await wideCatalogue(join(root, "catalogue"), 121, "two");
    const result = await runCli(client, root, { shell: LIMIT });
    expect(result.code).toBe(1);
    expect(oneLineDiagnostic(result)).toMatch(/cannot write .*client\.ts: .*file too large.*nothing in .* was changed/);
    const after = await tree(join(root, "out"));
    expect([...after.keys()].filter(isLeftover)).toEqual([]);
    expect(after).toEqual(before);
    // Without the limit the same run goes through.
    expect((await runCli(client, root)).code).toBe(0);
    expect(await readFile(join(root, "out/client/operations/m007.ts"), "utf8")).toContain("two");
  });

  it("many files staged at once all reach their place", async () => {
    const root = await freshDir("background-staging");
    await wideCatalogue(join(root, "catalogue"), 120, "one");
    expect((await runCli(args(root), root)).code).toBe(0);
    const files = await tree(join(root, "out"));
    expect([...files.keys()].filter(isLeftover)).toEqual([]);
    const manifest = JSON.parse(files.get(".catalogen-manifest.json")!) as { files: Record<string, unknown> };
    expect(Object.keys(manifest.files).sort()).toEqual([...files.keys()].filter((path) => path !== ".catalogen-manifest.json").sort());
    for (let index = 0; index < 120; index++) expect(files.get(`docs/m${String(index).padStart(3, "0")}.md`)).toContain("one");
  });
});
