// Deleting the cache changes nothing but time (issue 45): whatever state the cache folder is in
// (cold, warm, every file in it cut short or garbled, written by another version of catalogen,
// deleted between runs), `catalogen generate` writes byte for byte what a run without a cache
// writes, into a fresh output folder and into the one the run before left, after a catalogue
// edit. Through the real CLI (dist/: `npm run build` first), on this repository's catalogue and on
// a scaled one of many modules (the bench catalogue's shape: bench/lib/catalogues.ts).
import { execFile } from "node:child_process";
import { appendFile, cp, mkdir, readdir, readFile, rm, stat, symlink, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { writeBenchCatalogue } from "../../bench/lib/catalogues.js";
import { freshDir, repoCatalogue, repoRoot } from "../helpers/generate.js";
import { filesOf } from "../helpers/output-tree.js";

/** The CLI of the checkout at `root` generating `catalogue` into `out` with the cache folder `cache` ("off": none). */
async function generate(root: string, catalogue: string, out: string, cache: string): Promise<void> {
  await promisify(execFile)(process.execPath, [join(root, "bin/catalogen.js"), "generate", "--quiet", "--catalogue", catalogue, "--out", out], {
    env: { ...process.env, CATALOGEN_CACHE_DIR: cache },
    maxBuffer: 64 * 2 ** 20,
  });
}

/** Every file under `dir` (none when it is absent). */
async function cacheFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** What is done to every file of a cache folder between two runs. */
const DAMAGE: Record<string, (path: string, bytes: Buffer) => Buffer> = {
  "cut short": (_path, bytes) => bytes.subarray(0, Math.floor(bytes.length / 2)),
  // As long as it was (a size check alone does not find it): its middle third replaced.
  garbled: (_path, bytes) => {
    const garbled = Buffer.from(bytes);
    for (let at = Math.floor(bytes.length / 3); at < Math.floor((2 * bytes.length) / 3); at++) garbled[at] = (garbled[at]! * 31 + 7) & 0xff;
    return garbled;
  },
};

async function damage(cache: string, how: (path: string, bytes: Buffer) => Buffer): Promise<number> {
  const files = await cacheFiles(cache);
  for (const path of files) await writeFile(path, how(path, await readFile(path)));
  return files.length;
}

/**
 * A copy of this checkout's built CLI whose code differs by a comment in every compiled module:
 * another version of catalogen, whose cache records carry another version key.
 */
async function anotherVersion(base: string): Promise<string> {
  const root = join(base, "another-version");
  await mkdir(root, { recursive: true });
  for (const part of ["bin", "dist", "templates", "package.json"]) await cp(join(repoRoot, part), join(root, part), { recursive: true });
  await symlink(join(repoRoot, "node_modules"), join(root, "node_modules"), "dir");
  for (const path of await cacheFiles(join(root, "dist"))) if (/\.c?js$/.test(path)) await appendFile(path, "\n// another version\n");
  // bin/catalogen.js runs the bundle when it is no older than dist/.
  const later = new Date((await stat(join(root, "dist/cli/start.js"))).mtimeMs + 1000);
  await utimes(join(root, "dist/bundle/cli.cjs"), later, later);
  return root;
}

/** Changes the first operation summary of `file` in the catalogue folder `dir`. */
async function editSummary(dir: string, file: string): Promise<void> {
  const path = join(dir, file);
  const text = await readFile(path, "utf8");
  const edited = text.replace(/^(\s*summary: .*)$/m, "$1 (edited)");
  expect(edited).not.toBe(text);
  await writeFile(path, edited);
}

const CATALOGUES = [
  { name: "this repository's catalogue", make: (dir: string) => cp(repoCatalogue, dir, { recursive: true }), edited: "items.yaml" },
  { name: "a scaled catalogue of 600 operations in 33 modules", make: async (dir: string) => writeBenchCatalogue(repoCatalogue, 600, dir), edited: "supplies.yaml" },
];

describe.each(CATALOGUES)("generate with the cache in any state: $name", ({ make, edited }) => {
  let base: string;
  let catalogue: string;
  let changed: string;
  let other: string;
  /** What a run without a cache writes from the catalogue, and from it after the edit. */
  let cold: Map<string, string>;
  let coldChanged: Map<string, string>;
  let runs = 0;
  const fresh = (what: string) => join(base, `${what}-${runs++}`);

  beforeAll(async () => {
    base = await freshDir("cache-states");
    catalogue = join(base, "catalogue");
    changed = join(base, "changed");
    await make(catalogue);
    await cp(catalogue, changed, { recursive: true });
    await editSummary(changed, edited);
    other = await anotherVersion(base);
    const out = fresh("cold");
    await generate(repoRoot, catalogue, out, "off");
    cold = await filesOf(out);
    const outChanged = fresh("cold");
    await generate(repoRoot, changed, outChanged, "off");
    coldChanged = await filesOf(outChanged);
  }, 600_000);

  /**
   * The cache filled by a run of `filler` into an output folder, then `between` done to it: a run
   * into a fresh output folder writes what a cold run writes; with the cache filled and `between`
   * done again, a run after an edit into the first run's folder writes what a cold run writes.
   */
  async function holds(filler: string, between: (cache: string) => Promise<unknown>): Promise<void> {
    const cache = fresh("cache");
    const out = fresh("out");
    await generate(filler, catalogue, out, cache);
    await between(cache);
    const again = fresh("out");
    await generate(repoRoot, catalogue, again, cache);
    expect(await filesOf(again)).toEqual(cold);

    await rm(cache, { recursive: true, force: true });
    await generate(filler, catalogue, out, cache);
    await between(cache);
    await generate(repoRoot, changed, out, cache);
    expect(await filesOf(out)).toEqual(coldChanged);
  }

  it("cold, then warm", async () => {
    const cache = fresh("cache");
    const out = fresh("out");
    await generate(repoRoot, catalogue, out, cache);
    expect(await filesOf(out)).toEqual(cold);
    expect((await cacheFiles(cache)).length).toBeGreaterThan(0);
    await holds(repoRoot, async () => {});
  }, 600_000);

  it.each(Object.keys(DAMAGE))("every cache file %s", async (how) => {
    await holds(repoRoot, async (cache) => expect(await damage(cache, DAMAGE[how]!)).toBeGreaterThan(0));
  }, 600_000);

  it("written by another version of catalogen", async () => {
    await holds(other, async (cache) => expect((await cacheFiles(cache)).length).toBeGreaterThan(0));
  }, 600_000);

  it("deleted between runs", async () => {
    await holds(repoRoot, (cache) => rm(cache, { recursive: true, force: true }));
  }, 600_000);
});
