// The cache folder's one format (src/shared/cache-directory.ts): a value written by v8.serialize behind
// the SHA-256 of its bytes, read back whole and unchanged or not at all. A catalogue's load records
// and its model's parts are memo values in such files, one per catalogue file; one cut short or
// with a byte changed never gives a wrong record, and a run then makes what it cannot read,
// writing what a cold run writes.
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cacheBytes, cacheValue, readCacheValue, writeCacheBytesNow } from "../../src/shared/cache-directory.js";
import { folderKey, LoadCache, ModelCache } from "../../src/reuse/records.js";
import { unfold } from "../../src/reuse/memo.js";
import { sha256 } from "../../src/shared/hash.js";
import { generate } from "../../src/pipeline.js";
import { freshDir } from "../helpers/generate.js";
import { filesOf, restoreCacheDirAfterEach } from "../helpers/output-tree.js";
import { wideCatalogue } from "../write/cli-process.js";

restoreCacheDirAfterEach();

describe("a cache file", () => {
  const value = { text: "record é\n{}", numbers: [1, -0, Infinity, 2 ** 60], nested: { bytes: Buffer.from([0, 255]) }, none: null };

  it("gives back the value written, values JSON cannot hold included", async () => {
    expect(cacheValue(cacheBytes(value))).toEqual(value);
    expect(Object.is((cacheValue(cacheBytes(value)) as typeof value).numbers[1], -0)).toBe(true);
    const dir = await freshDir("cache-store");
    writeCacheBytesNow(join(dir, "a", "b.bin"), cacheBytes(value));
    expect(readCacheValue(join(dir, "a", "b.bin"))).toEqual(value);
    expect(readCacheValue(join(dir, "missing.bin"))).toBeUndefined();
    expect(await readdir(join(dir, "a"))).toEqual(["b.bin"]);
  });

  it("gives nothing when cut short, a byte changed, or in another format", () => {
    const bytes = cacheBytes(value);
    for (let length = 0; length < bytes.length; length += 7) expect(cacheValue(bytes.subarray(0, length)), `cut at ${length}`).toBeUndefined();
    for (let at = 0; at < bytes.length; at += 5) {
      const changed = Buffer.from(bytes);
      changed[at] = changed[at]! ^ 0x20;
      expect(cacheValue(changed), `byte ${at} changed`).toBeUndefined();
    }
    expect(cacheValue(Buffer.from(JSON.stringify(value)))).toBeUndefined();
    expect(cacheValue(Buffer.concat([bytes.subarray(0, 16), Buffer.from("1"), bytes.subarray(17)]))).toBeUndefined();
  });
});

describe("a catalogue's runs", () => {
  it("keep one memo value per catalogue file for its load record and its model part, make again what a damaged one cannot give, and drop those of removed files", async () => {
    const base = await freshDir("cache-memo-run");
    const catalogue = join(base, "catalogue");
    const out = join(base, "out");
    const cache = join(base, "cache");
    const modules = 40;
    await wideCatalogue(catalogue, modules, "one");
    process.env.CATALOGEN_CACHE_DIR = cache;
    const records = join(cache, "catalogue", folderKey(catalogue));
    const parts = join(cache, "model", folderKey(catalogue), "parts");
    // What an older version packed: dropped by the first run that writes the folder's records.
    await mkdir(records, { recursive: true });
    await writeFile(join(records, "records.pack"), "older");
    await generate({ catalogue, out });
    const files = (await readdir(catalogue)).length;
    expect((await readdir(records)).length).toBe(files);
    expect((await readdir(parts)).length).toBe(files);
    const fileOf = (dir: string, name: string) => join(dir, `${sha256(name).slice(0, 32)}.json`);

    // Read back through the caches as a later run reads them; a module's operations when first read.
    const text = await readFile(join(catalogue, "m007.yaml"), "utf8");
    const loaded = () => LoadCache.open(catalogue).recall("m007.yaml", sha256(text));
    expect(loaded()?.data).toMatchObject({ module: { id: "m007" }, operations: [{ summary: "Things of m007 (one)" }] });
    const index = ModelCache.open(catalogue).index()!;
    const part = () => ModelCache.open(catalogue).part("m007.yaml", index.files["m007.yaml"]!.hash, index.context);
    expect(unfold(part()!.operations!)).toMatchObject([{ summary: "Things of m007 (one)" }]);

    // A byte of m007's part and of its load record changed (another summary): neither is taken.
    for (const path of [fileOf(parts, "m007.yaml"), fileOf(records, "m007.yaml")]) {
      const bytes = await readFile(path);
      const at = bytes.indexOf("Things of m007 (one)");
      expect(at, path).toBeGreaterThan(0);
      bytes.write("Thinks", at, "latin1");
      await writeFile(path, bytes);
    }
    expect(part()).toBeUndefined();
    expect(loaded()).toBeUndefined();

    const cold = async (what: string) => {
      const coldOut = join(base, `cold-${what}`);
      process.env.CATALOGEN_CACHE_DIR = "off";
      await generate({ catalogue, out: coldOut });
      process.env.CATALOGEN_CACHE_DIR = cache;
      expect(await filesOf(out), what).toEqual(await filesOf(coldOut));
    };
    const edit = async (name: string, tag: string) => {
      const path = join(catalogue, name);
      await writeFile(path, (await readFile(path, "utf8")).replace(/\((\w+)\)$/m, `(${tag})`));
    };

    // A change run with m007's values refused: what a cold run writes; m007's values written again.
    await edit("m010.yaml", "two");
    await generate({ catalogue, out });
    await cold("changed byte");
    expect(loaded()?.data).toMatchObject({ module: { id: "m007" }, operations: [{ summary: "Things of m007 (one)" }] });

    // m007's output removed: a run makes it again from m007's kept operations, read when asked for.
    const m007 = [...(await filesOf(out)).keys()].filter((path) => path.includes("m007"));
    expect(m007.length).toBeGreaterThan(0);
    for (const path of m007) await rm(join(out, path));
    const run = await generate({ catalogue, out });
    expect(run.report.parsedLazily).toContain("m007");
    await cold("output removed");

    // Every value cut in half: the run parses and checks again what it cannot read.
    for (const dir of [records, parts]) {
      for (const name of await readdir(dir)) {
        const whole = await readFile(join(dir, name));
        await writeFile(join(dir, name), whole.subarray(0, whole.length >> 1));
      }
    }
    await edit("m020.yaml", "three");
    await generate({ catalogue, out });
    await cold("cut");

    // A catalogue file removed: its values go with it.
    await rm(join(catalogue, "m030.yaml"));
    await generate({ catalogue, out });
    await cold("file removed");
    expect(await readdir(records)).not.toContain(`${sha256("m030.yaml").slice(0, 32)}.json`);
    expect((await readdir(records)).length).toBe(files - 1);
    expect((await readdir(parts)).length).toBe(files - 1);
  }, 60_000);
});
