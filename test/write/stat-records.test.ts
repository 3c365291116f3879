// The writer's stat records (src/shared/stat-hashes.ts) vouch for a kept output file only while it
// is the file catalogen wrote: one moved into its place (as rsync or `cp -p` and a rename do), with
// the same size and mtime, is another inode, so it is read, found changed and made again, whether
// the file was staged on the main thread (CATALOGEN_THREADS=1) or on the staging thread.
// Runs the built CLI (dist/: `npm run build` first).
import { execFileSync } from "node:child_process";
import { readdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { freshDir } from "../helpers/generate.js";
import { runCli, tree, wideCatalogue } from "./cli-process.js";

it.each(["1", "2"])("CATALOGEN_THREADS=%s: a file moved in place of a kept one, same size and mtime, is made again", async (threads) => {
  const root = await freshDir(`stat-records-${threads}`);
  const catalogue = join(root, "catalogue");
  const out = join(root, "out");
  const env = `export CATALOGEN_CACHE_DIR='${join(root, "cache")}'; export CATALOGEN_THREADS=${threads}`;
  const generate = () => runCli(["generate", "--catalogue", catalogue, "--out", out], root, { shell: env });
  await wideCatalogue(catalogue, 40, "one");
  expect((await generate()).code).toBe(0);
  const made = await tree(out);
  const pages = (await readdir(join(out, "docs"))).filter((name) => name.endsWith(".md"));
  expect(pages.length).toBeGreaterThan(40);
  for (const page of pages) {
    const path = join(out, "docs", page);
    const text = await readFile(path, "utf8");
    await writeFile(`${path}.next`, text.replace(/[a-z]/, (letter) => (letter === "x" ? "y" : "x")));
    execFileSync("touch", ["-r", path, `${path}.next`]);
    const before = await stat(path, { bigint: true });
    await rename(`${path}.next`, path);
    const after = await stat(path, { bigint: true });
    expect([after.size, after.mtimeNs]).toEqual([before.size, before.mtimeNs]);
  }
  const again = await generate();
  expect(again.code).toBe(0);
  expect(await tree(out)).toEqual(made);
});
