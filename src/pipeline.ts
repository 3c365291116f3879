// options -> the stages' plain inputs -> source -> model -> targets -> write -> report. The one
// entry point for generating. Emitters write final text; prettier runs only when the options ask for it.
import { performance } from "node:perf_hooks";
import { join } from "node:path";
import { chooseSource } from "./sources/choose.js";
import type { Conversions } from "./sources/document.js";
import { runKey, type RunKey, type RunSettings } from "./reuse/run-key.js";
import type { ApiModel } from "./model/types.js";
import type { PlannedFile } from "./emit/plan.js";
import { EmitError, type Target } from "./emit/types.js";
import { pluginCode, TargetError, type AnyTarget, type TargetEntry } from "./emit/define.js";
import { chooseTargets, planTarget, type ChosenTarget } from "./emit/targets.js";
import { BUILTIN_TARGETS } from "./emit/registry.js";
import type { ImportExtension } from "./emit/shared/ts-print.js";
import type { ModuleFormat } from "./emit/shared/module-format.js";
import { prettierFingerprint } from "./write/format.js";
import { catalogueLabel, finalText, type FinalTextOptions } from "./write/final-text.js";
import { isReservedName } from "./write/manifest.js";
import { isSafeOutputPath } from "./write/paths.js";
import { ModuleKeys } from "./reuse/module-keys.js";
import { reuseOf } from "./reuse/report.js";
import { withSteps } from "./shared/timings.js";
import { Output, OutputCheck, type CheckReport, type FinishedCommit, type OutputFile, type WriteReport } from "./write/writer.js";

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
  /**
   * The targets to generate, each a name or `{ name, ...options }` (e.g.
   * `["client", { name: "openapi", version: "3.2" }]`). Default: client, server, docs, openapi.
   * A target another one requires is added with its default options.
   */
  targets?: readonly TargetEntry<Target>[];
  /** Targets besides the built-in ones, each made by `defineTarget` (the CLI loads them from the config's `plugins`). */
  plugins?: readonly AnyTarget[];
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
   * `"commonjs"`: the client's and server's package.json say `"type": "commonjs"`, for a CommonJS
   * consumer that compiles them with `outDir` (tsc does not copy package.json there). Default
   * `"esm"`.
   */
  moduleFormat?: ModuleFormat;
  /**
   * `"3.2"`: openapi.json is OpenAPI 3.2, streamed media types described by `itemSchema` instead of
   * catalogen's `x-item-schema` / `x-sse-events`. Default `"3.1"`.
   */
  openapiVersion?: "3.1" | "3.2";
  /** The client's and server's `compact` option where their target entry does not give one (docs/compact.md). */
  compact?: boolean;
  /**
   * `"remove"`: `targets` are the whole output, so files earlier runs made for targets no longer
   * chosen are removed (and `check` reports them). Default `"keep"`: a run of some targets leaves
   * the others' files alone (the CLI's `--target`).
   */
  otherTargets?: "keep" | "remove";
  /** Called before each planned file is written or kept: how many are done, and the target at work. */
  onProgress?: (done: number, target: Target) => void;
  /**
   * A long-lived caller's memory of the living source's documents converted (`new Map()`, kept
   * across its generates, as `generate --watch` does): an unchanged document is not converted or
   * read from the cache folder again. Default: none.
   */
  conversions?: Conversions;
}

/** What one generate did, for its caller, tests and benchmarks (nothing of a run is kept elsewhere). */
export interface RunReport {
  /** The files joining the modules (those made from what `joinedFrom` gives) kept unmade and made again, by path. */
  joining: { kept: string[]; made: string[] };
  /** openapi.json's per-module pieces made on this thread (the others' bytes copied from the file it replaced). */
  piecesMade: number;
  /** By facts name (src/reuse/module-facts.ts), the modules whose facts were worked out afresh. */
  freshFacts: Record<string, string[]>;
  /** The modules kept unparsed (src/reuse/kept-model.ts) whose operations the run read after all, by id, in order. */
  parsedLazily: string[];
  /** Milliseconds since the run started at which it passed each step. */
  timings: [step: string, ms: number][];
  /**
   * The files read beyond the catalogue's own, by absolute path: a living source's OpenAPI document
   * and the files its $refs name ([] for a catalogue of YAML alone). What `generate --watch` watches.
   */
  sourceInputs: string[];
}

/** `finished`: the commit a killed run left half done, finished before this run began (src/write/journal.ts). */
export type GenerateResult = ({ upToDate: true } | ({ upToDate: false } & WriteReport)) & { report: RunReport; finished?: FinishedCommit };

/**
 * Generates into `out`. Skips all work when nothing the output depends on has changed; otherwise
 * makes only the files whose inputs changed (a module's files when its part of the catalogue, a
 * named type it reaches or the API-level parts changed; the files joining the modules always)
 * and hands each to the writer as it is made.
 */
export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const report: RunReport = { joining: { kept: [], made: [] }, piecesMade: 0, freshFacts: {}, parsedLazily: [], timings: [], sourceInputs: [] };
  const started = performance.now();
  const step = (name: string) => void report.timings.push([name, performance.now() - started]);
  return withSteps(step, async () => {
    step("generate: started");
    const result = await generateWith(options, report, step);
    step("generate: done");
    return { ...result, report };
  });
}

/**
 * The pipeline, each stage entered once: the options' plain values, the chosen source (src/sources/),
 * the run's key (src/reuse/run-key.ts; the same as the output's: nothing to do), the model, the
 * targets' files handed to the writer one by one, the report.
 */
async function generateWith(options: GenerateOptions, report: RunReport, step: (name: string) => void): Promise<({ upToDate: true } | ({ upToDate: false } & WriteReport)) & { finished?: FinishedCommit }> {
  const run = await runInputs(options);
  const source = chooseSource(run.catalogue, options.conversions);
  // An unreadable catalogue or source: the loader's diagnostic, before the output folder is touched.
  const sourceFiles = source.catalogue && (await source.inputs());
  const key = sourceFiles ? runKey(run.settings, run.catalogue, source.catalogue!, sourceFiles) : (await source.read(), UNHASHED);
  step("inputs hashed");
  const output = await Output.open(run.out); // locked until closed: one run at a time per folder
  try {
    const finished = output.finished && { finished: output.finished };
    if (await output.isUpToDate(key.input, run.otherTargets === "remove" ? run.targets : undefined)) return { upToDate: true, ...finished };
    step("output folder locked, not up to date");
    const model = await source.read();
    step("model made");
    const writing = await output.begin({ inputHash: key.input, targets: run.targets, generatorHash: key.generator, ...(run.otherTargets && { otherTargets: run.otherTargets }) });
    try {
      const keys = ModuleKeys.for(model);
      let done = 0;
      const planned = await plannedFiles(model, run.chosen);
      step("files planned");
      for (const file of planned) {
        run.onProgress?.(done++, file.target);
        const from = file.module !== undefined ? keys.of(file.target, file.module, file.also) : file.joinedFrom?.();
        const joining = file.module === undefined && from !== undefined;
        // Most files of a change run are kept, known without a promise (Writing.keep).
        const kept = from !== undefined && writing.keep(file.path, file.target, from);
        if (kept === true || (kept !== false && (await kept))) {
          if (joining) report.joining.kept.push(file.path);
          continue;
        }
        if (joining) report.joining.made.push(file.path);
        // A file given in pieces has no header (JSON) and goes out as it is unless prettier runs.
        if (file.chunks && file.spliced && file.path.endsWith(".json") && !run.prettier) await writing.putSpliced(file.path, file.target, file.spliced, file.chunks, from);
        else if (file.chunks && file.path.endsWith(".json") && !run.prettier) await writing.putChunks(file.path, file.target, file.chunks(), from);
        else await writing.put(file.path, file.target, await finalText(file, run.text), from);
      }
      step("files made");
      keys.keep();
    } catch (error) {
      await writing.abort();
      throw error;
    }
    const written = await writing.finish();
    step("files written");
    Object.assign(report, reuseOf(model));
    return { upToDate: false, ...written, ...finished };
  } finally {
    report.sourceInputs = source.inputPaths();
    await output.close();
  }
}

/** The run's key when the catalogue or its source could not be hashed (and yet loaded). */
const UNHASHED: RunKey = { input: "unhashed", generator: "unhashed" };

/** What the stages of one generate take from its options: plain values, worked out once. */
interface RunInputs {
  catalogue: string;
  out: string;
  chosen: ChosenTarget[];
  /** The chosen targets' names. */
  targets: string[];
  /** What the run's key is made of besides the catalogue (src/reuse/run-key.ts). */
  settings: RunSettings;
  /** What a planned file's final text depends on (src/write/final-text.ts). */
  text: FinalTextOptions;
  prettier: boolean;
  otherTargets: GenerateOptions["otherTargets"];
  onProgress: GenerateOptions["onProgress"];
}

async function runInputs(options: GenerateOptions): Promise<RunInputs> {
  const { catalogue, out, format, importExtension, moduleFormat, otherTargets, onProgress } = options;
  const chosen = chosenTargets(options);
  const text: FinalTextOptions = { catalogue, out, importExtension, moduleFormat, format };
  const settings: RunSettings = {
    targets: chosen.map(({ target, options }) => [target.name, options]),
    label: catalogueLabel(text),
    format: format ?? "final",
    importExtension: importExtension ?? "js",
    ...(moduleFormat === "commonjs" && { moduleFormat: "commonjs" }),
    ...(options.openapiVersion === "3.2" && { openapi: "3.2" }),
    ...(format === "prettier" && { prettier: await prettierFingerprint(join(out, "index.ts")) }),
    plugins: chosen.filter(({ target }) => !BUILTIN_TARGETS.includes(target)).map(({ target }) => [target.name, pluginCode(target)]),
  };
  return { catalogue, out, chosen, targets: chosen.map(({ target }) => target.name), settings, text, prettier: format === "prettier", otherTargets, onProgress };
}

/** What `generate` would change, without writing anything. */
export async function check(options: GenerateOptions): Promise<CheckReport> {
  const chosen = chosenTargets(options);
  const model = await loadModel(options.catalogue);
  const checking = await OutputCheck.open(options.out, chosen.map(({ target }) => target.name), options.otherTargets);
  for (const file of await plannedFiles(model, chosen)) await checking.add(file.path, await finalText(file, options));
  return checking.finish();
}

/** The targets of `options`, each with its options (the global `openapiVersion` is the openapi target's `version` unless it gives one). */
function chosenTargets(options: GenerateOptions): ChosenTarget[] {
  return chooseTargets(options.targets, options.plugins).chosen.map((chosen) => {
    if (chosen.target.name === "openapi" && options.openapiVersion !== undefined && chosen.options.version === undefined) return { ...chosen, options: { ...chosen.options, version: options.openapiVersion } };
    if (COMPACT_TARGETS.includes(chosen.target.name) && options.compact !== undefined && chosen.options.compact === undefined) return { ...chosen, options: { ...chosen.options, compact: options.compact } };
    return chosen;
  });
}

/** The built-in targets with a `compact` option the global one sets. */
const COMPACT_TARGETS = ["client", "server"];

/** Every target's files, with header (and prettier when asked), by output path. */
export async function render(model: ApiModel, options: GenerateOptions, targets: readonly TargetEntry<Target>[] = options.targets ?? []): Promise<Map<string, OutputFile>> {
  const files = new Map<string, OutputFile>();
  for (const file of await plannedFiles(model, chosenTargets({ ...options, targets }))) files.set(file.path, { content: await finalText(file, options), target: file.target });
  return files;
}

export type TargetFile = PlannedFile & { target: Target };

/**
 * Every target's planned files, one at a time, each checked: a safe path that is not catalogen's
 * own, made by one target only. A plugin's failure is reported as its own, not as catalogen's bug.
 */
async function plannedFiles(model: ApiModel, chosen: readonly ChosenTarget[]): Promise<Iterable<TargetFile>> {
  const plans = await Promise.all(chosen.map(async ({ target, options }) => [target, await guarded(target, () => planTarget(target, model, options))] as const));
  return (function* () {
    const owner = new Map<string, string>();
    for (const [target, plan] of plans) {
      const name = target.name;
      for (const file of guardedFiles(target, plan)) {
        if (typeof file?.path !== "string" || !isSafeOutputPath(file.path) || isReservedName(file.path)) {
          throw new TargetError(`target "${name}" planned an unsafe path: ${JSON.stringify(file?.path)} (a path inside the output folder: segments of letters, digits, "_", "." and "-", no ".." and no ".catalogen-" names)`);
        }
        if (typeof file.content !== "function") throw new TargetError(`target "${name}" planned ${file.path} without a content() function`);
        const before = owner.get(file.path);
        if (before !== undefined) throw new TargetError(before === name ? `target "${name}" planned ${file.path} twice` : `targets "${before}" and "${name}" both planned ${file.path}`);
        owner.set(file.path, name);
        if (BUILTIN_TARGETS.includes(target)) yield { ...file, target: name };
        else {
          // A plugin's file is written from its text (or chunks): byte ranges of a kept file are catalogen's own.
          const { spliced: _spliced, joinedFrom: _joinedFrom, ...text } = file;
          yield { ...text, content: () => guarded(target, () => textOf(target, file)), target: name };
        }
      }
    }
  })();
}

/** `make()`, with a plugin's error said as the plugin's (catalogen's own targets' errors pass as they are). */
function guarded<T>(target: AnyTarget, make: () => T): T {
  if (BUILTIN_TARGETS.includes(target)) return make();
  try {
    const made = make();
    if (made instanceof Promise) return made.catch((error: unknown) => rethrow(target, error)) as T;
    return made;
  } catch (error) {
    return rethrow(target, error);
  }
}

function* guardedFiles(target: AnyTarget, plan: Iterable<PlannedFile>): Generator<PlannedFile> {
  if (BUILTIN_TARGETS.includes(target)) return yield* plan;
  if (typeof plan?.[Symbol.iterator] !== "function") throw new TargetError(`target "${target.name}": plan() must return an iterable of files, not ${typeof plan}`);
  const files = guarded(target, () => plan[Symbol.iterator]());
  for (;;) {
    const next = guarded(target, () => files.next());
    if (next.done) return;
    yield next.value;
  }
}

function rethrow(target: AnyTarget, error: unknown): never {
  if (error instanceof EmitError || error instanceof TargetError) throw error;
  throw new TargetError(`target "${target.name}" failed: ${(error as Error)?.message ?? String(error)}`);
}

function textOf(target: AnyTarget, file: PlannedFile): string {
  const text = file.content();
  if (typeof text !== "string") throw new TargetError(`target "${target.name}": content() of ${file.path} returned ${typeof text}, not a string`);
  return text;
}

