// load -> schema -> semantics: every problem in every file, at once.
import { loadCatalogue, locatePath, type CatalogueFile } from "../load/load.js";
import type { RawFile } from "../load/raw.js";
import { buildModel } from "../model/build.js";
import type { ApiModel } from "../model/types.js";
import { CatalogueError, type Diagnostic } from "./diagnostic.js";
import { checkSchema } from "./schema.js";
import { checkSemantics } from "./semantic.js";

/** Reads, checks and models the catalogue in `dir`; throws CatalogueError with every problem. */
export async function loadModel(dir: string): Promise<ApiModel> {
  const { files, diagnostics } = await loadCatalogue(dir);
  const parsed = files.filter((file) => file.data !== undefined);
  const schemaValid: CatalogueFile[] = [];
  for (const file of parsed) {
    const problems = checkSchema(file);
    diagnostics.push(...problems);
    if (problems.length === 0) schemaValid.push(file);
  }
  diagnostics.push(...checkSemantics(schemaValid));
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
