// What the generated code says of one operation (data the transport reads), and createClient's
// binding of a module's operations to a transport.
import type { Operation, OperationMore } from "./descriptors.js";
import type { CallOptions, Transport } from "./transport.js";

export type { HttpMethod, Operation, OperationInfo, OperationMore } from "./descriptors.js";

/** A bound operation's type in `compact` output (written out in full otherwise). */
export type Bound<Args, Result> = (args: Args, callOptions?: CallOptions) => Promise<Result>;
/** The same, for an operation whose arguments are all optional. */
export type BoundOptional<Args, Result> = (args?: Args, callOptions?: CallOptions) => Promise<Result>;

/** The operations bound to `transport`, each under its id (createClient's module groups). */
export function bindOperations<T>(transport: Transport, operations: readonly Operation[]): T {
  const bound: Record<string, (args?: object, callOptions?: CallOptions) => Promise<unknown>> = {};
  for (const operation of operations) bound[operation.id] = (args, callOptions) => transport.send(operation, args, callOptions);
  return bound as T;
}

/**
 * An operation's descriptor from `id METHOD /path` (one string: the generated modules hold one per
 * operation, so its few bytes count at a thousand operations) and what else the catalogue says.
 * `GET` is not spelled: `id /path`. `module` is the module's name, then the path prefixes its
 * routes share, space-separated: a path (or a later prefix) that starts with digit n (a path
 * proper starts with `/`) starts with the n-th prefix.
 */
export function op(module: string, idRoute: string, more?: OperationMore): Operation {
  const names = module.split(" ");
  // A prefix may itself start with an earlier prefix's digit.
  const expand = (path: string): string => path.replace(/^\d/, (n) => expand(names[Number(n)]!));
  const [id = "", method, path = method] = idRoute.split(" ");
  return { ...more, id, route: `${path === method ? "GET" : method} ${expand(path!)}`, module: names[0]! };
}

/** The lines of a module's routes string (`id METHOD /path` each, as `op` reads them). */
export function lines(routes: string): string[] {
  return routes.split("\n");
}

/** The descriptors of every line of a module's routes strings, each with `more` (createClient's binding). */
export function routeOperations(module: string, more: OperationMore, routes: readonly string[]): Operation[] {
  return routes.flatMap(lines).map((idRoute) => op(module, idRoute, more));
}
