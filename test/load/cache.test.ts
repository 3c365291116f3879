// The loader keeps what each file's YAML gave (src/load/cache.ts): a second load of the same
// text reads that instead of parsing. It must give the same model, and the same messages with
// the same positions, as a parse, also when a message points into a file read from the cache.
import { cp, mkdtemp, readdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadModel } from "../../src/pipeline.js";
import { CatalogueError } from "../../src/shared/diagnostic.js";
import { freshDir, repoCatalogue } from "../helpers/generate.js";

const before = process.env.CATALOGEN_CACHE_DIR;
afterEach(() => {
  if (before === undefined) delete process.env.CATALOGEN_CACHE_DIR;
  else process.env.CATALOGEN_CACHE_DIR = before;
});

async function entries(dir: string): Promise<string[]> {
  // The load records only (model/ holds the checked model's parts, test/incremental/).
  return (await readdir(dir, { recursive: true })).filter((name) => name.endsWith(".json") && !name.startsWith("model"));
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
    expect(files).toHaveLength(1); // one record file per catalogue folder
    const written = await stat(join(process.env.CATALOGEN_CACHE_DIR, files[0]!));
    const second = await loadModel(catalogue);
    expect(await entries(process.env.CATALOGEN_CACHE_DIR)).toEqual(files);
    // Nothing was parsed, so nothing was written again.
    expect((await stat(join(process.env.CATALOGEN_CACHE_DIR, files[0]!))).mtimeMs).toBe(written.mtimeMs);
    expect(first).toEqual(parsed);
    expect(second).toEqual(parsed);
    expect(JSON.stringify(second)).toBe(JSON.stringify(parsed));
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
