// A catalogue file whose stats (size, mtime, ctime, inode) are the ones recorded with its hash is
// not read by a regenerate (src/reuse/catalogue-stats.ts): neither to hash the inputs nor to load it.
// These prove that a run after one edit reads only that file and still writes what a cold run
// writes, and that edits which keep the size and the mtime (by hand, or by a file moved in its
// place) are still seen, as are edits too young to trust. Files must be older than RACY_MS for their stats to be
// recorded: the catalogues are written once, then the tests wait that long.
import { cacheValue } from "../../src/shared/cache-directory.js";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync as realReadFileSync, statSync } from "node:fs";
import { cp, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { generate } from "../../src/pipeline.js";
import { RACY_MS } from "../../src/reuse/catalogue-stats.js";
import { codeFileHashes, sha256 } from "../../src/shared/hash.js";
import { freshDir, repoCatalogue } from "../helpers/generate.js";
import { filesOf, restoreCacheDirAfterEach } from "../helpers/output-tree.js";

const reads: string[] = [];
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  const readFileSync = ((path: unknown, ...rest: unknown[]) => {
    if (typeof path === "string") reads.push(resolve(path));
    return (fs.readFileSync as (...args: unknown[]) => unknown)(path, ...rest);
  }) as typeof fs.readFileSync;
  return { ...fs, readFileSync, default: { ...fs, readFileSync } };
});

restoreCacheDirAfterEach();

let base: string;
const names = ["one-edit", "same-stats", "moved-in", "young", "kept-position", "code"];

beforeAll(async () => {
  base = await freshDir("catalogue-stats");
  for (const name of names) await cp(repoCatalogue, join(base, name, "catalogue"), { recursive: true });
  await new Promise((done) => setTimeout(done, RACY_MS + 200));
}, RACY_MS + 30_000);

/** A run with its own cache folder, then one after `edit`; the second's output against a cold run's. */
async function afterEdit(name: string, edit: (catalogue: string) => Promise<void>): Promise<{ catalogue: string; out: string; readsOfSecondRun: string[] }> {
  const catalogue = join(base, name, "catalogue");
  const out = join(base, name, "out");
  process.env.CATALOGEN_CACHE_DIR = join(base, name, "cache");
  await generate({ catalogue, out });
  await edit(catalogue);
  reads.length = 0;
  await generate({ catalogue, out });
  const readsOfSecondRun = reads.filter((path) => path.startsWith(`${resolve(catalogue)}/`)).map((path) => path.slice(resolve(catalogue).length + 1));
  await expectColdOutput(catalogue, out, name);
  return { catalogue, out, readsOfSecondRun };
}

async function expectColdOutput(catalogue: string, out: string, name: string): Promise<void> {
  const cold = join(base, name, "cold");
  await rm(cold, { recursive: true, force: true });
  process.env.CATALOGEN_CACHE_DIR = "off";
  await generate({ catalogue, out: cold });
  const made = await filesOf(out);
  const expected = await filesOf(cold);
  expect([...made.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [path, text] of expected) expect(made.get(path), path).toBe(text);
}

/** The file's `from` replaced by `to` (the same length), its mtime set back to the nanosecond (touch -r): only its ctime says it changed. */
async function editKeepingStats(path: string, from: string, to: string): Promise<void> {
  expect(to.length).toBe(from.length);
  const times = `${path}.times`;
  await writeFile(times, "");
  execFileSync("touch", ["-r", path, times]);
  const before = statSync(path, { bigint: true });
  const text = await readFile(path, "utf8");
  expect(text).toContain(from);
  await writeFile(path, text.replace(from, to));
  execFileSync("touch", ["-r", times, path]);
  await rm(times);
  const after = statSync(path, { bigint: true });
  expect([after.size, after.mtimeNs, after.ino]).toEqual([before.size, before.mtimeNs, before.ino]);
}

describe("catalogue files known by their stats", () => {
  it("reads only the edited file after one edit, and writes what a cold run writes", async () => {
    const { readsOfSecondRun, out } = await afterEdit("one-edit", async (catalogue) => {
      const path = join(catalogue, "finances.yaml");
      await writeFile(path, (await readFile(path, "utf8")).replace("summary: Get seller balance", "summary: The seller's balance, edited"));
    });
    expect(new Set(readsOfSecondRun)).toEqual(new Set(["finances.yaml"]));
    expect(await readFile(join(out, "docs/finances.md"), "utf8")).toContain("The seller's balance, edited");
  });

  it("sees an edit that keeps the file's size and mtime (its ctime changes)", async () => {
    const { out } = await afterEdit("same-stats", (catalogue) => editKeepingStats(join(catalogue, "finances.yaml"), "summary: Get seller balance", "summary: Get seller BALANCE"));
    expect(await readFile(join(out, "docs/finances.md"), "utf8")).toContain("Get seller BALANCE");
  });

  it("sees a file moved in place of another with the same size and mtime", async () => {
    const { out } = await afterEdit("moved-in", async (catalogue) => {
      const path = join(catalogue, "tariffs.yaml");
      const before = statSync(path, { bigint: true });
      const moved = join(catalogue, "..", "tariffs.next");
      await writeFile(moved, realReadFileSync(path, "utf8").replace("id: getCommissionTariffs", "id: getCommissionTARIFFS"));
      execFileSync("touch", ["-r", path, moved]);
      await rename(moved, path);
      const after = statSync(path, { bigint: true });
      expect([after.size, after.mtimeNs]).toEqual([before.size, before.mtimeNs]);
    });
    expect(await readFile(join(out, "openapi.json"), "utf8")).toContain('"operationId": "getCommissionTARIFFS"');
  });

  it("does not record a file edited just before the run: a same-size edit in the same clock tick is still seen next time", async () => {
    const catalogue = join(base, "young", "catalogue");
    const out = join(base, "young", "out");
    const cache = join(base, "young", "cache");
    process.env.CATALOGEN_CACHE_DIR = cache;
    await generate({ catalogue, out });
    const path = join(catalogue, "finances.yaml");
    await writeFile(path, (await readFile(path, "utf8")).replace("summary: Get seller balance", "summary: Get seller balanc1"));
    await generate({ catalogue, out });
    const [record] = readdirSync(join(cache, "catalogue")).filter((file) => file.endsWith(".stats.json"));
    const files = (cacheValue(realReadFileSync(join(cache, "catalogue", record!))) as { files: Record<string, unknown> }).files;
    expect(Object.keys(files)).not.toContain("finances.yaml");
    expect(Object.keys(files)).toContain("tariffs.yaml");
    // Within what may be one clock tick of the edit before: same size, mtime set back.
    await editKeepingStats(path, "summary: Get seller balanc1", "summary: Get seller balanc2");
    await generate({ catalogue, out });
    expect(await readFile(join(out, "docs/finances.md"), "utf8")).toContain("Get seller balanc2");
    await expectColdOutput(catalogue, out, "young");
  });

  it("says what a cold run says when the edited file clashes with a file it did not read (its text read for the position)", async () => {
    const catalogue = join(base, "kept-position", "catalogue");
    const out = join(base, "kept-position", "out");
    process.env.CATALOGEN_CACHE_DIR = join(base, "kept-position", "cache");
    await generate({ catalogue, out });
    const path = join(catalogue, "tariffs.yaml");
    await writeFile(path, (await readFile(path, "utf8")).replace("id: getCommissionTariffs", "id: getSellerBalance"));
    const message = async (): Promise<string> => {
      try {
        await generate({ catalogue, out });
      } catch (error) {
        return String((error as Error).message);
      }
      return "no error";
    };
    const cached = await message();
    process.env.CATALOGEN_CACHE_DIR = "off";
    const cold = await message();
    expect(cached).toContain("finances.yaml:");
    expect(cached).toBe(cold);
  });

  it("hashes catalogen's own files the same way: unchanged ones not read, one edited keeping its size and mtime read again", async () => {
    const code = join(base, "code", "catalogue"); // any folder of files older than RACY_MS
    process.env.CATALOGEN_CACHE_DIR = join(base, "code", "cache");
    const first = codeFileHashes(code, true);
    reads.length = 0;
    expect(codeFileHashes(code, true)).toEqual(first);
    expect(reads.filter((path) => path.startsWith(`${resolve(code)}/`))).toEqual([]);
    await editKeepingStats(join(code, "tariffs.yaml"), "id: getCommissionTariffs", "id: getCommissionTARIFFS");
    reads.length = 0;
    const second = codeFileHashes(code, true);
    expect(reads.filter((path) => path.startsWith(`${resolve(code)}/`))).toEqual([resolve(code, "tariffs.yaml")]);
    expect(second.find(([path]) => path.endsWith("tariffs.yaml"))![1]).toBe(sha256(realReadFileSync(join(code, "tariffs.yaml"))));
    expect(second.filter(([path]) => !path.endsWith("tariffs.yaml"))).toEqual(first.filter(([path]) => !path.endsWith("tariffs.yaml")));
  });

  it("leaves out a declaration file beside its compiled module (types only), not one standing alone", async () => {
    const code = join(base, "declarations");
    await mkdir(code, { recursive: true });
    await writeFile(join(code, "module.js"), "export const a = 1;\n");
    await writeFile(join(code, "module.d.ts"), "export declare const a = 1;\n");
    await writeFile(join(code, "runtime.d.ts"), "declare module \"x\";\n");
    expect(codeFileHashes(code, true).map(([path]) => path.slice(code.length + 1))).toEqual(["module.js", "runtime.d.ts"]);
  });
});
