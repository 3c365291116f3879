// catalogue -> model -> emitters -> files with their header -> writer. The one entry point for
// generating. Emitters write final text; prettier runs only when the options ask for it.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { listCatalogueFiles } from "./load/files.js";
import { livingInputs, namesLivingSource } from "./sources/inputs.js";
import type { ApiModel } from "./model/types.js";
import type { PlannedFile } from "./emit/plan.js";
import { PLANNERS } from "./emit/registry.js";
import { toOpenApi32 } from "./emit/openapi/streams-pages.js";
import { withImportExtension, type ImportExtension } from "./emit/shared/ts-print.js";
import { DEFAULT_TARGETS, TARGETS, type Target } from "./emit/types.js";
import { formatWithConsumerConfig, prettierFingerprint } from "./write/format.js";
import { withHeader } from "./write/header.js";
import { sha256 } from "./write/manifest.js";
import { isSafeOutputPath } from "./write/paths.js";
import { ModuleKeys } from "./module-keys.js";
import { Output, OutputCheck, type CheckReport, type OutputFile, type WriteReport } from "./write/writer.js";

/**
 * Reads, checks and models the catalogue in `dir`: its YAML, and the OpenAPI document it may name
 * as a living source (src/sources/). Loaded on first use: a no-op generate never pays for the YAML
 * parser and the checks.
 */
export async function loadModel(dir: string): Promise<ApiModel> {
  return (await import("./sources/index.js")).loadModel(dir);
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
  /**
   * `"3.2"`: openapi.json is OpenAPI 3.2, streamed media types described by `itemSchema` instead of
   * catalogen's `x-item-schema` / `x-sse-events`. Default `"3.1"`.
   */
  openapiVersion?: "3.1" | "3.2";
  /** Called before each planned file is written or kept: how many are done, and the target at work. */
  onProgress?: (done: number, target: Target) => void;
}

export type GenerateResult = { upToDate: true } | ({ upToDate: false } & WriteReport);

const codeRoot = dirname(fileURLToPath(import.meta.url)); // src/ or dist/
const packageRoot = dirname(codeRoot);

/**
 * Generates into `out`. Skips all work when nothing the output depends on has changed; otherwise
 * makes only the files whose inputs changed (a module's files when its part of the catalogue, a
 * named type it reaches or the API-level parts changed; the files joining the modules always)
 * and hands each to the writer as it is made.
 */
export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const targets = uniqueTargets(options.targets);
  // An unreadable catalogue: the loader's diagnostic, before the output folder is touched.
  const hashes = (await hashInputs(options, targets)) ?? (await loadModel(options.catalogue), { input: "unhashed", generator: "unhashed" });
  const output = await Output.open(options.out); // locked until closed: one run at a time per folder
  try {
    if (await output.isUpToDate(hashes.input)) return { upToDate: true };
    const model = hashes.model ?? (await loadModel(options.catalogue));
    const writing = await output.begin({ inputHash: hashes.input, targets, generatorHash: hashes.generator });
    try {
      const keys = new ModuleKeys(model);
      let done = 0;
      for (const file of await plannedFiles(model, targets, options)) {
        options.onProgress?.(done++, file.target);
        const from = file.module === undefined ? undefined : keys.of(file.target, file.module, file.also);
        if (from !== undefined && (await writing.keep(file.path, file.target, from))) continue;
        // A file given in pieces has no header (JSON) and goes out as it is unless prettier runs.
        if (file.chunks && file.path.endsWith(".json") && options.format !== "prettier") await writing.putChunks(file.path, file.target, file.chunks(), from);
        else await writing.put(file.path, file.target, await finalText(file, options), from);
      }
    } catch (error) {
      await writing.abort();
      throw error;
    }
    return { upToDate: false, ...(await writing.finish()) };
  } finally {
    await output.close();
  }
}

/** What `generate` would change, without writing anything. */
export async function check(options: GenerateOptions): Promise<CheckReport> {
  const targets = uniqueTargets(options.targets);
  const model = await loadModel(options.catalogue);
  const checking = await OutputCheck.open(options.out, targets);
  for (const file of await plannedFiles(model, targets, options)) await checking.add(file.path, await finalText(file, options));
  return checking.finish();
}

function uniqueTargets(targets: readonly Target[] = DEFAULT_TARGETS): Target[] {
  return TARGETS.filter((target) => targets.includes(target));
}

/** Every target's files, with header (and prettier when asked), by output path. */
export async function render(model: ApiModel, options: GenerateOptions, targets: readonly Target[]): Promise<Map<string, OutputFile>> {
  const files = new Map<string, OutputFile>();
  for (const file of await plannedFiles(model, targets, options)) files.set(file.path, { content: await finalText(file, options), target: file.target });
  return files;
}

type TargetFile = PlannedFile & { target: Target };

/** Every target's planned files, one at a time (each checked: a safe path, made by one emitter only). */
async function plannedFiles(model: ApiModel, targets: readonly Target[], options: GenerateOptions): Promise<Iterable<TargetFile>> {
  const planners = await Promise.all(targets.map(async (target) => [target, await PLANNERS[target]()] as const));
  return (function* () {
    const seen = new Set<string>();
    for (const [target, plan] of planners) {
      for (const file of plan(model)) {
        if (!isSafeOutputPath(file.path)) throw new Error(`emitter produced an unsafe path: ${file.path}`);
        if (seen.has(file.path)) throw new Error(`two emitters produced ${file.path}`);
        seen.add(file.path);
        yield target === "openapi" && options.openapiVersion === "3.2" ? { ...asOpenApi32(file), target } : { ...file, target };
      }
    }
  })();
}

/** openapi.json rewritten as OpenAPI 3.2 (whole: the rewrite reads the document). */
function asOpenApi32(file: PlannedFile): PlannedFile {
  if (file.path !== "openapi.json") return file;
  return { path: file.path, content: () => `${JSON.stringify(toOpenApi32(JSON.parse(file.content()) as Record<string, unknown>), null, 2)}\n` };
}

/** A planned file's text as written: import extensions, header, prettier when asked. */
async function finalText(file: TargetFile, options: GenerateOptions): Promise<string> {
  const made = file.content();
  const code = file.path.endsWith(".ts") ? withImportExtension(made, options.importExtension ?? "js") : made;
  const content = withHeader(file.path, code, catalogueLabel(options));
  // One file at a time: prettier's syntax trees are large, and formatting every file at once
  // keeps them all alive together (at 10,000 operations that exhausts the heap).
  return options.format === "prettier" ? formatWithConsumerConfig(file.path, content, join(options.out, file.path)) : content;
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
 * `input`: hash of the catalogue, the generator's own code and templates and the options (with
 * `format: "prettier"`, also prettier's version and the config it finds for the output folder).
 * `generator`: the same without the catalogue, which every module's files depend on.
 */
async function hashInputs(options: GenerateOptions, targets: readonly Target[]): Promise<{ input: string; generator: string; model?: ApiModel } | undefined> {
  const catalogueNames = catalogueFileNames(options.catalogue);
  if (catalogueNames === undefined) return undefined;
  const parts: string[] = [JSON.stringify({ targets, label: catalogueLabel(options), format: options.format ?? "final", importExtension: options.importExtension ?? "js", ...(options.openapiVersion === "3.2" && { openapi: "3.2" }) })];
  if (options.format === "prettier") parts.push(await prettierFingerprint(join(options.out, "index.ts")));
  // Small files, read synchronously: a promise per file costs more than the read.
  for (const path of [...filesUnder(codeRoot), ...filesUnder(join(packageRoot, "templates"))]) parts.push(relative(packageRoot, path), sha256(readFileSync(path)));
  const generator = sha256(parts.join("\n"));
  let namesSource = false;
  for (const name of catalogueNames) {
    const bytes = readFileSync(join(options.catalogue, name));
    namesSource ||= namesLivingSource(bytes);
    parts.push(relative(packageRoot, join(options.catalogue, name)), sha256(bytes));
  }
  if (!namesSource) return { input: sha256(parts.join("\n")), generator };
  // A living source's OpenAPI document and the files its $refs name (learnt by loading, when not recorded).
  // The model loaded to learn them is kept for this run.
  const recorded = livingInputs(options.catalogue);
  const model = recorded === undefined ? await loadModel(options.catalogue) : undefined;
  const living = recorded ?? livingInputs(options.catalogue);
  if (living === undefined) return undefined;
  try {
    for (const path of living) parts.push(relative(packageRoot, path), sha256(readFileSync(path)));
  } catch {
    return undefined;
  }
  return { input: sha256(parts.join("\n")), generator, ...(model && { model }) };
}
