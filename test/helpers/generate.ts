// Generates through the real pipeline into a fresh folder under <repo>/.tmp/, where vitest
// can import the generated TypeScript directly (removed when the test file has finished).
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generate } from "../../src/pipeline.js";
import type { Target } from "../../src/emit/types.js";
import { tempDir } from "./temp.js";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
export const repoCatalogue = join(repoRoot, "catalogue");

export function fixtureCatalogue(name: string): string {
  return join(repoRoot, "test/fixtures/catalogues", name);
}

/** A fresh folder under <repo>/.tmp/, removed when the test file has finished. */
export function freshDir(prefix = "out"): Promise<string> {
  return tempDir(prefix, join(repoRoot, ".tmp"));
}

/** Generates `targets` (default: all) from `catalogue` (default: the repo's) and returns the output folder. */
export async function generateForTest(options: { catalogue?: string; targets?: Target[] } = {}): Promise<string> {
  const out = await freshDir();
  await generate({ catalogue: options.catalogue ?? repoCatalogue, out, ...(options.targets && { targets: options.targets }) });
  return out;
}
