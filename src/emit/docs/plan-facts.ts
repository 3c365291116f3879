// The heading anchors of every module page (the README and each page link by them), worked out
// once per module: on a regenerate that knows its module keys, read from the cache for every
// module that did not change (src/incremental-facts.ts), instead of going over every operation.
import { ModuleFacts } from "../../incremental-facts.js";
import type { ApiModel, ModuleModel } from "../../model/types.js";
import { declaredTypes, moduleAnchors, type Anchors } from "./anchors.js";
import { docsAnchors } from "./view.js";

/**
 * `docsAnchors(model)` and each module's number of operations (the README's), each page's anchors
 * kept by its module's key where the run knows its module keys.
 */
export function keptDocsAnchors(model: ApiModel): { anchors: Anchors; operationCount: (module: ModuleModel) => number } {
  const kept = ModuleFacts.for(model, "docs", (module) => moduleAnchors(module, declaredTypes(model, module)));
  if (kept === undefined) return { anchors: docsAnchors(model), operationCount: (module) => module.operations.length };
  const operations = new Map<string, string>();
  const types = new Map<string, string>();
  for (const module of model.modules) {
    const page = kept.of(module);
    for (const [id, anchor] of page.operations) operations.set(id, anchor);
    for (const [name, anchor] of page.types) types.set(name, anchor);
  }
  kept.save(false);
  // Every operation has an anchor on its module's page.
  return { anchors: { operations, types }, operationCount: (module) => kept.of(module).operations.length };
}
