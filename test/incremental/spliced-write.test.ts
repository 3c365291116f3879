// openapi.json made from the file it replaces (src/write/plan.ts `putSpliced`): the old file's
// ranges are read into a buffer, and the buffers written on the thread pool one at a time. A write
// that stops short (here a file size limit, SIGXFSZ ignored, so the write ends early with EFBIG)
// must stop the run as any failed write does: a one-line message naming the file, exit 1, no
// staging file left, the output folder as it was; the next run without the limit writes what a
// cold run writes.
// Runs the built CLI (dist/: `npm run build` first).
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { freshDir } from "../helpers/generate.js";
import { isLeftover, oneLineDiagnostic, runCli, tree, wideCatalogue } from "../write/cli-process.js";

describe("openapi.json written from the file it replaces", () => {
  it("stops the run, changing nothing, when its write stops short; writes what a cold run writes after", async () => {
    const root = await freshDir("spliced-write");
    const cache = `export CATALOGEN_CACHE_DIR='${join(root, "cache")}'`;
    const args = (out: string) => ["generate", "--catalogue", join(root, "catalogue"), "--out", join(root, out), "--target", "openapi"];
    await wideCatalogue(join(root, "catalogue"), 120, "one");
    expect((await runCli(args("out"), root, { shell: cache })).code).toBe(0);
    await wideCatalogue(join(root, "catalogue"), 120, "two");
    expect((await runCli(args("out"), root, { shell: cache })).code).toBe(0); // now with a layout of the file it replaces
    const before = await tree(join(root, "out"));
    expect(before.get("openapi.json")!.length).toBeGreaterThan(64 * 1024);

    await wideCatalogue(join(root, "catalogue"), 120, "three");
    const failed = await runCli(args("out"), root, { shell: `${cache}; trap '' XFSZ; ulimit -f 64` });
    expect(failed.code).toBe(1);
    expect(oneLineDiagnostic(failed)).toMatch(/cannot write .*openapi\.json: .*nothing in .* was changed/);
    const after = await tree(join(root, "out"));
    expect([...after.keys()].filter(isLeftover)).toEqual([]);
    expect(after).toEqual(before);

    expect((await runCli(args("out"), root, { shell: cache })).code).toBe(0);
    expect((await runCli(args("cold"), root)).code).toBe(0);
    const cold = await tree(join(root, "cold"));
    const made = await tree(join(root, "out"));
    expect(made.get("openapi.json")).toBe(cold.get("openapi.json"));
    expect(made.get("openapi.json")).toContain("(three)");
  });
});

describe("a large file replaced", () => {
  it("is freed on the thread pool under a second name, which is gone when the run is done; the output is a cold run's", async () => {
    const { freeAside } = await import("../../src/write/apply.js");
    const { generate } = await import("../../src/pipeline.js");
    const root = await freshDir("spliced-write");
    const catalogue = join(root, "catalogue");
    const before = freeAside.from;
    const previous = process.env.CATALOGEN_CACHE_DIR;
    freeAside.from = 1; // every file written over another
    try {
      process.env.CATALOGEN_CACHE_DIR = join(root, "cache");
      await wideCatalogue(catalogue, 30, "one");
      await generate({ catalogue, out: join(root, "out") });
      const inode = (await stat(join(root, "out", "openapi.json"))).ino;
      await wideCatalogue(catalogue, 30, "two");
      await generate({ catalogue, out: join(root, "out") });
      const made = await tree(join(root, "out"));
      expect([...made.keys()].filter(isLeftover)).toEqual([]);
      expect((await stat(join(root, "out", "openapi.json"))).ino).not.toBe(inode);
      process.env.CATALOGEN_CACHE_DIR = "off";
      await generate({ catalogue, out: join(root, "cold") });
      expect(made).toEqual(await tree(join(root, "cold")));
    } finally {
      freeAside.from = before;
      if (previous === undefined) delete process.env.CATALOGEN_CACHE_DIR;
      else process.env.CATALOGEN_CACHE_DIR = previous;
    }
  });
});
