// Defaults for the CLI, from a config file as this ecosystem's generators do it:
// catalogen.config.{js,mjs,ts,mts,json} next to where it runs, or a "catalogen" key in package.json.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ConfigSyntaxError, importTypeScript } from "./typescript-config.js";
import { IMPORT_EXTENSIONS, type ImportExtension } from "../emit/shared/ts-print.js";
import { MODULE_FORMATS, type ModuleFormat } from "../emit/shared/module-format.js";
import { DEFAULT_TARGETS, type Target } from "../emit/types.js";
import { TargetError, type AnyTarget, type TargetEntry } from "../emit/define.js";
import { chooseTargets } from "../emit/targets.js";
import { closest } from "../shared/suggest.js";

export interface CatalogenConfig {
  /** Catalogue folder. Default: catalogue */
  catalogue?: string;
  /** Output folder. Default: generated */
  out?: string;
  /**
   * Targets to generate, each a name or `{ name, ...options }` (e.g. `["client", { name: "openapi", version: "3.2" }]`).
   * Default: client, server, docs, openapi.
   */
  targets?: TargetEntry<Target>[];
  /** Where `catalogen scaffold` writes handler files. */
  scaffold?: { out?: string };
  /** `catalogen mock`: `tokens` is a token table file, one `token=sellerId:kind` a line. */
  mock?: { tokens?: string };
  /** `"prettier"`: format generated files with the prettier config of the output folder. Default: catalogen's own layout. */
  format?: "prettier";
  /** Extension of relative imports in the generated client and server: "ts" runs as it is on Deno and Node's type stripping. Default: "js" */
  importExtension?: ImportExtension;
  /** "commonjs": the client's and server's package.json say "type": "commonjs", for a CommonJS consumer compiling with outDir. Default: "esm" */
  moduleFormat?: ModuleFormat;
  /** "3.2": openapi.json as OpenAPI 3.2 (streamed media types with `itemSchema`). Default "3.1". */
  openapiVersion?: "3.1" | "3.2";
  /**
   * `catalogen import`: `allowRefDirs` are folders besides the document's own that its `$ref`s may
   * reach; `limitTableWords` are words added to the rate-limit table dictionary (docs/rate-limits-import.md).
   */
  import?: { allowRefDirs?: string[]; limitTableWords?: LimitTableWords };
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
  targets: TargetEntry<Target>[];
  /** Targets the config's `plugins` define, loaded. */
  plugins: AnyTarget[];
  scaffoldOut?: string;
  mockTokens?: string;
  format?: "prettier";
  importExtension?: ImportExtension;
  moduleFormat?: ModuleFormat;
  openapiVersion?: "3.1" | "3.2";
  /** `catalogen import`: folders besides the document's own that `$ref`s may reach (absolute). */
  importAllowRefDirs?: string[];
  /** `import.limitTableWords` of the config (checked by the importer). */
  limitTableWords?: unknown;
  /** The file the settings came from, if any. */
  source?: string;
  /** Said on stderr before the command runs (e.g. two configs, and which one wins). */
  warnings?: string[];
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

export const CONFIG_FILES = ["catalogen.config.js", "catalogen.config.mjs", "catalogen.config.ts", "catalogen.config.mts", "catalogen.config.json"];

export async function loadConfig(cwd: string, explicit?: string): Promise<ResolvedConfig> {
  const found: FoundConfig | undefined = explicit ? await readConfigFile(resolve(cwd, explicit), true) : await findConfig(cwd);
  const base = found ? dirname(found.path) : cwd;
  const config = found?.config ?? {};
  const prefix = found?.path.endsWith("package.json") ? "catalogen." : "";
  if (found) checkConfig(found.path, prefix, config);
  const targets = config.targets ?? [...DEFAULT_TARGETS];
  const plugins: AnyTarget[] = [];
  try {
    chooseTargets(targets, plugins, (key) => `${found?.path}: "${prefix}${key}"`);
  } catch (error) {
    if (error instanceof TargetError) throw new ConfigError(error.message);
    throw error;
  }
  return {
    catalogue: resolve(base, config.catalogue ?? "catalogue"),
    out: resolve(base, config.out ?? "generated"),
    targets,
    plugins,
    ...(config.scaffold?.out !== undefined && { scaffoldOut: resolve(base, config.scaffold.out) }),
    ...(config.mock?.tokens !== undefined && { mockTokens: resolve(base, config.mock.tokens) }),
    ...(config.format !== undefined && { format: config.format }),
    ...(config.importExtension !== undefined && { importExtension: config.importExtension }),
    ...(config.moduleFormat !== undefined && { moduleFormat: config.moduleFormat }),
    ...(config.openapiVersion !== undefined && { openapiVersion: config.openapiVersion }),
    ...(config.import?.allowRefDirs !== undefined && { importAllowRefDirs: config.import.allowRefDirs.map((dir) => resolve(base, dir)) }),
    ...(config.import?.limitTableWords !== undefined && { limitTableWords: config.import.limitTableWords }),
    ...(found && { source: found.path }),
    ...(found?.shadows && { warnings: [`${found.path} and the "catalogen" key of ${found.shadows} both configure catalogen; ${found.path} wins (remove one of them)`] }),
  };
}

/** `words`: the rate-limit table dictionary's additions, checked by the importer (src/import/table-words.ts). */
type Setting = "folder" | "file" | "paths" | "targets" | "words" | readonly string[] | { [key: string]: Setting };

/** Every key a config may hold, and what its value must be: a path, the target list, one of some words, or an object of settings. */
const SETTINGS: { [key: string]: Setting } = {
  catalogue: "folder",
  out: "folder",
  targets: "targets",
  format: ["prettier"],
  importExtension: IMPORT_EXTENSIONS,
  moduleFormat: MODULE_FORMATS,
  openapiVersion: ["3.1", "3.2"],
  scaffold: { out: "folder" },
  mock: { tokens: "file" },
  import: { allowRefDirs: "paths", limitTableWords: "words" },
};

/**
 * Refuses an unknown key (with the nearest known one) and a value of the wrong type, naming the
 * key's path (`scaffold.out`; `catalogen.scaffold.out` in package.json), instead of ignoring the
 * first and failing later on the second.
 */
function checkConfig(path: string, prefix: string, config: unknown, settings: { [key: string]: Setting } = SETTINGS): void {
  const at = (key: string) => `${path}: "${prefix}${key}"`;
  if (typeof config !== "object" || config === null || Array.isArray(config)) {
    throw new ConfigError(`${path}: ${prefix ? `"${prefix.slice(0, -1)}"` : "the config"} must be an object`);
  }
  for (const [key, value] of Object.entries(config)) {
    const setting = Object.hasOwn(settings, key) ? settings[key] : undefined;
    if (setting === undefined) {
      const near = closest(key, Object.keys(settings));
      throw new ConfigError(`${at(key)} is not a catalogen setting${near ? `; did you mean "${prefix}${near}"?` : `; the settings are ${Object.keys(settings).join(", ")}`}`);
    }
    if (value === undefined) continue;
    const wrong = (want: string) => new ConfigError(`${at(key)} must be ${want}, not ${JSON.stringify(value) ?? String(value)}`);
    if (setting === "folder" || setting === "file") {
      if (typeof value !== "string") throw wrong(`a ${setting} path (a string)`);
    } else if (setting === "paths") {
      if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) throw wrong("a list of paths (strings)");
    } else if (setting === "words") {
      // The importer names what is wrong in it, entry by entry.
    } else if (setting === "targets") {
      // Each entry's name and options are checked against the targets (with the plugins) in loadConfig.
      if (!Array.isArray(value)) throw wrong("a list of targets, each a name or { name, ...options }");
    } else if (Array.isArray(setting)) {
      if (!setting.includes(value as string)) throw wrong(setting.map((word) => JSON.stringify(word)).join(" or "));
    } else {
      checkConfig(path, `${prefix}${key}.`, value, setting as { [key: string]: Setting });
    }
  }
}

interface FoundConfig {
  path: string;
  config: CatalogenConfig;
  /** A package.json whose "catalogen" key this config file wins over. */
  shadows?: string;
}

async function findConfig(cwd: string): Promise<FoundConfig | undefined> {
  let pkgConfig: CatalogenConfig | undefined;
  try {
    pkgConfig = (JSON.parse(await readFile(join(cwd, "package.json"), "utf8")) as { catalogen?: CatalogenConfig }).catalogen;
  } catch {
    // no package.json (or not JSON: npm reports that): defaults
  }
  for (const name of CONFIG_FILES) {
    const found = await readConfigFile(join(cwd, name), false);
    if (found) return pkgConfig === undefined ? found : { ...found, shadows: join(cwd, "package.json") };
  }
  return pkgConfig === undefined ? undefined : { path: join(cwd, "package.json"), config: pkgConfig };
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
