// The cache folder's one format (src/shared/cache-store.ts): a value written by v8.serialize behind
// the SHA-256 of its bytes, read back whole and unchanged or not at all. A first run of a large
// catalogue keeps its load records and its model's parts as one such file each (a pack) instead
// of a file each; a pack cut short or with a byte changed never gives a wrong record, and a run
// then makes what it cannot read, writing what a cold run writes.
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cacheBytes, cacheValue, readCacheValue, writeCacheBytesNow } from "../../src/shared/cache-store.js";
import { CacheRecords, PACK_FILE, writeCachePack, writeCacheValue, type CacheRecord } from "../../src/shared/cache-directory.js";
import { LoadCache, ModelCache, PACK_MIN_RECORDS } from "../../src/reuse/records.js";
import { sha256 as textSha256 } from "../../src/shared/hash.js";
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

describe("a run's reader of a cache folder (CacheRecords)", () => {
  // Records as the caches write them: a head (two lines) and a tail; a few without a tail.
  const entries = Array.from({ length: 40 }, (_, i) => [`${String(i).padStart(2, "0")}.json`, i % 10 === 3 ? `record ${i}: é\n{"i":${i}}` : `record ${i}: é\n{"i":${i}}\n${"x".repeat(i * 7)} é\n[${i}]`] as [string, string]);
  const text = ({ head, tail }: CacheRecord) => {
    const rest = tail();
    return rest === undefined ? undefined : Buffer.concat([head, rest]).toString("utf8");
  };

  it("reads a record's own file first, else the pack's entry, and nothing from a pack that is not whole", async () => {
    const dir = await freshDir("cache-records");
    writeCachePack(dir, entries);
    writeCacheValue(join(dir, "01.json"), "own 01\n{}\nits tail");
    writeCacheValue(join(dir, "02.json"), "own 02, refused\n");
    await writeFile(join(dir, "04.json"), "own 04, not a cache file\n");
    const records = new CacheRecords(dir);
    expect(records.read("01.json", text)).toBe("own 01\n{}\nits tail");
    expect(records.read("01.json", ({ head, tail }) => [head.toString("utf8"), tail()?.toString("utf8")])).toEqual(["own 01\n{}\n", "its tail"]);
    // The own file is not the record wanted (the caller refuses it), or not a cache file: the pack's is taken.
    expect(records.read("02.json", (record) => (text(record)!.startsWith("own") ? undefined : text(record)))).toBe(entries[2]![1]);
    expect(records.read("04.json", text)).toBe(entries[4]![1]);
    expect(records.read("03.json", text)).toBe(entries[3]![1]);
    expect(records.read("missing.json", text)).toBeUndefined();
    expect(records.read("__proto__", text)).toBeUndefined();
    // An accept that throws is a record not taken.
    expect(
      records.read("05.json", () => {
        throw new Error("bad record");
      }),
    ).toBeUndefined();

    const whole = await readFile(join(dir, PACK_FILE));
    await writeFile(join(dir, PACK_FILE), whole.subarray(0, whole.length - 10));
    const again = new CacheRecords(dir);
    expect(again.read("03.json", text)).toBeUndefined();
    expect(again.read("01.json", text)).toBe("own 01\n{}\nits tail");
    // No folder at all: nothing, no error.
    expect(new CacheRecords(join(dir, "no-folder")).read("00.json", text)).toBeUndefined();
    await mkdir(join(dir, "empty"));
    expect(new CacheRecords(join(dir, "empty")).read("00.json", text)).toBeUndefined();
  });
});

describe("a large catalogue's first run", () => {
  it("keeps its load records and model parts packed, which later runs read, and makes again what a damaged pack cannot give", async () => {
    const base = await freshDir("cache-pack-run");
    const catalogue = join(base, "catalogue");
    const out = join(base, "out");
    const cache = join(base, "cache");
    await wideCatalogue(catalogue, PACK_MIN_RECORDS, "one");
    process.env.CATALOGEN_CACHE_DIR = cache;
    await generate({ catalogue, out });
    const [folder] = await readdir(join(cache, "model"));
    const records = join(cache, "catalogue", folder!);
    const parts = join(cache, "model", folder!, "parts");
    expect(await readdir(records)).toEqual([PACK_FILE]);
    expect(await readdir(parts)).toEqual([PACK_FILE]);

    // Read back through the caches as a later run reads them.
    const text = await readFile(join(catalogue, "m007.yaml"), "utf8");
    const loaded = () => LoadCache.open(catalogue).get("m007.yaml", textSha256(text));
    expect(loaded()?.data).toMatchObject({ module: { id: "m007" }, operations: [{ summary: "Things of m007 (one)" }] });
    const index = ModelCache.open(catalogue).index()!;
    const part = () => {
      const record = ModelCache.open(catalogue).part("m007.yaml", index.files["m007.yaml"]!.hash, index.context);
      const tail = record?.tail();
      return tail && Buffer.concat([record!.head, tail]).toString("utf8");
    };
    expect(part()).toContain("Things of m007 (one)");

    // A byte of m007's part changed (valid JSON still, another summary): the pack is not taken.
    const pack = await readFile(join(parts, PACK_FILE));
    const at = pack.indexOf("Things of m007 (one)");
    expect(at).toBeGreaterThan(0);
    pack.write("Thinks", at, "latin1");
    await writeFile(join(parts, PACK_FILE), pack);
    expect(part()).toBeUndefined();

    // The same in m007's load record: the file is parsed again.
    const loadPack = await readFile(join(records, PACK_FILE));
    loadPack.write("Thinks", loadPack.indexOf("Things of m007 (one)"), "latin1");
    await writeFile(join(records, PACK_FILE), loadPack);
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

    // A change run with both packs refused: what a cold run writes; every record written again, as one pack.
    await edit("m100.yaml", "two");
    await generate({ catalogue, out });
    await cold("changed byte");
    expect(await readdir(records)).toEqual([PACK_FILE]);
    expect(loaded()?.data).toMatchObject({ module: { id: "m007" }, operations: [{ summary: "Things of m007 (one)" }] });

    // m007's output removed: a run makes it again from m007's operations, read from the packs.
    const m007 = [...(await filesOf(out)).keys()].filter((path) => path.includes("m007"));
    expect(m007.length).toBeGreaterThan(0);
    for (const path of m007) await rm(join(out, path));
    const run = await generate({ catalogue, out });
    expect(run.report.parsedLazily).toContain("m007");
    await cold("output removed");

    // Both packs cut in half: the run parses and checks again what it cannot read.
    for (const dir of [records, parts]) {
      const whole = await readFile(join(dir, PACK_FILE));
      await writeFile(join(dir, PACK_FILE), whole.subarray(0, whole.length >> 1));
    }
    await edit("m200.yaml", "three");
    await generate({ catalogue, out });
    await cold("cut");
  }, 60_000);
});
