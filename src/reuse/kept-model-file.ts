// Where a catalogue folder's checked model is kept (src/reuse/records.ts), and whether one is: asked
// before the CLI is loaded (src/cli/worker-choice.ts), so Node's own modules and the cache folder's only.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { cacheDirectory } from "../shared/cache-directory.js";

/** The name of a catalogue folder's records and kept model in the cache folder. */
export function folderKey(folder: string): string {
  return createHash("sha256").update(resolve(folder)).digest("hex").slice(0, 32);
}

/**
 * Whether a checked model is kept for the catalogue folder `folder`: a generate there is then most
 * likely a change or no-op run (src/cli/worker-choice.ts keeps those on the main thread).
 */
export function hasKeptModel(folder: string, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): boolean {
  const base = cacheDirectory(env, cwd);
  return base !== undefined && existsSync(join(base, "model", folderKey(resolve(cwd, folder)), "index.json"));
}
