// Where catalogen keeps local state between runs (load records, kept models, openapi pieces,
// prettier's results, the writer's stat records): never output, and shared by several stages.
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Where the cache lives for this process; undefined: no cache. */
export function cacheDirectory(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string | undefined {
  const configured = env.CATALOGEN_CACHE_DIR;
  if (configured === "off") return undefined;
  if (configured) return configured;
  // Only where a node_modules folder already is: never create one in a folder that has none.
  return existsSync(join(cwd, "node_modules")) ? join(cwd, "node_modules", ".cache", "catalogen") : undefined;
}

let deferred: ((path: string, text: string) => void) | undefined;

/**
 * While a run has set one (src/write/stage-thread.ts, CacheWrites), cache files are handed to it to
 * write on another thread, in order, errors ignored; `undefined` writes them here again.
 */
export function deferCacheWrites(write: ((path: string, text: string) => void) | undefined): void {
  deferred = write;
}

/**
 * Writes a cache file whole or not at all (a temporary file beside it, renamed over it), making its
 * folder first. Throws as the file system does; callers treat the cache as best effort. Handed to
 * another thread while a generate defers them (`deferCacheWrites`): done by the end of the run.
 */
export function writeCacheFile(path: string, text: string): void {
  if (deferred !== undefined) return deferred(path, text);
  writeCacheFileNow(path, text);
}

/** `writeCacheFile` on this thread, whatever is deferred. */
export function writeCacheFileNow(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}
