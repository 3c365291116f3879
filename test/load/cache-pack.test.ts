// Many cache records of one folder in one file (src/shared/cache-pack.ts): a first run of a large
// catalogue keeps its load records and its model's parts as one pack each instead of a file each.
// A record is read back whole and unchanged or not at all: a pack cut short or with a byte changed
// never gives a wrong record, and a run then makes what it cannot read, writing what a cold run writes.
import { Worker } from "node:worker_threads";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openPack, PACK_FILE, readPacked, writePackNow, type CacheRecord } from "../../src/shared/cache-pack.js";
import { CacheRecords } from "../../src/shared/cache-directory.js";
import { LoadCache, ModelCache, PACK_MIN_RECORDS } from "../../src/load/cache.js";
import { textSha256 } from "../../src/shared/hash.js";
import { parseCatalogueFile } from "../../src/load/load.js";
import { parsedLazily } from "../../src/model/lazy-operations.js";
import { generate } from "../../src/pipeline.js";
import { freshDir, repoRoot } from "../helpers/generate.js";
import { filesOf, restoreCacheDirAfterEach } from "../helpers/output-tree.js";
import { wideCatalogue } from "../write/cli-process.js";

restoreCacheDirAfterEach();

// Records as the caches write them: a head (two lines) and a tail; a few without a tail.
const entries = Array.from(
  { length: 40 },
  (_, i) => [`${String(i).padStart(2, "0")}.json`, i % 10 === 3 ? `record ${i}: é\n{"i":${i}}` : `record ${i}: é\n{"i":${i}}\n${"x".repeat(i * 7)} é\n[${i}]`] as [string, string],
);

/** Every record of `folder`'s pack: its text, or undefined where the pack does not give it. */
const readAll = (folder: string) => entries.map(([name]) => readPacked(folder, name)?.toString("utf8"));

describe("a pack of cache records", () => {
  it("gives back each record as written, and none that is not in it", async () => {
    const dir = await freshDir("cache-pack");
    writePackNow(dir, entries);
    expect(await readdir(dir)).toEqual([PACK_FILE]);
    expect(readAll(dir)).toEqual(entries.map(([, text]) => text));
    expect(readPacked(dir, "missing.json")).toBeUndefined();
    expect(readPacked(dir, "__proto__")).toBeUndefined();
    expect(readPacked(join(dir, "no-folder"), "00.json")).toBeUndefined();
  });

  it("gives no record of a pack cut short that is not whole, and never a wrong one", async () => {
    const base = await freshDir("cache-pack-cut");
    writePackNow(base, entries);
    const whole = await readFile(join(base, PACK_FILE));
    let given = 0;
    for (let cut = 0; cut < whole.length; cut += 23) {
      const dir = join(base, `cut-${cut}`);
      await mkdir(dir);
      await writeFile(join(dir, PACK_FILE), whole.subarray(0, cut));
      const read = readAll(dir);
      read.forEach((text, i) => text === undefined || expect(text, `cut at ${cut}`).toBe(entries[i]![1]));
      expect(read.at(-1), `cut at ${cut}`).toBeUndefined();
      given += read.filter((text) => text !== undefined).length;
    }
    expect(given).toBeGreaterThan(0); // cuts past the index gave the records before them
  });

  it("gives no record whose bytes changed, nor any record of a pack whose head or index changed", async () => {
    const base = await freshDir("cache-pack-changed");
    writePackNow(base, entries);
    const whole = await readFile(join(base, PACK_FILE));
    const body = whole.length - entries.reduce((sum, [, text]) => sum + Buffer.byteLength(text), 0);
    for (let at = 0; at < whole.length; at += 17) {
      const dir = join(base, `at-${at}`);
      await mkdir(dir);
      const changed = Buffer.from(whole);
      changed[at] = changed[at] === 0x78 ? 0x79 : 0x78; // another byte that keeps the text valid
      await writeFile(join(dir, PACK_FILE), changed);
      const read = readAll(dir);
      read.forEach((text, i) => text === undefined || expect(text, `byte ${at}`).toBe(entries[i]![1]));
      if (at >= body) expect(read.filter((text) => text === undefined), `byte ${at}`).toHaveLength(1);
    }
  });

  it("is written by the staging worker as on the main thread", async () => {
    const dir = await freshDir("cache-pack-worker");
    const worker = new Worker(join(repoRoot, "dist/write/stage-worker.js"));
    try {
      await new Promise((resolve, reject) => {
        worker.once("message", resolve);
        worker.once("error", reject);
        worker.postMessage({ pack: [join(dir, "records"), entries] });
        worker.postMessage({ settle: true });
      });
    } finally {
      await worker.terminate();
    }
    expect(await readdir(join(dir, "records"))).toEqual([PACK_FILE]);
    expect(readAll(join(dir, "records"))).toEqual(entries.map(([, text]) => text));
  });
});

describe("a pack's tails", () => {
  it("are read when asked for, from the pack the heads came from, and only when whole and unchanged", async () => {
    const dir = await freshDir("cache-pack-tails");
    writePackNow(dir, entries);
    const pack = openPack(dir)!;
    const record = pack("05.json")!;
    expect(record.head.toString("utf8")).toBe('record 5: é\n{"i":5}\n');
    expect(record.tail()?.toString("utf8")).toBe(`${"x".repeat(35)} é\n[5]`);
    expect(pack("03.json")!.tail()?.length).toBe(0);

    // A tail's byte changed after the heads were read: that tail is not given, its head was, the others are.
    const whole = await readFile(join(dir, PACK_FILE));
    const at = whole.lastIndexOf("[7]");
    const changed = Buffer.from(whole);
    changed.write("[8]", at, "latin1");
    await writeFile(join(dir, PACK_FILE), changed);
    expect(pack("07.json")!.tail()).toBeUndefined();
    expect(pack("08.json")!.tail()?.toString("utf8")).toBe(`${"x".repeat(56)} é\n[8]`);
    expect(readPacked(dir, "07.json")).toBeUndefined();

    // The pack replaced since (another run wrote it, same records): no tail from it for heads read before.
    await writeFile(join(dir, PACK_FILE), whole);
    writePackNow(dir, entries);
    expect(pack("09.json")!.tail()).toBeUndefined();
    expect(openPack(dir)!("09.json")!.tail()?.toString("utf8")).toBe(`${"x".repeat(63)} é\n[9]`);

    // A tail asked for once is read once: the file gone since, the record still has it.
    await rm(join(dir, PACK_FILE));
    expect(record.tail()?.toString("utf8")).toBe(`${"x".repeat(35)} é\n[5]`);
  });
});

describe("a run's reader of a cache folder (CacheRecords)", () => {
  const text = ({ head, tail }: CacheRecord) => {
    const rest = tail();
    return rest === undefined ? undefined : Buffer.concat([head, rest]).toString("utf8");
  };

  it("reads a record's own file first, else the pack's entry, and neither when the pack is not whole", async () => {
    const dir = await freshDir("cache-records");
    writePackNow(dir, entries);
    await writeFile(join(dir, "01.json"), "own 01\n{}\nits tail");
    await writeFile(join(dir, "02.json"), "own 02, refused\n");
    const records = new CacheRecords(dir);
    expect(records.read("01.json", text)).toBe("own 01\n{}\nits tail");
    expect(records.read("01.json", ({ head, tail, tailRead }) => [head.toString("utf8"), tail()?.toString("utf8"), tailRead])).toEqual(["own 01\n{}\n", "its tail", true]);
    expect(records.read("03.json", ({ tailRead }) => tailRead)).toBe(false);
    // The own file is not the record wanted (the caller refuses it): the pack's is taken.
    expect(records.read("02.json", (record) => (text(record)!.startsWith("own") ? undefined : text(record)))).toBe(entries[2]![1]);
    expect(records.read("03.json", text)).toBe(entries[3]![1]);
    expect(records.read("missing.json", text)).toBeUndefined();
    // An accept that throws is a record not taken.
    expect(
      records.read("04.json", () => {
        throw new Error("bad record");
      }),
    ).toBeUndefined();

    // A pack whose head is not a pack's: its records are not given, the own files still are.
    const whole = await readFile(join(dir, PACK_FILE));
    await writeFile(join(dir, PACK_FILE), Buffer.concat([Buffer.from("x"), whole.subarray(1)]));
    const again = new CacheRecords(dir);
    expect(again.read("03.json", text)).toBeUndefined();
    expect(again.read("01.json", text)).toBe("own 01\n{}\nits tail");
    // Cut inside the index: nothing from the pack.
    await writeFile(join(dir, PACK_FILE), whole.subarray(0, whole.indexOf(10) + 10));
    expect(new CacheRecords(dir).read("00.json", text)).toBeUndefined();
    // No folder at all: nothing, no error.
    expect(new CacheRecords(join(dir, "no-folder")).read("00.json", text)).toBeUndefined();
  });

  it("lists the folder once: a record removed since is read from the pack, one written since by the next run's reader", async () => {
    const dir = await freshDir("cache-records-listed");
    writePackNow(dir, entries);
    await writeFile(join(dir, "05.json"), "own 05\n");
    const records = new CacheRecords(dir);
    expect(records.read("00.json", text)).toBe(entries[0]![1]);
    await rm(join(dir, "05.json"));
    await writeFile(join(dir, "06.json"), "own 06\n");
    expect(records.read("05.json", text)).toBe(entries[5]![1]);
    expect(records.read("06.json", text)).toBe(entries[6]![1]);
    expect(new CacheRecords(dir).read("06.json", text)).toBe("own 06\n");
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
    const parsedAgain: string[] = [];
    const parseAgain = () => {
      parsedAgain.push("m007.yaml");
      const file = parseCatalogueFile("m007.yaml", "m007.yaml", text);
      return { data: JSON.parse(JSON.stringify(file.data)) as unknown, operationRanges: file.operationRanges, lineStarts: file.lineCounter.lineStarts };
    };
    const loaded = () => LoadCache.open(catalogue).get("m007.yaml", textSha256(text), parseAgain);
    expect(loaded()?.data).toMatchObject({ module: { id: "m007" }, operations: [{ summary: "Things of m007 (one)" }] });
    expect(parsedAgain).toEqual([]);
    const index = ModelCache.open(catalogue).index()!;
    const part = () => {
      const record = ModelCache.open(catalogue).part("m007.yaml", index.files["m007.yaml"]!.hash, index.context);
      const tail = record?.tail();
      return tail && Buffer.concat([record!.head, tail]).toString("utf8");
    };
    expect(part()).toContain("Things of m007 (one)");

    // A byte of m007's part changed (valid JSON still, another summary, in the part's tail): that tail is not given.
    const pack = await readFile(join(parts, PACK_FILE));
    const at = pack.indexOf("Things of m007 (one)");
    expect(at).toBeGreaterThan(0);
    pack.write("Thinks", at, "latin1");
    await writeFile(join(parts, PACK_FILE), pack);
    expect(part()).toBeUndefined();

    // The same in m007's load record: its operations are what parsing the file again gives.
    const loadPack = await readFile(join(records, PACK_FILE));
    loadPack.write("Thinks", loadPack.indexOf("Things of m007 (one)"), "latin1");
    await writeFile(join(records, PACK_FILE), loadPack);
    expect(loaded()?.data).toMatchObject({ module: { id: "m007" }, operations: [{ summary: "Things of m007 (one)" }] });
    expect(parsedAgain).toEqual(["m007.yaml"]);

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

    // A change run with the changed part: what a cold run writes; the changed file's records written on their own.
    await edit("m100.yaml", "two");
    await generate({ catalogue, out });
    await cold("changed byte");
    expect((await readdir(records)).sort()).toContain(PACK_FILE);
    expect((await readdir(records)).length).toBe(2);

    // m007's output removed: a run makes it again from m007's operations, which neither pack can
    // give now (its part's tail and its load record's are damaged): made again from the file.
    const m007 = [...(await filesOf(out)).keys()].filter((path) => path.includes("m007"));
    expect(m007.length).toBeGreaterThan(0);
    for (const path of m007) await rm(join(out, path));
    parsedLazily.length = 0;
    await generate({ catalogue, out });
    expect(parsedLazily).toContain("m007");
    await cold("damaged tails");

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
