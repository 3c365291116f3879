// The prettier output cache (src/write/format.ts), used when generate runs with
// `format: "prettier"`, must never change a byte of output: generating with no cache, an empty
// cache and a full cache gives identical files, and a cache that cannot be read or written is no
// cache, not an error. The default generate writes the emitters' final text: no prettier, no cache.
import { readCacheValue } from "../../src/shared/cache-directory.js";
import { existsSync } from "node:fs";
import { mkdir, readFile, readdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { fixtureCatalogue, freshDir, repoCatalogue } from "../helpers/generate.js";
import { cacheDirectory } from "../../src/shared/cache-directory.js";

type Pipeline = typeof import("../../src/pipeline.js");
type Format = typeof import("../../src/write/format.js");

/**
 * A fresh copy of the pipeline and its format module, which picks the cache folder once per
 * process from CATALOGEN_CACHE_DIR: `off`, or a folder.
 */
async function freshPipeline(cacheDir: string): Promise<{ pipeline: Pipeline; format: Format }> {
  vi.stubEnv("CATALOGEN_CACHE_DIR", cacheDir);
  vi.resetModules();
  const pipeline = (await import("../../src/pipeline.js")) as Pipeline;
  const format = (await import("../../src/write/format.js")) as Format;
  return { pipeline, format };
}

async function generateWith(cacheDir: string, catalogue: string, prettier = true): Promise<{ out: string; format: Format }> {
  const { pipeline, format } = await freshPipeline(cacheDir);
  const out = join(await freshDir("format-cache"), "generated");
  await pipeline.generate({ catalogue, out, ...(prettier && { format: "prettier" as const }) });
  format.saveFormatCache(); // the CLI does this at exit; a test process exits much later
  return { out, format };
}

async function contents(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name === ".catalogen-manifest.json") continue;
    const path = join(entry.parentPath, entry.name);
    files.set(path.slice(dir.length + 1), await readFile(path, "utf8"));
  }
  return files;
}

async function cacheEntries(cacheDir: string): Promise<Record<string, string>> {
  return (readCacheValue(join(cacheDir, "prettier.json")) as { entries: Record<string, string> }).entries;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("prettier output cache, on the real catalogue with every target", () => {
  let cacheDir: string;
  let uncached: Map<string, string>;
  let cold: Map<string, string>;
  let warm: Map<string, string>;
  let entriesAfterCold: Record<string, string>;
  let mtimeAfterCold: number;
  let mtimeAfterWarm: number;

  beforeAll(async () => {
    cacheDir = join(await freshDir("format-cache-dir"), "cache");
    uncached = await contents((await generateWith("off", repoCatalogue)).out);
    cold = await contents((await generateWith(cacheDir, repoCatalogue)).out);
    entriesAfterCold = await cacheEntries(cacheDir);
    mtimeAfterCold = (await stat(join(cacheDir, "prettier.json"))).mtimeMs;
    warm = await contents((await generateWith(cacheDir, repoCatalogue)).out);
    mtimeAfterWarm = (await stat(join(cacheDir, "prettier.json"))).mtimeMs;
  }, 180_000);

  it("gives byte-identical output with no cache, an empty cache and a full cache", () => {
    expect(uncached.size).toBeGreaterThan(20);
    expect([...cold.keys()]).toEqual([...uncached.keys()]);
    expect([...warm.keys()]).toEqual([...uncached.keys()]);
    for (const [path, text] of uncached) {
      expect(cold.get(path), path).toBe(text);
      expect(warm.get(path), path).toBe(text);
    }
  });

  it("stores what prettier returned for each formatted file, and nothing else", () => {
    // The header goes in before formatting, so the stored texts are exactly the formatted output
    // files (files with the same text share one entry).
    const formatted = new Set([...uncached].filter(([path]) => /\.(ts|md|json)$/.test(path)).map(([, text]) => text));
    expect(new Set(Object.values(entriesAfterCold))).toEqual(formatted);
    expect(Object.keys(entriesAfterCold)).toHaveLength(formatted.size);
  });

  it("serves the second run from the cache: nothing new to store, so the file is not rewritten", () => {
    expect(mtimeAfterWarm).toBe(mtimeAfterCold);
  });
});

describe("prettier output cache, when it cannot be used", () => {
  const catalogue = fixtureCatalogue("client-http");
  let expected: Map<string, string>;

  beforeAll(async () => {
    expected = await contents((await generateWith("off", catalogue)).out);
  }, 120_000);

  it("ignores a corrupt cache file", async () => {
    const cacheDir = join(await freshDir("format-cache-corrupt"), "cache");
    await mkdir(cacheDir, { recursive: true });
    await writeFile(join(cacheDir, "prettier.json"), "{ not json");
    expect(await contents((await generateWith(cacheDir, catalogue)).out)).toEqual(expected);
    expect(Object.keys(await cacheEntries(cacheDir)).length).toBeGreaterThan(0); // replaced by a good one
  });

  it("carries on without a cache where the folder cannot be created", async () => {
    const blocker = join(await freshDir("format-cache-blocked"), "a-file");
    await writeFile(blocker, "not a folder");
    expect(await contents((await generateWith(join(blocker, "cache"), catalogue)).out)).toEqual(expected);
  });

  it("keeps each cache folder's texts in that folder when one process generates with two", async () => {
    const first = join(await freshDir("format-cache-first"), "cache");
    const second = join(await freshDir("format-cache-second"), "cache");
    const { pipeline, format } = await freshPipeline(first);
    await pipeline.generate({ catalogue, out: join(await freshDir("format-cache-first"), "generated"), format: "prettier" });
    vi.stubEnv("CATALOGEN_CACHE_DIR", second); // the same modules: no fresh import
    const out = join(await freshDir("format-cache-second"), "generated");
    await pipeline.generate({ catalogue, out, format: "prettier" });
    format.saveFormatCache();
    expect(await contents(out)).toEqual(expected);
    expect(await cacheEntries(second)).toEqual(await cacheEntries(first));
  });

  it("keys on prettier's version, the parser, the options and the text", async () => {
    const { format } = await freshPipeline("off");
    const key = format.cacheKey("3.0.0", "typescript", "const a = 1");
    expect(format.cacheKey("3.0.0", "typescript", "const a = 1")).toBe(key);
    expect(format.cacheKey("3.0.1", "typescript", "const a = 1")).not.toBe(key);
    expect(format.cacheKey("3.0.0", "babel-ts", "const a = 1")).not.toBe(key);
    expect(format.cacheKey("3.0.0", "typescript", "const a = 2")).not.toBe(key);
    expect(format.cacheKey("3.0.0", "typescript", "const a = 1", { semi: false })).not.toBe(key);
  });

  it("is not used by the default generate, which never runs prettier", async () => {
    const cacheDir = join(await freshDir("format-cache-default"), "cache");
    const { out } = await generateWith(cacheDir, catalogue, false);
    expect(existsSync(join(cacheDir, "prettier.json"))).toBe(false);
    expect((await contents(out)).size).toBe(expected.size);
  });

  it("applies the prettier config of the output folder", async () => {
    const { pipeline } = await freshPipeline("off");
    const root = await freshDir("format-consumer-config");
    await writeFile(join(root, ".prettierrc.json"), JSON.stringify({ semi: false, printWidth: 80 }));
    const out = join(root, "generated");
    await pipeline.generate({ catalogue, out, format: "prettier" });
    const client = await readFile(join(out, "client", "client.ts"), "utf8");
    expect(client).toContain('from "./runtime/transport.js"\n');
    expect(client).not.toMatch(/;\n/);
    const [path, text] = [...expected].find(([name]) => name.endsWith("client.ts")) ?? ["", ""];
    expect(path).toBe("client/client.ts");
    expect(text).toMatch(/;\n/); // the same file under catalogen's prettier defaults
  });

  it("lives under the working directory's node_modules, and only where one exists", async () => {
    const { format } = await freshPipeline("off");
    const withModules = await freshDir("format-cache-cwd");
    await mkdir(join(withModules, "node_modules"));
    expect(cacheDirectory({}, withModules)).toBe(join(withModules, "node_modules", ".cache", "catalogen"));
    expect(cacheDirectory({}, await freshDir("format-cache-bare"))).toBeUndefined();
    expect(cacheDirectory({ CATALOGEN_CACHE_DIR: "off" }, withModules)).toBeUndefined();
    expect(cacheDirectory({ CATALOGEN_CACHE_DIR: "/somewhere" }, withModules)).toBe("/somewhere");
  });
});
