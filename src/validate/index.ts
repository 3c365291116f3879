// load -> schema -> semantics: every problem in every file, at once.
import { loadCatalogue, locatePath, type CatalogueFile } from "../load/load.js";
import type { RawFile } from "../load/raw.js";
import { buildModel } from "../model/build.js";
import type { ApiModel } from "../model/types.js";
import { CatalogueError, type Diagnostic } from "../shared/diagnostic.js";
import { withoutBrokenParts } from "./partial.js";
import { schemaProblems } from "./schema.js";
import type { SemanticInput } from "./reporter.js";
import { checkSemantics } from "./semantic.js";

/** Reads, checks and models the catalogue in `dir`; throws CatalogueError with every problem. */
export async function loadModel(dir: string): Promise<ApiModel> {
  const { files, diagnostics } = await loadCatalogue(dir);
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
  const byName = new Map(files.map((file) => [file.name, file]));
  return buildModel({
    files: files.map((file) => ({ name: file.name, raw: file.data as RawFile })),
    sourceOf: (name, index) => {
      const { file, line, column } = locatePath(byName.get(name)!, ["operations", index]);
      return { file, line, column };
    },
  });
}

function catalogueError(files: CatalogueFile[], diagnostics: Diagnostic[]): CatalogueError {
  return new CatalogueError(diagnostics, new Map(files.map((file) => [file.displayPath, file.text])));
}
