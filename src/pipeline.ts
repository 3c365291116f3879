// catalogue -> model -> emitters -> formatted files -> writer. The one entry point for generating.
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { listCatalogueFiles } from "./load/load.js";
import type { ApiModel } from "./model/types.js";
import { EMITTERS } from "./emit/registry.js";
import { TARGETS, type GeneratedFile, type Target } from "./emit/types.js";
import { loadModel } from "./validate/index.js";
import { formatFile } from "./write/format.js";
import { withHeader } from "./write/header.js";
import { sha256 } from "./write/manifest.js";
import { isSafeOutputPath } from "./write/paths.js";
import { checkOutput, Output, type CheckReport, type OutputFile, type WriteReport } from "./write/writer.js";

export { loadModel };

export interface GenerateOptions {
  /** Folder holding api.yaml and the module files. */
  catalogue: string;
  /** Output folder (e.g. generated/). */
  out: string;
  /** Default: all of them. */
  targets?: readonly Target[];
}

export type GenerateResult = { upToDate: true } | ({ upToDate: false } & WriteReport);

const codeRoot = dirname(fileURLToPath(import.meta.url)); // src/ or dist/
const packageRoot = dirname(codeRoot);

/** Generates into `out`. Skips all work when nothing the output depends on has changed. */
export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const targets = uniqueTargets(options.targets);
  const inputHash = await hashInputs(options, targets);
  const output = await Output.open(options.out); // locked until closed: one run at a time per folder
  try {
    if (await output.isUpToDate(inputHash)) return { upToDate: true };
    const files = await render(await loadModel(options.catalogue), options, targets);
    return { upToDate: false, ...(await output.write(files, { inputHash, targets })) };
  } finally {
    await output.close();
  }
}

/** What `generate` would change, without writing anything. */
export async function check(options: GenerateOptions): Promise<CheckReport> {
  const targets = uniqueTargets(options.targets);
  return checkOutput(options.out, await render(await loadModel(options.catalogue), options, targets), targets);
}

function uniqueTargets(targets: readonly Target[] = TARGETS): Target[] {
  return TARGETS.filter((target) => targets.includes(target));
}

/** Every target's files, with header and formatting, by output path. */
export async function render(model: ApiModel, options: GenerateOptions, targets: readonly Target[]): Promise<Map<string, OutputFile>> {
  const source = catalogueLabel(options);
  const generated: (GeneratedFile & { target: Target })[] = [];
  for (const target of targets) {
    for (const file of await (await EMITTERS[target]())(model)) generated.push({ ...file, target });
  }
  const seen = new Set<string>();
  for (const file of generated) {
    if (!isSafeOutputPath(file.path)) throw new Error(`emitter produced an unsafe path: ${file.path}`);
    if (seen.has(file.path)) throw new Error(`two emitters produced ${file.path}`);
    seen.add(file.path);
  }
  // One file at a time: prettier's syntax trees are large, and formatting every file at once
  // keeps them all alive together (at 10,000 operations that exhausts the heap).
  const files = new Map<string, OutputFile>();
  for (const file of generated) {
    files.set(file.path, { content: await formatFile(file.path, withHeader(file.path, file.content, source)), target: file.target });
  }
  return files;
}

/** The catalogue as the header names it: relative to the output folder's parent, posix. */
function catalogueLabel(options: GenerateOptions): string {
  const rel = relative(dirname(options.out), options.catalogue).split(sep).join("/");
  return `${rel || "."}/*.yaml`;
}

async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && !/\.test(-d)?\.ts$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name))
      .sort();
  } catch {
    return [];
  }
}

/** Hash of the catalogue, the generator's own code and templates, prettier's version and the options. */
async function hashInputs(options: GenerateOptions, targets: readonly Target[]): Promise<string> {
  const parts: string[] = [JSON.stringify({ targets, label: catalogueLabel(options) })];
  const prettierPackage = createRequire(import.meta.url).resolve("prettier/package.json");
  const ownFiles = [...(await filesUnder(codeRoot)), ...(await filesUnder(join(packageRoot, "templates")))];
  const catalogueFiles = (await listCatalogueFiles(options.catalogue)).map((name) => join(options.catalogue, name));
  for (const path of [prettierPackage, ...ownFiles, ...catalogueFiles]) {
    parts.push(relative(packageRoot, path), sha256(await readFile(path)));
  }
  return sha256(parts.join("\n"));
}
