// Helpers of the tests that compare whole output folders (incremental runs against cold ones).
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach } from "vitest";

/** Every file under `root`, by its path relative to `root`, with its text. */
export async function filesOf(root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.set(join(entry.parentPath, entry.name).slice(root.length + 1), await readFile(join(entry.parentPath, entry.name), "utf8"));
  }
  return files;
}

/** Puts CATALOGEN_CACHE_DIR back as it was before the file's tests after each of them. */
export function restoreCacheDirAfterEach(): void {
  const before = process.env.CATALOGEN_CACHE_DIR;
  afterEach(() => {
    if (before === undefined) delete process.env.CATALOGEN_CACHE_DIR;
    else process.env.CATALOGEN_CACHE_DIR = before;
  });
}
