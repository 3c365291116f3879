// The catalogue's front ends: its YAML files, and an OpenAPI document one of them names as a living
// source (living.ts). Both end as Raw files for the same checks and the same model.
import { loadCatalogue } from "../load/load.js";
import type { ApiModel } from "../model/types.js";
import { modelOf } from "../validate/index.js";
import { livingFile, livingModel } from "./living.js";

/** Reads, checks and models the catalogue in `dir`; throws CatalogueError with every problem. */
export async function loadModel(dir: string): Promise<ApiModel> {
  const loaded = await loadCatalogue(dir);
  const overlay = livingFile(loaded.files);
  return overlay ? livingModel(loaded, dir, overlay) : modelOf(loaded, { keep: dir });
}
