// Runs the CLI's bundle (dist/bundle/cli.cjs, scripts/build-bundle.mjs: one file, so a run does not
// resolve, read and compile the ~430 modules of dist/ one by one) with a V8 code cache: the
// bytecode of the functions a run compiled, kept in the cache folder (src/shared/cache-directory.ts)
// and given to V8 when the next run compiles the bundle, so that run does not parse and compile
// them again (Node 20 has no compile cache of its own): about 45 ms of every change run, 20% of one
// at 184 operations (BENCHMARKS.md).
// A code cache is taken only when it is whole and was made from this bundle's text, by this Node,
// under the same V8 flags: V8 itself checks only the text's length and its own version and flags,
// so the file's name holds the bundle's hash and the flags, and the file is a cache file
// (src/shared/cache-directory.ts: checked by its SHA-256). Anything else (none yet, cut short, another
// bundle, V8 refusing it) compiles the bundle as it is and writes a new one at the end of the run.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import vm from "node:vm";
import { cacheBytes, cacheDirectory, readCacheValue } from "../shared/cache-directory.js";
import { INLINED_BYTECODE_BUDGET, oneShot, setRunFlags } from "./run-flags.js";

/** What the bundle exports (its entry is src/cli/bundle-entry.ts). */
export interface CliBundle {
  start(argv: string[], madeTargets?: () => void): Promise<number>;
}


/** 1: made by a run that made or kept the targets' files (its cache holds the emitters' code); 0: one that did not. */
type Depth = 0 | 1;

export interface LoadedBundle {
  cli: CliBundle;
  /** Whether V8 was given a code cache and took it. */
  readonly cached: boolean;
  /**
   * Writes this run's code cache when the one there is missing, refused, or from a run that went
   * less deep (best effort); `ranTargets`: the run made or kept the targets' files.
   */
  save(ranTargets?: boolean): void;
}

/** Runs the command line `argv` from the bundle `file`, writing the code cache when the run is done. */
export async function runCli(file: string, argv: string[]): Promise<number> {
  const bundle = await loadCliBundle(file, argv);
  let ranTargets = false;
  const code = await bundle.cli.start(argv, () => (ranTargets = true));
  bundle.save(ranTargets);
  return code;
}

/**
 * Loads the bundle `file` for the command line `argv` (whose V8 flags are set first: a code cache
 * is made under them). Its `catalogen/plugin` modules are imported from dist/ first (listed on its
 * first line), so a plugin and the bundle share them.
 */
export async function loadCliBundle(file: string, argv: readonly string[]): Promise<LoadedBundle> {
  setRunFlags(argv);
  const flags = oneShot(argv) ? `--max-inlined-bytecode-size-cumulative=${INLINED_BYTECODE_BUDGET}` : "";
  const bytes = readFileSync(file);
  const source = bytes.toString("utf8");
  const shared = new Map<string, unknown>();
  const listed = /^\/\/ catalogen-shared (\[.*\])\n/.exec(source.slice(0, source.indexOf("\n") + 1));
  for (const specifier of listed ? (JSON.parse(listed[1]!) as string[]) : []) shared.set(specifier, await import(new URL(specifier, pathToFileURL(file)).href));

  const where = cachePath(bytes, flags);
  const kept = where === undefined ? undefined : readCodeCache(where);
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname, __catalogenBundleUrl, __catalogenImport) {${source}\n})`, {
    filename: file,
    ...(kept && { cachedData: kept.data }),
  });
  const refused = kept !== undefined && script.cachedDataRejected === true;

  const required = createRequire(file);
  const require = Object.assign((id: string) => (shared.has(id) ? shared.get(id) : required(id)), required);
  const module = { exports: {} as CliBundle };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, require, module, file, dirname(file), pathToFileURL(file).href, importForBundle);
  const cli = module.exports;
  return {
    cli,
    cached: kept !== undefined && !refused,
    save(ranTargets = false) {
      if (where === undefined) return;
      const depth: Depth = ranTargets ? 1 : 0;
      if (kept !== undefined && !refused && kept.depth >= depth) return;
      // What is there now: another run, or this process's worker, may have written one meanwhile.
      const there = readCodeCache(where);
      if (there !== undefined && there.depth >= depth && !(refused && there.data.equals(kept!.data))) return;
      try {
        writeCodeCache(where, script.createCachedData(), depth);
      } catch {
        // best effort: the next run compiles the bundle again
      }
    },
  };
}

/**
 * The bundle's import() of what it does not hold: a package left out of it (ts-morph, prettier, the
 * MCP SDK), a plugin, a TypeScript config, the generated server (scripts/build-bundle.mjs). A bare
 * name resolves from dist/, as from the bundle.
 */
function importForBundle(specifier: string): Promise<unknown> {
  return import(specifier);
}

/** `<cache>/v8/<bundle hash>-<node and flags hash>.bin`; undefined without a cache folder. */
function cachePath(bundleBytes: Buffer, flags: string): string | undefined {
  const base = cacheDirectory();
  if (base === undefined) return undefined;
  const bundle = createHash("sha256").update(bundleBytes).digest("hex").slice(0, 32);
  // Node's version and the flags catalogen sets: a generate and a `list` keep a cache each. V8 refuses
  // a cache made under other flags (node's own options, say): the run then writes its own.
  const runtime = createHash("sha256").update(JSON.stringify([process.version, process.arch, flags])).digest("hex").slice(0, 16);
  return join(base, "v8", `${bundle}-${runtime}.bin`);
}

/** The code cache at `path` when it is a whole cache file (src/shared/cache-directory.ts) of V8's data and a depth; undefined otherwise. */
export function readCodeCache(path: string): { data: Buffer; depth: Depth } | undefined {
  const kept = readCacheValue(path) as { data?: unknown; depth?: unknown } | undefined;
  return kept !== undefined && Buffer.isBuffer(kept.data) && (kept.depth === 0 || kept.depth === 1) ? { data: kept.data, depth: kept.depth } : undefined;
}

/** Writes `data` as the code cache at `path`, whole or not at all, and removes the code caches of other bundles. */
function writeCodeCache(path: string, data: Buffer, depth: Depth): void {
  const folder = dirname(path);
  mkdirSync(folder, { recursive: true });
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  // Named apart from writeCacheBytesNow's: the main thread and the CLI's worker may both write one.
  writeFileSync(temporary, cacheBytes({ depth, data }));
  renameSync(temporary, path);
  // A bundle's hash leads the name: the caches of earlier builds are of no more use.
  const bundle = path.slice(folder.length + 1).split("-")[0]!;
  for (const name of readdirSync(folder)) if (!name.startsWith(`${bundle}-`) && name.endsWith(".bin")) rmSync(join(folder, name), { force: true });
}
