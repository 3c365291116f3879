// What the generated code says of one operation (data the transport reads), and createClient's
// binding of a module's operations to a transport.
import type { Operation } from "./descriptors.js";
import type { CallOptions, Transport } from "./transport.js";

export type { HttpMethod, Operation, OperationInfo, OperationMore } from "./descriptors.js";

/** The operations bound to `transport`, each under its id (createClient's module groups). */
export function bindOperations<T>(transport: Transport, operations: readonly Operation[]): T {
  const bound: Record<string, (args?: object, callOptions?: CallOptions) => Promise<unknown>> = {};
  for (const operation of operations) bound[operation.id] = (args, callOptions) => transport.send(operation, args, callOptions);
  return bound as T;
}
