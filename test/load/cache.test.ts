// The loader keeps what each file's YAML gave (src/reuse/records.ts): a second load of the same
// text reads that instead of parsing. It must give the same model, and the same messages with
// the same positions, as a parse, also when a message points into a file read from the cache.
import { readCacheValue, writeCacheValue } from "../../src/shared/cache-directory.js";
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadModel } from "../../src/pipeline.js";
import { CatalogueError } from "../../src/shared/diagnostic.js";
import { freshDir, repoCatalogue } from "../helpers/generate.js";
import { restoreCacheDirAfterEach } from "../helpers/output-tree.js";

restoreCacheDirAfterEach();

async function entries(dir: string): Promise<string[]> {
  // The load records only (model/ holds the checked model's parts, test/incremental/).
  return (await readdir(dir, { recursive: true })).filter((name) => name.endsWith(".json") && name.startsWith("catalogue")).sort();
}

async function problems(dir: string): Promise<unknown> {
  try {
    await loadModel(dir);
  } catch (error) {
    if (error instanceof CatalogueError) return { message: error.message, diagnostics: error.diagnostics };
    throw error;
  }
  throw new Error("expected the catalogue to be refused");
}

describe("loader cache", () => {
  it("gives the model a parse gives, and reads each file from the cache the second time", async () => {
    const base = await freshDir("load-cache");
    const catalogue = join(base, "catalogue");
    await cp(repoCatalogue, catalogue, { recursive: true });
    process.env.CATALOGEN_CACHE_DIR = "off";
    const parsed = await loadModel(catalogue);
    process.env.CATALOGEN_CACHE_DIR = await mkdtemp(join(base, "cache-"));
    const first = await loadModel(catalogue);
    const files = await entries(process.env.CATALOGEN_CACHE_DIR);
    expect(files).toHaveLength((await readdir(catalogue)).filter((name) => name.endsWith(".yaml")).length); // one record per catalogue file
    const written = await Promise.all(files.map((file) => stat(join(process.env.CATALOGEN_CACHE_DIR!, file))));
    const second = await loadModel(catalogue);
    expect(await entries(process.env.CATALOGEN_CACHE_DIR)).toEqual(files);
    // Nothing was parsed, so nothing was written again.
    const after = await Promise.all(files.map((file) => stat(join(process.env.CATALOGEN_CACHE_DIR!, file))));
    expect(after.map((stats) => stats.mtimeMs)).toEqual(written.map((stats) => stats.mtimeMs));
    expect(first).toEqual(parsed);
    expect(second).toEqual(parsed);
    expect(JSON.stringify(second)).toBe(JSON.stringify(parsed));
  });

  it("writes again only the record of the file that changed, and drops the record of a file removed", async () => {
    const base = await freshDir("load-cache");
    const catalogue = join(base, "catalogue");
    await cp(repoCatalogue, catalogue, { recursive: true });
    const cache = await mkdtemp(join(base, "cache-"));
    process.env.CATALOGEN_CACHE_DIR = cache;
    await loadModel(catalogue);
    const files = await entries(cache);
    const times = async () => new Map(await Promise.all((await entries(cache)).map(async (file) => [file, (await stat(join(cache, file), { bigint: true })).mtimeNs] as const)));
    const before = await times();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const supplies = join(catalogue, "supplies.yaml");
    await writeFile(supplies, (await readFile(supplies, "utf8")).replace("summary: Supply discrepancies", "summary: Supply discrepancies (edited)"));
    await rm(join(catalogue, "wbd.yaml"));
    const model = await loadModel(catalogue);
    process.env.CATALOGEN_CACHE_DIR = "off";
    expect(JSON.stringify(model)).toBe(JSON.stringify(await loadModel(catalogue)));
    const after = await times();
    expect(after.size).toBe(files.length - 1);
    const rewritten = [...after].filter(([file, time]) => before.get(file) !== time).map(([file]) => file);
    expect(rewritten).toHaveLength(1);
  });

  it("gives the parse's model from records whose operations are unfolded when first read, of text that is not ASCII too, and parses a file whose record is cut short or not a record", async () => {
    const base = await freshDir("load-cache");
    const catalogue = join(base, "catalogue");
    await cp(repoCatalogue, catalogue, { recursive: true });
    for (const [name, summary] of [["finances.yaml", "Solde du vendeur, été"], ["tariffs.yaml", "Тарифы: комиссия"]] as const) {
      const path = join(catalogue, name);
      const text = await readFile(path, "utf8");
      await writeFile(path, text.replace(/summary: .*/.exec(text)![0], `summary: "${summary}"`));
    }
    process.env.CATALOGEN_CACHE_DIR = "off";
    const parsed = JSON.stringify(await loadModel(catalogue));
    const cache = await mkdtemp(join(base, "cache-"));
    process.env.CATALOGEN_CACHE_DIR = cache;
    await loadModel(catalogue);
    const records = await entries(cache);
    // A module's record: its data with the operations folded (the api file's: nothing folded).
    const kept = records.map((file) => readCacheValue(join(cache, file)) as { key: string; value: { data: unknown; operations?: Buffer } });
    expect(kept.filter(({ value }) => Buffer.isBuffer(value.operations)).length).toBe(records.length - 1);
    // Without the kept model, the full check reads every file's operations from the records.
    await rm(join(cache, "model"), { recursive: true });
    expect(JSON.stringify(await loadModel(catalogue))).toBe(parsed);
    const sizes = await Promise.all(records.map(async (file) => (await stat(join(cache, file))).size));
    const longest = records[sizes.indexOf(Math.max(...sizes))]!;
    const whole = await readFile(join(cache, longest));
    await writeFile(join(cache, longest), whole.subarray(0, whole.length - 10));
    writeCacheValue(join(cache, records[1]!), { key: kept[1]!.key, value: { data: {} } });
    expect(JSON.stringify(await loadModel(catalogue))).toBe(parsed);
    // Both parsed again and written whole.
    expect(await readFile(join(cache, longest))).toEqual(whole);
    expect(readCacheValue(join(cache, records[1]!))).toEqual(kept[1]);
    expect(JSON.stringify(await loadModel(catalogue))).toBe(parsed);
  });

  it("positions a problem that points into a file read from the cache as a parse does", async () => {
    const base = await freshDir("load-cache");
    const catalogue = join(base, "catalogue");
    await cp(repoCatalogue, catalogue, { recursive: true });
    process.env.CATALOGEN_CACHE_DIR = await mkdtemp(join(base, "cache-"));
    await loadModel(catalogue); // fills the cache
    // Same route as getDiscrepancies in supplies.yaml.
    await writeFile(
      join(catalogue, "again.yaml"),
      `module: { id: again, title: Again, area: Twice }
operations:
  - { id: getDiscrepanciesAgain, method: GET, path: "/api/supplies/v1/discrepancies/{supplyId}", summary: Again, parameters: [{ name: supplyId, in: path, required: true, schema: { type: string } }] }
`,
    );
    const cached = await problems(catalogue);
    process.env.CATALOGEN_CACHE_DIR = "off";
    const parsed = await problems(catalogue);
    expect(cached).toEqual(parsed);
    // The problem is shown at getDiscrepancies in supplies.yaml, a file read from the cache.
    expect(JSON.stringify(cached)).toContain(`supplies.yaml","line":40,"column":11`);
  });
});
