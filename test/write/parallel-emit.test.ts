// A cold generate of a large catalogue makes the server and openapi targets in a worker thread
// (src/emit/parallel.ts), and generate and import run in a worker with a larger young generation
// (src/cli/start.ts) when the input is large: the output must be byte for byte what one thread writes, manifest included.
// Runs the built CLI (dist/: `npm run build` first).
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/generate.js";
import { tempDir } from "../helpers/temp.js";

const bin = join(repoRoot, "bin/catalogen.js");
const run = (args: string[], cwd: string, env: Record<string, string>) =>
  promisify(execFile)(process.execPath, [bin, ...args], { cwd, env: { ...process.env, CATALOGEN_CACHE_DIR: "off", ...env }, maxBuffer: 64 * 2 ** 20 });

function filesOf(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.set(relative(dir, join(entry.parentPath, entry.name)), readFileSync(join(entry.parentPath, entry.name), "utf8"));
  }
  return files;
}

describe("generating on two threads", () => {
  it("picks server and openapi for the worker only in a cold run of built-in targets", async () => {
    const { remoteTargets } = (await import(pathToFileURL(join(repoRoot, "dist/emit/parallel.js")).href)) as typeof import("../../src/emit/parallel.js");
    const { chooseTargets } = (await import(pathToFileURL(join(repoRoot, "dist/emit/targets.js")).href)) as typeof import("../../src/emit/targets.js");
    const { loadModel } = (await import(pathToFileURL(join(repoRoot, "dist/pipeline.js")).href)) as typeof import("../../src/pipeline.js");
    const model = await loadModel(join(repoRoot, "catalogue"));
    const all = chooseTargets().chosen;
    const builtin = () => true;
    const empty = await tempDir("catalogen-parallel");
    const previous = process.env.CATALOGEN_THREADS;
    try {
      process.env.CATALOGEN_THREADS = "2";
      expect([...remoteTargets(model, all, { out: empty }, builtin)!]).toEqual(["server", "openapi"]);
      expect(remoteTargets(model, all, { out: join(repoRoot, "generated") }, builtin)).toBeUndefined(); // a manifest: files may be kept
      expect(remoteTargets(model, all, { out: empty, format: "prettier" }, builtin)).toBeUndefined();
      expect(remoteTargets(model, all.filter(({ target }) => target.name === "client"), { out: empty }, builtin)).toBeUndefined();
      expect(remoteTargets(model, all, { out: empty }, () => false)).toBeUndefined(); // a plugin among them
      process.env.CATALOGEN_THREADS = "1";
      expect(remoteTargets(model, all, { out: empty }, builtin)).toBeUndefined();
      delete process.env.CATALOGEN_THREADS;
      expect(remoteTargets(model, all, { out: empty }, builtin)).toBeUndefined(); // 184 operations: below the automatic minimum
    } finally {
      if (previous === undefined) delete process.env.CATALOGEN_THREADS;
      else process.env.CATALOGEN_THREADS = previous;
    }
  });

  it("is used unasked only for 500 operations or more, on 4 cores or more with one idle", async () => {
    const { worthAWorker, PARALLEL_MIN_CORES, PARALLEL_MIN_OPERATIONS } = (await import(pathToFileURL(join(repoRoot, "dist/emit/parallel.js")).href)) as typeof import("../../src/emit/parallel.js");
    expect([PARALLEL_MIN_OPERATIONS, PARALLEL_MIN_CORES]).toEqual([500, 4]);
    expect(worthAWorker(1000, 4, 0.2)).toBe(true);
    expect(worthAWorker(10_000, 8, 7.4)).toBe(true);
    expect(worthAWorker(10_000, 2, 0)).toBe(false); // 2 cores: the thread creating the files takes the second
    expect(worthAWorker(10_000, 3, 0)).toBe(false);
    expect(worthAWorker(10_000, 4, 3.5)).toBe(false); // no core idle
    expect(worthAWorker(499, 8, 0)).toBe(false);
  });

  it("writes the same bytes as one thread, then regenerates to no change", async () => {
    const dir = await tempDir("catalogen-parallel");
    cpSync(join(repoRoot, "catalogue"), join(dir, "catalogue"), { recursive: true });
    // Each with its own cache folder, as a first run in a project (openapi.json's pieces are kept there).
    await run(["generate", "--catalogue", "catalogue", "--out", "one"], dir, { CATALOGEN_THREADS: "1", CATALOGEN_WORKER: "0", CATALOGEN_CACHE_DIR: join(dir, "cache-one") });
    await run(["generate", "--catalogue", "catalogue", "--out", "two"], dir, { CATALOGEN_THREADS: "2", CATALOGEN_WORKER: "1", CATALOGEN_CACHE_DIR: join(dir, "cache-two") });
    const one = filesOf(join(dir, "one"));
    const two = filesOf(join(dir, "two"));
    expect(one.size).toBeGreaterThan(100);
    expect([...two.keys()].sort()).toEqual([...one.keys()].sort());
    for (const [path, text] of one) expect(two.get(path), path).toBe(text);
    // openapi.json's layout kept as one thread keeps it: the next run copies its unchanged parts
    // from the file (src/emit/openapi/pieces.ts), and no piece is kept as a file of its own.
    const layout = (cache: string) => readFileSync(join(dir, cache, "openapi-pieces", "layout.json"), "utf8");
    expect(layout("cache-two")).toBe(layout("cache-one"));
    expect(readdirSync(join(dir, "cache-two", "openapi-pieces"))).toEqual(["layout.json"]);
    const again = await run(["generate", "--catalogue", "catalogue", "--out", "two"], dir, { CATALOGEN_THREADS: "2", CATALOGEN_CACHE_DIR: join(dir, "cache-two") });
    expect(again.stdout).toMatch(/up to date|0 written/);
  }, 60_000);

  it("keeps from a cold run on two threads what a change run needs, as one thread does (openapi.json's layout, the server's and openapi's facts)", async () => {
    const dir = await tempDir("catalogen-parallel");
    cpSync(join(repoRoot, "catalogue"), join(dir, "catalogue"), { recursive: true });
    for (const threads of ["1", "2"]) await run(["generate", "--catalogue", "catalogue", "--out", `out-${threads}`], dir, { CATALOGEN_THREADS: threads, CATALOGEN_WORKER: "0", CATALOGEN_CACHE_DIR: join(dir, `cache-${threads}`) });
    // Every cache file but the stat records (inodes, times, the output folder's path) and V8's code cache (the bytecode each thread compiled) is the same.
    const kept = (threads: string) => new Map([...filesOf(join(dir, `cache-${threads}`))].filter(([path]) => !/^(code|outputs|v8)\/|\.stats\.json$/.test(path)));
    const one = kept("1");
    const two = kept("2");
    for (const path of ["openapi-pieces/layout.json", "module-facts/server.json", "module-facts/openapi.json", "module-facts/client.json"]) expect(two.has(path), path).toBe(true);
    expect([...two.keys()].sort()).toEqual([...one.keys()].sort());
    for (const [path, text] of one) expect(two.get(path), path).toBe(text);
    // The change run after it: the same output as one thread's, and as a cold run's.
    const supplies = join(dir, "catalogue/supplies.yaml");
    writeFileSync(supplies, readFileSync(supplies, "utf8").replace(/summary: .*/, "summary: Changed after a cold run on two threads"));
    for (const threads of ["1", "2"]) await run(["generate", "--catalogue", "catalogue", "--out", `out-${threads}`], dir, { CATALOGEN_THREADS: threads, CATALOGEN_WORKER: "0", CATALOGEN_CACHE_DIR: join(dir, `cache-${threads}`) });
    await run(["generate", "--catalogue", "catalogue", "--out", "cold"], dir, { CATALOGEN_THREADS: "1", CATALOGEN_WORKER: "0" });
    const cold = filesOf(join(dir, "cold"));
    expect(readFileSync(join(dir, "out-2/openapi.json"), "utf8")).toContain("Changed after a cold run on two threads");
    for (const threads of ["1", "2"]) {
      const changed = filesOf(join(dir, `out-${threads}`));
      expect([...changed.keys()].sort()).toEqual([...cold.keys()].sort());
      for (const [path, text] of cold) expect(changed.get(path), `${threads}: ${path}`).toBe(text);
    }
    expect(filesOf(join(dir, "cache-2")).get("openapi-pieces/layout.json")).toBe(filesOf(join(dir, "cache-1")).get("openapi-pieces/layout.json"));
  }, 60_000);

  it("moves generate and import to the worker for a large input only, never --watch", async () => {
    const { inWorker } = (await import(pathToFileURL(join(repoRoot, "dist/cli/start.js")).href)) as typeof import("../../src/cli/start.js");
    const dir = await tempDir("catalogen-parallel");
    const github = join(repoRoot, "node_modules/@octokit/openapi/generated/api.github.com.json");
    mkdirSync(join(dir, "big"));
    writeFileSync(join(dir, "big/api.yaml"), `source:\n  openapi: ${github}\n`);
    cpSync(join(repoRoot, "catalogue"), join(dir, "catalogue"), { recursive: true });
    const previous = process.env.CATALOGEN_WORKER;
    delete process.env.CATALOGEN_WORKER;
    try {
      expect(inWorker(["generate", "--catalogue", "big"], dir)).toBe(true);
      expect(inWorker(["generate", "--catalogue=big", "--target", "client"], dir)).toBe(true);
      expect(inWorker(["import", github], dir)).toBe(true);
      expect(inWorker(["generate"], dir)).toBe(false); // ./catalogue: 184 operations, 32 KB
      expect(inWorker(["generate", "--catalogue", "big", "--watch"], dir)).toBe(false);
      expect(inWorker(["mock", "--catalogue", "big"], dir)).toBe(false);
      process.env.CATALOGEN_WORKER = "0";
      expect(inWorker(["generate", "--catalogue", "big"], dir)).toBe(false);
      process.env.CATALOGEN_WORKER = "1";
      expect(inWorker(["generate"], dir)).toBe(true);
    } finally {
      if (previous === undefined) delete process.env.CATALOGEN_WORKER;
      else process.env.CATALOGEN_WORKER = previous;
    }
  });

  it("keeps generate on the main thread where a model is kept for the catalogue (a change or no-op run)", async () => {
    const { inWorker } = (await import(pathToFileURL(join(repoRoot, "dist/cli/start.js")).href)) as typeof import("../../src/cli/start.js");
    const dir = await tempDir("catalogen-parallel");
    cpSync(join(repoRoot, "catalogue"), join(dir, "large"), { recursive: true });
    // Over the worker's threshold: 4.2 MiB of comments in two module files.
    for (const name of ["items.yaml", "analytics.yaml"]) writeFileSync(join(dir, "large", name), `${readFileSync(join(dir, "large", name), "utf8")}\n${"# padding\n".repeat(220_000)}`);
    const previous = { worker: process.env.CATALOGEN_WORKER, cache: process.env.CATALOGEN_CACHE_DIR };
    delete process.env.CATALOGEN_WORKER;
    process.env.CATALOGEN_CACHE_DIR = join(dir, "cache");
    try {
      expect(inWorker(["generate", "--catalogue", "large"], dir)).toBe(true);
      await run(["generate", "--catalogue", "large", "--out", "out"], dir, { CATALOGEN_CACHE_DIR: join(dir, "cache") });
      expect(inWorker(["generate", "--catalogue", "large"], dir)).toBe(false);
      expect(inWorker(["generate", "--catalogue", join(dir, "large")], "/")).toBe(false);
      process.env.CATALOGEN_CACHE_DIR = join(dir, "other-cache");
      expect(inWorker(["generate", "--catalogue", "large"], dir)).toBe(true);
      process.env.CATALOGEN_CACHE_DIR = join(dir, "cache");
      process.env.CATALOGEN_WORKER = "1";
      expect(inWorker(["generate", "--catalogue", "large"], dir)).toBe(true);
    } finally {
      if (previous.worker === undefined) delete process.env.CATALOGEN_WORKER;
      else process.env.CATALOGEN_WORKER = previous.worker;
      if (previous.cache === undefined) delete process.env.CATALOGEN_CACHE_DIR;
      else process.env.CATALOGEN_CACHE_DIR = previous.cache;
    }
  }, 60_000);

  it("keeps exit codes and messages of import and generate in the worker", async () => {
    const dir = await tempDir("catalogen-parallel");
    const failing = await run(["generate", "--catalogue", "missing"], dir, { CATALOGEN_WORKER: "1" }).catch((error: { code: number; stderr: string }) => error);
    expect(failing).toMatchObject({ code: 1 });
    expect((failing as { stderr: string }).stderr).toMatch(/cannot read the catalogue folder/);
    const usage = await run(["import"], dir, { CATALOGEN_WORKER: "1" }).catch((error: { code: number; stderr: string }) => error);
    expect(usage).toMatchObject({ code: 2 });
  }, 30_000);
});
