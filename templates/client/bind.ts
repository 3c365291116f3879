// Binding the standalone operation functions to one transport, for createClient's module groups.
import type { Transport } from "./transport.js";

/** An operation function with its transport already given. */
export type Bound<F> = F extends (transport: Transport, ...rest: infer A) => infer R ? (...rest: A) => R : never;

/** `fn` with `transport` as its first argument. */
export function bind<A extends unknown[], R>(transport: Transport, fn: (transport: Transport, ...rest: A) => R): (...rest: A) => R {
  return (...rest: A): R => fn(transport, ...rest);
}
