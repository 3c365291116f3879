// What the reuse layer did in one run, kept with the run's model (a run makes one model and drops
// it when done, as ModuleKeys.for does): the pipeline reads it into the run's report. Nothing here
// outlives the run or is seen by another one.
import type { ApiModel } from "../model/types.js";

export interface ReuseCounts {
  /** openapi.json's per-module pieces made (the others' bytes were copied from the file it replaces). */
  piecesMade: number;
  /** By facts name (src/reuse/module-facts.ts), the modules whose facts were worked out afresh, sorted. */
  freshFacts: Record<string, string[]>;
  /** The modules kept unparsed whose operations the run read after all, by id, in order (src/model/lazy-operations.ts). */
  parsedLazily: string[];
}

const byModel = new WeakMap<ApiModel, ReuseCounts>();

/** The counts of the run that made `model`. */
export function reuseOf(model: ApiModel): ReuseCounts {
  let counts = byModel.get(model);
  if (counts === undefined) byModel.set(model, (counts = { piecesMade: 0, freshFacts: {}, parsedLazily: [] }));
  return counts;
}
