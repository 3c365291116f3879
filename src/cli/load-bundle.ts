// Runs the CLI's bundle (dist/bundle/cli.cjs, scripts/build-bundle.mjs): one file, so a run does
// not resolve, read and compile the ~430 modules of dist/ one by one. The bundle's
// `catalogen/plugin` modules are imported from dist/ first (listed on its first line), so a
// plugin and the bundle share them.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";
import vm from "node:vm";
import { setRunFlags } from "./run-flags.js";

/** What the bundle exports (its entry is src/cli/bundle-entry.ts). */
export interface CliBundle {
  start(argv: string[]): Promise<number>;
}

/** Runs the command line `argv` from the bundle `file`, its V8 flags set before it is compiled. */
export async function runCli(file: string, argv: string[]): Promise<number> {
  setRunFlags(argv);
  return (await loadCliBundle(file)).start(argv);
}

/** Loads the bundle `file`. */
export async function loadCliBundle(file: string): Promise<CliBundle> {
  const source = readFileSync(file, "utf8");
  const shared = new Map<string, unknown>();
  const listed = /^\/\/ catalogen-shared (\[.*\])\n/.exec(source.slice(0, source.indexOf("\n") + 1));
  for (const specifier of listed ? (JSON.parse(listed[1]!) as string[]) : []) shared.set(specifier, await import(new URL(specifier, pathToFileURL(file)).href));
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname, __catalogenBundleUrl, __catalogenImport) {${source}\n})`, { filename: file });
  const required = createRequire(file);
  const require = Object.assign((id: string) => (shared.has(id) ? shared.get(id) : required(id)), required);
  const module = { exports: {} as CliBundle };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, require, module, file, dirname(file), pathToFileURL(file).href, importForBundle);
  return module.exports;
}

/**
 * The bundle's import() of what it does not hold: a package left out of it (ts-morph, prettier, the
 * MCP SDK), a plugin, a TypeScript config, the generated server (scripts/build-bundle.mjs). A bare
 * name resolves from dist/, as from the bundle.
 */
function importForBundle(specifier: string): Promise<unknown> {
  return import(specifier);
}
