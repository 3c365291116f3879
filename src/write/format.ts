// Prettier, for what asks for it: `generate` with `format: "prettier"` (the consumer's prettier
// config for the output folder applies) and scaffold (fixed options, so its output never depends
// on the machine). The default generate writes the emitters' final text and never loads prettier.
//
// Prettier is most of a generate's time, and a regenerate after a small catalogue change hands it
// mostly the same texts again. So formatted texts are cached on disk, keyed by the hash of
// everything the result depends on (prettier's version, parser, options, unformatted text): a hit
// returns exactly the bytes prettier gave for that key before. The cache is one JSON file,
// node_modules/.cache/catalogen/prettier.json under the working directory (or the folder named by
// CATALOGEN_CACHE_DIR; `off` disables it). Any trouble reading or writing it means "no cache".
import { createHash } from "node:crypto";
import { dirname, join } from "node:path";
import { cacheDirectory, readCacheValue, writeCacheValue } from "../shared/cache-directory.js";
import { loadOptional } from "../shared/optional-package.js";

const PARSERS: Record<string, string> = { ".ts": "typescript", ".md": "markdown", ".json": "json" };

export const FORMAT_OPTIONS = { printWidth: 100, proseWrap: "preserve", endOfLine: "lf" } as const;

export function parserFor(path: string): string | undefined {
  const dot = path.lastIndexOf(".");
  return dot === -1 ? undefined : PARSERS[path.slice(dot)];
}

type Options = Readonly<Record<string, unknown>>;

/** Prettier, an optional peer dependency: `--format prettier` and `scaffold` load it (a MissingPackage when it is not installed). */
export const loadPrettier = () => loadOptional("prettier", "formatting with prettier (--format prettier, scaffold)", () => import("prettier"));

/** Callers format one file at a time (see render in pipeline.ts): prettier's trees are large. */
export async function formatFile(path: string, content: string, options: Options = FORMAT_OPTIONS): Promise<string> {
  const parser = parserFor(path);
  if (!parser) return content.endsWith("\n") ? content : `${content}\n`;
  const prettier = await loadPrettier();
  const cache = formatCache();
  const key = cache && cacheKey(prettier.version, parser, content, options);
  const hit = key === undefined ? undefined : cache?.get(key);
  if (hit !== undefined) return hit;
  let formatted: string;
  try {
    formatted = await prettier.format(content, { ...options, parser });
  } catch (error) {
    // An emitter produced text prettier cannot parse: a catalogen bug, so say where.
    throw new Error(`catalogen produced unparsable ${parser} for ${path}: ${(error as Error).message}`, { cause: error });
  }
  if (key !== undefined) cache?.set(key, formatted);
  return formatted;
}

/**
 * Formats a generated file with the prettier config that applies where it will be written
 * (`target`, an absolute path), prettier's defaults where there is none.
 */
export async function formatWithConsumerConfig(path: string, content: string, target: string): Promise<string> {
  return formatFile(path, content, await consumerOptions(target));
}

const consumerConfigs = new Map<string, Promise<Options>>();

async function consumerOptions(target: string): Promise<Options> {
  const dir = dirname(target);
  let found = consumerConfigs.get(dir);
  if (!found) {
    found = loadPrettier().then(async (prettier) => ({ ...(await prettier.resolveConfig(target, { editorconfig: true })) }));
    consumerConfigs.set(dir, found);
  }
  return found;
}

/** Prettier's version and the config it finds for `target`: what a prettier-formatted output depends on. */
export async function prettierFingerprint(target: string): Promise<string> {
  const prettier = await loadPrettier();
  return JSON.stringify({ version: prettier.version, options: await consumerOptions(target) });
}

export function cacheKey(prettierVersion: string, parser: string, content: string, options: Options = FORMAT_OPTIONS): string {
  return createHash("sha256")
    .update(JSON.stringify({ prettierVersion, parser, options }))
    .update("\0")
    .update(content)
    .digest("hex");
}

const CACHE_FILE = "prettier.json";
/** Beyond the entries this run used, older ones are kept up to this many characters in all. */
const OLD_ENTRIES_BUDGET = 64 * 1024 * 1024;

/**
 * Formatted texts by key, read once from disk and written back once, when the process exits, if
 * anything was added. The file keeps this run's entries first, then older ones within a budget,
 * so it cannot grow without bound.
 */
export class FormatCache {
  private readonly old = new Map<string, string>();
  private readonly used = new Map<string, string>();
  private added = false;

  constructor(readonly dir: string) {
    try {
      const data = readCacheValue(join(dir, CACHE_FILE)) as { entries?: unknown };
      if (data.entries && typeof data.entries === "object") {
        for (const [key, value] of Object.entries(data.entries)) if (typeof value === "string") this.old.set(key, value);
      }
    } catch {
      // missing or unreadable: start empty
    }
  }

  get(key: string): string | undefined {
    const value = this.used.get(key) ?? this.old.get(key);
    if (value !== undefined) this.used.set(key, value);
    return value;
  }

  set(key: string, value: string): void {
    this.used.set(key, value);
    this.added = true;
  }

  /** Writes the file if this run added entries. Never throws: a cache that cannot be saved is no cache. */
  save(): void {
    if (!this.added) return;
    const entries: Record<string, string> = Object.fromEntries(this.used);
    let budget = OLD_ENTRIES_BUDGET;
    for (const [key, value] of this.old) {
      if (this.used.has(key)) continue;
      budget -= value.length;
      if (budget < 0) break;
      entries[key] = value;
    }
    try {
      writeCacheValue(join(this.dir, CACHE_FILE), { entries });
      this.added = false;
    } catch {
      // unwritable: carry on without a cache
    }
  }
}

// A process memo, not run state: each cache folder's file is read once and written at the exit.
const formatCaches = new Map<string, FormatCache>();

function formatCache(): FormatCache | undefined {
  const dir = cacheDirectory();
  if (dir === undefined) return undefined;
  let cache = formatCaches.get(dir);
  if (cache === undefined) {
    const made = (cache = new FormatCache(dir));
    formatCaches.set(dir, made);
    process.once("exit", () => made.save());
  }
  return cache;
}

/** Writes this process's caches now (the CLI also does so at exit). */
export function saveFormatCache(): void {
  for (const cache of formatCaches.values()) cache.save();
}
