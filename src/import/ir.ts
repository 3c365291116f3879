// The plain intermediate between the OpenAPI reader and the YAML writer: the catalogue's own
// shapes (src/load/raw.ts), grouped as the files will be.
import type { RawApi, RawModule, RawOperation, RawType } from "../load/raw.js";
import type { Place } from "./read.js";

export interface ImportedCatalogue {
  api: RawApi;
  /** Sorted by id. */
  modules: ImportedModule[];
  /** `file:line:col` in the source document of a part of the catalogue (for errors that must point at the input). */
  source?: (part: CataloguePart) => string;
}

/** A part of the imported catalogue: the api section (neither given), a module, one of its operations or a type. */
export interface CataloguePart {
  module?: string;
  /** Index in the module's operations. */
  operation?: number;
  type?: string;
}

export interface ImportedModule {
  module: RawModule;
  /** Named types declared in this module's file, in source order. */
  types: [string, RawType][];
  /** In source order. */
  operations: RawOperation[];
}

export interface ImportedOperation {
  /** Tag or first path segment, as written in the source. */
  group: string;
  /** True when `group` is the first path segment: modules follow paths, or the operation has no tag. */
  bySegment?: boolean;
  /** Status -> the components/responses entry its response is a `$ref` to (src/import/responses.ts). */
  sharedResponses?: Record<string, string>;
  operation: RawOperation;
  place: Place;
}
