// TanStack Query v5 options over the generated client: generated/tanstack-query/.
//
//   index.ts            public surface (re-exports only)
//   <module id>.ts      the module's key prefixes; per operation query, infinite query or mutation options
//   runtime/options.ts  copied from templates/tanstack-query/: the option builders and `noRetry`
//   package.json        {"type": "module", "sideEffects": false}
//
// Requires the client target: each option calls the client's standalone function of its operation
// (client/operations/<module id>.ts) through a Transport, and its types are the client's.
// Framework-agnostic: typed with @tanstack/query-core's types only, so every adapter takes them.
import type { ApiModel } from "../../model/types.js";
import { exportFrom, indentTs } from "../shared/ts-print.js";
import { targetPackageFile, templateFiles } from "../shared/templates.js";
import { contentAt, madeFiles, plannedFrom, type PlannedFile } from "../plan.js";
import type { GeneratedFile } from "../types.js";
import { moduleFile } from "./module-file.js";
import { checkNames, type TanstackQueryOptions } from "./names.js";

export type { TanstackQueryOptions } from "./names.js";

/** The targets this one's output imports from. */
export const TANSTACK_QUERY_REQUIRES = ["client"] as const;

export function emitTanstackQuery(model: ApiModel, options: TanstackQueryOptions = {}): GeneratedFile[] {
  return madeFiles(planTanstackQuery(model, options)).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export function* planTanstackQuery(model: ApiModel, options: TanstackQueryOptions = {}): Generator<PlannedFile> {
  checkNames(model.modules, options);
  yield* plannedFrom(templateFiles("tanstack-query"));
  for (const module of model.modules) {
    const path = `tanstack-query/${module.id}.ts`;
    yield { path, module: module.id, also: JSON.stringify(options), content: () => contentAt(path, moduleFile(module, model, options)) };
  }
  yield* plannedFrom([{ path: "tanstack-query/index.ts", content: indexFile(model) }, targetPackageFile("tanstack-query")]);
}

function indexFile(model: ApiModel): string {
  const lines = [
    "// TanStack Query options over the client: keys, query, infinite query and mutation options per operation.",
    exportFrom(["infiniteQueryOptionsOf", "mutationOptionsOf", "noRetry", "queryOptionsOf"], "./runtime/options.js"),
    exportFrom(["ClientRetry", "OperationInfiniteQueryOptions", "OperationMutationOptions", "OperationQueryOptions"], "./runtime/options.js", true),
    ...model.modules.map((module) => `export * from "./${module.id}.js";`),
  ];
  return indentTs(`${lines.join("\n")}\n`);
}
