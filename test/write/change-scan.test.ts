// A change run's writer with the staging thread (CATALOGEN_THREADS=2, src/write/stage-thread.ts):
// the files the manifest lists are looked at by their stat records, and openapi.json is written
// from the file it replaces. A file edited, replaced or planted since the last run is seen as such: an edited file is
// made again (never copied from), a file catalogen did not write is never overwritten, nothing is
// written through a link, and every run's output is byte for byte a cold run's.
// Runs the built CLI (dist/: `npm run build` first); CATALOGEN_THREADS=2 puts the work on the thread
// at any size.
import { readCacheValue, writeCacheValue } from "../../src/shared/cache-directory.js";
import { lstat, mkdir, readFile, rename, rm, symlink, truncate, writeFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { freshDir } from "../helpers/generate.js";
import { isLeftover, runCli, tree, wideCatalogue } from "./cli-process.js";

const MODULES = 60;

async function setUp(name: string) {
  const root = await freshDir(name);
  const catalogue = join(root, "catalogue");
  const env = `export CATALOGEN_CACHE_DIR='${join(root, "cache")}'; export CATALOGEN_THREADS=2`;
  const generate = (out = "out") => runCli(["generate", "--catalogue", catalogue, "--out", join(root, out)], root, { shell: env });
  /** A cold run of the catalogue as it is now, in a folder of its own, without a cache. */
  const cold = async () => {
    await rm(join(root, "cold"), { recursive: true, force: true });
    expect((await runCli(["generate", "--catalogue", catalogue, "--out", join(root, "cold")], root)).code).toBe(0);
    return tree(join(root, "cold"));
  };
  await wideCatalogue(catalogue, MODULES, "one");
  expect((await generate()).code).toBe(0);
  await wideCatalogue(catalogue, MODULES, "two");
  expect((await generate()).code).toBe(0); // a layout of openapi.json and the stat records are kept now
  return { root, catalogue, generate, cold, out: join(root, "out") };
}

/** Edits one operation's summary (module m007): a change run. */
async function changeOne(catalogue: string, tag: string): Promise<void> {
  const path = join(catalogue, "m007.yaml");
  await writeFile(path, (await readFile(path, "utf8")).replace(/\(\w+\)/, `(${tag})`));
}

describe("a change run's writer with the staging thread", () => {
  it("writes what a cold run writes, manifest included", async () => {
    const { catalogue, generate, cold, out } = await setUp("change-scan");
    // A killed run's staging file is removed; a folder of such a name is not catalogen's to remove.
    await writeFile(join(out, "docs", "m001.md.catalogen-0123456789abcdef.tmp"), "half");
    await mkdir(join(out, "docs", "m002.md.catalogen-fedcba9876543210.tmp"));
    await changeOne(catalogue, "three");
    const run = await generate();
    expect(run.code).toBe(0);
    const files = Object.keys(JSON.parse(await readFile(join(out, ".catalogen-manifest.json"), "utf8")).files).length;
    expect(files).toBeGreaterThan(MODULES);
    expect((await lstat(join(out, "docs", "m002.md.catalogen-fedcba9876543210.tmp"))).isDirectory()).toBe(true);
    await rm(join(out, "docs", "m002.md.catalogen-fedcba9876543210.tmp"), { recursive: true });
    const made = await tree(out);
    expect(made.get("openapi.json")).toContain("(three)");
    expect(made).toEqual(await cold());
    // The manifest's hash is the file's: an edit of it is seen by the next run.
    const manifest = JSON.parse(made.get(".catalogen-manifest.json")!) as { files: Record<string, { sha256: string }> };
    expect(manifest.files["openapi.json"]!.sha256).toBe(createHash("sha256").update(await readFile(join(out, "openapi.json"))).digest("hex"));
  });

  it("makes openapi.json and a kept file again after a hand edit of either, copying nothing of the edit", async () => {
    const { catalogue, generate, cold, out } = await setUp("change-scan-edit");
    const openapi = join(out, "openapi.json");
    const text = await readFile(openapi, "utf8");
    // Same size: only the bytes tell. Another module's path item, which the layout would copy.
    const edited = text.replace('"/m042/things"', '"/m042/THINGS"');
    expect(edited).not.toBe(text);
    await writeFile(openapi, edited);
    await writeFile(join(out, "docs", "m013.md"), "my notes\n");
    await changeOne(catalogue, "four");
    expect((await generate()).code).toBe(0);
    const made = await tree(out);
    expect(made.get("openapi.json")).not.toContain("/m042/THINGS");
    expect(made.get("docs/m013.md")).not.toBe("my notes\n");
    expect(made).toEqual(await cold());

    // Cut short: made again, as a cold run's.
    await truncate(openapi, 1000);
    await changeOne(catalogue, "five");
    expect((await generate()).code).toBe(0);
    expect(await tree(out)).toEqual(await cold());
  });

  it("refuses a file it did not write where a new file goes, and a kept file or a folder of kept files replaced by a link, changing nothing", async () => {
    const { root, catalogue, generate, out } = await setUp("change-scan-refuse");
    const before = await tree(out);
    // A link where a kept file was: refused by name, the file it points to left alone.
    await writeFile(join(root, "elsewhere.md"), "not catalogen's\n");
    await rm(join(out, "docs", "m021.md"));
    await symlink(join(root, "elsewhere.md"), join(out, "docs", "m021.md"));
    await changeOne(catalogue, "six");
    const linked = await generate();
    expect(linked.code).toBe(1);
    expect(linked.stderr).toMatch(/^catalogen: refusing to write[\s\S]*m021\.md is a symbolic link/);
    expect(linked.stderr).not.toMatch(/\n\s+at /);
    expect(await readFile(join(root, "elsewhere.md"), "utf8")).toBe("not catalogen's\n");
    expect((await lstat(join(out, "docs", "m021.md"))).isSymbolicLink()).toBe(true);
    const after = await tree(out);
    expect([...after.keys()].filter(isLeftover)).toEqual([]);
    expect(after.get("openapi.json")).toBe(before.get("openapi.json"));
    await rm(join(out, "docs", "m021.md"));

    // A folder of kept files only moved away and linked back (its files keep their sizes and mtimes,
    // so the scan finds them as recorded through the link): refused by the folder's name, nothing
    // written there.
    await rename(join(out, "client", "runtime"), join(root, "runtime-moved"));
    await symlink(join(root, "runtime-moved"), join(out, "client", "runtime"));
    const folderLinked = await generate();
    expect(folderLinked.code).toBe(1);
    expect(folderLinked.stderr).toMatch(/^catalogen: refusing to write[\s\S]*client\/runtime is a symbolic link/);
    expect([...(await tree(join(root, "runtime-moved"))).keys()].filter(isLeftover)).toEqual([]);
    await rm(join(out, "client", "runtime"));
    await rename(join(root, "runtime-moved"), join(out, "client", "runtime"));

    // A new module whose docs page is already there, written by someone else: refused, nothing written.
    await wideCatalogue(catalogue, MODULES, "six", ["added"]);
    await writeFile(join(out, "docs", "added.md"), "mine\n");
    const planted = await generate();
    expect(planted.code).toBe(1);
    expect(planted.stderr).toMatch(/^catalogen: refusing to overwrite files catalogen did not write:\n.*docs\/added\.md\n/);
    expect(await readFile(join(out, "docs", "added.md"), "utf8")).toBe("mine\n");
    expect((await tree(out)).get("openapi.json")).toBe(before.get("openapi.json"));
  });

  it("trusts no stat record that is cut or corrupt, nor a manifest that is", async () => {
    const { root, catalogue, generate, cold, out } = await setUp("change-scan-records");
    const records = join(root, "cache", "outputs");
    const { readdir } = await import("node:fs/promises");
    const [file] = await readdir(records);
    const path = join(records, file!);
    // Records cut short (not a whole cache file): every file is read instead; a kept file edited meanwhile is seen.
    await writeFile(path, (await readFile(path)).subarray(0, 500));
    await writeFile(join(out, "docs", "m013.md"), "my notes\n");
    await changeOne(catalogue, "seven");
    expect((await generate()).code).toBe(0);
    expect(await tree(out)).toEqual(await cold());

    // Records that name other sizes: not as recorded, so read; the edit is seen.
    const seen = readCacheValue(path) as { files: Record<string, [size: string, ...rest: unknown[]]> };
    for (const record of Object.values(seen.files)) record[0] = String(Number(record[0]) + 1);
    writeCacheValue(path, seen);
    await writeFile(join(out, "docs", "m013.md"), "my notes again\n");
    await changeOne(catalogue, "eight");
    expect((await generate()).code).toBe(0);
    expect(await tree(out)).toEqual(await cold());

    // A manifest cut short lists nothing: the files that change are not known as catalogen's, so
    // they are refused, not overwritten.
    const manifest = join(out, ".catalogen-manifest.json");
    await writeFile(manifest, (await readFile(manifest, "utf8")).slice(0, 4000));
    await changeOne(catalogue, "nine");
    const untrusted = await generate();
    expect(untrusted.code).toBe(1);
    expect(untrusted.stderr).toMatch(/^catalogen: refusing to overwrite files catalogen did not write:[\s\S]*openapi\.json/);
    expect(untrusted.stderr).not.toMatch(/\n\s+at /);
  });
});
