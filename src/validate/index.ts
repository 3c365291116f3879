// load -> schema -> semantics: every problem in every file, at once.
import { loadCatalogue, type CatalogueFile, type LoadResult } from "../load/load.js";
import type { RawFile } from "../load/raw.js";
import { ModelCache } from "../load/cache.js";
import { assembleModel, modelPart, partContext } from "../model/build.js";
import type { ApiModel, SourceRef } from "../model/types.js";
import { CatalogueError, type Diagnostic } from "../shared/diagnostic.js";
import { withoutBrokenParts } from "./partial.js";
import { schemaProblems } from "./schema.js";
import type { SemanticInput } from "./reporter.js";
import { checkSemantics } from "./semantic.js";
import { keepParts, keptModel, sourceOf } from "./incremental.js";

/** Reads, checks and models the catalogue in `dir`; throws CatalogueError with every problem. */
export async function loadModel(dir: string): Promise<ApiModel> {
  return modelOf(await loadCatalogue(dir), { keep: dir });
}

export interface ModelOfOptions {
  /** Where an operation is declared (default: its place in the file). */
  sourceOf?: (file: CatalogueFile, index: number) => SourceRef;
  /**
   * The catalogue folder the files were read from: keep each file's checked part of the model in
   * the cache folder, and check and model again only the files that changed (incremental.ts).
   */
  keep?: string;
}

/** Checks and models loaded catalogue files (a living source's are made in memory, src/sources/). */
export function modelOf(loaded: LoadResult, options: ModelOfOptions = {}): ApiModel {
  const cache = options.keep === undefined || options.sourceOf !== undefined ? undefined : ModelCache.open(options.keep);
  const kept = cache && keptModel(loaded, cache);
  if (kept) return kept;
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
  const keep = cache && keepParts(files, parts, cache);
  const model = assembleModel(api.api!, parts);
  keep?.(model);
  return model;
}

function catalogueError(files: CatalogueFile[], diagnostics: Diagnostic[]): CatalogueError {
  return new CatalogueError(diagnostics, new Map(files.map((file) => [file.displayPath, file.text])));
}
