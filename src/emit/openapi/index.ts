import type { GeneratedFile } from "../types.js";
import type { ApiModel } from "../../model/types.js";

// Placeholder until the openapi emitter lands.
export function emitOpenApi(_model: ApiModel): GeneratedFile[] {
  return [];
}
