// What a run keeps does not depend on the folder it runs from: the model says where each operation
// is declared from the catalogue folder (src/model/types.ts SourceRef), and only a message or
// `list --json` says it from the working folder. A change run from another folder is a change run:
// the files of modules that did not change keep the keys (the manifest's `from`) the run before
// gave them, and the output is a cold run's. Before, every key held the working folder's path to
// each catalogue file, and a first run from another folder made every file again (7.0 s at 10,000
// operations, against 0.5 s). Runs the built CLI (dist/: `npm run build` first).
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { freshDir } from "../helpers/generate.js";
import { runCli, tree, wideCatalogue } from "../write/cli-process.js";

type Manifest = { files: Record<string, { from?: string }> };

describe("a run from another working folder", () => {
  it("keeps the keys of the modules that did not change, and writes what a cold run writes", async () => {
    const root = await freshDir("working-folder");
    const catalogue = join(root, "catalogue");
    const elsewhere = join(root, "elsewhere", "deeper");
    await mkdir(elsewhere, { recursive: true });
    const shell = `export CATALOGEN_CACHE_DIR='${join(root, "cache")}'`;
    const manifest = async (): Promise<Manifest> => JSON.parse(await readFile(join(root, "out", ".catalogen-manifest.json"), "utf8")) as Manifest;
    const change = async (tag: string) => {
      const path = join(catalogue, "m003.yaml");
      await writeFile(path, (await readFile(path, "utf8")).replace(/\(\w+\)/, `(${tag})`));
    };

    await wideCatalogue(catalogue, 8, "one");
    expect((await runCli(["generate", "--catalogue", "catalogue", "--out", "out"], root, { shell })).code).toBe(0);
    const before = await manifest();

    await change("two");
    const run = await runCli(["generate", "--catalogue", "../../catalogue", "--out", "../../out"], elsewhere, { shell });
    expect(run.code).toBe(0);
    const after = await manifest();
    const kept = Object.keys(before.files).filter((path) => /\/m00[0-24-7]\b|m00[0-24-7]\./.test(path));
    expect(kept.length).toBeGreaterThan(8);
    for (const path of kept) expect([path, after.files[path]?.from]).toEqual([path, before.files[path]?.from]);
    const changed = Object.keys(before.files).filter((path) => /m003/.test(path) && before.files[path]!.from !== undefined);
    expect(changed.some((path) => after.files[path]?.from !== before.files[path]!.from)).toBe(true);

    // `list --json` says where as messages do: from the folder it runs in (outside it: the whole path).
    const listed = JSON.parse((await runCli(["list", "--json", "--catalogue", "../../catalogue"], elsewhere)).stdout) as { id: string; source: { file: string; line: number } }[];
    expect(listed.find((row) => row.id === "getM003")!.source).toMatchObject({ file: join(catalogue, "m003.yaml"), line: 6 });
    const fromRoot = JSON.parse((await runCli(["list", "--json", "--catalogue", "catalogue"], root)).stdout) as typeof listed;
    expect(fromRoot.find((row) => row.id === "getM003")!.source.file).toBe(join("catalogue", "m003.yaml"));

    expect((await runCli(["generate", "--catalogue", catalogue, "--out", join(root, "cold")], root)).code).toBe(0);
    expect(await tree(join(root, "out"))).toEqual(await tree(join(root, "cold")));
  });
});
