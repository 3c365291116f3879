// The CLI's bundle runs with a V8 code cache (src/cli/load-bundle.ts): kept in the cache folder,
// taken only when whole and made from the same bundle under the same flags, else the bundle is
// compiled as it is and a new cache written; a run with the cache writes what one without writes.
// Runs the built CLI (`npm run build` first), each run in its own process.
import { readCacheValue } from "../../src/shared/cache-directory.js";
import { execFile } from "node:child_process";
import { cp, mkdir, readdir, readFile, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { freshDir, repoCatalogue, repoRoot } from "../helpers/generate.js";
import { filesOf } from "../helpers/output-tree.js";

const run = promisify(execFile);
const bundle = join(repoRoot, "dist/bundle/cli.cjs");
const loader = join(repoRoot, "dist/cli/load-bundle.js");

/** Loads `file` as bin/ does, for `argv`, saves its code cache and says whether V8 was given one and took it. */
async function load(file: string, cache: string, argv: string[] = ["--version"]): Promise<boolean> {
  const script = `const { loadCliBundle } = await import(${JSON.stringify(loader)}); const b = await loadCliBundle(${JSON.stringify(file)}, ${JSON.stringify(argv)}); b.save(); console.log(JSON.stringify({ cached: b.cached, version: typeof b.cli.start }));`;
  const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], { env: { ...process.env, CATALOGEN_CACHE_DIR: cache } });
  const result = JSON.parse(stdout) as { cached: boolean; version: string };
  expect(result.version).toBe("function");
  return result.cached;
}

const cacheFiles = async (cache: string) => (await readdir(join(cache, "v8")).catch(() => [] as string[])).filter((name) => name.endsWith(".bin"));

describe("the bundle's code cache", () => {
  it("is written by a first run, taken by the next, and never taken cut, changed or made for another bundle", async () => {
    const dir = await freshDir("code-cache");
    const cache = join(dir, "cache");
    expect(await load(bundle, cache)).toBe(false);
    const [name] = await cacheFiles(cache);
    expect(name).toMatch(/^[0-9a-f]{32}-[0-9a-f]{16}\.bin$/);
    const path = join(cache, "v8", name!);
    const whole = await readFile(path);
    expect(whole.toString("latin1", 0, whole.indexOf(10))).toMatch(/^catalogen-cache-2 [0-9a-f]{64}$/);
    expect((readCacheValue(path) as { depth: number }).depth).toBe(0);
    const written = (await stat(path)).mtimeMs;
    expect(await load(bundle, cache)).toBe(true);
    expect((await stat(path)).mtimeMs).toBe(written); // taken: not written again

    // A byte changed, or cut short: not given to V8; the run writes a whole one again.
    const changed = Buffer.from(whole);
    changed[whole.length - 100] = changed[whole.length - 100]! ^ 1;
    for (const damaged of [changed, whole.subarray(0, whole.length >> 1), whole.subarray(0, 30)]) {
      await writeFile(path, damaged);
      expect(await load(bundle, cache)).toBe(false);
      expect(await load(bundle, cache)).toBe(true);
    }

    // Another bundle (one byte of a comment changed: the same length, which is all V8 checks of
    // the text) has a cache of its own; it replaces the first one's.
    const other = join(dir, "other");
    await mkdir(join(other, "bundle"), { recursive: true });
    for (const entry of await readdir(join(repoRoot, "dist"))) if (entry !== "bundle") await symlink(join(repoRoot, "dist", entry), join(other, entry));
    const text = await readFile(bundle, "utf8");
    const otherText = text.replace("\n// dist/", "\n// dixt/");
    expect(otherText.length).toBe(text.length);
    expect(otherText).not.toBe(text);
    await writeFile(join(other, "bundle/cli.cjs"), otherText);
    expect(await load(join(other, "bundle/cli.cjs"), cache)).toBe(false);
    const names = await cacheFiles(cache);
    expect(names).toHaveLength(1);
    expect(names[0]).not.toBe(name);
    expect(await load(join(other, "bundle/cli.cjs"), cache)).toBe(true);

    // A cache V8 refuses (made from a text of another length), under this bundle's name with a
    // right head: compiled afresh, and replaced.
    const longer = join(other, "bundle/cli-longer.cjs");
    await writeFile(longer, `${otherText}\n// longer\n`);
    expect(await load(longer, cache)).toBe(false);
    const [longerName] = await cacheFiles(cache);
    await cp(join(cache, "v8", longerName!), path);
    expect(await load(bundle, cache)).toBe(false);
    expect(await load(bundle, cache)).toBe(true);
  }, 40_000);

  it("is made by a generate deep enough for a change run, and a generate with it writes what one without writes", async () => {
    const dir = await freshDir("code-cache-generate");
    const cache = join(dir, "cache");
    await cp(repoCatalogue, join(dir, "catalogue"), { recursive: true });
    const cli = (out: string, cacheDir: string) => run(process.execPath, [join(repoRoot, "bin/catalogen.js"), "generate", "--quiet", "--out", out], { cwd: dir, env: { ...process.env, CATALOGEN_CACHE_DIR: cacheDir } });
    // A first run that made no files leaves a shallow cache; a generate replaces it.
    expect(await load(bundle, cache, ["generate", "--out", "out"])).toBe(false);
    const [name] = await cacheFiles(cache);
    const depth = () => (readCacheValue(join(cache, "v8", name!)) as { depth: number }).depth;
    expect(depth()).toBe(0);
    await cli("out", cache);
    expect(await cacheFiles(cache)).toEqual([name]);
    expect(depth()).toBe(1);
    const summary = join(dir, "catalogue/supplies.yaml");
    await writeFile(summary, (await readFile(summary, "utf8")).replace(/summary: (.*)/, "summary: $1 (changed)"));
    await cli("out", cache); // a change run, with the cache
    await cli("cold", "off");
    expect(await filesOf(join(dir, "out"))).toEqual(await filesOf(join(dir, "cold")));

    // With the cache taken, the bundle still import()s what it does not hold: a plugin here (under
    // Node 20 an import() in code compiled from a code cache fails unless it goes through the loader).
    await writeFile(join(dir, "count.mjs"), `import { defineTarget } from "catalogen/plugin";\nexport default defineTarget({ name: "count", plan: (model) => [{ path: "count.ts", content: () => "export const modules = " + model.modules.length + ";\\n" }] });\n`);
    await writeFile(join(dir, "catalogen.config.json"), JSON.stringify({ plugins: ["./count.mjs"], targets: ["openapi", "count"] }));
    const plugged = await cli("plugged", cache);
    expect(plugged.stderr).toBe("");
    expect(await readFile(join(dir, "plugged/count.ts"), "utf8")).toMatch(/export const modules = \d+;/);
  }, 40_000);
});
