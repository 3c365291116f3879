// The plain intermediate between the OpenAPI reader and the YAML writer: the catalogue's own
// shapes (src/load/raw.ts), grouped as the files will be.
import type { RawApi, RawModule, RawOperation, RawType } from "../load/raw.js";

export interface ImportedCatalogue {
  api: RawApi;
  /** Sorted by id. */
  modules: ImportedModule[];
}

export interface ImportedModule {
  module: RawModule;
  /** Named types declared in this module's file, in source order. */
  types: [string, RawType][];
  /** In source order. */
  operations: RawOperation[];
}
