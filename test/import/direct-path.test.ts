// The import's direct path (src/import/loaded.ts): the catalogue it writes is modelled from the data
// in memory and recorded in the load cache without being parsed again. Here, on real documents, every
// written file parsed by the loader gives exactly that data, line starts and operation ranges; and
// the first generate after an import reads the catalogue from the cache.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { importOpenApi, writeCatalogue } from "../../src/import/index.js";
import { directFiles, operationRanges } from "../../src/import/loaded.js";
import { catalogueFiles } from "../../src/import/yaml.js";
import { LoadCache } from "../../src/reuse/records.js";
import { sha256 as textSha256 } from "../../src/shared/hash.js";
import { parseCatalogueFile } from "../../src/load/load.js";
import { repoRoot } from "../helpers/generate.js";
import { tempDir } from "../helpers/temp.js";

const DOCUMENTS = [
  "node_modules/@octokit/openapi/generated/api.github.com.json",
  "node_modules/@twilio-alpha/mcp/twilio-oai/spec/json/twilio_api_v2010.json",
  "node_modules/@blockfrost/openapi/openapi.yaml",
];

const cacheDir = process.env.CATALOGEN_CACHE_DIR;
afterEach(() => {
  if (cacheDir === undefined) delete process.env.CATALOGEN_CACHE_DIR;
  else process.env.CATALOGEN_CACHE_DIR = cacheDir;
});

test.each(DOCUMENTS)("%s: the loader's parse of every written file gives the direct path's data, lines and operation ranges", { timeout: 120_000 }, (document) => {
  const { catalogue } = importOpenApi(join(repoRoot, document));
  const files = catalogueFiles(catalogue, "../schema.json");
  const direct = directFiles(files)!;
  expect(direct).toBeDefined();
  for (const [index, file] of direct.entries()) {
    const parsed = parseCatalogueFile(file.name, file.name, file.text);
    expect(parsed.problems).toEqual([]);
    // As text: the same keys in the same order (the order reaches the output), and quick to compare.
    expect(JSON.stringify(file.data), file.name).toBe(JSON.stringify(parsed.data));
    expect(file.lineStarts.join()).toBe(parsed.lineCounter.lineStarts.join());
    expect(JSON.stringify(file.operationRanges), file.name).toBe(JSON.stringify(parsed.operationRanges));
    expect(files[index]!.name).toBe(file.name);
  }
});

test("operation ranges: literal blocks, blank lines and a key after the list", () => {
  const text = "module: { id: a }\noperations:\n  - id: one\n    purpose: |\n      - not an item\n\n      text\n\n  - id: two\n    x: 1\ntypes:\n  A: { type: string }\n";
  expect(operationRanges(text)).toEqual(parseCatalogueFile("a.yaml", "a.yaml", text).operationRanges);
  expect(operationRanges("module: { id: a }\n")).toBeUndefined();
});

test("the first generate after an import finds the catalogue in the load cache", async () => {
  const dir = await tempDir("catalogen-direct");
  process.env.CATALOGEN_CACHE_DIR = join(dir, "cache");
  const { catalogue } = importOpenApi(join(repoRoot, "node_modules/@blockfrost/openapi/openapi.yaml"));
  const out = join(dir, "catalogue");
  const { files } = await writeCatalogue(catalogue, out);
  const cache = LoadCache.open(out);
  for (const file of files) {
    const record = cache.recall(file.name, textSha256(await readFile(join(out, file.name), "utf8")));
    expect(record, file.name).toBeDefined();
    // Its tail (operations, line starts) is read from the record too, not made by a parse.
    expect(record!.lineStarts.length, file.name).toBeGreaterThan(0);
  }
});
