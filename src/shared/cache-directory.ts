// Where catalogen keeps local state between runs (load records, kept models, openapi.json's layout,
// prettier's results, the stat records), never output, and the one format of every file there: one
// value written by Node's structured serializer (v8.serialize: plain objects, arrays, strings,
// numbers, Buffers) behind a first line that names the format and the SHA-256 of the serialized
// bytes:
//
//   catalogen-cache-2 <64 hex digits>\n<v8.serialize(value)>
//
// A file that is not whole and unchanged (cut short, garbled, written by an older format) reads
// as absent, so its reader makes the value again; what the value was made from (a text's hash,
// catalogen's own code) is the reader's to check inside the value. A file is written whole or not
// at all: a temporary file beside it, renamed over it. Node's own modules only: the staging worker
// (src/write/stage-worker.ts) writes these files too.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { deserialize, serialize } from "node:v8";

const FORMAT = "catalogen-cache-2";
/** The first line's length: the format, a space, 64 hex digits, a newline. */
const HEAD = FORMAT.length + 1 + 64 + 1;

/** `value` as a cache file's bytes. */
export function cacheBytes(value: unknown): Buffer {
  const body = serialize(value);
  return Buffer.concat([Buffer.from(`${FORMAT} ${createHash("sha256").update(body).digest("hex")}\n`, "latin1"), body]);
}

/** The value of a cache file's bytes; undefined when they are not a whole, unchanged cache file. */
export function cacheValue(bytes: Buffer): unknown {
  if (bytes.length < HEAD || bytes.toString("latin1", 0, FORMAT.length + 1) !== `${FORMAT} ` || bytes[HEAD - 1] !== 10) return undefined;
  const body = bytes.subarray(HEAD);
  if (createHash("sha256").update(body).digest("hex") !== bytes.toString("latin1", FORMAT.length + 1, HEAD - 1)) return undefined;
  try {
    return deserialize(body) as unknown;
  } catch {
    return undefined;
  }
}

/** The value of the cache file at `path`; undefined when there is none or it is not whole and unchanged. */
export function readCacheValue(path: string): unknown {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return undefined;
  }
  return cacheValue(bytes);
}

/** Writes `bytes` (cacheBytes) to `path` whole or not at all, making its folder first. Throws as the file system does. */
export function writeCacheBytesNow(path: string, bytes: Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, path);
}

/** Where the cache lives for this process; undefined: no cache. */
export function cacheDirectory(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string | undefined {
  const configured = env.CATALOGEN_CACHE_DIR;
  if (configured === "off") return undefined;
  if (configured) return configured;
  // Only where a node_modules folder already is: never create one in a folder that has none.
  return existsSync(join(cwd, "node_modules")) ? join(cwd, "node_modules", ".cache", "catalogen") : undefined;
}

/**
 * Writes `value` as the cache file `path`, whole or not at all, making its folder first. Throws as
 * the file system does; callers treat the cache as best effort.
 */
export function writeCacheValue(path: string, value: unknown): void {
  writeCacheBytesNow(path, cacheBytes(value));
}
