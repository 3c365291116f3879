import type { GeneratedFile } from "../types.js";
import type { ApiModel } from "../../model/types.js";

// Placeholder until the docs emitter lands.
export function emitDocs(_model: ApiModel): GeneratedFile[] {
  return [];
}
