// Defaults for the CLI, from a config file as this ecosystem's generators do it:
// catalogen.config.{js,mjs,json} next to where it runs, or a "catalogen" key in package.json.
import { readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
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
  /** `"prettier"`: format generated files with the prettier config of the output folder. Default: catalogen's own layout. */
  format?: "prettier";
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
  format?: "prettier";
  /** The file the settings came from, if any. */
  source?: string;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

const FILES = ["catalogen.config.js", "catalogen.config.mjs", "catalogen.config.json"];

export async function loadConfig(cwd: string, explicit?: string): Promise<ResolvedConfig> {
  const found = explicit ? await readConfigFile(resolve(cwd, explicit), true) : await findConfig(cwd);
  const base = found ? dirname(found.path) : cwd;
  const config = found?.config ?? {};
  const targets = config.targets ?? [...TARGETS];
  for (const target of targets) {
    if (!TARGETS.includes(target)) throw new ConfigError(`${found?.path}: unknown target "${target}"; use ${TARGETS.join(", ")}`);
  }
  if (config.format !== undefined && config.format !== "prettier") {
    throw new ConfigError(`${found?.path}: unknown format ${JSON.stringify(config.format)}; use "prettier" or leave it out`);
  }
  return {
    catalogue: resolve(base, config.catalogue ?? "catalogue"),
    out: resolve(base, config.out ?? "generated"),
    targets,
    ...(config.scaffold?.out !== undefined && { scaffoldOut: resolve(base, config.scaffold.out) }),
    ...(config.format !== undefined && { format: config.format }),
    ...(found && { source: found.path }),
  };
}

async function findConfig(cwd: string): Promise<{ path: string; config: CatalogenConfig } | undefined> {
  for (const name of FILES) {
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
    if (path.endsWith(".json")) return { path, config: JSON.parse(await readFile(path, "utf8")) as CatalogenConfig };
    await readFile(path); // exists?
    const loaded = (await import(pathToFileURL(path).href)) as { default?: CatalogenConfig };
    return { path, config: loaded.default ?? {} };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" && !required) return undefined;
    throw new ConfigError(`cannot read config ${path}: ${(error as Error).message}`);
  }
}
