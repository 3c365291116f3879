// What the README and the module pages need of every module, worked out once per module: on a
// regenerate that knows its module keys, read from the cache for every module that did not change
// (src/reuse/module-facts.ts), instead of going over every operation. Each page's own operation
// anchors are worked out when that page is made (only a changed module's page is, on such a run):
// no page links to another page's operations.
import { joinedFrom, ModuleFacts } from "../../reuse/module-facts.js";
import type { ApiModel, ModuleModel } from "../../model/types.js";
import { declaredTypes, moduleAnchors, type Anchors } from "./anchors.js";
import { docsAnchors } from "./view.js";

/** Of one module's page: how many operations it has (the README's count) and its named types' anchors (other pages link to them). */
interface PageFacts {
  operationCount: number;
  types: [name: string, anchor: string][];
}

/**
 * The anchors every page may link to (every named type's), each module's number of operations
 * (the README's), and a page's anchors (`pageAnchors`): kept by each module's key where the run
 * knows its module keys, else `docsAnchors(model)`.
 */
export function keptDocsAnchors(model: ApiModel): { anchors: Pick<Anchors, "types">; operationCount: (module: ModuleModel) => number; pageAnchors: (module: ModuleModel) => Anchors; joinedFrom: () => string } {
  const make = (module: ModuleModel): PageFacts => {
    const page = moduleAnchors(module, declaredTypes(model, module));
    return { operationCount: page.operations.length, types: page.types };
  };
  const kept = ModuleFacts.for<PageFacts>(model, "docs", make);
  if (kept === undefined) {
    const anchors = docsAnchors(model);
    // The README's `joinedFrom` from the facts a kept run would have, worked out here.
    return { anchors, operationCount: (module) => module.operations.length, pageAnchors: () => anchors, joinedFrom: joinedFrom(model, "docs", make) };
  }
  const types = new Map<string, string>();
  for (const module of model.modules) for (const [name, anchor] of kept.of(module).types) types.set(name, anchor);
  kept.save(false);
  return {
    anchors: { types },
    operationCount: (module) => kept.of(module).operationCount,
    pageAnchors: (module) => ({ operations: new Map(moduleAnchors(module, declaredTypes(model, module)).operations), types }),
    // The README is made from the model but its operations, and these facts.
    joinedFrom: joinedFrom(model, "docs", (module) => kept.of(module)),
  };
}
