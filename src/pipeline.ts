// catalogue -> model -> emitters -> files with their header -> writer. The one entry point for
// generating. Emitters write final text; prettier runs only when the options ask for it.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { listCatalogueFiles } from "./load/files.js";
import type { ApiModel } from "./model/types.js";
import { EMITTERS } from "./emit/registry.js";
import { withImportExtension, type ImportExtension } from "./emit/shared/ts-print.js";
import { TARGETS, type GeneratedFile, type Target } from "./emit/types.js";
import { formatWithConsumerConfig, prettierFingerprint } from "./write/format.js";
import { withHeader } from "./write/header.js";
import { sha256 } from "./write/manifest.js";
import { isSafeOutputPath } from "./write/paths.js";
import { checkOutput, Output, type CheckReport, type OutputFile, type WriteReport } from "./write/writer.js";

/**
 * Reads, checks and models the catalogue in `dir` (see validate/index.ts). Loaded on first use:
 * a no-op generate never pays for the YAML parser and the checks.
 */
export async function loadModel(dir: string): Promise<ApiModel> {
  return (await import("./validate/index.js")).loadModel(dir);
}

export interface GenerateOptions {
  /** Folder holding api.yaml and the module files. */
  catalogue: string;
  /** Output folder (e.g. generated/). */
  out: string;
  /** Default: all of them. */
  targets?: readonly Target[];
  /**
   * `"prettier"`: run prettier over the generated .ts, .md and .json files with the prettier
   * config that applies to the output folder. Default: the emitters' own final text.
   */
  format?: "prettier";
  /**
   * The extension of relative imports in the generated client and server. `"ts"`: the output runs
   * as it is on Deno and Node's type stripping (consumers compile it with
   * `allowImportingTsExtensions`). Default `"js"`.
   */
  importExtension?: ImportExtension;
}

export type GenerateResult = { upToDate: true } | ({ upToDate: false } & WriteReport);

const codeRoot = dirname(fileURLToPath(import.meta.url)); // src/ or dist/
const packageRoot = dirname(codeRoot);

/** Generates into `out`. Skips all work when nothing the output depends on has changed. */
export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const targets = uniqueTargets(options.targets);
  // An unreadable catalogue: the loader's diagnostic, before the output folder is touched.
  const inputHash = (await hashInputs(options, targets)) ?? (await loadModel(options.catalogue), "unhashed");
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

/** Every target's files, with header (and prettier when asked), by output path. */
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
  const files = new Map<string, OutputFile>();
  for (const file of generated) {
    const code = file.path.endsWith(".ts") ? withImportExtension(file.content, options.importExtension ?? "js") : file.content;
    const content = withHeader(file.path, code, source);
    // One file at a time: prettier's syntax trees are large, and formatting every file at once
    // keeps them all alive together (at 10,000 operations that exhausts the heap).
    const final = options.format === "prettier" ? await formatWithConsumerConfig(file.path, content, join(options.out, file.path)) : content;
    files.set(file.path, { content: final, target: file.target });
  }
  return files;
}

/** The catalogue as the header names it: relative to the output folder's parent, posix. */
function catalogueLabel(options: GenerateOptions): string {
  const rel = relative(dirname(options.out), options.catalogue).split(sep).join("/");
  return `${rel || "."}/*.yaml`;
}

/** The catalogue's files; undefined when the folder or a link cannot be read (the loader then says why). */
function catalogueFileNames(dir: string): string[] | undefined {
  try {
    return listCatalogueFiles(dir);
  } catch {
    return undefined;
  }
}

function filesUnder(dir: string): string[] {
  try {
    const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && !/\.test(-d)?\.ts$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name))
      .sort();
  } catch {
    return [];
  }
}

/**
 * Hash of the catalogue, the generator's own code and templates and the options; with
 * `format: "prettier"`, also prettier's version and the config it finds for the output folder.
 */
async function hashInputs(options: GenerateOptions, targets: readonly Target[]): Promise<string | undefined> {
  const catalogueNames = catalogueFileNames(options.catalogue);
  if (catalogueNames === undefined) return undefined;
  const parts: string[] = [JSON.stringify({ targets, label: catalogueLabel(options), format: options.format ?? "final", importExtension: options.importExtension ?? "js" })];
  if (options.format === "prettier") parts.push(await prettierFingerprint(join(options.out, "index.ts")));
  const ownFiles = [...filesUnder(codeRoot), ...filesUnder(join(packageRoot, "templates"))];
  const catalogueFiles = catalogueNames.map((name) => join(options.catalogue, name));
  for (const path of [...ownFiles, ...catalogueFiles]) {
    // Small files, read synchronously: a promise per file costs more than the read.
    parts.push(relative(packageRoot, path), sha256(readFileSync(path)));
  }
  return sha256(parts.join("\n"));
}
