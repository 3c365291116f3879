// Staging files on a second thread (src/write/stage-thread.ts, stage-worker.ts): the worker creates
// each file exclusively (never through a link planted at its name), reports each file's stats as it
// was closed, stops at the first failure (creating nothing after it), and a generate that stages on
// it writes byte for byte what one thread writes; a write failing on the thread changes nothing,
// and a link planted in the way is refused. Runs the built code (dist/: `npm run build` first): a
// worker cannot load the TypeScript sources.
import { lstatSync, readFileSync } from "node:fs";
import { mkdir, readdir, readFile, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { freshDir, repoRoot } from "../helpers/generate.js";
import { isLeftover, oneLineDiagnostic, runCli, tree, wideCatalogue } from "./cli-process.js";

type StageThreadModule = typeof import("../../src/write/stage-thread.js");
const stageThreadModule = () => import(pathToFileURL(join(repoRoot, "dist/write/stage-thread.js")).href) as Promise<StageThreadModule>;

/** Sends one batch to a bare stage worker and returns its answer. */
async function workerAnswer(files: [string, string][]): Promise<{ created: [string, number, string][]; failed?: [string, string] }> {
  const worker = new Worker(join(repoRoot, "dist/write/stage-worker.js"));
  try {
    return await new Promise((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
      worker.postMessage({ files });
    });
  } finally {
    await worker.terminate();
  }
}

const threads = (value: string) => `export CATALOGEN_THREADS=${value}`;
const LIMIT = "trap '' XFSZ; ulimit -f 8";

describe("the stage worker", () => {
  it("creates files exclusively, never through a link planted at the name, and stops at the first failure", async () => {
    const root = await freshDir("stage-thread");
    const victim = join(root, "victim.txt");
    await writeFile(victim, "mine\n");
    await symlink(victim, join(root, "b.tmp"));
    const answer = await workerAnswer([
      [join(root, "a.tmp"), "first é\n"],
      [join(root, "b.tmp"), "through the link\n"],
      [join(root, "c.tmp"), "after the failure\n"],
    ]);
    expect(answer.created.map(([path]) => path)).toEqual([join(root, "a.tmp")]);
    expect(answer.failed?.[0]).toBe(join(root, "b.tmp"));
    expect(answer.failed?.[1]).toMatch(/EEXIST/);
    expect(await readFile(victim, "utf8")).toBe("mine\n");
    expect((await readdir(root)).sort()).toEqual(["a.tmp", "b.tmp", "victim.txt"]);
    // The stats sent back are the file's as it is on disk.
    const [, size, mtimeNs] = answer.created[0]!;
    const found = lstatSync(join(root, "a.tmp"), { bigint: true });
    expect([size, mtimeNs]).toEqual([Number(found.size), String(found.mtimeNs)]);
    expect(readFileSync(join(root, "a.tmp"), "utf8")).toBe("first é\n");
  });

  it("a StageThread reports each file with its stats, and after a failure nothing more is made", async () => {
    const { StageThread } = await stageThreadModule();
    const root = await freshDir("stage-thread");
    const thread = new StageThread();
    const made = Array.from({ length: 40 }, (_, index) => thread.stage(join(root, `f${index}.ts`), `file ${index}\n`));
    const missing = thread.stage(join(root, "no-such-folder", "g.ts"), "in a folder that is not there\n");
    const after = thread.stage(join(root, "h.ts"), "after the failure\n");
    const settled = await thread.settle();
    expect([...settled.created.keys()]).toEqual(made);
    for (const [index, path] of made.entries()) {
      expect(readFileSync(path, "utf8")).toBe(`file ${index}\n`);
      const found = lstatSync(path, { bigint: true });
      expect(settled.created.get(path)).toEqual({ size: Number(found.size), mtimeNs: found.mtimeNs, ino: found.ino });
    }
    expect(settled.failed?.temporary).toBe(missing);
    expect(settled.failed?.message).toMatch(/ENOENT/);
    await expect(stat(after)).rejects.toThrow(/ENOENT/);
  });
});

describe("generate staging on the second thread", () => {
  it("writes what one thread writes, manifest included, with no staging file left", async () => {
    const root = await freshDir("stage-thread");
    await wideCatalogue(join(root, "catalogue"), 60, "one");
    const args = (out: string) => ["generate", "--catalogue", join(root, "catalogue"), "--out", join(root, out), "--target", "client,docs"];
    // 2: every file on the thread; unset: the thread after the first files; 1: none.
    for (const [out, value] of [["two", "2"], ["default", ""], ["one", "1"]] as const) {
      const result = await runCli(args(out), root, value === "" ? {} : { shell: threads(value) });
      expect(result.code, result.stderr).toBe(0);
    }
    const one = await tree(join(root, "one"));
    expect(one.size).toBeGreaterThan(60);
    expect([...one.keys()].filter(isLeftover)).toEqual([]);
    expect(await tree(join(root, "two"))).toEqual(one);
    expect(await tree(join(root, "default"))).toEqual(one);
  });

  it("a write that fails on the thread halfway changes nothing: no folder made, or the earlier output as it was", async () => {
    const root = await freshDir("stage-thread");
    await wideCatalogue(join(root, "catalogue"), 60, "one");
    const args = ["generate", "--catalogue", join(root, "catalogue"), "--out", join(root, "out"), "--target", "client,docs"];
    // The client's runtime files are over the file size limit, the modules' files under it.
    let result = await runCli(args, root, { shell: `${threads("2")}; ${LIMIT}` });
    expect(result.code).toBe(1);
    expect(oneLineDiagnostic(result)).toMatch(/cannot write .*: .*file too large.*nothing in .* was changed/);
    await expect(stat(join(root, "out"))).rejects.toThrow(/ENOENT/);

    expect((await runCli(args, root, { shell: threads("2") })).code).toBe(0);
    const before = await tree(join(root, "out"));
    await wideCatalogue(join(root, "catalogue"), 61, "two");
    result = await runCli(args, root, { shell: `${threads("2")}; ${LIMIT}` });
    expect(result.code).toBe(1);
    expect(oneLineDiagnostic(result)).toMatch(/cannot write .*: .*file too large.*nothing in .* was changed/);
    expect(await tree(join(root, "out"))).toEqual(before);
    expect((await runCli(args, root, { shell: threads("2") })).code).toBe(0);
    expect(await readFile(join(root, "out/docs/m007.md"), "utf8")).toContain("two");
  });

  it("writes the cache on the thread as one thread does, all of it on disk when the run ends", async () => {
    const root = await freshDir("stage-thread");
    await wideCatalogue(join(root, "catalogue"), 60, "one");
    const run = (out: string, cache: string, value: string) =>
      runCli(["generate", "--catalogue", join(root, "catalogue"), "--out", join(root, out)], root, { shell: `${threads(value)}; export CATALOGEN_CACHE_DIR=${join(root, cache)}` });
    // Unset: the thread past the first 32 cache files (60 modules: about 190 of them).
    expect((await run("two", "cache-two", "")).code).toBe(0);
    expect((await run("one", "cache-one", "1")).code).toBe(0);
    const cacheOne = await tree(join(root, "cache-one"));
    const cacheTwo = await tree(join(root, "cache-two"));
    expect([...cacheTwo.keys()].filter((path) => path.endsWith(".tmp"))).toEqual([]);
    // The stat records hold each run's own mtimes (the output's), and what each run could trust of
    // the catalogue's (none of a file younger than 2 s: RACY_MS); the V8 code cache (v8/) is the
    // CLI's compiled bundle, not the run's work; everything else is the same, byte for byte.
    const withoutStats = (files: Map<string, string>) =>
      new Map([...files].filter(([path]) => !path.startsWith("outputs/") && !path.startsWith("v8/") && !path.endsWith(".stats.json")));
    expect(cacheTwo.size).toBeGreaterThan(60);
    expect(withoutStats(cacheTwo)).toEqual(withoutStats(cacheOne));
    expect([...cacheTwo.keys()].filter((path) => path.startsWith("outputs/"))).toHaveLength(1);
    // The next run finds the folder up to date by those records, and a change run writes what a cold run writes.
    const noop = await run("two", "cache-two", "");
    expect(noop.stdout + noop.stderr).toMatch(/up to date/);
    await wideCatalogue(join(root, "catalogue"), 60, "one", ["m_extra"]);
    expect((await run("two", "cache-two", "")).code).toBe(0);
    expect((await run("cold", "cache-cold", "1")).code).toBe(0);
    expect(await tree(join(root, "two"))).toEqual(await tree(join(root, "cold")));
  });

  it("refuses a link planted where a folder goes, writing nothing through it", async () => {
    const root = await freshDir("stage-thread");
    await wideCatalogue(join(root, "catalogue"), 60, "one");
    const outside = join(root, "outside");
    await mkdir(outside);
    await mkdir(join(root, "out"));
    await symlink(outside, join(root, "out", "docs"));
    const result = await runCli(["generate", "--catalogue", join(root, "catalogue"), "--out", join(root, "out"), "--target", "client,docs"], root, { shell: threads("2") });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^catalogen: refusing to write.*\n.*out\/docs is a symbolic link/);
    expect(await readdir(outside)).toEqual([]);
    expect((await tree(join(root, "out"))).get("docs")).toBe("<link>");
    expect([...(await tree(join(root, "out"))).keys()]).toEqual(["docs"]);
  });
});
