// Where catalogen keeps local state between runs (load records, kept models, openapi.json's layout,
// prettier's results, the writer's stat records): never output, and shared by several stages.
// Every file there is one value in the format of ./cache-store.ts.
import { AsyncLocalStorage } from "node:async_hooks";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { cacheBytes, readCacheValue, writeCacheBytesNow } from "./cache-store.js";

export { readCacheValue } from "./cache-store.js";

/** Where the cache lives for this process; undefined: no cache. */
export function cacheDirectory(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string | undefined {
  const configured = env.CATALOGEN_CACHE_DIR;
  if (configured === "off") return undefined;
  if (configured) return configured;
  // Only where a node_modules folder already is: never create one in a folder that has none.
  return existsSync(join(cwd, "node_modules")) ? join(cwd, "node_modules", ".cache", "catalogen") : undefined;
}

/** Where a run's cache writes go while it defers them (src/write/stage-thread.ts, CacheWrites). */
export interface DeferredCacheWrites {
  file(path: string, bytes: Buffer): void;
}

/** The cache writes of the run whose code is running (its async context), where it defers them. */
const runWrites = new AsyncLocalStorage<DeferredCacheWrites | undefined>();

/**
 * `run()`, with the cache files it writes handed to `writes` (src/write/stage-thread.ts,
 * CacheWrites: written on another thread, in order, errors ignored); undefined: written at once.
 */
export function withCacheWrites<T>(writes: DeferredCacheWrites | undefined, run: () => T): T {
  return runWrites.run(writes, run);
}

/**
 * Writes `value` as the cache file `path`, whole or not at all, making its folder first. Throws as
 * the file system does; callers treat the cache as best effort. Handed to another thread within a
 * generate that defers them (`withCacheWrites`): done by the end of the run.
 */
export function writeCacheValue(path: string, value: unknown): void {
  const bytes = cacheBytes(value);
  const deferred = runWrites.getStore();
  if (deferred !== undefined) return deferred.file(path, bytes);
  writeCacheBytesNow(path, bytes);
}
