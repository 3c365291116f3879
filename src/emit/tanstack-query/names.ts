// The names the TanStack Query target gives each operation's exports, and which operations get
// which options. Pure functions of the model.
import type { ModuleModel, OperationModel } from "../../model/types.js";
import { pascalCase } from "../../shared/names.js";
import { streamShape } from "../client/streams-pages.js";
import { EmitError } from "../types.js";

export interface TanstackQueryOptions {
  /**
   * HTTP methods whose operations get query options (reads); every other operation gets mutation
   * options. Default `["GET", "HEAD"]`. An API that reads with POST lists it here. A paged
   * operation always gets query and infinite query options.
   */
  queryMethods?: readonly string[];
}

export const DEFAULT_QUERY_METHODS: readonly string[] = ["GET", "HEAD"];

export type OperationKind = "query" | "mutation" | "none";

/** What the target makes of an operation: query options, mutation options, or nothing (streams). */
export function operationKind(operation: OperationModel, options: TanstackQueryOptions): OperationKind {
  if (streamShape(operation)) return "none";
  if (operation.pagination) return "query";
  const methods = (options.queryMethods ?? DEFAULT_QUERY_METHODS).map((method) => method.toUpperCase());
  return methods.includes(operation.method.toUpperCase()) ? "query" : "mutation";
}

/** A paged operation whose next page the body says (every style but `link`, which a header carries). */
export function isInfinite(operation: OperationModel): boolean {
  return operation.pagination !== undefined && operation.pagination.style !== "link" && !streamShape(operation);
}

export const names = {
  moduleKeys: (module: ModuleModel): string => `${module.name}Keys`,
  queryKey: (operation: OperationModel): string => `${operation.id}QueryKey`,
  queryKeyType: (operation: OperationModel): string => `${pascalCase(operation.id)}QueryKey`,
  queryOptions: (operation: OperationModel): string => `${operation.id}QueryOptions`,
  infiniteKey: (operation: OperationModel): string => `${operation.id}InfiniteQueryKey`,
  infiniteKeyType: (operation: OperationModel): string => `${pascalCase(operation.id)}InfiniteQueryKey`,
  infiniteOptions: (operation: OperationModel): string => `${operation.id}InfiniteQueryOptions`,
  mutationOptions: (operation: OperationModel): string => `${operation.id}MutationOptions`,
};

/** Names the runtime exports through tanstack-query/index.ts. */
export const RUNTIME_NAMES = [
  "noRetry",
  "ClientRetry",
  "OperationQueryOptions",
  "OperationInfiniteQueryOptions",
  "OperationMutationOptions",
  "queryOptionsOf",
  "infiniteQueryOptionsOf",
  "mutationOptionsOf",
];

/**
 * What a module file imports besides each operation's function, descriptor and arguments and call
 * options types: from @tanstack/query-core, the client and the target's runtime. No catalogue type:
 * a file names an operation's result through its function (`Awaited<ReturnType<typeof op>>`), so a
 * catalogue type may take any name here.
 */
const IMPORTED = [
  "Transport",
  "CallOptions",
  "ApiError",
  "OperationError",
  "DataTag",
  "InfiniteData",
  "nextPageArgs",
  ...RUNTIME_NAMES.filter((name) => name !== "noRetry" && name !== "ClientRetry"),
];

/**
 * Every exported name is unique across the target's index (e.g. operations `a` and `aInfinite`),
 * and no name a module file imports is taken twice: neither by an export (e.g. an operation named
 * `listQueryKey` beside a query `list`) nor by an operation's own names (an operation named
 * `nextPageArgs`).
 */
export function checkNames(modules: readonly ModuleModel[], options: TanstackQueryOptions): void {
  const taken = new Map<string, string>();
  const claim = (name: string, what: string): void => {
    const before = taken.get(name);
    if (before !== undefined) throw new EmitError(`tanstack-query: ${what} and ${before} would both be named ${name}; rename one in the catalogue`);
    taken.set(name, what);
  };
  for (const name of IMPORTED) claim(name, "an import of the module files");
  const imported = new Set(IMPORTED);
  for (const module of modules) {
    for (const operation of module.operations) {
      const what = `operation ${operation.id}`;
      for (const name of [operation.id, `${operation.id}Operation`, `${pascalCase(operation.id)}Args`, `${pascalCase(operation.id)}CallOptions`]) {
        // The client's own names among themselves are the client's check.
        if (imported.has(name)) claim(name, what);
        else if (!taken.has(name)) taken.set(name, `the client's ${name}`);
      }
    }
  }
  for (const module of modules) {
    claim(names.moduleKeys(module), `the keys of module ${module.id}`);
    for (const operation of module.operations) {
      const kind = operationKind(operation, options);
      const what = `operation ${operation.id}`;
      if (kind === "query") {
        for (const name of [names.queryKey(operation), names.queryKeyType(operation), names.queryOptions(operation)]) claim(name, what);
      }
      if (kind === "mutation") claim(names.mutationOptions(operation), what);
      if (kind === "query" && isInfinite(operation)) {
        for (const name of [names.infiniteKey(operation), names.infiniteKeyType(operation), names.infiniteOptions(operation)]) claim(name, what);
      }
    }
  }
}
