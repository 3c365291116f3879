// load -> schema -> semantics: every problem in every file, at once.
import { loadCatalogue, locatePath, type CatalogueFile, type LoadResult } from "../load/load.js";
import type { RawFile, RawApi } from "../load/raw.js";
import { assembleModel, modelPart, partContext, type ModelPart } from "../model/build.js";
import type { ApiModel, SourceRef } from "../model/types.js";
import { CatalogueError, type Diagnostic } from "../shared/diagnostic.js";
import { withoutBrokenParts } from "./partial.js";
import { schemaProblems } from "./schema.js";
import type { SemanticInput } from "./reporter.js";
import { checkSemantics } from "./semantic.js";

/** Reads, checks and models the catalogue in `dir`; throws CatalogueError with every problem. */
export async function loadModel(dir: string): Promise<ApiModel> {
  return modelOf(await loadCatalogue(dir));
}

export interface ModelOfOptions {
  /** Where an operation is declared (default: its place in the file). */
  sourceOf?: (file: CatalogueFile, index: number) => SourceRef;
}

/** Checks and models loaded catalogue files (a living source's are made in memory, src/sources/). */
export function modelOf(loaded: LoadResult, options: ModelOfOptions = {}): ApiModel {
  const { api, parts } = checkedParts(loaded, options);
  return assembleModel(api, parts);
}

/** Checks loaded catalogue files and models each (its part, in the files' order); throws CatalogueError with every problem. */
export function checkedParts(loaded: LoadResult, options: ModelOfOptions = {}): { api: RawApi; parts: ModelPart[] } {
  const { files, diagnostics } = loaded;
  const parsed = files.filter((file) => file.data !== undefined);
  const checked: SemanticInput[] = [];
  for (const file of parsed) {
    const { diagnostics: problems, paths } = schemaProblems(file);
    diagnostics.push(...problems);
    // A file that breaks the schema is still checked for what the schema cannot see (names,
    // references, routes...) in its parts that fit: every problem in one run.
    if (problems.length === 0) checked.push({ file, raw: file.data as RawFile, complete: true });
    else {
      const raw = withoutBrokenParts(file.data, paths);
      if (raw) checked.push({ file, raw, complete: false });
    }
  }
  diagnostics.push(...checkSemantics(checked));
  if (diagnostics.length > 0) throw catalogueError(files, diagnostics);
  const api = files.find((file) => (file.data as RawFile).api)!.data as RawFile;
  const context = partContext(api.api!);
  const parts = files.map((file) => modelPart(file.name, file.data as RawFile, context, (index) => (options.sourceOf ? options.sourceOf(file, index) : sourceOf(file, index))));
  return { api: api.api!, parts };
}

/**
 * The check and model stage as the reuse layer is handed it (src/reuse/kept-model.ts): every file
 * at once, or only the files whose text changed, beside what the others' checks depend on.
 */
export interface CheckStage {
  /** Every file checked and modelled (its part, in the files' order); throws CatalogueError with every problem. */
  all(loaded: LoadResult): { api: RawApi; parts: ModelPart[] };
  /**
   * The parts of `changed`, checked beside the api file and the named types of `kept` (those a
   * sound check saw, not checked again); undefined on any problem (the full check then says what).
   */
  changed(changed: readonly CatalogueFile[], kept: readonly CatalogueFile[], api: CatalogueFile): Map<CatalogueFile, ModelPart> | undefined;
  assemble(api: RawApi, parts: readonly ModelPart[]): ApiModel;
}

export const checkStage: CheckStage = {
  all: (loaded) => checkedParts(loaded),
  changed(changed, kept, apiFile) {
    if (changed.some((file) => schemaProblems(file).diagnostics.length > 0)) return undefined;
    const entries: SemanticInput[] = changed.map((file) => ({ file, raw: file.data as RawFile, complete: true }));
    for (const file of kept) {
      const raw = file.data as RawFile;
      if (file === apiFile || Object.hasOwn(raw, "types")) entries.push({ file, raw: file === apiFile ? raw : ({ types: raw.types } as RawFile), complete: true });
    }
    if (checkSemantics(entries, { typesChecked: true }).length > 0) return undefined;
    const context = partContext((apiFile.data as RawFile).api!);
    return new Map(changed.map((file) => [file, modelPart(file.name, file.data as RawFile, context, (index) => sourceOf(file, index))]));
  },
  assemble: assembleModel,
};

/** Where an operation is declared: its place in the file. */
export function sourceOf(file: CatalogueFile, index: number): { file: string; line: number; column: number } {
  const { line, column } = locatePath(file, ["operations", index]);
  return { file: file.name, line, column };
}

function catalogueError(files: CatalogueFile[], diagnostics: Diagnostic[]): CatalogueError {
  return new CatalogueError(diagnostics, new Map(files.map((file) => [file.displayPath, file.text])));
}
