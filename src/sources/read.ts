// The catalogue's model read from its YAML: its files loaded, checked and modelled, or, when one of
// them names a living source, that source's model (./living.ts). Imported when first asked for: a
// no-op generate never loads the YAML parser or the checks. The reuse layer (src/reuse/) wraps the
// load and the check: what an earlier run kept for the same content.
import { loadCatalogue } from "../load/load.js";
import type { ApiModel } from "../model/types.js";
import type { CatalogueStats } from "../reuse/catalogue-stats.js";
import { reusedModel } from "../reuse/kept-model.js";
import { LoadCache } from "../reuse/records.js";
import { checkStage } from "../validate/index.js";
import { livingFile, livingModel } from "./living.js";
import type { SourceRead } from "./source.js";
import type { Conversions } from "./document.js";

/**
 * Reads, checks and models the catalogue in `dir`; throws CatalogueError with every problem. A
 * file that names a living source makes it that source's model (its bytes may hide the key from
 * the generate's choice, ./choose.ts: a quoted key, a flow mapping). `stats`: the files as this
 * run hashed them (their texts then read only when asked for).
 */
export async function readModel(dir: string, stats?: CatalogueStats): Promise<ApiModel> {
  return (await readCatalogue(dir, stats)).model;
}

/** As readModel, with the files read beyond the catalogue's own: a living source's document and the files its $refs name. `conversions`: a long-lived caller's (./document.ts). */
export async function readCatalogue(dir: string, stats?: CatalogueStats, conversions?: Conversions): Promise<SourceRead> {
  const loaded = await loadCatalogue(dir, LoadCache.open(dir, stats));
  const overlay = livingFile(loaded.files);
  return overlay ? livingModel(loaded, dir, overlay, conversions) : { model: await reusedModel(checkStage, loaded, dir), inputs: [] };
}
