// Generated output placed as a consumer repository would hold it, for the portability tests.
import { readdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Target } from "../../src/emit/types.js";
import type { ImportExtension } from "../../src/emit/shared/ts-print.js";
import { generate } from "../../src/pipeline.js";
import { freshDir, repoCatalogue } from "../helpers/generate.js";
import { tempDir } from "../helpers/temp.js";

/** Generates `targets` of the repository's catalogue into a fresh folder under .tmp/ and returns it. */
export async function generatePortable(targets: Target[], importExtension: ImportExtension, catalogue = repoCatalogue): Promise<string> {
  const out = await freshDir("portable");
  await generate({ catalogue, out, targets, importExtension });
  return out;
}

/** The .ts files under `dir`, absolute, sorted. */
export async function typeScriptFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((name) => name.endsWith(".ts")).map((name) => join(dir, name)).sort();
}

/**
 * A consumer package whose package.json has no "type" (CommonJS), outside this repository (whose
 * own package.json says "module"), with `target` generated into generated/. Its files: what a
 * consumer compiles. `withoutTargetPackage`: the target's own package.json removed, as before it
 * was emitted.
 */
export async function commonJsConsumer(target: Target, options: { withoutTargetPackage?: boolean } = {}): Promise<{ dir: string; files: string[] }> {
  const dir = await tempDir("catalogen-cjs-consumer");
  await writeFile(join(dir, "package.json"), `${JSON.stringify({ name: "consumer", private: true })}\n`);
  const out = join(dir, "generated");
  await generate({ catalogue: repoCatalogue, out, targets: [target] });
  if (options.withoutTargetPackage) await rm(join(out, target, "package.json"));
  return { dir, files: await typeScriptFiles(join(out, target)) };
}
