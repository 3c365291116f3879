// The catalogue's source, chosen at run time from its files' bytes as the run's key hashes them.
import { hashCatalogue } from "../reuse/run-key.js";
import { CatalogueSource } from "./catalogue.js";
import { namesLivingSource } from "./inputs.js";
import { LivingSource } from "./living-source.js";
import type { Source } from "./source.js";
import type { Conversions } from "./document.js";

/** The source of the catalogue in `dir`: a living source when one of its files names an OpenAPI document (`conversions`: a long-lived caller's, ./document.ts). */
export function chooseSource(dir: string, conversions?: Conversions): Source {
  const catalogue = hashCatalogue(dir, namesLivingSource);
  return catalogue?.living ? new LivingSource(dir, catalogue, conversions) : new CatalogueSource(dir, catalogue);
}
