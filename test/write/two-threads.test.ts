// A generate on two threads (CATALOGEN_THREADS=2: the files and cache files created on the staging
// thread, src/write/stage-thread.ts) writes
// byte for byte what one thread writes, manifest and cache included.
// Runs the built CLI (dist/: `npm run build` first).
import { execFile } from "node:child_process";
import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
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
  it("writes the same bytes as one thread, then regenerates to no change", async () => {
    const dir = await tempDir("catalogen-parallel");
    cpSync(join(repoRoot, "catalogue"), join(dir, "catalogue"), { recursive: true });
    // Each with its own cache folder, as a first run in a project (openapi.json's pieces are kept there).
    await run(["generate", "--catalogue", "catalogue", "--out", "one"], dir, { CATALOGEN_THREADS: "1", CATALOGEN_CACHE_DIR: join(dir, "cache-one") });
    await run(["generate", "--catalogue", "catalogue", "--out", "two"], dir, { CATALOGEN_THREADS: "2", CATALOGEN_CACHE_DIR: join(dir, "cache-two") });
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

  it("keeps from a cold run on two threads what a change run needs, as one thread does (openapi.json's layout, the targets' facts)", async () => {
    const dir = await tempDir("catalogen-parallel");
    cpSync(join(repoRoot, "catalogue"), join(dir, "catalogue"), { recursive: true });
    for (const threads of ["1", "2"]) await run(["generate", "--catalogue", "catalogue", "--out", `out-${threads}`], dir, { CATALOGEN_THREADS: threads, CATALOGEN_CACHE_DIR: join(dir, `cache-${threads}`) });
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
    for (const threads of ["1", "2"]) await run(["generate", "--catalogue", "catalogue", "--out", `out-${threads}`], dir, { CATALOGEN_THREADS: threads, CATALOGEN_CACHE_DIR: join(dir, `cache-${threads}`) });
    await run(["generate", "--catalogue", "catalogue", "--out", "cold"], dir, { CATALOGEN_THREADS: "1" });
    const cold = filesOf(join(dir, "cold"));
    expect(readFileSync(join(dir, "out-2/openapi.json"), "utf8")).toContain("Changed after a cold run on two threads");
    for (const threads of ["1", "2"]) {
      const changed = filesOf(join(dir, `out-${threads}`));
      expect([...changed.keys()].sort()).toEqual([...cold.keys()].sort());
      for (const [path, text] of cold) expect(changed.get(path), `${threads}: ${path}`).toBe(text);
    }
    expect(filesOf(join(dir, "cache-2")).get("openapi-pieces/layout.json")).toBe(filesOf(join(dir, "cache-1")).get("openapi-pieces/layout.json"));
  }, 60_000);
});
