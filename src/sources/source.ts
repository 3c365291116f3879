// Where the catalogue's model comes from, chosen at run time: the catalogue's YAML (./catalogue.ts),
// or the OpenAPI document one of its files names as a living source (./living-source.ts). The
// pipeline asks the chosen source for the model and for what it reads; it knows no source's path.
import type { ApiModel } from "../model/types.js";
import { hashCatalogue, type CatalogueHashes } from "../reuse/run-key.js";
import { CatalogueSource } from "./catalogue.js";
import { namesLivingSource } from "./inputs.js";
import { LivingSource } from "./living-source.js";

export interface Source {
  /** The catalogue's files hashed by their stats; undefined when its folder cannot be read (`read` then says why). */
  readonly catalogue: CatalogueHashes | undefined;
  /** Loads, checks and models the catalogue; throws CatalogueError with every problem. */
  read(): Promise<ApiModel>;
  /** The files read beyond the catalogue's own, each with the hash of its bytes; undefined when one cannot be read (`read` then says why). */
  inputs(): Promise<[path: string, sha256: string][] | undefined>;
}

/** The source of the catalogue in `dir`: a living source when one of its files names an OpenAPI document. */
export function chooseSource(dir: string): Source {
  const catalogue = hashCatalogue(dir, namesLivingSource);
  return catalogue?.living ? new LivingSource(dir, catalogue) : new CatalogueSource(dir, catalogue);
}
