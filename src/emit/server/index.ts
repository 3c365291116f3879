import type { GeneratedFile } from "../types.js";
import type { ApiModel } from "../../model/types.js";

// Placeholder until the server emitter lands.
export function emitServer(_model: ApiModel): GeneratedFile[] {
  return [];
}
