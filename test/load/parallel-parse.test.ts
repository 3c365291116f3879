// A large catalogue's YAML is parsed on two threads when a core is idle (src/load/parallel-parse.ts):
// this thread and a worker take files from one shared counter. What the load gives must be what one
// thread gives: the same files in the same order, the same data, positions and load records, and
// the same diagnostics in the same order when files have problems, whichever thread took them.
// Runs the built code (dist/: `npm run build` first): a worker cannot load the TypeScript sources.
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/generate.js";
import { tempDir } from "../helpers/temp.js";

type Load = typeof import("../../src/load/load.js");
type Parallel = typeof import("../../src/load/parallel-parse.js");
const load = async () => (await import(pathToFileURL(join(repoRoot, "dist/load/load.js")).href)) as Load;
const parallel = async () => (await import(pathToFileURL(join(repoRoot, "dist/load/parallel-parse.js")).href)) as Parallel;

const saved = { threads: process.env.CATALOGEN_THREADS, cache: process.env.CATALOGEN_CACHE_DIR };
afterEach(() => {
  for (const [name, value] of [["CATALOGEN_THREADS", saved.threads], ["CATALOGEN_CACHE_DIR", saved.cache]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/** What a load gave, without the lazily parsed documents. */
async function loaded(dir: string, threads: "1" | "2", cache = "off") {
  process.env.CATALOGEN_THREADS = threads;
  process.env.CATALOGEN_CACHE_DIR = cache;
  const { files, diagnostics } = await (await load()).loadCatalogue(dir);
  return { files: files.map((file) => ({ name: file.name, data: file.data, ranges: file.operationRanges, lines: file.lineCounter.lineStarts, problems: file.problems })), diagnostics };
}

describe("parsing the catalogue on two threads", () => {
  it("decides by CATALOGEN_THREADS, else by size", async () => {
    const { parseInTwo, PARALLEL_PARSE_MIN_BYTES } = await parallel();
    process.env.CATALOGEN_THREADS = "1";
    expect(parseInTwo(10 * PARALLEL_PARSE_MIN_BYTES)).toBe(false);
    process.env.CATALOGEN_THREADS = "2";
    expect(parseInTwo(10)).toBe(true);
    delete process.env.CATALOGEN_THREADS;
    expect(parseInTwo(PARALLEL_PARSE_MIN_BYTES - 1)).toBe(false);
  });

  it("gives back, for the files the worker took, what a parse on this thread gives", async () => {
    const { parseShared } = await parallel();
    const { parseCatalogueFile } = await load();
    const dir = await tempDir("catalogen-parse2");
    cpSync(join(repoRoot, "catalogue"), dir, { recursive: true });
    const texts = (await loaded(dir, "1")).files.map((file) => file.name).map((name) => readFileSync(join(dir, name), "utf8"));
    const many = [...texts, ...texts, ...texts, "a: [unclosed\n", "b: *nowhere\n"];
    const here: number[] = [];
    // This thread holds its first file for 3 s (a worker starts well within that, even on a busy
    // machine), so the worker takes most files. It sleeps rather than spins, leaving the core to the worker.
    const asleep = new Int32Array(new SharedArrayBuffer(4));
    const remote = await parseShared(many, (index) => {
      here.push(index);
      if (here.length === 1) Atomics.wait(asleep, 0, 0, 3000);
    });
    expect(remote.size).toBeGreaterThan(0);
    for (const index of here) expect(remote.has(index)).toBe(false);
    for (const [index, parsed] of remote) {
      const file = parseCatalogueFile("x", "x", many[index]!);
      expect(parsed).toEqual({ data: file.data, operationRanges: file.operationRanges, lineStarts: file.lineCounter.lineStarts, ...(file.jsonSafe === undefined ? {} : { jsonSafe: file.jsonSafe }) });
    }
    // Files with problems come back to this thread for their diagnostics.
    expect(remote.has(many.length - 1)).toBe(false);
    expect(remote.has(many.length - 2)).toBe(false);
  });

  it("loads a catalogue with good and broken files exactly as one thread does, and keeps the same load records", async () => {
    const dir = await tempDir("catalogen-parse2");
    const catalogue = join(dir, "catalogue");
    cpSync(join(repoRoot, "catalogue"), catalogue, { recursive: true });
    writeFileSync(join(catalogue, "broken_syntax.yaml"), "module: broken\noperations:\n  - id: [unclosed\n");
    writeFileSync(join(catalogue, "broken_alias.yaml"), "module: alias\noperations:\n  - *nowhere\n");
    writeFileSync(join(catalogue, "broken_keys.yaml"), "module: a\nmodule: b\n");
    const one = await loaded(catalogue, "1");
    expect(one.diagnostics.length).toBeGreaterThanOrEqual(3);
    for (let round = 0; round < 3; round++) expect(await loaded(catalogue, "2")).toEqual(one);
    // The records written on two threads give the same load on one.
    const cache = join(dir, "cache");
    await loaded(catalogue, "2", cache);
    expect(await loaded(catalogue, "1", cache)).toEqual(one);
  });
});
