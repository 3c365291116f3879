// What the pipeline asks of the catalogue's source, whichever it is: the catalogue's YAML
// (./catalogue.ts) or the OpenAPI document one of its files names as a living source
// (./living-source.ts), chosen at run time (./choose.ts). It knows no source's path.
import type { ApiModel } from "../model/types.js";
import type { CatalogueHashes } from "../reuse/run-key.js";

export interface Source {
  /** The catalogue's files hashed by their stats; undefined when its folder cannot be read (`read` then says why). */
  readonly catalogue: CatalogueHashes | undefined;
  /** Loads, checks and models the catalogue; throws CatalogueError with every problem. */
  read(): Promise<ApiModel>;
  /** The files read beyond the catalogue's own, each with the hash of its bytes; undefined when one cannot be read (`read` then says why). */
  inputs(): Promise<[path: string, sha256: string][] | undefined>;
  /** The files read beyond the catalogue's own, by path: those this run's read found, else those the last run recorded ([] when not known). */
  inputPaths(): string[];
}

/** A catalogue read: its model and the files read beyond its own (a living source's document and the files its $refs name). */
export interface SourceRead {
  model: ApiModel;
  inputs: string[];
}
