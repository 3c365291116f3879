// An OpenAPI document as one side of a diff: read as a living source is (src/sources/living.ts),
// through a catalogue file made in memory that names it and adds nothing. Nothing is written but
// the converter's own cache record.
import type { ApiModel } from "../model/types.js";
import { parseCatalogueFile } from "../load/load.js";
import { stringLiteral } from "../shared/sinks.js";
import { livingModel } from "../sources/living.js";
import { basename } from "node:path";

/** The model of the document at `path` (absolute), as if `dir` (a folder beside it, never made) held a catalogue naming it. */
export async function documentModel(path: string, dir: string): Promise<ApiModel> {
  const overlay = parseCatalogueFile(path, "api.yaml", `source: { openapi: ${stringLiteral(`../${basename(path)}`)} }\n`);
  return (await livingModel({ files: [overlay], diagnostics: [] }, dir, overlay)).model;
}
