import type { GeneratedFile } from "../types.js";
import type { ApiModel } from "../../model/types.js";

// Placeholder until the client emitter lands.
export function emitClient(_model: ApiModel): GeneratedFile[] {
  return [];
}
