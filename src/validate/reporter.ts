// What the semantic checks share: a place in a catalogue file and the reporter that collects
// positioned problems. A leaf: the checkers import it, and semantic.ts imports the checkers.
import { locatePath, type CatalogueFile, type YamlPath } from "../load/load.js";
import type { RawFile } from "../load/raw.js";
import type { Diagnostic } from "../shared/diagnostic.js";

export interface Place {
  file: CatalogueFile;
  path: YamlPath;
}

export class Reporter {
  readonly diagnostics: Diagnostic[] = [];

  error(place: Place, message: string, hint?: string, options: { key?: boolean } = {}): void {
    this.diagnostics.push({ ...locatePath(place.file, place.path, options), message, ...(hint ? { hint } : {}) });
  }

  /** `file:line:col` of a place, for messages that point at an earlier declaration (`key`: at the key, not its value). */
  at(place: Place, options: { key?: boolean } = {}): string {
    const { file, line, column } = locatePath(place.file, place.path, options);
    return `${file}:${line}:${column}`;
  }
}

export interface SemanticInput {
  file: CatalogueFile;
  /** The file's data, or with `complete: false` the parts of it that fit the schema. */
  raw: RawFile;
  complete: boolean;
}
