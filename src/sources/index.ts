// The catalogue's front ends: its YAML files, and an OpenAPI document one of them names as a living
// source (living.ts). Both end as Raw files for the same checks and the same model.
// The reuse layer (src/reuse/) wraps the load and the check: what an earlier run kept for the same content.
import { loadCatalogue } from "../load/load.js";
import type { ApiModel } from "../model/types.js";
import type { CatalogueStats } from "../reuse/catalogue-stats.js";
import { reusedModel } from "../reuse/kept-model.js";
import { loadMemo } from "../reuse/load-memo.js";
import { livingFile, livingModel } from "./living.js";

/**
 * Reads, checks and models the catalogue in `dir`; throws CatalogueError with every problem.
 * `stats`: the catalogue's files as the pipeline hashed them in this run (their texts then read only when asked for).
 */
export async function loadModel(dir: string, stats?: CatalogueStats): Promise<ApiModel> {
  const loaded = await loadCatalogue(dir, loadMemo(dir, stats));
  const overlay = livingFile(loaded.files);
  return overlay ? livingModel(loaded, dir, overlay) : reusedModel(loaded, dir);
}
