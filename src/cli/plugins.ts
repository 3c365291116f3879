// The config's `plugins`: local files (relative to the config, inside its folder) or packages
// (resolved from the config's folder), each exporting targets made by defineTarget. Each target
// remembers its file, whose bytes are part of the input hash: an edited plugin regenerates.
import { existsSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { definitionProblem, setPluginFile, type AnyTarget } from "../emit/define.js";
import { importTypeScript } from "./typescript-config.js";
import { ConfinedFileError, confinedRegularFile, describeRefusal, readConfinedFile, readRegularFile, realFolder } from "../shared/confined-files.js";

/** A plugin that cannot be found, read or used; the message names its key (`"plugins[0]"`) first. */
export class PluginError extends Error {
  override name = "PluginError";
}

/** Loads every plugin of `specifiers`; `at(i)` names its key in messages. */
export async function loadPlugins(specifiers: readonly string[], base: string, at: (index: number) => string): Promise<AnyTarget[]> {
  const targets: AnyTarget[] = [];
  const seen = new Map<string, number>();
  for (const [index, specifier] of specifiers.entries()) {
    const file = isLocal(specifier) ? localFile(specifier, base, at(index)) : packageEntry(specifier, base, at(index));
    const before = seen.get(file);
    if (before !== undefined) throw new PluginError(`${at(index)}: ${specifier} is plugins[${before}] again; name each plugin once`);
    seen.set(file, index);
    let exported: Record<string, unknown>;
    try {
      exported = /\.[mc]?ts$/.test(file) ? await importTypeScript(file, readRegularFile(file, MAX_PLUGIN_BYTES).toString("utf8")) : await importFresh(file);
    } catch (error) {
      throw new PluginError(`${at(index)}: cannot load ${specifier}: ${(error as Error)?.message ?? String(error)}`);
    }
    for (const target of definitionsIn(exported, specifier, at(index))) {
      setPluginFile(target, file);
      targets.push(target);
    }
  }
  return targets;
}

function isLocal(specifier: string): boolean {
  return specifier.startsWith("./") || specifier.startsWith("../") || isAbsolute(specifier) || specifier === "." || specifier === "..";
}

/** A local plugin's file: a regular file inside the config's folder, links followed (src/shared/confined-files.ts). */
function localFile(specifier: string, base: string, at: string): string {
  const path = resolve(base, specifier);
  try {
    return confinedRegularFile(path, [realFolder(base)]);
  } catch (error) {
    if (!(error instanceof ConfinedFileError)) throw error;
    const { refusal } = error;
    if (refusal.kind === "outside") throw new PluginError(`${at}: ${specifier} is outside the config's folder ${base}${refusal.throughLink ? " (through a symbolic link)" : ""}; a local plugin lives beside the config (or install it as a package)`);
    if (refusal.kind === "unreadable" && refusal.code === "ENOENT") throw new PluginError(`${at}: no plugin file ${specifier} (looked for ${path})`);
    throw new PluginError(`${at}: ${specifier}: ${describeRefusal(refusal)}`);
  }
}

/**
 * A package's entry file, found as Node finds an ES module's: `node_modules/<name>` in the
 * config's folder or above, then its `exports` (import or default condition), `module` or `main`.
 * The subpath holds no `.` or `..` segment, and the entry lies inside the package, links followed.
 */
function packageEntry(specifier: string, base: string, at: string): string {
  const parts = specifier.split("/");
  const nameLength = specifier.startsWith("@") ? 2 : 1;
  if (parts.some((part) => part === "" || part === "." || part === "..")) {
    throw new PluginError(`${at}: ${specifier} is no package name: a package and its subpath take no empty, "." or ".." parts; name a file inside the package, or a local file as "./path"`);
  }
  const name = parts.slice(0, nameLength).join("/");
  const subpath = parts.length > nameLength ? `./${parts.slice(nameLength).join("/")}` : ".";
  for (let dir = base; ; dir = dirname(dir)) {
    const folder = join(dir, "node_modules", name);
    if (existsSync(join(folder, "package.json"))) return entryOf(folder, name, subpath, at);
    if (dirname(dir) === dir) throw new PluginError(`${at}: cannot find the package ${name} from ${base}; install it (npm i -D ${name}) or give a local file as "./${specifier}"`);
  }
}

/** The entry of the package in `folder` for `subpath`: a regular file inside the package's real folder. */
function entryOf(folder: string, name: string, subpath: string, at: string): string {
  try {
    const inside = [realFolder(folder)];
    let manifest: { exports?: unknown; module?: string; main?: string };
    try {
      manifest = JSON.parse(readConfinedFile(join(folder, "package.json"), inside, MAX_MANIFEST_BYTES).bytes.toString("utf8")) as typeof manifest;
    } catch (error) {
      if (error instanceof SyntaxError) throw new PluginError(`${at}: package ${name} has a package.json that is not JSON; reinstall it`);
      throw error;
    }
    const entry = manifest.exports !== undefined ? exportTarget(manifest.exports, subpath) : subpath === "." ? (manifest.module ?? manifest.main ?? "index.js") : subpath;
    if (typeof entry !== "string") throw new PluginError(`${at}: package ${name} does not export ${subpath === "." ? "an entry" : subpath} for import`);
    try {
      return confinedRegularFile(resolve(folder, entry), inside);
    } catch (error) {
      if (!(error instanceof ConfinedFileError)) throw error;
      const { refusal } = error;
      if (refusal.kind === "outside") throw new PluginError(`${at}: package ${name} names ${entry}, which lies outside the package${refusal.throughLink ? " through a symbolic link" : ""}; catalogen loads only files inside it`);
      if (refusal.kind === "unreadable" && refusal.code === "ENOENT") throw new PluginError(`${at}: package ${name} names ${entry}, which is not there`);
      throw new PluginError(`${at}: package ${name} names ${entry}: ${describeRefusal(refusal)}`);
    }
  } catch (error) {
    if (!(error instanceof ConfinedFileError)) throw error;
    throw new PluginError(`${at}: package ${name}: its package.json: ${describeRefusal(error.refusal, "the package")}`);
  }
}

/** Largest package.json read. */
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;
/** Largest plugin file read (to hash it, or to strip a TypeScript plugin's types). */
const MAX_PLUGIN_BYTES = 64 * 1024 * 1024;

function exportTarget(exports: unknown, subpath: string): string | undefined {
  if (typeof exports === "string") return subpath === "." ? exports : undefined;
  if (typeof exports !== "object" || exports === null) return undefined;
  const record = exports as Record<string, unknown>;
  const keyed = Object.keys(record).some((key) => key.startsWith("."));
  return condition(keyed ? record[subpath] : subpath === "." ? record : undefined);
}

function condition(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  for (const key of ["import", "node", "default"]) {
    const found = condition(record[key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The query makes an edited file load afresh (generate --watch) instead of from the module cache. */
async function importFresh(file: string): Promise<Record<string, unknown>> {
  const { sha256 } = await import("../write/manifest.js");
  return (await import(`${pathToFileURL(file).href}?hash=${sha256(readRegularFile(file, MAX_PLUGIN_BYTES)).slice(0, 16)}`)) as Record<string, unknown>;
}

/** The module's default export (a target or a list of them), else its named exports that are targets. */
function definitionsIn(exported: Record<string, unknown>, specifier: string, at: string): AnyTarget[] {
  const given = exported.default;
  if (given !== undefined) {
    const list = Array.isArray(given) ? given : [given];
    for (const item of list) {
      const problem = definitionProblem(item);
      if (problem) throw new PluginError(`${at}: the default export of ${specifier} is not a target: ${problem}`);
    }
    return list as AnyTarget[];
  }
  const named = Object.values(exported).filter((value) => definitionProblem(value) === undefined) as AnyTarget[];
  if (named.length === 0) throw new PluginError(`${at}: ${specifier} exports no target; export default defineTarget({ name, plan }) from "catalogen/plugin"`);
  return named;
}
