// Defaults for the CLI, from a config file as this ecosystem's generators do it:
// catalogen.config.{js,mjs,ts,mts,json} next to where it runs, or a "catalogen" key in package.json.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ConfigSyntaxError, importTypeScript } from "./typescript-config.js";
import { IMPORT_EXTENSIONS, type ImportExtension } from "../emit/shared/ts-print.js";
import { TARGETS, type Target } from "../emit/types.js";

export interface CatalogenConfig {
  /** Catalogue folder. Default: catalogue */
  catalogue?: string;
  /** Output folder. Default: generated */
  out?: string;
  /** Targets to generate. Default: all (client, server, docs, openapi). */
  targets?: Target[];
  /** Where `catalogen scaffold` writes handler files. */
  scaffold?: { out?: string };
  /** `catalogen mock`: `tokens` is a token table file, one `token=sellerId:kind` a line. */
  mock?: { tokens?: string };
  /** `"prettier"`: format generated files with the prettier config of the output folder. Default: catalogen's own layout. */
  format?: "prettier";
  /** Extension of relative imports in the generated client and server: "ts" runs as it is on Deno and Node's type stripping. Default: "js" */
  importExtension?: ImportExtension;
  /** `catalogen import`: words added to the rate-limit table dictionary (docs/rate-limits-import.md). */
  import?: { limitTableWords?: LimitTableWords };
}

/** Words added to each entry of the rate-limit table dictionary. */
export interface LimitTableWords {
  columns?: Partial<Record<"type" | "period" | "limit" | "interval" | "burst", string[]>>;
  kinds?: Record<string, string[]>;
  units?: Partial<Record<"millisecond" | "second" | "minute" | "hour" | "day", string[]>>;
  requests?: string[];
  unknown?: string[];
  groupPhrases?: string[];
  errorCostPhrases?: string[];
}

/** Identity: gives a config file type checking and completion (`export default defineConfig({...})`). */
export function defineConfig(config: CatalogenConfig): CatalogenConfig {
  return config;
}

export interface ResolvedConfig {
  catalogue: string;
  out: string;
  targets: Target[];
  scaffoldOut?: string;
  mockTokens?: string;
  format?: "prettier";
  importExtension?: ImportExtension;
  /** `import.limitTableWords` of the config (checked by the importer). */
  limitTableWords?: unknown;
  /** The file the settings came from, if any. */
  source?: string;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

export const CONFIG_FILES = ["catalogen.config.js", "catalogen.config.mjs", "catalogen.config.ts", "catalogen.config.mts", "catalogen.config.json"];

export async function loadConfig(cwd: string, explicit?: string): Promise<ResolvedConfig> {
  const found = explicit ? await readConfigFile(resolve(cwd, explicit), true) : await findConfig(cwd);
  const base = found ? dirname(found.path) : cwd;
  const config = found?.config ?? {};
  if (found) checkTypes(found.path, config);
  const targets = config.targets ?? [...TARGETS];
  for (const target of targets) {
    if (!TARGETS.includes(target)) throw new ConfigError(`${found?.path}: unknown target "${target}"; use ${TARGETS.join(", ")}`);
  }
  if (config.format !== undefined && config.format !== "prettier") {
    throw new ConfigError(`${found?.path}: unknown format ${JSON.stringify(config.format)}; use "prettier" or leave it out`);
  }
  if (config.importExtension !== undefined && !IMPORT_EXTENSIONS.includes(config.importExtension)) {
    throw new ConfigError(`${found?.path}: unknown importExtension ${JSON.stringify(config.importExtension)}; use "js" or "ts"`);
  }
  return {
    catalogue: resolve(base, config.catalogue ?? "catalogue"),
    out: resolve(base, config.out ?? "generated"),
    targets,
    ...(config.scaffold?.out !== undefined && { scaffoldOut: resolve(base, config.scaffold.out) }),
    ...(config.mock?.tokens !== undefined && { mockTokens: resolve(base, config.mock.tokens) }),
    ...(config.format !== undefined && { format: config.format }),
    ...(config.importExtension !== undefined && { importExtension: config.importExtension }),
    ...(config.import?.limitTableWords !== undefined && { limitTableWords: config.import.limitTableWords }),
    ...(found && { source: found.path }),
  };
}

/** A value of the wrong type is named here, not left to fail later as a stack trace. */
function checkTypes(path: string, config: unknown): void {
  const wrong = (key: string, want: string, value: unknown): ConfigError =>
    new ConfigError(`${path}: "${key}" must be ${want}, not ${JSON.stringify(value) ?? String(value)}`);
  if (typeof config !== "object" || config === null || Array.isArray(config)) throw new ConfigError(`${path}: the config must be an object`);
  const { catalogue, out, targets, scaffold } = config as Record<string, unknown>;
  if (catalogue !== undefined && typeof catalogue !== "string") throw wrong("catalogue", "a folder path (a string)", catalogue);
  if (out !== undefined && typeof out !== "string") throw wrong("out", "a folder path (a string)", out);
  if (targets !== undefined && !(Array.isArray(targets) && targets.every((target) => typeof target === "string"))) {
    throw wrong("targets", "a list of target names", targets);
  }
  if (scaffold === undefined) return;
  if (typeof scaffold !== "object" || scaffold === null || Array.isArray(scaffold)) throw wrong("scaffold", "an object", scaffold);
  const scaffoldOut = (scaffold as Record<string, unknown>).out;
  if (scaffoldOut !== undefined && typeof scaffoldOut !== "string") throw wrong("scaffold.out", "a folder path (a string)", scaffoldOut);
}

async function findConfig(cwd: string): Promise<{ path: string; config: CatalogenConfig } | undefined> {
  for (const name of CONFIG_FILES) {
    const found = await readConfigFile(join(cwd, name), false);
    if (found) return found;
  }
  try {
    const pkg = JSON.parse(await readFile(join(cwd, "package.json"), "utf8")) as { catalogen?: CatalogenConfig };
    if (pkg.catalogen) return { path: join(cwd, "package.json"), config: pkg.catalogen };
  } catch {
    // no package.json: defaults
  }
  return undefined;
}

async function readConfigFile(path: string, required: boolean): Promise<{ path: string; config: CatalogenConfig } | undefined> {
  try {
    const text = await readFile(path, "utf8");
    if (path.endsWith(".json")) return { path, config: JSON.parse(text) as CatalogenConfig };
    const loaded = /\.m?ts$/.test(path) ? await importTypeScript(path, text) : await importJavaScript(path, text);
    return { path, config: (loaded.default ?? {}) as CatalogenConfig };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" && !required) return undefined;
    if (error instanceof ConfigSyntaxError) throw new ConfigError(error.message);
    throw new ConfigError(`cannot read config ${path}: ${(error as Error).message}`);
  }
}

/** The query makes an edited file (generate --watch) load afresh instead of from the module cache. */
async function importJavaScript(path: string, text: string): Promise<{ default?: unknown }> {
  const hash = createHash("sha256").update(text).digest("hex").slice(0, 16);
  return (await import(`${pathToFileURL(path).href}?hash=${hash}`)) as { default?: unknown };
}
