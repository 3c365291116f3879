// What the README and the module pages need of every module, worked out once per module: the docs'
// module facts (PlanContext.moduleFacts), which a regenerate reads from the run before for every
// module that did not change, instead of going over every operation. Each page's own operation
// anchors are worked out when that page is made (only a changed module's page is, on such a run):
// no page links to another page's operations.
import type { ApiModel, ModuleModel } from "../../model/types.js";
import type { PlanContext } from "../define.js";
import { declaredTypes, moduleAnchors, type Anchors } from "./anchors.js";

/** Of one module's page: how many operations it has (the README's count) and its named types' anchors (other pages link to them). */
interface PageFacts {
  operationCount: number;
  types: [name: string, anchor: string][];
}

/**
 * The anchors every page may link to (every named type's), each module's number of operations
 * (the README's), a page's anchors (`pageAnchors`), and what the README is made from (`joinedFrom`).
 */
export function keptDocsAnchors(
  model: ApiModel,
  context: PlanContext,
): { anchors: Pick<Anchors, "types">; operationCount: (module: ModuleModel) => number; pageAnchors: (module: ModuleModel) => Anchors; joinedFrom: (() => string) | undefined } {
  // A page's operation anchors worked out with its facts in this run, for its page.
  const operations = new Map<string, [id: string, anchor: string][]>();
  const facts = context.moduleFacts("docs", (module): PageFacts => {
    const page = moduleAnchors(module, declaredTypes(model, module));
    operations.set(module.id, page.operations);
    return { operationCount: page.operations.length, types: page.types };
  });
  const types = new Map<string, string>();
  for (const module of model.modules) for (const [name, anchor] of facts.of(module).types) types.set(name, anchor);
  return {
    anchors: { types },
    operationCount: (module) => facts.of(module).operationCount,
    pageAnchors: (module) => ({ operations: new Map(operations.get(module.id) ?? moduleAnchors(module, declaredTypes(model, module)).operations), types }),
    // The README is made from the model but its operations, and these facts.
    joinedFrom: facts.joinedFrom,
  };
}
